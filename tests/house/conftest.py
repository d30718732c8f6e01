"""Installs the walkthrough's example (tests/house/example) the way a real plugin is installed:
a ``<name>.dist-info`` folder with ``entry_points.txt`` on ``sys.path``, which
``importlib.metadata`` reads like any installed distribution's."""

from __future__ import annotations

from pathlib import Path

import pytest

ENTRY_POINTS = """\
[cuagym.apps]
notes = tests.house.example.apps.notes:app

[cuagym.families]
notes = tests.house.example.families.notes:FAMILIES
"""


@pytest.fixture
def notes_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example app and its families, registered through entry points for this test."""
    site = tmp_path / "site-packages"
    dist = site / "cuagym_notes_example-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: cuagym-notes-example\nVersion: 0\n", encoding="utf-8"
    )
    (dist / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(site))
    return site

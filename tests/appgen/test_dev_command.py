"""The ``command`` Dev backend: a scripted CLI (``dev_double.py``, not a model) run in the real
sandbox (bwrap, uid 1000, no network) writes the known app with its defect in round 1 and fixes
it in round 2 after reading AUDIT.md; the project comes back out of the jail."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuagym.appgen import BuildSettings, build_app, load_plan, write_plan
from cuagym.appgen._dev import CommandDevBackend
from tests.appgen.doubles import HERE, TemplateAuditor, known_plan

if os.geteuid() != 0 or shutil.which("bwrap") is None:
    pytest.skip("the command backend's sandbox needs root and bubblewrap", allow_module_level=True)


@pytest.fixture
def state_root() -> Iterator[Path]:
    root = Path(tempfile.mkdtemp(prefix="cuagym-appgen-root-"))
    root.chmod(0o755)  # the jail's uid must traverse it (pytest's tmp_path is 700)
    try:
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


async def test_the_scripted_cli_builds_the_app_in_the_sandbox(
    tmp_path: Path, state_root: Path
) -> None:
    write_plan(load_plan(known_plan()), tmp_path / "ws")
    dev = CommandDevBackend(
        "python3 /opt/tools/0/dev_double.py", tools=[HERE], state_root=state_root
    )
    settings = BuildSettings(backend="command", command=dev.command, rounds=3)
    record = await build_app(tmp_path / "ws", dev, settings, auditor=TemplateAuditor())
    assert [r.status for r in record.rounds] == ["findings", "clean"], record.rounds
    transcript = (tmp_path / "ws/rounds/2/transcript.txt").read_text()
    assert "dev double: round 2 in /home/user as uid 1000" in transcript
    assert "fixed the dead favourite button" in transcript
    recipe = (tmp_path / "ws/app/src/recipe_box/templates/recipe.html").read_text()
    assert '<form method="post"' in recipe
    assert not list((tmp_path / "ws").glob(".app.*"))  # nothing of the swap left behind

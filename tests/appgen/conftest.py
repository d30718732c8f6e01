"""The defect app audited twice per test session: every defect on, and its clean twin."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuagym.appgen import AuditRecord, AuditUnavailable, audit_record, check_browser
from tests.appgen.defect_app import DEFECTS, DefectApp

#: the defects audited together; a session leak gets its own audit (what leaks shows in the
#: other probes' pages too, and would make their verdicts depend on timing), and the app
#: without broken states is tested without a browser
UI_DEFECTS = tuple(d for d in DEFECTS if d not in ("no_broken_states", "session_leak"))


def _need_browser() -> None:
    try:
        check_browser()
    except AuditUnavailable as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="session")
def clean_audit() -> Iterator[AuditRecord]:
    _need_browser()
    record, _ = asyncio.run(audit_record(DefectApp()))
    yield record


@pytest.fixture(scope="session")
def defect_audit() -> Iterator[AuditRecord]:
    _need_browser()
    record, _ = asyncio.run(audit_record(DefectApp(UI_DEFECTS)))
    yield record


@pytest.fixture(scope="session")
def leak_audit() -> Iterator[AuditRecord]:
    _need_browser()
    record, _ = asyncio.run(audit_record(DefectApp(["session_leak"])))
    yield record


def write_project(root: Path, module: str, app_id: str, defects: tuple[str, ...]) -> Path:
    """An app project folder (pyproject + package) whose app is the defect board."""
    package = root / "src" / module
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from tests.appgen.defect_app import app_spec\n\n"
        f"app = app_spec({defects!r}, app_id={app_id!r})\n",
        encoding="utf-8",
    )
    (root / "pyproject.toml").write_text(
        f'[project]\nname = "{module.replace("_", "-")}"\nversion = "0.1"\n\n'
        f'[project.entry-points."cuagym.apps"]\n{app_id} = "{module}:app"\n',
        encoding="utf-8",
    )
    return root

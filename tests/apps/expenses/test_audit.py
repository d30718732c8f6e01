"""The app audit (``cuagym appgen audit expenses``): every screen crawled in Chromium, every
control probed, the state API and the invariants proven; the report must be clean."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.apps.expenses import app

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_the_audit_finds_no_dead_control_and_no_error(tmp_path: Path) -> None:
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("/usr/bin/chromium is not installed")
    from cuagym.appgen import run_audit

    report = run_audit(app, out=tmp_path / "report")
    data = report.model_dump() if hasattr(report, "model_dump") else dict(vars(report))
    assert data["ok"], data
    assert data["routes"] >= 10 and data["controls"] >= 50
    assert not data["dead"] and not data["errors"]

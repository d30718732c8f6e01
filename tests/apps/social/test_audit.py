"""The app audit (DESIGN.md §12) in real Chromium: no dead control, no error, every screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.appgen import run_audit
from cuagym.apps.social import app

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_the_audit_finds_no_dead_control_and_no_error() -> None:
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("/usr/bin/chromium is not installed")
    report = run_audit(app)
    assert report.dead == [] and report.errors == [], report
    assert report.ok and report.routes >= 14 and report.controls >= 100

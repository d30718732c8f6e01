"""The browser audit of the app (DESIGN.md §12): every route, every control alive, no error."""

from __future__ import annotations

import shutil

import pytest

from cuagym.appgen import run_audit
from cuagym.apps.code_host import app

pytestmark = [pytest.mark.slow, pytest.mark.browser]


@pytest.mark.skipif(not shutil.which("chromium"), reason="needs chromium")
def test_the_audit_finds_no_dead_control_and_no_error() -> None:
    report = run_audit(app)
    assert report.ok, (report.dead, report.errors)
    assert report.routes >= 10 and report.controls >= 60

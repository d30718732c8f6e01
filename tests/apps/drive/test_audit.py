"""The app audit (``cuagym appgen audit drive``) finds no dead control and no error."""

from __future__ import annotations

import shutil

import pytest

from cuagym.appgen import run_audit
from cuagym.apps.drive import app


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs chromium")
def test_the_audit_is_clean() -> None:
    report = run_audit(app, workers=1)
    assert report.ok, (report.dead, report.errors)
    assert report.routes >= 10 and report.controls >= 150

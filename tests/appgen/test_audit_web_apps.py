"""The four web apps pass their own audit: nothing dead, nothing errored (minutes each)."""

from __future__ import annotations

import pytest

from cuagym.appgen import AuditUnavailable, check_browser, run_audit
from cuagym.apps import load_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("app_id", ["team-chat", "mail", "issue-tracker", "crm"])
def test_the_web_app_passes_the_audit(app_id: str) -> None:
    try:
        check_browser()
    except AuditUnavailable as exc:
        pytest.skip(str(exc))
    report = run_audit(load_app(app_id))
    assert report.ok, [*report.dead, *report.errors]
    assert report.routes >= 8 and report.controls >= 100

"""The four web apps pass their own audit: nothing dead, nothing errored (about a minute each).

One test per app (so that test workers share them out), each with its own Chromium, hub and
sessions; the shared layout of each app is probed once, not on every route.
"""

from __future__ import annotations

import asyncio

import pytest

from cuagym.appgen import AuditRecord, AuditUnavailable, audit_record, check_browser, chromium
from cuagym.apps import load_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WEB_APPS = ("team-chat", "mail", "issue-tracker", "crm")


async def _audit(app_id: str) -> AuditRecord:
    async with chromium() as browser:
        record, _ = await audit_record(load_app(app_id), browser=browser)
    return record


@pytest.mark.parametrize("app_id", WEB_APPS)
def test_the_web_app_passes_the_audit(app_id: str) -> None:
    try:
        check_browser()
    except AuditUnavailable as exc:
        pytest.skip(str(exc))
    record = asyncio.run(_audit(app_id))
    assert record.report.ok, [*record.report.dead, *record.report.errors]
    assert record.report.routes >= 8 and record.report.controls >= 60
    assert record.unvisited == []
    # every app has a shared layout (navigation, search): probed on one route only
    assert any(r.shared for r in record.routes)

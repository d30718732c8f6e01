"""The four web apps pass their own audit: nothing dead, nothing errored (minutes in all).

One Chromium audits all four, one app after another (each in its own hub and sessions); the
shared layout of each app is probed once, not on every route.
"""

from __future__ import annotations

import asyncio

import pytest

from cuagym.appgen import AuditRecord, AuditUnavailable, audit_record, check_browser, chromium
from cuagym.apps import load_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WEB_APPS = ("team-chat", "mail", "issue-tracker", "crm")


async def _audit_all() -> dict[str, AuditRecord]:
    records: dict[str, AuditRecord] = {}
    async with chromium() as browser:
        for app_id in WEB_APPS:
            records[app_id], _ = await audit_record(load_app(app_id), browser=browser)
    return records


def test_the_web_apps_pass_the_audit() -> None:
    try:
        check_browser()
    except AuditUnavailable as exc:
        pytest.skip(str(exc))
    records = asyncio.run(_audit_all())
    failed = {a: [*r.report.dead, *r.report.errors] for a, r in records.items() if not r.report.ok}
    assert failed == {}
    for app_id, record in records.items():
        assert record.report.routes >= 8 and record.report.controls >= 60, app_id
        assert record.unvisited == [], (app_id, record.unvisited)
        # every app has a shared layout (navigation, search): probed on one route only
        assert any(r.shared for r in record.routes), app_id

"""A real Chromium drives the expense app against a live hub (one browser for the module); the
reward's view (/go) checks what each write did. Screenshots go to
artifacts/screenshots/expenses/."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.apps.expenses.test_http import SCREENS
from tests.chromium import module_chromium
from tests.conftest import LiveHub, serve_in_thread

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[3] / "artifacts" / "screenshots" / "expenses"


@pytest.fixture(scope="module")
def hub() -> Iterator[LiveHub]:
    from cuagym.apps.expenses import ExpensesApp
    from cuagym.hub import Hub

    server = Hub(apps=[ExpensesApp()], token="browser-token", allow_sid_binding=True)
    url, stop = serve_in_thread(server.asgi())
    try:
        yield LiveHub(url=url, token=server.token, hub=server)
    finally:
        stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with module_chromium(SHOTS) as chromium:
        yield chromium


@pytest.fixture
def page(browser: Any, hub: LiveHub) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    pg.goto(f"{hub.url}/expenses/?sid=b-{uuid.uuid4().hex[:8]}")
    try:
        yield pg
    finally:
        context.close()


def go(hub: LiveHub, pg: Any) -> dict[str, Any]:
    sid = next(c["value"] for c in pg.context.cookies() if "sid" in c["name"])
    r = httpx.get(f"{hub.url}/expenses/go", params={"sid": sid}, headers=hub.auth)
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


def test_every_screen_loads_without_errors(page: Any, hub: LiveHub) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for n, path in enumerate(SCREENS):
        page.goto(f"{hub.url}/expenses{path}")
        assert page.locator("h1").count() == 1, path
        if n % 3 == 0:
            name = path.strip("/").split("?")[0].replace("/", "-") or "home"
            page.screenshot(path=str(SHOTS / f"{name}.png"))
    assert errors == []


def test_file_a_report_with_two_expenses_and_submit_it(page: Any, hub: LiveHub) -> None:
    page.get_by_test_id("header-new-report").click()
    page.get_by_test_id("f-title").fill("Core drilling — Nampa")
    page.get_by_test_id("f-costCentreId").select_option(label="CC-120 · Geotechnical Lab")
    page.get_by_test_id("report-save").click()
    assert page.get_by_test_id("toast").inner_text().startswith("Report created")
    page.get_by_test_id("add-line").click()
    page.get_by_test_id("f-categoryId").select_option(label="Mileage")
    page.get_by_test_id("f-date").fill("2026-11-24")
    page.get_by_test_id("f-miles").fill("88")
    page.get_by_test_id("line-save").click()
    page.get_by_test_id("add-line").click()
    page.get_by_test_id("f-categoryId").select_option(label="Meals")
    page.get_by_test_id("f-date").fill("2026-11-24")
    page.get_by_test_id("f-merchant").fill("Market Deli")
    page.get_by_test_id("f-amount").fill("18.40")
    page.get_by_test_id("line-save").click()
    assert page.get_by_test_id("report-total").inner_text() == "$77.36"  # 88 × $0.67 + $18.40
    page.get_by_test_id("submit-report").click()
    assert page.locator('.kit-actions [data-testid="status"]').get_attribute("data-status") == (
        "submitted"
    )
    cur = go(hub, page)["current_state"]
    report = next(r for r in cur["reports"].values() if r["title"] == "Core drilling — Nampa")
    assert report["costCentreId"] == "cc-120" and len(report["lines"]) == 2


def test_reject_from_the_dialog_and_approve_from_the_inbox(page: Any, hub: LiveHub) -> None:
    page.get_by_test_id("nav-approvals").click()
    first = page.get_by_test_id("inbox-item").first
    number = first.get_attribute("data-report")
    first.get_by_test_id("inbox-approve").click()
    assert f"{number} approved" in page.get_by_test_id("toast").inner_text()
    page.get_by_test_id("tab-finance").click()
    page.get_by_test_id("inbox-review").first.click()
    page.get_by_test_id("reject-open").click()
    page.get_by_test_id("f-reason").fill("Not pre-approved.")
    page.get_by_test_id("reject-submit").click()
    assert page.get_by_test_id("rejection").inner_text().endswith("Not pre-approved.")
    diff = go(hub, page)["state_diff"]
    statuses = {v["new"] for p, v in diff.items() if p.endswith(".status")}
    assert statuses == {"reviewed", "rejected"}


def test_match_a_charge_and_pay_a_batch(page: Any, hub: LiveHub) -> None:
    page.get_by_test_id("nav-cards").click()
    form = page.get_by_test_id("match-form").first
    form.get_by_test_id("match-submit").click()
    assert page.get_by_test_id("toast").inner_text().startswith("Charge matched")
    page.get_by_test_id("nav-payouts").click()
    page.get_by_test_id("pick-report").nth(0).check()
    page.get_by_test_id("pick-report").nth(1).check()
    page.get_by_test_id("create-batch").click()
    page.get_by_test_id("send-batch").click()
    page.get_by_test_id("confirm-ok").click()  # kit.js asks first
    # The post redirects back to the batch: wait for the sent page, not the one still shown.
    page.get_by_test_id("send-batch").wait_for(state="detached", timeout=15_000)
    assert page.get_by_test_id("send-batch").count() == 0
    cur = go(hub, page)["current_state"]
    sent = [
        p for p in cur["payouts"].values() if p["status"] == "sent" and p["payDate"] == "2026-12-04"
    ]
    assert len(sent) == 1 and len(sent[0]["reportIds"]) == 2
    assert any(t["status"] == "matched" for t in cur["cardTransactions"].values())


def test_budget_and_limit_forms(page: Any, hub: LiveHub) -> None:
    page.get_by_test_id("nav-budgets").click()
    over = page.locator('[data-testid="budget"][data-over="yes"]').first
    over.get_by_test_id("budget-input").fill("20000")
    over.get_by_test_id("budget-save").click()
    assert "budget saved" in page.get_by_test_id("toast").inner_text()
    page.get_by_test_id("nav-policy").click()
    row = page.locator('[data-testid="category"][data-category="Meals"]')
    row.get_by_test_id("limit-input").fill("90")
    row.get_by_test_id("limit-save").click()
    assert page.get_by_test_id("toast").inner_text().startswith("Meals limit saved")
    page.get_by_test_id("nav-audit").click()
    assert page.get_by_test_id("audit-entry").first.get_attribute("data-action") == "policy changed"
    cur = go(hub, page)["current_state"]
    assert cur["categories"]["cat-meals"]["limitCents"] == 9000
    assert any(c["budgetCents"] == 2_000_000 for c in cur["costCentres"].values())

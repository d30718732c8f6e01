"""A real Chromium drives the store admin against a live hub (one browser for the module); the
reward's view (/go) checks what each write did. Screenshots go to artifacts/screenshots/shop/."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.apps.shop.test_http import SCREENS
from tests.chromium import module_chromium
from tests.conftest import LiveHub, serve_in_thread

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[3] / "artifacts" / "screenshots" / "shop"


@pytest.fixture(scope="module")
def hub() -> Iterator[LiveHub]:
    from cuagym.apps.shop import ShopApp
    from cuagym.hub import Hub

    server = Hub(apps=[ShopApp()], token="browser-token", allow_sid_binding=True)
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
    pg.goto(f"{hub.url}/shop/?sid=b-{uuid.uuid4().hex[:8]}")
    try:
        yield pg
    finally:
        context.close()


def go(hub: LiveHub, pg: Any) -> dict[str, Any]:
    sid = next(c["value"] for c in pg.context.cookies() if "sid" in c["name"])
    r = httpx.get(f"{hub.url}/shop/go", params={"sid": sid}, headers=hub.auth)
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


def test_every_screen_loads_without_errors(page: Any, hub: LiveHub) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for n, path in enumerate(SCREENS):
        page.goto(f"{hub.url}/shop{path}")
        assert page.locator("h1").count() == 1, path
        if n % 4 == 0:
            page.screenshot(
                path=str(SHOTS / f"{path.strip('/').split('?')[0].replace('/', '-') or 'home'}.png")
            )
    assert errors == []


def test_fulfil_through_the_dialog(page: Any, hub: LiveHub) -> None:
    page.get_by_test_id("nav-orders").click()
    page.get_by_test_id("view-paid").click()
    page.get_by_test_id("order-link").first.click()
    page.get_by_test_id("fulfil-open").click()
    page.get_by_test_id("f-carrier").select_option("SwiftShip")
    page.get_by_test_id("f-tracking").fill("SS4455667788")
    page.get_by_test_id("fulfil-submit").click()
    assert page.get_by_test_id("tracking").inner_text() == "SS4455667788"
    assert page.get_by_test_id("toast").is_visible()
    diff = go(hub, page)["state_diff"]
    assert {p.rsplit(".", 1)[1] for p in diff} == {
        "status",
        "shippedAt",
        "carrier",
        "trackingNumber",
    }


def test_refund_a_unit_and_resolve_a_return(page: Any, hub: LiveHub) -> None:
    page.get_by_test_id("global-search").fill("1012")
    page.get_by_test_id("global-search").press("Enter")
    page.get_by_test_id("result-order").first.click()
    page.get_by_test_id("refund-open").click()
    page.get_by_test_id("refund-line").first.get_by_role("spinbutton").fill("1")
    page.get_by_test_id("f-reason").select_option("Changed mind")
    page.get_by_test_id("f-restock").uncheck()
    page.get_by_test_id("refund-submit").click()
    assert page.get_by_test_id("refund").count() >= 1
    page.get_by_test_id("nav-returns").click()
    first = page.get_by_test_id("return").first
    first.get_by_test_id("return-decline").click()
    page.get_by_test_id("confirm-ok").click()  # kit.js asks first
    page.wait_for_load_state()
    diff = go(hub, page)["state_diff"]
    assert any(p.endswith(".status") and v["new"] == "declined" for p, v in diff.items())
    assert any(p.startswith("refunds.") and v["op"] == "added" for p, v in diff.items())


def test_inventory_adjustment_and_a_new_discount(page: Any, hub: LiveHub) -> None:
    page.get_by_test_id("nav-inventory").click()
    page.get_by_test_id("inventory-search").fill("EMUG-SAG")
    page.get_by_test_id("inventory-apply").click()
    form = page.get_by_test_id("adjust-form").first
    form.get_by_test_id("adjust-qty").fill("12")
    form.get_by_test_id("adjust-note").fill("PO-7001")
    form.get_by_test_id("adjust-save").click()
    assert "EMUG-SAG" in page.get_by_test_id("toast").inner_text()
    page.get_by_test_id("nav-discounts").click()
    page.get_by_test_id("new-discount").click()
    page.get_by_test_id("f-code").fill("FROST12")
    page.get_by_test_id("f-value").fill("12")
    page.get_by_test_id("f-startsOn").fill("2026-12-10")
    page.get_by_test_id("save-discount").click()
    assert page.get_by_test_id("page-title").inner_text() == "FROST12"
    cur = go(hub, page)["current_state"]
    assert any(d["code"] == "FROST12" and d["value"] == 12 for d in cur["discounts"].values())
    assert any(a["note"] == "PO-7001" and a["delta"] == 12 for a in cur["adjustments"].values())

"""A real Chromium drives the travel site against a live hub (one browser for the module); the
reward's view (/go) checks what each write did. Screenshots go to artifacts/screenshots/travel/."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.apps.travel.test_http import SCREENS
from tests.chromium import module_chromium
from tests.conftest import LiveHub, serve_in_thread

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[3] / "artifacts" / "screenshots" / "travel"


@pytest.fixture(scope="module")
def hub() -> Iterator[LiveHub]:
    from cuagym.apps.travel import TravelApp
    from cuagym.hub import Hub

    server = Hub(apps=[TravelApp()], token="browser-token", allow_sid_binding=True)
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
    pg.goto(f"{hub.url}/travel/?sid=b-{uuid.uuid4().hex[:8]}")
    try:
        yield pg
    finally:
        context.close()


def go(hub: LiveHub, pg: Any) -> dict[str, Any]:
    sid = next(c["value"] for c in pg.context.cookies() if "sid" in c["name"])
    r = httpx.get(f"{hub.url}/travel/go", params={"sid": sid}, headers=hub.auth)
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


def test_every_screen_loads_without_errors(page: Any, hub: LiveHub) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for n, path in enumerate(SCREENS):
        page.goto(f"{hub.url}/travel{path}")
        assert page.locator("h1").count() == 1, path
        if n % 4 == 0:
            page.screenshot(
                path=str(SHOTS / f"{path.strip('/').split('?')[0].replace('/', '-') or 'home'}.png")
            )
    assert errors == []


def test_search_book_a_fare_and_pick_a_seat(page: Any, hub: LiveHub) -> None:
    page.goto(f"{hub.url}/travel/trips/trp-0054")
    page.get_by_test_id("add-flight").click()
    page.get_by_test_id("chip-nonstop").click()
    assert page.get_by_test_id("chip-nonstop").get_attribute("aria-pressed") == "true"
    row = page.get_by_test_id("flight-row").first
    number = row.get_by_test_id("flight-number").inner_text()
    row.locator('[data-brand="standard"] [data-testid="select-fare"]').click()
    assert page.get_by_test_id("f-trip").input_value() == "trp-0054"
    page.get_by_test_id("book-flight").click()
    assert "Flight booked" in page.get_by_test_id("toast").inner_text()
    seat = page.locator('[data-testid="seat"][data-state="free"]').first
    taken = seat.get_attribute("data-seat")
    seat.click()
    assert page.get_by_test_id("booking-seat").inner_text() == taken
    cur = go(hub, page)["current_state"]
    booking = next(b for b in cur["bookings"].values() if b["tripId"] == "trp-0054")
    assert (booking["number"], booking["fare"], booking["seat"]) == (number, "standard", taken)


def test_submit_out_of_policy_and_reject_in_the_queue(page: Any, hub: LiveHub) -> None:
    page.goto(f"{hub.url}/travel/trips/trp-0056")
    page.get_by_test_id("add-flight").click()
    page.locator('[data-brand="business"] [data-testid="select-fare"]').first.click()
    page.get_by_test_id("book-flight").click()
    page.get_by_test_id("back-to-trip").click() if page.get_by_test_id(
        "back-to-trip"
    ).count() else None
    page.goto(f"{hub.url}/travel/trips/trp-0056")
    page.get_by_test_id("submit-open").click()
    page.get_by_test_id("f-justification").fill("Pitch on arrival")
    page.get_by_test_id("submit-trip").click()
    assert page.get_by_test_id("trip-status").first.get_attribute("data-status") == "submitted"
    page.get_by_test_id("nav-approvals").click()
    card = page.locator('[data-testid="approval"][data-trip="trp-0056"]')
    card.get_by_test_id("reject-note").fill("Economy on this route")
    card.get_by_test_id("reject").click()
    trip = go(hub, page)["current_state"]["trips"]["trp-0056"]
    assert (trip["status"], trip["decisionNote"]) == ("rejected", "Economy on this route")


def test_change_and_cancel_a_booking_and_save_a_loyalty_number(page: Any, hub: LiveHub) -> None:
    page.get_by_test_id("global-search").fill("WMJ88T")
    page.get_by_test_id("global-search").press("Enter")
    page.get_by_test_id("result-booking").click()
    page.get_by_test_id("change-open").click()
    page.get_by_test_id("switch").first.click()
    page.get_by_test_id("confirm-ok").click()  # kit.js asks first
    page.wait_for_load_state()
    assert "Flight changed" in page.get_by_test_id("toast").inner_text()
    page.get_by_test_id("cancel-open").click()
    page.get_by_test_id("cancel-submit").click()
    assert page.get_by_test_id("booking-status").get_attribute("data-status") == "cancelled"
    page.get_by_test_id("nav-travellers").click()
    page.get_by_test_id("traveller-link").first.click()
    page.get_by_test_id("l-airline").select_option("mj")
    page.get_by_test_id("l-number").fill("MJ55443322")
    page.get_by_test_id("save-loyalty").click()
    diff = go(hub, page)["state_diff"]
    assert any(p.endswith("loyalty.mj") for p in diff)
    booking = go(hub, page)["current_state"]["bookings"]["bk-0061"]
    assert booking["status"] == "cancelled" and booking["feesCents"] == 7500

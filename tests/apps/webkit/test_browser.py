"""A real Chromium drives the kit gallery: every component works, and every state change
shows in the hub's view of the session (/go)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuagym.hub import Hub
from tests.apps.webkit.gallery import GalleryApp
from tests.conftest import LiveHub, serve_in_thread

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="module")
def gallery_hub() -> Iterator[LiveHub]:
    hub = Hub(apps=[GalleryApp()], token="test-token", allow_sid_binding=True)
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    try:
        yield pg
    finally:
        context.close()


def open_gallery(pg: Any, hub: LiveHub, path: str = "/") -> tuple[str, str]:
    sid = f"kit-{uuid.uuid4().hex[:8]}"
    pg.goto(f"{hub.url}/kit-gallery{path}{'&' if '?' in path else '?'}sid={sid}")
    return sid, f"{hub.url}/kit-gallery"


def current(hub: LiveHub, sid: str) -> dict[str, Any]:
    r = httpx.get(f"{hub.url}/kit-gallery/go", params={"sid": sid}, headers=hub.auth)
    r.raise_for_status()
    return r.json()["current_state"]  # type: ignore[no-any-return]


def tasks(hub: LiveHub, sid: str) -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in current(hub, sid)["tasks"]}


def test_tabs_switch_in_place_with_aria_selected(page: Any, gallery_hub: LiveHub) -> None:
    open_gallery(page, gallery_hub)
    overview, activity = page.get_by_test_id("tab-overview"), page.get_by_test_id("tab-activity")
    assert overview.get_attribute("aria-selected") == "true"
    assert activity.get_attribute("aria-selected") == "false"
    assert page.get_by_test_id("panel-activity").is_hidden()
    activity.click()
    assert activity.get_attribute("aria-selected") == "true" and "active" in activity.get_attribute(
        "class"
    )
    assert overview.get_attribute("aria-selected") == "false"
    assert page.get_by_test_id("panel-activity").is_visible()
    assert page.get_by_test_id("panel-overview").is_hidden()
    assert page.url.endswith("?tab=activity")
    assert page.locator("h1").count() == 1


def test_a_modal_opens_and_closes(page: Any, gallery_hub: LiveHub) -> None:
    open_gallery(page, gallery_hub)
    dialog = page.get_by_test_id("about-dialog")
    assert dialog.is_hidden()
    page.get_by_test_id("open-about").click()
    assert dialog.is_visible()
    page.get_by_test_id("about-close").click()
    assert dialog.is_hidden()


def test_a_confirm_dialog_posts_only_when_confirmed(page: Any, gallery_hub: LiveHub) -> None:
    sid, _ = open_gallery(page, gallery_hub)
    page.get_by_test_id("delete-first").click()
    assert page.get_by_test_id("confirm-dialog").is_visible()
    assert page.get_by_test_id("confirm-ok").inner_text() == "Delete t01"
    page.get_by_test_id("confirm-cancel").click()
    assert "t01" in tasks(gallery_hub, sid)
    page.get_by_test_id("delete-first").click()
    page.get_by_test_id("confirm-ok").click()
    page.get_by_test_id("toast").wait_for()
    assert "t01" not in tasks(gallery_hub, sid)


def test_a_table_sorts_filters_paginates_and_bulk_selects(page: Any, gallery_hub: LiveHub) -> None:
    sid, _ = open_gallery(page, gallery_hub, "/table")
    rows = page.get_by_test_id("tasks-row")
    assert rows.count() == 10 and page.get_by_test_id("tasks-count").inner_text() == "23 results"
    page.get_by_test_id("sort-points").click()
    page.wait_for_url("**sort=points**")
    first = [int(rows.nth(i).locator("td.num").inner_text()) for i in range(10)]
    assert first == sorted(first)
    page.get_by_test_id("sort-points").click()
    page.wait_for_url("**desc=1**")
    assert int(rows.nth(0).locator("td.num").inner_text()) == 12
    page.get_by_test_id("page-next").click()
    page.wait_for_url("**page=2**")
    assert page.get_by_test_id("page-2").get_attribute("aria-current") == "page"
    page.get_by_test_id("tasks-filter-status").select_option("doing")
    page.wait_for_url("**status=doing**")
    assert rows.count() == 8 and "page=" not in page.url
    assert all(rows.nth(i).locator("td").nth(2).inner_text() == "doing" for i in range(8))
    # bulk: nothing selected disables the actions; select all, then mark done
    assert page.get_by_test_id("bulk-done").is_disabled()
    page.get_by_test_id("select-all").check()
    assert page.get_by_test_id("bulk-done").is_enabled()
    picked = [rows.nth(i).get_attribute("data-key") for i in range(8)]
    page.get_by_test_id("bulk-done").click()
    page.get_by_test_id("toast").wait_for()
    state = tasks(gallery_hub, sid)
    assert all(state[k]["status"] == "done" for k in picked)
    assert sum(t["status"] == "doing" for t in state.values()) == 0


def test_a_board_card_drags_to_another_column(page: Any, gallery_hub: LiveHub) -> None:
    sid, _ = open_gallery(page, gallery_hub, "/board")
    card = page.locator("[data-testid=card][data-key=t03]")
    assert tasks(gallery_hub, sid)["t03"]["status"] == "todo"
    card.drag_to(page.get_by_test_id("column-done").locator("[data-kit-drop]"))
    page.get_by_test_id("toast").wait_for()
    assert tasks(gallery_hub, sid)["t03"]["status"] == "done"
    assert page.get_by_test_id("column-done").locator("[data-key=t03]").count() == 1


def test_the_board_move_menu_works_as_the_fallback(page: Any, gallery_hub: LiveHub) -> None:
    sid, _ = open_gallery(page, gallery_hub, "/board")
    card = page.locator("[data-testid=card][data-key=t01]")  # doing
    card.get_by_test_id("move-menu").click()
    card.get_by_test_id("move-to-done").click()
    page.get_by_test_id("toast").wait_for()
    assert tasks(gallery_hub, sid)["t01"]["status"] == "done"


def test_a_calendar_event_drags_to_another_day(page: Any, gallery_hub: LiveHub) -> None:
    sid, _ = open_gallery(page, gallery_hub, "/calendar")
    event = page.locator("[data-testid=event][data-key=t02]")
    assert tasks(gallery_hub, sid)["t02"]["due"] == "2025-03-03"
    event.drag_to(page.get_by_test_id("day-2025-03-20"))
    page.get_by_test_id("toast").wait_for()
    assert tasks(gallery_hub, sid)["t02"]["due"] == "2025-03-20"
    assert page.get_by_test_id("day-2025-03-20").locator("[data-key=t02]").count() == 1


def test_a_toast_shows_after_a_post_and_can_be_dismissed(page: Any, gallery_hub: LiveHub) -> None:
    sid, _ = open_gallery(page, gallery_hub, "/settings")
    assert page.get_by_test_id("toast").count() == 0
    page.get_by_label("Display name").fill("Ana R.")
    page.get_by_test_id("settings-save").click()
    toast = page.get_by_test_id("toast")
    assert toast.inner_text().strip() == "Settings saved"
    assert current(gallery_hub, sid)["settings"]["displayName"] == "Ana R."
    page.get_by_test_id("toast-dismiss").click()
    assert toast.count() == 0
    page.reload()  # the message was used up
    assert page.get_by_test_id("toast").count() == 0


def test_a_form_shows_an_inline_error_and_keeps_the_typed_values(
    page: Any, gallery_hub: LiveHub
) -> None:
    sid, _ = open_gallery(page, gallery_hub, "/tasks/new")
    page.get_by_label("Title").fill("   ")
    page.get_by_label("Points").fill("250")
    page.get_by_label("Owner").select_option("Chen Wei")
    page.get_by_test_id("task-save").click()
    assert page.get_by_test_id("error-title").inner_text() == "Give the task a title."
    assert page.get_by_test_id("error-points").is_visible()
    assert page.get_by_label("Points").input_value() == "250"
    assert page.get_by_label("Points").get_attribute("aria-invalid") == "true"
    assert page.get_by_label("Owner").input_value() == "Chen Wei"
    assert len(tasks(gallery_hub, sid)) == 23
    page.get_by_label("Title").fill("Write the kit's README")
    page.get_by_label("Points").fill("5")
    page.get_by_test_id("task-save").click()
    page.get_by_test_id("toast").wait_for()
    assert any(t["title"] == "Write the kit's README" for t in tasks(gallery_hub, sid).values())

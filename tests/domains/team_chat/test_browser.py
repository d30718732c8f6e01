"""A real Chromium drives the UI against a live hub; the reward's view (/go) checks the result.

Screenshots of every screen go to artifacts/screenshots/team-chat/ for a person to look at.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

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
SHOTS = Path(__file__).resolve().parents[3] / "artifacts" / "screenshots" / "team-chat"


@pytest.fixture
def page(live_hub: Any) -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            context = browser.new_context(viewport={"width": 1440, "height": 900})
            pg = context.new_page()
            pg.set_default_timeout(10_000)
            yield pg
        finally:
            browser.close()


def go(live_hub: Any, sid: str) -> dict[str, Any]:
    r = httpx.get(f"{live_hub.url}/team-chat/go", params={"sid": sid}, headers=live_hub.auth)
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


def shot(pg: Any, name: str) -> None:
    pg.screenshot(path=str(SHOTS / f"{name}.png"))


def message(pg: Any, text: str) -> Any:
    return pg.locator("#messages [data-testid=message]", has_text=text).last


def test_core_flows_in_a_real_browser(page: Any, live_hub: Any) -> None:
    pg = page
    sid = f"browser-{uuid.uuid4().hex[:8]}"
    pg.goto(f"{live_hub.url}/team-chat/?sid={sid}")
    assert pg.url.endswith("/team-chat/c/c-general")  # bound, redirected to the clean URL
    shot(pg, "01-channel")

    # Post a message: Shift+Enter makes a newline, Enter sends.
    box = pg.get_by_test_id("composer-input")
    box.click()
    box.type("Shipping the release notes today")
    box.press("Shift+Enter")
    box.type("Ping me with questions")
    box.press("Enter")
    pg.wait_for_load_state()
    posted = message(pg, "Shipping the release notes today")
    posted.wait_for()
    assert "Ping me with questions" in posted.inner_text()

    # React with the picker, from the hover toolbar.
    posted.hover()
    posted.get_by_test_id("add-reaction").click()
    posted.get_by_test_id("emoji-picker").wait_for()
    shot(pg, "02-emoji-picker")
    posted.get_by_test_id("emoji-tada").click()
    pg.wait_for_load_state()
    chip = message(pg, "Shipping the release notes today").locator("[data-emoji=tada]")
    chip.wait_for()
    assert chip.get_attribute("aria-pressed") == "true"

    # Edit it inline; Enter saves.
    posted = message(pg, "Shipping the release notes today")
    posted.hover()
    posted.get_by_test_id("edit-message").click()
    edit = pg.get_by_test_id("edit-input")
    edit.wait_for()
    shot(pg, "03-inline-edit")
    edit.fill("Shipping the release notes tomorrow")
    edit.press("Enter")
    pg.wait_for_load_state()
    message(pg, "Shipping the release notes tomorrow").get_by_test_id("edited-marker").wait_for()

    # Rename the channel from the header menu and its dialog.
    pg.get_by_test_id("channel-menu").click()
    shot(pg, "04-channel-menu")
    pg.get_by_test_id("menu-rename").click()
    pg.get_by_test_id("rename-dialog").wait_for()
    shot(pg, "05-rename-dialog")
    pg.get_by_test_id("rename-input").fill("all-hands")
    pg.get_by_test_id("rename-save").click()
    pg.wait_for_load_state()
    assert pg.get_by_test_id("channel-name").inner_text().strip() == "all-hands"

    # Reply in a thread.
    roadmap = message(pg, "The Q1 roadmap is final")
    roadmap.scroll_into_view_if_needed()
    roadmap.hover()
    roadmap.get_by_test_id("reply-in-thread").click()
    panel = pg.get_by_test_id("thread-panel")
    panel.wait_for()
    reply = pg.get_by_test_id("thread-composer-input")
    reply.fill("I'll review the deck tonight")
    reply.press("Enter")
    pg.wait_for_load_state()
    pg.get_by_test_id("thread-panel").get_by_text("I'll review the deck tonight").wait_for()
    shot(pg, "06-thread")

    # Delete a message through the confirmation dialog.
    box = pg.get_by_test_id("composer-input")
    box.fill("typo message")
    box.press("Enter")
    pg.wait_for_load_state()
    doomed = message(pg, "typo message")
    doomed.hover()
    doomed.get_by_test_id("delete-message").click()
    pg.get_by_test_id("delete-dialog").wait_for()
    shot(pg, "07-delete-dialog")
    pg.get_by_test_id("delete-confirm").click()
    pg.wait_for_load_state()
    pg.wait_for_function("!document.body.innerText.includes('typo message')")

    # The reward's view: exactly what the person did, nothing else.
    data = go(live_hub, sid)
    diff = data["state_diff"]
    assert set(diff) == {"channels.c-general.name", "messages.c-general"}
    assert diff["channels.c-general.name"]["new"] == "all-hands"
    msgs = data["current_state"]["messages"]["c-general"]
    mine = [m for m in msgs if m["sender"] == "u-jonah"]
    top = next(m for m in mine if m["threadParent"] is None)
    assert top["text"] == "Shipping the release notes tomorrow"
    assert top["edited"] is True
    assert top["reactions"] == [{"emoji": "tada", "users": ["u-jonah"]}]
    roadmap_id = next(m["id"] for m in msgs if m["text"].startswith("The Q1 roadmap"))
    replies = [m for m in mine if m["threadParent"] == roadmap_id]
    assert [m["text"] for m in replies] == ["I'll review the deck tonight"]
    assert not any(m["text"] == "typo message" for m in msgs)


def test_other_screens_render(page: Any, live_hub: Any) -> None:
    pg = page
    sid = f"screens-{uuid.uuid4().hex[:8]}"
    base = f"{live_hub.url}/team-chat"
    pg.goto(f"{base}/?sid={sid}")

    pg.goto(f"{base}/c/c-random")
    pg.get_by_test_id("new-messages").wait_for()
    shot(pg, "08-unread-divider")

    pg.get_by_test_id("add-channel").click()
    pg.get_by_test_id("new-channel-dialog").wait_for()
    pg.get_by_test_id("new-channel-name").fill("Launch Plan")
    shot(pg, "09-new-channel-dialog")
    pg.get_by_test_id("new-channel-create").click()
    pg.wait_for_url(f"{base}/c/c-launch-plan")
    shot(pg, "10-new-channel")

    for path, name in [
        ("/channels", "11-channel-browser"),
        ("/c/c-general/details", "12-channel-details"),
        ("/people", "13-people"),
        ("/people/u-maya", "14-profile"),
        ("/search?q=import", "15-search"),
        ("/dms/new", "16-new-dm"),
        ("/d/d-amara-jonah-maya", "17-group-dm"),
        ("/c/c-offsite-2024", "18-archived-channel"),
        ("/c/c-customer-feedback", "19-not-a-member"),
        ("/switch-user", "20-switch-user"),
    ]:
        pg.goto(base + path)
        shot(pg, name)
    assert pg.get_by_test_id("switch-row").count() == 12

    # Join from the join bar, then open a DM from a profile.
    pg.goto(f"{base}/c/c-customer-feedback")
    pg.get_by_test_id("join-channel").click()
    pg.get_by_test_id("composer-input").wait_for()
    pg.goto(f"{base}/people/u-kenji")
    pg.get_by_test_id("message-person").click()
    pg.wait_for_url(f"{base}/d/d-jonah-kenji")

    # A failed action shows why.
    pg.goto(f"{base}/c/c-general")
    pg.get_by_test_id("channel-menu").click()
    pg.get_by_test_id("menu-rename").click()
    pg.get_by_test_id("rename-input").fill("random")
    pg.get_by_test_id("rename-save").click()
    pg.get_by_test_id("error-page").wait_for()
    assert "already exists" in pg.get_by_test_id("error-messages").inner_text()
    shot(pg, "21-error")

    diff = go(live_hub, sid)["state_diff"]
    assert set(diff) == {
        "channels.c-launch-plan",
        "channels.c-customer-feedback.members",
        "dms.d-jonah-kenji",
    }

"""A real Chromium (one for the module) drives the UI against a live hub; the reward's view
(``/go``) checks the result. Screenshots of every screen go to artifacts/screenshots/social/."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuagym.apps.social import SocialApp
from cuagym.hub import Hub
from tests.apps.social.test_http_views import SCREENS
from tests.chromium import module_chromium
from tests.conftest import LiveHub, serve_in_thread

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[3] / "artifacts" / "screenshots" / "social"


@pytest.fixture(scope="module")
def live() -> Iterator[LiveHub]:
    hub = Hub(apps=[SocialApp()], token="browser-token", allow_sid_binding=True)
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with module_chromium(SHOTS) as chromium:
        yield chromium


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    try:
        yield pg
    finally:
        context.close()


def bind(pg: Any, hub: LiveHub) -> tuple[str, str]:
    sid = f"b-{uuid.uuid4().hex[:8]}"
    pg.goto(f"{hub.url}/social/?sid={sid}")
    assert pg.url.endswith("/social/")
    return sid, f"{hub.url}/social"


def go(hub: LiveHub, sid: str) -> dict[str, Any]:
    r = httpx.get(f"{hub.url}/social/go", params={"sid": sid}, headers=hub.auth)
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


def test_every_screen_renders_without_page_errors(page: Any, live: LiveHub) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _, base = bind(page, live)
    for n, (path, title) in enumerate(SCREENS):
        page.goto(base + path)
        assert title in page.locator("h1").inner_text()
        page.screenshot(path=str(SHOTS / f"{n:02d}{path.replace('/', '-')[:40]}.png"))
    assert errors == []


def test_post_schedule_and_reschedule_through_the_pages(page: Any, live: LiveHub) -> None:
    sid, base = bind(page, live)
    page.get_by_test_id("compose-body").fill("Trail crew this Saturday! #trailcrew")
    page.get_by_test_id("compose-post").click()
    page.get_by_test_id("toast").wait_for()
    page.goto(base + "/studio/new")
    page.get_by_test_id("f-body").fill("Holiday hours are up on the site.")
    page.get_by_test_id("f-tags").fill("#hours, news")
    page.get_by_test_id("f-visibility").select_option("followers")
    page.get_by_test_id("f-mode").select_option("schedule")
    page.get_by_test_id("f-day").fill("2026-12-22")
    page.get_by_test_id("f-time").fill("10:15")
    page.get_by_test_id("compose-save").click()
    page.get_by_test_id("queue").wait_for()
    # The calendar's date menu moves the post, keeping its time.
    page.goto(base + "/studio/calendar")
    event = page.locator('[data-testid="event"]', has_text="Holiday hours")
    event.get_by_test_id("reschedule").click()
    event.locator('input[type="date"]').fill("2026-12-23")
    event.get_by_test_id("reschedule-save").click()
    page.get_by_test_id("toast").wait_for()
    cur = go(live, sid)["current_state"]
    mine = {p["body"]: p for p in cur["posts"].values() if p["id"] >= "p-0157"}
    assert mine["Trail crew this Saturday! #trailcrew"]["status"] == "published"
    held = mine["Holiday hours are up on the site."]
    assert (held["status"], held["scheduledAt"], held["tags"], held["visibility"]) == (
        "scheduled",
        "2026-12-23T10:15:00Z",
        ["hours", "news"],
        "followers",
    )


def test_reply_like_message_and_moderate(page: Any, live: LiveHub) -> None:
    sid, base = bind(page, live)
    initial = go(live, sid)["initial_state"]
    top = next(c for c in initial["comments"].values() if c["parentId"] is None)
    page.goto(f"{base}/posts/{top['postId']}")
    page.locator(f'[data-testid="reply-link"][data-comment="{top["id"]}"]').click()
    page.get_by_test_id("reply-body").fill("Thanks for asking!")
    page.get_by_test_id("reply-submit").click()
    page.get_by_test_id("toast").wait_for()
    page.get_by_test_id("post-detail").get_by_test_id("like").click()
    page.goto(base + "/messages/dm-006")
    page.get_by_test_id("message-body").fill("Mediums land next week.")
    page.get_by_test_id("message-send").click()
    page.get_by_test_id("messages").get_by_text("Mediums land next week.").wait_for()
    page.goto(base + "/moderation")
    spam = page.get_by_test_id("report").first
    rid = spam.get_attribute("data-report")
    spam.get_by_test_id("remove-content").click()
    page.get_by_test_id("confirm-ok").click()  # the kit's confirmation dialog
    page.get_by_test_id("toast").wait_for()
    cur = go(live, sid)["current_state"]
    reply = next(c for c in cur["comments"].values() if c["body"] == "Thanks for asking!")
    assert reply["parentId"] == top["id"]
    assert cur["posts"][top["postId"]]["likedBy"] != initial["posts"][top["postId"]]["likedBy"]
    assert any(m["body"] == "Mediums land next week." for m in cur["messages"].values())
    assert cur["reports"][rid]["status"] == "removed"
    assert cur["posts"][cur["reports"][rid]["postId"]]["hidden"]

"""A real Chromium drives the UI against a live hub; the reward's view (/go) checks the result.

Screenshots of every screen go to artifacts/screenshots/team-chat/ for a person to look at.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuagym.apps.team_chat import TeamChat
from cuagym.domains import load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread

domain = load_domain("team-chat")

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


@pytest.fixture(scope="module")
def hub() -> Iterator[LiveHub]:
    """One hub for the module's browser flows (each flow uses its own session)."""
    server = Hub(apps=[TeamChat()], token="browser-token", allow_sid_binding=True)
    url, stop = serve_in_thread(server.asgi())
    try:
        yield LiveHub(url=url, token=server.token, hub=server)
    finally:
        stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for the module: launching it is the slowest step of a flow."""
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    try:
        yield pg
    finally:
        context.close()


def go(hub: LiveHub, sid: str) -> dict[str, Any]:
    r = httpx.get(f"{hub.url}/team-chat/go", params={"sid": sid}, headers=hub.auth)
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


def shot(pg: Any, name: str) -> None:
    pg.screenshot(path=str(SHOTS / f"{name}.png"))


def message(pg: Any, text: str) -> Any:
    return pg.locator("#messages [data-testid=message]", has_text=text).last


def test_core_flows_in_a_real_browser(page: Any, hub: LiveHub) -> None:
    pg = page
    sid = f"browser-{uuid.uuid4().hex[:8]}"
    pg.goto(f"{hub.url}/team-chat/?sid={sid}")
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
    data = go(hub, sid)
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


def test_other_screens_render(page: Any, hub: LiveHub) -> None:
    pg = page
    sid = f"screens-{uuid.uuid4().hex[:8]}"
    base = f"{hub.url}/team-chat"
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

    diff = go(hub, sid)["state_diff"]
    assert set(diff) == {
        "channels.c-launch-plan",
        "channels.c-customer-feedback.members",
        "dms.d-jonah-kenji",
    }


def diff_of(hub: LiveHub, sid: str) -> dict[str, Any]:
    return go(hub, sid)["state_diff"]  # type: ignore[no-any-return]


def submit(pg: Any, target: Any, key: str | None = None) -> None:
    """Click (or press ``key`` in) ``target`` and wait for the page it leads to."""
    with pg.expect_navigation():
        if key is None:
            target.click()
        else:
            target.press(key)


def bind(pg: Any, hub: LiveHub, prefix: str) -> tuple[str, str]:
    sid = f"{prefix}-{uuid.uuid4().hex[:8]}"
    base = f"{hub.url}/team-chat"
    pg.goto(f"{base}/?sid={sid}")
    return sid, base


def test_channel_settings_in_a_real_browser(page: Any, hub: LiveHub) -> None:
    """Topic, description, people, pins, chips, files, archive: header, menus and details."""
    pg = page
    sid, base = bind(pg, hub, "settings")
    pg.goto(f"{base}/c/c-design")

    # Purely visual: open and close a thread from its summary, start and cancel an edit and a
    # delete, open the details from the menu and the member stack.
    message(pg, "Dock scheduler v3 mockup").get_by_test_id("thread-summary").click()
    pg.get_by_test_id("thread-panel").wait_for()
    pg.get_by_test_id("thread-close").click()
    pg.get_by_test_id("thread-panel").wait_for(state="detached")
    own = message(pg, "The date picker's focus ring")
    own.hover()
    own.get_by_test_id("edit-message").click()
    pg.get_by_test_id("edit-cancel").click()
    pg.get_by_test_id("edit-input").wait_for(state="detached")
    own = message(pg, "The date picker's focus ring")
    own.hover()
    own.get_by_test_id("delete-message").click()
    pg.get_by_test_id("delete-cancel").click()
    pg.get_by_test_id("channel-menu").click()
    pg.get_by_test_id("menu-details").click()
    pg.get_by_test_id("channel-details").wait_for()
    pg.go_back()
    pg.get_by_test_id("member-count").click()
    pg.get_by_test_id("member-list").wait_for()
    pg.goto(f"{base}/c/c-design")
    assert diff_of(hub, sid) == {}

    # Topic from the header, description and people from the menu's dialogs.
    pg.get_by_test_id("channel-topic").click()
    pg.get_by_test_id("topic-input").fill("Dock scheduler v4: feedback by Friday")
    shot(pg, "22-topic-dialog")
    submit(pg, pg.get_by_test_id("topic-save"))
    pg.get_by_test_id("channel-menu").click()
    pg.get_by_test_id("menu-purpose").click()
    pg.get_by_test_id("purpose-input").fill("Critiques, prototypes and the component library.")
    submit(pg, pg.get_by_test_id("purpose-save"))
    pg.get_by_test_id("channel-menu").click()
    pg.get_by_test_id("menu-add-people").click()
    pg.get_by_test_id("add-person-kenji.tanaka").check()
    shot(pg, "23-add-people-dialog")
    submit(pg, pg.get_by_test_id("add-people-save"))

    # Pin from the hover toolbar, join a reaction by its chip, send a file with the button.
    lib = message(pg, "Updated the component library")
    lib.hover()
    submit(pg, lib.get_by_test_id("pin-message"))
    message(pg, "Updated the component library").get_by_test_id("pinned-label").wait_for()
    submit(pg, message(pg, "Dock scheduler v3 mockup").locator("[data-emoji=eyes]"))
    chip = message(pg, "Dock scheduler v3 mockup").locator("[data-emoji=eyes]")
    assert chip.get_attribute("aria-pressed") == "true"
    pg.get_by_test_id("composer-file").set_input_files(
        files=[{"name": "review notes.txt", "mimeType": "text/plain", "buffer": b"v4 notes\n"}]
    )
    pg.get_by_test_id("composer-input").fill("Review notes attached")
    submit(pg, pg.get_by_test_id("composer-send"))
    message(pg, "Review notes attached").get_by_test_id("attachment").wait_for()

    # Archive through the menu's dialog, then unarchive from the banner: no net change.
    pg.get_by_test_id("channel-menu").click()
    pg.get_by_test_id("menu-archive").click()
    pg.get_by_test_id("archive-dialog").wait_for()
    shot(pg, "24-archive-dialog")
    pg.get_by_test_id("archive-confirm").click()
    pg.get_by_test_id("archived-banner").wait_for()
    pg.get_by_test_id("unarchive").click()
    pg.get_by_test_id("composer-input").wait_for()

    # The details page's own forms, on #incidents.
    pg.goto(f"{base}/c/c-incidents/details")
    pg.get_by_test_id("details-rename-input").fill("incident-response")
    submit(pg, pg.get_by_test_id("details-rename-input"), "Enter")
    pg.get_by_test_id("details-topic-input").fill("No open incidents - on call: Priya")
    submit(pg, pg.get_by_test_id("details-topic-input"), "Enter")
    pg.get_by_test_id("details-purpose-input").fill("Alerts, incidents and postmortems.")
    submit(pg, pg.get_by_test_id("details-purpose-input"), "Enter")
    pg.get_by_test_id("details-add-select").select_option(["u-sofia"])
    submit(pg, pg.locator("#add button"))
    pg.get_by_test_id("details-archive").click()
    pg.get_by_test_id("details-unarchive").click()
    pg.get_by_test_id("details-leave").click()
    pg.get_by_test_id("details-join").click()
    pg.get_by_test_id("details-leave").wait_for()
    shot(pg, "25-channel-details-edited")

    data = go(hub, sid)
    diff, cur = data["state_diff"], data["current_state"]
    assert set(diff) == {
        "channels.c-design.topic",
        "channels.c-design.purpose",
        "channels.c-design.members",
        "messages.c-design",
        "channels.c-incidents.name",
        "channels.c-incidents.topic",
        "channels.c-incidents.purpose",
        "channels.c-incidents.members",
    }
    assert diff["channels.c-design.topic"]["new"] == "Dock scheduler v4: feedback by Friday"
    assert diff["channels.c-design.members"]["new"][-1] == "u-kenji"
    assert diff["channels.c-incidents.name"]["new"] == "incident-response"
    # Sofia added, then Jonah left and came back: he is last now.
    assert cur["channels"]["c-incidents"]["members"] == [
        "u-arjun",
        "u-priya",
        "u-tomas",
        "u-sofia",
        "u-jonah",
    ]
    msgs = {m["id"]: m for m in cur["messages"]["c-design"]}
    assert msgs["m-0088"]["pinned"] is True
    assert msgs["m-0082"]["reactions"][1] == {"emoji": "eyes", "users": ["u-elena", "u-jonah"]}
    sent = [m for m in msgs.values() if m["text"] == "Review notes attached"]
    assert [a["name"] for a in sent[0]["attachments"]] == ["review_notes.txt"]
    assert not cur["channels"]["c-design"]["archived"]


def test_people_search_and_switching_in_a_real_browser(page: Any, hub: LiveHub) -> None:
    """Browser filters, the no-JS create page, profile, group DM, search, error, switching."""
    pg = page
    sid, base = bind(pg, hub, "people")

    # Purely visual: filter and narrow the channel list, open and cancel "create".
    pg.get_by_test_id("browse-channels").click()
    pg.get_by_test_id("channel-filter").fill("offsite")
    submit(pg, pg.get_by_test_id("channel-filter"), "Enter")
    assert pg.get_by_test_id("channel-row").count() == 1
    pg.get_by_test_id("archived-tag").wait_for()
    pg.goto(f"{base}/channels")
    pg.get_by_test_id("channel-show").select_option("mine")
    pg.wait_for_url("**show=mine**")
    pg.get_by_test_id("create-channel").click()
    pg.get_by_test_id("new-channel-dialog").locator("[data-close]").click()
    pg.get_by_test_id("people-link").click()
    pg.get_by_test_id("people-filter").fill("design")
    submit(pg, pg.get_by_test_id("people-filter"), "Enter")
    pg.get_by_test_id("person-card").first.click()
    pg.get_by_test_id("profile").wait_for()
    pg.get_by_test_id("search-input").fill("roadmap")
    pg.get_by_test_id("search-input").press("Enter")
    pg.get_by_test_id("search-page").wait_for()
    pg.get_by_test_id("search-page-input").fill("from:@maya.chen roadmap")
    submit(pg, pg.get_by_test_id("search-page-input"), "Enter")
    assert "from:@maya.chen" in pg.get_by_test_id("search-count").inner_text()
    pg.get_by_test_id("search-result").first.locator(".hit-body").click()
    pg.get_by_test_id("conversation").wait_for()
    pg.locator("[data-testid=sidebar-channel][data-channel=design]").click()
    pg.get_by_test_id("sidebar-dm").first.click()
    pg.get_by_test_id("conversation").wait_for()
    pg.goto(f"{base}/c/c-nope")
    pg.get_by_test_id("error-back").click()
    pg.get_by_test_id("conversation").wait_for()
    assert diff_of(hub, sid) == {}

    # Join and leave from the browser's rows.
    pg.goto(f"{base}/channels")
    row = "[data-testid=channel-row][data-channel={}]"
    submit(pg, pg.locator(row.format("customer-feedback")).get_by_test_id("join-channel"))
    submit(pg, pg.locator(row.format("random")).get_by_test_id("leave-channel"))

    # The full-page create form (no JavaScript needed) shows its error, then creates.
    pg.goto(f"{base}/channels/new")
    form = pg.get_by_test_id("new-channel-page")  # the dialog's copy of the form is hidden
    form.get_by_test_id("new-channel-name").fill("general")
    submit(pg, form.get_by_test_id("new-channel-create"))
    form.get_by_test_id("form-error").wait_for()
    shot(pg, "26-new-channel-page")
    form.get_by_test_id("new-channel-name").fill("Vendor Reviews")
    form.get_by_test_id("new-channel-purpose").fill("Quarterly vendor scorecards")
    form.get_by_test_id("new-channel-private").check()
    form.get_by_test_id("new-channel-create").click()
    pg.wait_for_url(f"{base}/c/c-vendor-reviews")

    # Your own profile.
    pg.get_by_test_id("current-user").click()
    pg.get_by_test_id("edit-profile").click()
    pg.get_by_test_id("profile-title").fill("Senior Frontend Engineer")
    pg.get_by_test_id("profile-status-input").fill("Pairing on the scheduler")
    shot(pg, "27-profile-edit")
    submit(pg, pg.get_by_test_id("profile-save"))
    assert pg.get_by_test_id("profile-status").inner_text() == "Pairing on the scheduler"

    # A group conversation from the compose button.
    pg.get_by_test_id("compose").click()
    pg.get_by_test_id("dm-pick-kenji.tanaka").check()
    pg.get_by_test_id("dm-pick-elena.rossi").check()
    pg.get_by_test_id("dm-start").click()
    pg.wait_for_url(f"{base}/d/d-elena-jonah-kenji")
    pg.get_by_test_id("composer-input").fill("Hi both, quick question about the webinar")
    submit(pg, pg.get_by_test_id("composer-send"))
    message(pg, "quick question about the webinar").wait_for()

    # Switch user from the workspace menu.
    pg.get_by_test_id("workspace-menu").click()
    pg.get_by_test_id("menu-switch-user").click()
    submit(pg, pg.get_by_test_id("switch-to-maya.chen"))
    assert pg.get_by_test_id("current-user-name").inner_text() == "Maya Chen"
    shot(pg, "28-switched-user")

    data = go(hub, sid)
    diff, cur = data["state_diff"], data["current_state"]
    assert set(diff) == {
        "channels.c-customer-feedback.members",
        "channels.c-random.members",
        "channels.c-vendor-reviews",
        "users.u-jonah.title",
        "users.u-jonah.statusText",
        "dms.d-elena-jonah-kenji",
        "messages.d-elena-jonah-kenji",
        "currentUser",
    }
    made = cur["channels"]["c-vendor-reviews"]
    assert made["isPrivate"] is True and made["members"] == ["u-jonah"]
    assert "u-jonah" not in cur["channels"]["c-random"]["members"]
    assert cur["dms"]["d-elena-jonah-kenji"]["members"] == ["u-jonah", "u-elena", "u-kenji"]
    assert diff["currentUser"] == {"op": "changed", "old": "u-jonah", "new": "u-maya"}


def test_an_injected_world_renders(page: Any, hub: LiveHub) -> None:
    """A task's world (not the seed) shows up as is: workspace, persona, injected messages."""
    task = domain.family("react-to-message").sample(4)
    p = task.params or {}
    sid = f"world-{uuid.uuid4().hex[:8]}"
    setup = domain.family("react-to-message").generate(task).initial_setup
    world = json.loads(setup.split("STATE = json.loads(r'''", 1)[1].split("''')", 1)[0])
    r = httpx.post(
        f"{hub.url}/team-chat/post",
        params={"sid": sid},
        headers=hub.auth,
        json={"action": "set", "state": world},
    )
    assert r.status_code == 200, r.text
    pg = page
    base = f"{hub.url}/team-chat"
    pg.goto(f"{base}/?sid={sid}")
    pg.goto(f"{base}/c/c-{p['channel']}")
    assert pg.locator(".ws-name").inner_text() == world["workspace"]["name"]
    assert pg.get_by_test_id("current-user-name").inner_text() == p["me"]
    target = message(pg, p["match"])
    target.wait_for()
    assert target.get_by_test_id("message-author").inner_text() == p["author"]
    shot(pg, "29-injected-world")
    assert diff_of(hub, sid) == {}

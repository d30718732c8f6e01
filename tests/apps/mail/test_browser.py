"""A real Chromium drives the UI against a live hub; the reward's view (/go) checks the result.

Screenshots of every screen go to artifacts/screenshots/mail/ for a person to look at.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.apps.mail.test_http_views import CUSTOM

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
SHOTS = Path(__file__).resolve().parents[3] / "artifacts" / "screenshots" / "mail"


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
    r = httpx.get(f"{live_hub.url}/mail/go", params={"sid": sid}, headers=live_hub.auth)
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


def shot(pg: Any, name: str) -> None:
    pg.screenshot(path=str(SHOTS / f"{name}.png"))


def row(pg: Any, subject: str) -> Any:
    return pg.locator(f'[data-testid=thread-row][data-subject="{subject}"]')


def test_triage_reply_and_template_flows(page: Any, live_hub: Any) -> None:
    pg = page
    sid = f"browser-{uuid.uuid4().hex[:8]}"
    base = f"{live_hub.url}/mail"
    pg.goto(f"{base}/?sid={sid}")
    assert pg.url.endswith("/mail/f/inbox")  # bound, redirected to the clean URL
    shot(pg, "01-inbox")

    # Purely visual: open a conversation, expand an older message, search, go back.
    row(pg, "Bluepeak renewal - pricing questions").get_by_test_id("open-thread").click()
    pg.get_by_test_id("thread-subject").wait_for()
    pg.locator("[data-testid=message] summary").first.click()
    shot(pg, "02-thread")
    pg.get_by_test_id("search-input").fill("has:attachment label:clients")
    pg.get_by_test_id("search-input").press("Enter")
    pg.get_by_test_id("list-title").wait_for()
    assert pg.locator("[data-testid=thread-row]").count() == 2
    shot(pg, "03-search")
    assert go(live_hub, sid)["state_diff"] == {}

    # Bulk: select two newsletters-ish rows, label them from the menu, then archive one.
    pg.goto(f"{base}/f/inbox")
    row(pg, "Demo environment refreshed").get_by_test_id("row-check").check()
    row(pg, "Slides from the Eastgate workshop").get_by_test_id("row-check").check()
    pg.get_by_test_id("label-menu").click()
    shot(pg, "04-label-menu")
    with pg.expect_navigation():
        pg.get_by_test_id("label-add-l-clients").click()
    row(pg, "Demo environment refreshed").get_by_test_id("row-check").check()
    with pg.expect_navigation():
        pg.get_by_test_id("bulk-archive").click()
    assert row(pg, "Demo environment refreshed").count() == 0
    with pg.expect_navigation():
        row(pg, "Handoff: Granite Row escalation").get_by_test_id("row-star").click()

    # Reply to Tomasz from the conversation.
    row(pg, "Contract questions before signing").get_by_test_id("open-thread").click()
    pg.get_by_test_id("reply").click()
    body = pg.get_by_test_id("compose-body")
    body.click()
    pg.keyboard.press("Control+Home")
    pg.keyboard.type("Hi Tomasz, 12 months works for us.")
    shot(pg, "05-reply")
    pg.get_by_test_id("compose-send").click()
    pg.get_by_test_id("sent-notice").wait_for()

    # The paper's example: send every customer a template, all in Bcc.
    pg.get_by_test_id("compose").click()
    pg.get_by_test_id("show-bcc").click()
    pg.get_by_test_id("pick-bcc").click()
    pg.get_by_test_id("contacts-dialog").wait_for()
    pg.get_by_test_id("pick-group-customers").click()
    shot(pg, "06-contact-picker")
    pg.get_by_test_id("pick-add").click()
    pg.get_by_test_id("template-menu").click()
    pg.locator('[data-testid=insert-template][data-name="Renewal reminder"]').click()
    shot(pg, "07-compose-template")
    pg.get_by_test_id("compose-send").click()
    pg.get_by_test_id("sent-notice").wait_for()
    shot(pg, "08-sent")

    data = go(live_hub, sid)
    diff, cur = data["state_diff"], data["current_state"]
    demo, slides = "t-0015", "t-0033"
    assert diff[f"threads.{demo}.labels"]["new"] == ["l-clients"]
    assert diff[f"threads.{slides}.labels"]["new"] == ["l-clients"]
    assert diff[f"threads.{demo}.folder"]["new"] == "archive"
    assert diff["threads.t-0014.starred"]["new"] is True
    new = [m for k, m in cur["messages"].items() if k not in data["initial_state"]["messages"]]
    reply = next(m for m in new if m["threadId"] == "t-0018")
    assert reply["body"].startswith("Hi Tomasz, 12 months works for us.")
    assert [a["email"] for a in reply["to"]] == ["tomasz.nowak@graniterow.example"]
    blast = next(m for m in new if m["threadId"] != "t-0018")
    customers = sorted(c["email"] for c in cur["contacts"].values() if "customers" in c["groups"])
    assert sorted(a["email"] for a in blast["bcc"]) == customers and blast["to"] == []
    assert blast["subject"] == "Your Fernhill Analytics renewal is coming up"
    assert blast["body"].startswith("Hi,\n\nA quick heads-up") and "-- \nNora" in blast["body"]
    assert set(diff) == {
        f"threads.{demo}.labels",
        f"threads.{slides}.labels",
        f"threads.{demo}.folder",
        "threads.t-0014.starred",
        f"messages.{reply['id']}",
        f"messages.{blast['id']}",
        f"threads.{blast['threadId']}",
    }


def test_manage_screens_and_dialogs(page: Any, live_hub: Any) -> None:
    pg = page
    sid = f"screens-{uuid.uuid4().hex[:8]}"
    base = f"{live_hub.url}/mail"
    pg.goto(f"{base}/?sid={sid}")
    for path, name in [
        ("/f/sent", "09-sent"),
        ("/f/drafts", "10-drafts"),
        ("/f/snoozed", "11-snoozed"),
        ("/f/spam", "12-spam"),
        ("/label/l-clients", "13-label"),
        ("/t/t-0009", "14-thread-with-draft"),
        ("/compose?reply=m-0005&mode=forward", "15-forward"),
        ("/contacts", "16-contacts"),
        ("/contacts/ct-0006", "17-contact"),
        ("/templates", "18-templates"),
        ("/templates/tpl-0002", "19-template"),
    ]:
        pg.goto(base + path)
        shot(pg, name)

    # Density is visual only: it changes the look, never the reward's diff.
    pg.goto(f"{base}/settings")
    # A form submit navigates: wait for it, or the next goto races the redirect (and loses).
    with pg.expect_navigation():
        pg.get_by_test_id("density-compact").click()
    pg.goto(f"{base}/f/inbox")
    assert "density-compact" in (pg.get_attribute("body", "class") or "")
    shot(pg, "20-inbox-compact")
    assert go(live_hub, sid)["state_diff"] == {}

    # Labels: create one, recolour another, delete a third through the confirm dialog.
    pg.goto(f"{base}/labels")
    pg.get_by_test_id("new-label-name").fill("Follow up")
    pg.get_by_test_id("new-label-color").select_option("orange")
    with pg.expect_navigation():
        pg.get_by_test_id("new-label-create").click()
    pg.locator('[data-testid=label-row][data-label="Travel"]').get_by_test_id("edit-label").click()
    pg.get_by_test_id("edit-label-color").select_option("teal")
    with pg.expect_navigation():
        pg.get_by_test_id("edit-label-save").click()
    pg.locator('[data-testid=label-row][data-label="Hiring"]').get_by_test_id(
        "delete-label"
    ).click()
    pg.get_by_test_id("confirm-dialog").wait_for()
    shot(pg, "21-labels-confirm")
    with pg.expect_navigation():
        pg.get_by_test_id("confirm-ok").click()
    pg.locator('[data-testid=label-row][data-label="Follow up"]').wait_for()
    pg.locator('[data-testid=label-row][data-label="Hiring"]').wait_for(state="detached")

    # Contacts, templates and settings forms.
    pg.goto(f"{base}/contacts/new")
    pg.get_by_test_id("contact-name").fill("Ada Quill")
    pg.get_by_test_id("contact-email").fill("ada@quill.example")
    pg.get_by_test_id("contact-groups").fill("customers")
    pg.get_by_test_id("contact-save").click()
    pg.wait_for_url(f"{base}/contacts/ct-0017")
    pg.goto(f"{base}/templates/new")
    pg.get_by_test_id("template-name").fill("Thanks")
    pg.get_by_test_id("template-body").fill("Thank you for your time today.")
    pg.get_by_test_id("template-save").click()
    pg.wait_for_url(f"{base}/templates")
    pg.goto(f"{base}/settings")
    pg.get_by_test_id("signature-input").fill("Nora")
    pg.get_by_test_id("settings-save").click()
    pg.get_by_test_id("settings-saved").wait_for()
    shot(pg, "22-settings")

    # Snooze from a conversation, and spam it via the toolbar.
    pg.goto(f"{base}/t/t-0011")
    pg.get_by_test_id("snooze").click()
    pg.get_by_test_id("snooze-dialog").wait_for()
    pg.get_by_test_id("snooze-date").fill("2025-03-21")
    shot(pg, "23-snooze-dialog")
    pg.get_by_test_id("snooze-save").click()
    pg.wait_for_url(f"{base}/f/inbox")
    pg.goto(f"{base}/t/t-0016")
    with pg.expect_navigation():
        pg.get_by_test_id("report-spam").click()

    # An impossible action explains itself.
    pg.goto(f"{base}/compose")
    pg.get_by_test_id("compose-to").fill("not an address")
    pg.get_by_test_id("compose-send").click()
    pg.get_by_test_id("compose-error").wait_for()
    shot(pg, "24-compose-error")

    diff = go(live_hub, sid)["state_diff"]
    assert set(diff) == {
        "labels.l-follow-up",
        "labels.l-travel.color",
        "labels.l-hiring",
        "threads.t-0003.labels",
        "contacts.ct-0017",
        "templates.tpl-0004",
        "settings.signature",
        "threads.t-0011.snoozedUntil",
        "threads.t-0016.folder",
    }
    assert diff["threads.t-0011.snoozedUntil"]["new"] == "2025-03-21T13:00:00Z"  # 08:00 CDT


def test_injected_state_renders_in_the_browser(page: Any, live_hub: Any) -> None:
    pg = page
    sid = f"custom-{uuid.uuid4().hex[:8]}"
    r = httpx.post(
        f"{live_hub.url}/mail/post",
        params={"sid": sid},
        headers=live_hub.auth,
        json={"action": "set", "state": CUSTOM},
    )
    assert r.status_code == 200, r.text
    pg.goto(f"{live_hub.url}/mail/?sid={sid}")
    row(pg, "Injected <b>tents</b>").wait_for()
    assert pg.get_by_test_id("count-inbox").inner_text() == "1"
    assert pg.locator('[data-testid=nav-label][data-label="Tents & Tarps"]').count() == 1
    shot(pg, "25-injected-inbox")
    row(pg, "Injected <b>tents</b>").get_by_test_id("open-thread").click()
    assert pg.locator("[data-testid=message-body] li").count() == 2
    shot(pg, "26-injected-thread")
    assert go(live_hub, sid)["state_diff"] == {}

"""Screens: render any valid state, visits change nothing a reward sees, bad input is explained."""

from __future__ import annotations

from typing import Any

import pytest

from tests.apps.mail.conftest import MailClient

CUSTOM: dict[str, Any] = {
    "account": {"name": "Ada Quill", "email": "ada@zephyr.example", "timezone": "Europe/Oslo"},
    "labels": {"l-x": {"id": "l-x", "name": "Tents & Tarps", "color": "pink"}},
    "threads": {
        "a1": {"id": "a1", "unread": True, "labels": ["l-x"], "starred": True},
        "a2": {"id": "a2", "folder": "trash"},
        "a3": {"id": "a3", "folder": "archive"},
    },
    "messages": {
        "x1": {
            "id": "x1",
            "threadId": "a1",
            "from": {"email": "bo@zephyr.example"},
            "to": [{"name": "Ada Quill", "email": "ada@zephyr.example"}],
            "subject": "Injected <b>tents</b>",
            "date": "2030-05-02T09:00:00Z",
            "body": "Line one with *bold*\n- first\n- second\n> quoted\nhttps://zephyr.example/x",
        },
        "x2": {
            "id": "x2",
            "threadId": "a2",
            "from": {"name": "Cy", "email": "cy@zephyr.example"},
            "subject": "Binned",
            "date": "2030-05-01T09:00:00Z",
        },
        "x3": {
            "id": "x3",
            "threadId": "a3",
            "from": {"name": "Ada Quill", "email": "ada@zephyr.example"},
            "subject": "Half written",
            "date": "2030-05-01T10:00:00Z",
            "isDraft": True,
        },
    },
    "contacts": {
        "p1": {"id": "p1", "name": "Bo Lind", "email": "bo@zephyr.example", "groups": ["crew"]}
    },
    "templates": {"q1": {"id": "q1", "name": "Packing list", "body": "Bring tents."}},
}

SCREENS = [
    "/f/inbox",
    "/f/starred",
    "/f/snoozed",
    "/f/sent",
    "/f/drafts",
    "/f/all",
    "/f/spam",
    "/f/trash",
    "/label/l-clients",
    "/search?q=has:attachment",
    "/t/t-0001",
    "/t/t-0009",
    "/t/t-0028",
    "/compose",
    "/compose?reply=m-0003&mode=reply-all",
    "/compose?reply=m-0005&mode=forward",
    "/compose?draft=m-0013",
    "/labels",
    "/labels?edit=l-clients",
    "/contacts",
    "/contacts?group=customers&q=blue",
    "/contacts/ct-0001",
    "/contacts/new",
    "/templates",
    "/templates/tpl-0001",
    "/templates/new",
    "/settings",
]


@pytest.mark.parametrize("path", SCREENS)
async def test_every_screen_renders_and_a_visit_changes_nothing(
    mail: MailClient, path: str
) -> None:
    r = await mail.get(path)
    assert r.status_code == 200, r.text[:500]
    assert "<title>" in r.text and 'data-testid="sidebar"' in r.text
    assert await mail.diff() == {}


async def test_root_redirects_to_the_inbox(mail: MailClient) -> None:
    r = await mail.get("/")
    assert r.status_code == 303 and r.headers["location"] == "/mail/f/inbox"


async def test_injected_state_renders(mail: MailClient) -> None:
    assert (await mail.inject(CUSTOM)).status_code == 200
    inbox = (await mail.get("/f/inbox")).text
    assert "Injected &lt;b&gt;tents&lt;/b&gt;" in inbox and "<b>tents</b>" not in inbox
    assert 'data-testid="count-inbox">1<' in inbox and "Tents &amp; Tarps" in inbox
    assert 'data-testid="count-drafts">1<' in inbox and "Binned" not in inbox
    thread = (await mail.get("/t/a1")).text
    assert "<strong>bold</strong>" in thread and "<li>first</li>" in thread
    assert (
        "<blockquote>quoted</blockquote>" in thread and 'href="https://zephyr.example/x"' in thread
    )
    assert "bo@zephyr.example" in thread and "Thu, May 2, 2030, 11:00 AM" in thread  # Oslo time
    assert "Binned" in (await mail.get("/f/trash")).text
    assert "Half written" in (await mail.get("/f/drafts")).text
    contacts = (await mail.get("/contacts")).text
    assert "Bo Lind" in contacts and "Crew" in contacts
    assert "Packing list" in (await mail.get("/compose")).text
    assert await mail.diff() == {}


async def test_list_views_follow_the_derived_rules(mail: MailClient) -> None:
    starred = (await mail.get("/f/starred")).text
    assert starred.count('data-testid="thread-row"') == 2
    snoozed = (await mail.get("/f/snoozed")).text
    assert 'data-thread-id="t-0013"' in snoozed
    assert 'data-thread-id="t-0013"' not in (await mail.get("/f/inbox")).text
    sent = (await mail.get("/f/sent")).text
    assert "To: Marcus Bell" in sent and 'data-thread-id="t-0025"' not in sent  # draft only
    drafts = (await mail.get("/f/drafts")).text
    assert drafts.count('data-testid="thread-row"') == 3


async def test_search_page(mail: MailClient) -> None:
    page = (await mail.get("/search?q=from%3Apriya")).text
    assert page.count('data-testid="thread-row"') == 1 and "Bluepeak renewal" in page
    assert 'value="from:priya"' in page
    none = (await mail.get("/search?q=zzzz")).text
    assert 'data-testid="empty-list"' in none


@pytest.mark.parametrize(
    "path",
    [
        "/t/t-9999",
        "/f/important",
        "/label/l-none",
        "/contacts/ct-9999",
        "/templates/x",
        "/compose?draft=m-0001",
        "/compose?reply=m-9999",
    ],
)
async def test_missing_things_are_a_friendly_404(mail: MailClient, path: str) -> None:
    r = await mail.get(path)
    assert r.status_code == 404 and 'data-testid="error-page"' in r.text


async def test_unbound_browser_gets_a_fresh_session(mail: MailClient) -> None:
    mail.http.cookies.clear()
    r = await mail.get("/f/inbox")
    assert r.status_code == 303 and "cuagym_sid" in r.headers["set-cookie"]
    mail.http.cookies.clear()
    r = await mail.post("/threads/act", {"ids": "t-0001", "action": "star"})
    assert r.status_code == 400

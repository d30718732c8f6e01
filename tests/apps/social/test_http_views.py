"""Every screen renders from the seed: one h1, the seed's own records, no error."""

from __future__ import annotations

import re

import pytest

from tests.apps.social.conftest import SocialClient

SCREENS = [
    ("/", "Home"),
    ("/?tab=everyone", "Home"),
    ("/explore", "Explore"),
    ("/explore?tag=hiking", "#hiking"),
    ("/search?q=trail", "Search"),
    ("/posts/p-0001", "Post"),
    ("/u/fernhill", "Fernhill Outfitters"),
    ("/u/maya_okafor?tab=replies", "Maya Okafor"),
    ("/u/maya_okafor?tab=likes", "Maya Okafor"),
    ("/u/fernhill/network?tab=following", "Fernhill Outfitters"),
    ("/studio", "Publishing studio"),
    ("/studio?tab=drafts", "Publishing studio"),
    ("/studio?tab=published", "Publishing studio"),
    ("/studio/calendar", "Content calendar"),
    ("/studio/calendar?month=2027-01", "Content calendar"),
    ("/studio/new", "New post"),
    ("/messages", "Messages"),
    ("/messages/dm-001", "Messages"),
    ("/notifications", "Notifications"),
    ("/notifications?tab=unread", "Notifications"),
    ("/moderation", "Moderation queue"),
    ("/moderation?tab=resolved", "Moderation queue"),
    ("/settings", "Settings"),
]


@pytest.mark.parametrize(("path", "title"), SCREENS)
async def test_screen_renders(social: SocialClient, path: str, title: str) -> None:
    r = await social.get(path)
    assert r.status_code == 200, r.text[:2000]
    h1 = re.findall(r"<h1[^>]*>(.*?)</h1>", r.text, re.S)
    assert len(h1) == 1 and title in h1[0], h1


async def test_feed_shows_people_followed_and_the_calendar_the_queue(
    social: SocialClient,
) -> None:
    seed = await social.current()
    me = seed["profiles"][seed["currentUser"]]
    home = (await social.get("/")).text
    home = home.split('data-testid="feed"')[1].split("<aside")[0]
    authors = set(re.findall(r'href="/social/u/([a-z0-9_]+)" data-testid="author-link"', home))
    assert authors and authors <= {*me["following"], seed["currentUser"]}
    calendar = (await social.get("/studio/calendar")).text
    december = [
        p
        for p in seed["posts"].values()
        if p["status"] == "scheduled" and p["scheduledAt"].startswith("2026-12")
    ]
    shown = set(re.findall(r'data-testid="event" data-key="([^"]+)"', calendar))
    assert december and {p["id"] for p in december} <= shown
    assert all(seed["posts"][pid]["status"] == "scheduled" for pid in shown)


async def test_unknown_records_answer_404(social: SocialClient) -> None:
    for path in ("/posts/p-9999", "/u/nobody_here", "/messages/dm-999"):
        assert (await social.get(path)).status_code == 404

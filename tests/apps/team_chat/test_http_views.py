"""Screens: render any valid state, visits change nothing a reward sees, bad input is explained."""

from __future__ import annotations

from typing import Any

import pytest

from tests.apps.team_chat.conftest import ChatClient

CUSTOM: dict[str, Any] = {
    "workspace": {"name": "Zephyr Outfitters"},
    "currentUser": "u-ada",
    "users": {
        "u-ada": {"id": "u-ada", "name": "ada", "displayName": "Ada Quill", "title": "Buyer"},
        "u-bo": {
            "id": "u-bo",
            "name": "bo",
            "displayName": "Bo Lindgren",
            "avatarColor": "#123456",
        },
    },
    "channels": {
        "c-ops": {
            "id": "c-ops",
            "name": "ops-room",
            "topic": "Tents arrive Tuesday",
            "createdBy": "u-bo",
            "createdAt": "2030-05-01T08:00:00Z",
            "members": ["u-ada", "u-bo"],
        },
        "c-old": {
            "id": "c-old",
            "name": "old-stuff",
            "archived": True,
            "createdBy": "u-bo",
            "createdAt": "2030-05-01T08:00:00Z",
            "members": ["u-bo"],
        },
    },
    "dms": {
        "d-1": {"id": "d-1", "members": ["u-bo", "u-ada"], "createdAt": "2030-05-01T08:00:00Z"}
    },
    "messages": {
        "c-ops": [
            {
                "id": "x1",
                "sender": "u-bo",
                "text": "Injected <b>hello</b> from Bo",
                "ts": "2030-05-02T09:00:00Z",
                "reactions": [{"emoji": "fire", "users": ["u-ada"]}],
            },
            {
                "id": "x2",
                "sender": "u-ada",
                "text": "Thread reply here",
                "ts": "2030-05-02T09:05:00Z",
                "threadParent": "x1",
            },
        ],
        "d-1": [
            {
                "id": "x3",
                "sender": "u-bo",
                "text": "Private note for Ada",
                "ts": "2030-05-03T10:00:00Z",
            }
        ],
    },
}


async def test_pages_render_an_injected_non_seed_state(chat: ChatClient) -> None:
    r = await chat.inject(CUSTOM)
    assert r.status_code == 200, r.text
    home = await chat.get("/")
    assert home.status_code == 303 and home.headers["location"] == "/team-chat/c/c-ops"
    page = (await chat.get("/c/c-ops")).text
    for needle in (
        "Zephyr Outfitters",
        "ops-room",
        "Tents arrive Tuesday",
        "Bo Lindgren",
        "Ada Quill",
        'data-emoji="fire"',
        "1 reply",
        "#123456",
    ):
        assert needle in page, needle
    assert "Injected &lt;b&gt;hello&lt;/b&gt; from Bo" in page  # text is escaped, never HTML
    assert "Larkspur" not in page
    thread = (await chat.get("/c/c-ops/thread/x1")).text
    assert "Thread reply here" in thread
    assert "Private note for Ada" in (await chat.get("/d/d-1")).text
    assert 'data-user="bo"' in (await chat.get("/people")).text
    assert "Buyer" in (await chat.get("/people/u-ada")).text
    browser = (await chat.get("/channels")).text
    assert 'data-channel="old-stuff"' in browser and "Archived" in browser
    search = (await chat.get("/search?q=private+note")).text
    assert 'data-testid="search-result"' in search and "Private" in search
    assert await chat.diff() == {}


async def test_visits_produce_an_empty_diff_but_are_remembered(chat: ChatClient) -> None:
    for path in (
        "/",
        "/c/c-random",
        "/c/c-general/thread/m-0001",
        "/d/d-jonah-priya",
        "/channels",
        "/channels/new",
        "/c/c-general/details",
        "/people",
        "/people/u-maya",
        "/search?q=import",
        "/switch-user",
        "/dms/new",
        "/c/c-general?edit=m-0001",
        "/c/c-offsite-2024",
    ):
        r = await chat.get(path)
        assert r.status_code in (200, 303), path
    assert await chat.diff() == {}
    # The visit was recorded in the volatile ui block, which /go masks.
    ui = (await chat.current())["ui"]
    assert ui["lastConversation"] == "c-offsite-2024"
    last_random = (await chat.current())["messages"]["c-random"][-1]["ts"]
    assert ui["lastViewedAt"]["u-jonah"]["c-random"] == last_random


async def test_unread_badges_and_new_divider(chat: ChatClient) -> None:
    general = (await chat.get("/c/c-general")).text
    assert 'data-channel="random"' in general
    badge = general.split('data-channel="random"', 1)[1].split("</a>", 1)[0]
    assert 'data-testid="unread-count">3<' in badge  # the seed leaves 3 unread in #random
    random_page = (await chat.get("/c/c-random")).text
    assert 'data-testid="new-messages"' in random_page
    after = (await chat.get("/c/c-general")).text
    badge = after.split('data-channel="random"', 1)[1].split("</a>", 1)[0]
    assert "unread-count" not in badge


async def test_home_goes_to_the_last_conversation(chat: ChatClient) -> None:
    await chat.get("/c/c-design")
    r = await chat.get("/")
    assert r.headers["location"] == "/team-chat/c/c-design"


async def test_wrong_prefix_redirects_to_the_canonical_url(chat: ChatClient) -> None:
    r = await chat.get("/c/d-jonah-priya")
    assert r.status_code == 303 and r.headers["location"] == "/team-chat/d/d-jonah-priya"


@pytest.mark.parametrize(
    ("path", "status", "needle"),
    [
        ("/c/c-leadership", 404, "This channel is private."),
        ("/c/c-nope", 404, "There is no conversation"),
        ("/d/d-maya-sam", 404, "This conversation is private."),
        ("/c/c-general/thread/m-nope", 404, "That thread no longer exists."),
        ("/people/u-nope", 404, "There is no user"),
    ],
)
async def test_missing_or_private_pages(
    chat: ChatClient, path: str, status: int, needle: str
) -> None:
    r = await chat.get(path)
    assert r.status_code == status and needle in r.text


INVALID = [
    ("/c/c-general/rename", {"name": "Bad!Name"}, "can only contain lowercase"),
    ("/c/c-general/rename", {"name": "random"}, "already exists"),
    ("/c/c-general/rename", {"name": "   "}, "Please enter a channel name"),
    ("/c/c-offsite-2024/rename", {"name": "x"}, "is archived"),
    ("/c/c-customer-feedback/rename", {"name": "x"}, "Only members"),
    ("/c/c-customer-feedback/topic", {"topic": "x"}, "Only members"),
    ("/c/c-general/topic", {"topic": "x" * 251}, "at most 250"),
    ("/c/c-general/messages", {"text": "   "}, "Your message is empty"),
    ("/c/c-general/messages", {"text": "x" * 4001}, "at most 4000"),
    ("/c/c-customer-feedback/messages", {"text": "hi"}, "Join #customer-feedback"),
    ("/c/c-offsite-2024/messages", {"text": "hi"}, "is archived"),
    ("/c/c-leadership/join", {}, "only be joined by invitation"),
    ("/c/c-offsite-2024/join", {}, "is archived"),
    ("/c/c-offsite-2024/messages/m-0124/react", {"emoji": "tada"}, "unarchive it to react"),
    ("/c/c-general/archive", {"next": "/c/c-general"}, None),  # valid: control row, see below
    ("/c/c-offsite-2024/archive", {}, "already archived"),
    ("/c/c-customer-feedback/archive", {}, "Only members"),
    ("/c/c-general/unarchive", {}, "already active"),
    ("/c/c-customer-feedback/leave", {}, "not a member"),
    ("/c/c-general/members", {}, "Pick at least one"),
    ("/c/c-general/members", {"users": "u-ghost"}, "Unknown user"),
    ("/c/c-general/messages/m-nope/edit", {"text": "x"}, "no longer exists"),
    ("/c/c-general/messages/m-0001/edit", {"text": "mine now"}, "only edit your own"),
    ("/d/d-maya-sam/messages", {"text": "hi"}, "can&#39;t post"),
    ("/dms/new", {}, "Pick at least one other person"),
    ("/dms/new", {"users": "u-ghost"}, "Unknown user"),
    ("/switch-user", {"user": "u-ghost"}, "Unknown user"),
    ("/profile", {"displayName": " "}, "can&#39;t be empty"),
]


@pytest.mark.parametrize(
    ("path", "data", "needle"), INVALID, ids=[f"{p} {n}" for p, _, n in INVALID]
)
async def test_invalid_input_is_explained_and_changes_nothing(
    chat: ChatClient, path: str, data: dict[str, Any], needle: str | None
) -> None:
    r = await chat.post(path, data)
    if needle is None:  # the control case proves the route works when the input is fine
        assert r.status_code == 303 and await chat.diff() != {}
        return
    assert r.status_code == 400, r.text[-400:]
    assert 'data-testid="error-page"' in r.text and needle in r.text
    assert await chat.diff() == {}


async def test_create_channel_error_keeps_the_typed_values(chat: ChatClient) -> None:
    r = await chat.post("/channels/new", {"name": "general", "purpose": "Second general"})
    assert r.status_code == 400
    assert 'data-testid="form-error"' in r.text and "already exists" in r.text
    assert 'value="general"' in r.text and 'value="Second general"' in r.text
    assert await chat.diff() == {}


async def test_unknown_actions_are_404(chat: ChatClient) -> None:
    assert (await chat.post("/c/c-general/explode")).status_code == 404
    assert (await chat.post("/c/c-general/messages/m-0001/explode")).status_code == 404
    assert await chat.diff() == {}


async def test_open_redirects_are_refused(chat: ChatClient) -> None:
    r = await chat.post("/c/c-general/topic", {"topic": "t", "next": "//evil.example/x"})
    assert r.headers["location"] == "/team-chat/c/c-general"


async def test_injecting_an_invalid_state_is_a_422_naming_the_path(
    chat: ChatClient, seed: dict[str, Any]
) -> None:
    seed["channels"]["c-design"]["members"].append("u-ghost")
    r = await chat.inject(seed)
    assert r.status_code == 422
    assert [d["path"] for d in r.json()["details"]] == ["channels.c-design.members"]
    seed["channels"]["c-design"]["members"].pop()
    seed["channels"]["c-design"]["archived"] = "no"
    r = await chat.inject(seed)
    assert r.status_code == 422
    assert r.json()["details"][0]["path"] == "channels.c-design.archived"


async def test_merge_can_patch_one_channel(chat: ChatClient) -> None:
    r = await chat.inject({"channels": {"c-design": {"topic": "Merged topic"}}}, action="merge")
    assert r.status_code == 200
    assert await chat.diff() == {
        "channels.c-design.topic": {
            "op": "changed",
            "old": "Dock scheduler redesign - feedback by Wednesday",
            "new": "Merged topic",
        }
    }


async def test_a_workspace_without_channels_still_works(chat: ChatClient) -> None:
    minimal = {
        "workspace": {"name": "Solo Co"},
        "currentUser": "u-a",
        "users": {
            "u-a": {"id": "u-a", "name": "a", "displayName": "Alex"},
            "u-b": {"id": "u-b", "name": "b", "displayName": "Blair"},
        },
    }
    assert (await chat.inject(minimal)).status_code == 200
    home = await chat.get("/")
    assert home.headers["location"] == "/team-chat/channels"
    assert "Solo Co" in (await chat.get("/channels")).text
    r = await chat.post("/dms/new", {"users": "u-b"})
    assert r.headers["location"] == "/team-chat/d/d-a-b"
    assert "This conversation is just between" in (await chat.get("/d/d-a-b")).text

"""Every form posts, redirects (post/redirect/get) and changes exactly what it says, as the
reward's view (``/go``'s diff) sees it; a refused action changes nothing."""

from __future__ import annotations

from tests.apps.social.conftest import SocialClient


def paths(diff: dict[str, object]) -> set[str]:
    return set(diff)


async def test_home_composer_publishes_and_redirects(social: SocialClient) -> None:
    r = await social.post(
        "/compose",
        {"body": "Open till 8 tonight #hours", "mode": "now", "visibility": "public", "next": "/"},
    )
    assert r.status_code == 303 and r.headers["location"] == "/social/"
    diff = await social.diff()
    assert paths(diff) == {"posts.p-0157"}
    post = (await social.current())["posts"]["p-0157"]
    assert post["tags"] == ["hours"] and post["status"] == "published"
    page = (await social.get("/")).text
    assert "Open till 8 tonight" in page and 'data-testid="toast"' in page


async def test_studio_schedules_and_shows_field_errors(social: SocialClient) -> None:
    bad = await social.post("/compose", {"body": "", "mode": "schedule", "day": "", "time": ""})
    assert bad.status_code == 400
    assert 'data-testid="error-body"' in bad.text and 'data-testid="error-day"' in bad.text
    assert await social.diff() == {}
    ok = await social.post(
        "/compose",
        {
            "body": "Snowshoe night",
            "tags": "winter events",
            "visibility": "followers",
            "mode": "schedule",
            "day": "2026-12-19",
            "time": "18:30",
        },
    )
    assert ok.status_code == 303 and ok.headers["location"] == "/social/studio"
    post = (await social.current())["posts"]["p-0157"]
    assert post["scheduledAt"] == "2026-12-19T18:30:00Z" and post["tags"] == ["events", "winter"]
    assert "Snowshoe night" in (await social.get("/studio")).text


async def test_calendar_move_pin_and_comment(social: SocialClient) -> None:
    state = await social.current()
    queued = sorted(
        (p for p in state["posts"].values() if p["status"] == "scheduled"),
        key=lambda p: p["scheduledAt"],
    )[0]
    r = await social.post(f"/posts/{queued['id']}/move", {"day": "2026-12-29"})
    assert r.status_code == 303
    live = next(
        p
        for p in state["posts"].values()
        if p["authorId"] == "fernhill" and p["status"] == "published" and not p["pinned"]
    )
    await social.post(f"/posts/{live['id']}/pin", {"pinned": "1"})
    await social.post(f"/posts/{live['id']}/comments", {"body": "Thanks all!"})
    diff = await social.diff()
    old_pin = next(p["id"] for p in state["posts"].values() if p["pinned"])
    assert paths(diff) == {
        f"posts.{queued['id']}.scheduledAt",
        f"posts.{live['id']}.pinned",
        f"posts.{old_pin}.pinned",
        "comments.c-0305",
    }
    assert diff[f"posts.{queued['id']}.scheduledAt"]["new"].startswith("2026-12-29T")


async def test_reply_dm_follow_moderation_settings(social: SocialClient) -> None:
    state = await social.current()
    top = next(c for c in state["comments"].values() if c["parentId"] is None)
    await social.post(
        f"/posts/{top['postId']}/comments", {"body": "Good point", "parentId": top["id"]}
    )
    await social.post("/messages/dm-006", {"body": "Restock lands Friday."})
    await social.post("/messages/new", {"to": "zoe_marsh", "body": "Hi Zoe!"})
    await social.post("/u/zoe_marsh/follow", {"follow": "1"})
    report = next(r for r in state["reports"].values() if r["status"] == "open")
    await social.post(f"/reports/{report['id']}/resolve", {"decision": "dismissed"})
    await social.post(
        "/settings/preferences", {"defaultVisibility": "followers", "messagesFrom": "following"}
    )
    cur = await social.current()
    reply = cur["comments"]["c-0305"]
    assert reply["parentId"] == top["id"] and reply["authorId"] == "fernhill"
    assert cur["messages"]["m-0023"]["conversationId"] == "dm-006"
    assert cur["conversations"]["dm-011"]["participantIds"] == ["fernhill", "zoe_marsh"]
    assert "zoe_marsh" in cur["profiles"]["fernhill"]["following"]
    assert cur["reports"][report["id"]]["status"] == "dismissed"
    assert cur["settings"] == {
        "defaultVisibility": "followers",
        "notifyLikes": False,
        "notifyFollows": False,
        "messagesFrom": "following",
    }


async def test_refused_actions_change_nothing(social: SocialClient) -> None:
    state = await social.current()
    someone = next(p for p in state["posts"].values() if p["authorId"] != "fernhill")
    r = await social.post(f"/posts/{someone['id']}/pin", {"pinned": "1"})
    assert r.status_code == 400 and "own posts" in r.text
    draft = next(p for p in state["posts"].values() if p["status"] == "draft")
    r = await social.post(f"/posts/{draft['id']}/comments", {"body": "hi"})
    assert r.status_code == 400
    r = await social.post("/settings/profile", {"displayName": " "})
    assert r.status_code == 400
    assert await social.diff() == {}

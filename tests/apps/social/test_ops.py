"""The state operations: what each UI action does to a state, and what it refuses."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from cuagym.apps.social import SocialState, build_seed, ops
from cuagym.apps.social._invariants import check_invariants
from cuagym.apps.webkit import FormInvalid

NOW = datetime(2026, 12, 1, 15, 0, tzinfo=UTC)


def valid(state: dict[str, Any]) -> None:
    assert list(check_invariants(SocialState.model_validate(state))) == []


def mine(state: dict[str, Any], status: str) -> dict[str, Any]:
    return next(
        p
        for p in state["posts"].values()
        if p["authorId"] == state["currentUser"] and p["status"] == status and not p["pinned"]
    )


def test_compose_publishes_schedules_or_drafts_with_merged_tags() -> None:
    state = build_seed()
    now = ops.compose_post(state, "Trail open! #Hiking", tags=["news"], now=NOW)
    later = ops.compose_post(
        state, "Later", mode="schedule", scheduled_at="2026-12-20T09:30:00Z", now=NOW
    )
    draft = ops.compose_post(state, "Idea", mode="draft", visibility="private", now=NOW)
    posts = state["posts"]
    assert posts[now]["tags"] == ["hiking", "news"] and posts[now]["publishedAt"]
    assert posts[later]["status"] == "scheduled" and posts[later]["publishedAt"] is None
    assert posts[draft]["visibility"] == "private" and posts[draft]["scheduledAt"] is None
    assert now == "p-0157" and later == "p-0158"
    valid(state)
    with pytest.raises(ops.ActionError):
        ops.compose_post(state, "   ")
    with pytest.raises(ops.ActionError):
        ops.compose_post(state, "x", mode="schedule")


def test_calendar_move_keeps_the_time_and_publish_clears_the_schedule() -> None:
    state = build_seed()
    post = mine(state, "scheduled")
    clock = post["scheduledAt"][10:]
    ops.move_to_day(state, post["id"], "2027-02-03")
    assert post["scheduledAt"] == "2027-02-03" + clock
    ops.publish_now(state, post["id"], NOW)
    assert (post["status"], post["scheduledAt"], post["publishedAt"]) == (
        "published",
        None,
        "2026-12-01T15:00:00Z",
    )
    with pytest.raises(ops.ActionError):
        ops.move_to_day(state, post["id"], "2027-02-04")
    valid(state)


def test_pinning_moves_the_pin_and_refuses_drafts() -> None:
    state = build_seed()
    old = next(p for p in state["posts"].values() if p["pinned"])
    new = mine(state, "published")
    ops.set_pinned(state, new["id"], True)
    assert new["pinned"] and not old["pinned"]
    with pytest.raises(ops.ActionError):
        ops.set_pinned(state, mine(state, "draft")["id"], True)
    someone = next(p for p in state["posts"].values() if p["authorId"] != "fernhill")
    with pytest.raises(ops.ActionError, match="own posts"):
        ops.set_pinned(state, someone["id"], True)
    valid(state)


def test_comments_replies_likes_and_deletion_cascade() -> None:
    state = build_seed()
    top = next(c for c in state["comments"].values() if c["parentId"] is None)
    reply = ops.add_comment(state, top["postId"], "Thanks!", top["id"], NOW)
    assert state["comments"][reply]["parentId"] == top["id"]
    other = next(p for p in state["posts"].values() if p["id"] != top["postId"])
    with pytest.raises(ops.ActionError, match="not on this post"):
        ops.add_comment(state, other["id"], "x", top["id"])
    liked_before = "fernhill" in other["likedBy"]
    assert ops.toggle_like(state, "posts", other["id"]) is not liked_before
    assert ("fernhill" in other["likedBy"]) is not liked_before
    post = mine(state, "published")
    ops.add_comment(state, post["id"], "Note to self", now=NOW)
    ops.delete_post(state, post["id"])
    assert all(c["postId"] != post["id"] for c in state["comments"].values())
    valid(state)


def test_messages_reuse_the_one_to_one_thread() -> None:
    state = build_seed()
    before = len(state["conversations"])
    cid = ops.start_conversation(state, ["maya_okafor"], "Hello again", NOW)
    assert cid == "dm-001" and len(state["conversations"]) == before
    group = ops.start_conversation(state, ["maya_okafor", "leo_brandt"], "Hi both", NOW)
    assert group == "dm-011" and state["conversations"][group]["participantIds"] == [
        "fernhill",
        "leo_brandt",
        "maya_okafor",
    ]
    with pytest.raises(ops.ActionError):
        ops.start_conversation(state, ["nobody_here"], "Hi")
    valid(state)


def test_moderation_hides_the_content_it_removes() -> None:
    state = build_seed()
    spam = next(r for r in state["reports"].values() if r["reason"] == "spam")
    ops.resolve_report(state, spam["id"], "removed", NOW)
    assert state["posts"][spam["postId"]]["hidden"] and spam["status"] == "removed"
    with pytest.raises(ops.ActionError, match="already resolved"):
        ops.resolve_report(state, spam["id"], "dismissed")
    rude = next(r for r in state["reports"].values() if r["commentId"])
    ops.resolve_report(state, rude["id"], "removed", NOW)
    assert state["comments"][rude["commentId"]]["hidden"]
    valid(state)


def test_parse_compose_reports_each_field() -> None:
    with pytest.raises(ops.ActionError):
        ops.parse_tags("#ok, bad-tag")
    with pytest.raises(FormInvalid) as info:
        ops.parse_compose({"body": "", "mode": "schedule", "day": "2026-13-01", "time": "25:00"})
    assert set(info.value.errors) == {"body", "day"}
    good = ops.parse_compose(
        {
            "body": "Hi #A",
            "tags": "b, #c",
            "visibility": "followers",
            "mode": "schedule",
            "day": "2026-12-24",
            "time": "7:05",
        }
    )
    assert good["scheduled_at"] == "2026-12-24T07:05:00Z" and good["tags"] == ["b", "c"]

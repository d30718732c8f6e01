"""Cross-entity rules of a social state that the pydantic schema cannot express.

Each rule yields a :class:`~cuagym.hub.Violation` whose path is the ``state_diff`` path of the
offending value (``posts.p-0007.pinned``), so a task author who gets a 422 finds it in ``/go``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from cuagym.apps.social._schema import SocialState
from cuagym.hub import InvariantChecks, Violation

__all__ = ["CHECKS", "broken_states", "check_invariants", "invariants_hold_after"]


def check_invariants(state: SocialState) -> Iterator[Violation]:
    """Yield every violated rule (empty for a consistent state)."""
    return CHECKS.run(state)


def invariants_hold_after(before: SocialState, after: SocialState) -> bool:
    """Whether ``after`` is still consistent, checking only what its edit changed."""
    return CHECKS.hold_after(before, after)


def _set_like(path: str, handles: Sequence[str], known: Mapping[str, Any]) -> Iterator[Violation]:
    """A list that is a set of handles: sorted, unique, every handle a profile."""
    if list(handles) != sorted(set(handles)):
        yield Violation(path=path, message="must be sorted and without repeats")
    for handle in handles:
        if handle not in known:
            yield Violation(path=path, message=f"unknown profile {handle!r}")


def _check_keys(state: SocialState) -> Iterator[Violation]:
    if state.current_user not in state.profiles:
        yield Violation(path="currentUser", message=f"unknown profile {state.current_user!r}")
    collections: dict[str, Mapping[str, Any]] = {
        "profiles": state.profiles,
        "posts": state.posts,
        "comments": state.comments,
        "conversations": state.conversations,
        "messages": state.messages,
        "notifications": state.notifications,
        "reports": state.reports,
    }
    for name, records in collections.items():
        for key, record in records.items():
            if record.id != key:
                yield Violation(path=f"{name}.{key}.id", message=f"id differs from key {key!r}")


def _check_profiles(state: SocialState) -> Iterator[Violation]:
    for key, profile in state.profiles.items():
        path = f"profiles.{key}.following"
        yield from _set_like(path, profile.following, state.profiles)
        if key in profile.following:
            yield Violation(path=path, message="a profile cannot follow itself")


def _check_posts(state: SocialState) -> Iterator[Violation]:
    pinned: dict[str, str] = {}
    for key, post in state.posts.items():
        path = f"posts.{key}"
        if post.author_id not in state.profiles:
            yield Violation(path=f"{path}.authorId", message=f"unknown profile {post.author_id!r}")
        if (post.status == "published") != (post.published_at is not None):
            yield Violation(path=f"{path}.publishedAt", message="set iff the post is published")
        if (post.status == "scheduled") != (post.scheduled_at is not None):
            yield Violation(path=f"{path}.scheduledAt", message="set iff the post is scheduled")
        if post.tags != sorted(set(post.tags)):
            yield Violation(path=f"{path}.tags", message="must be sorted and without repeats")
        if post.status != "published" and (post.pinned or post.liked_by):
            yield Violation(path=f"{path}.pinned", message=f"a {post.status} post is not live")
        if post.pinned:
            if post.author_id in pinned:
                yield Violation(
                    path=f"{path}.pinned",
                    message=f"{post.author_id} already pinned {pinned[post.author_id]}",
                )
            pinned[post.author_id] = key
        yield from _set_like(f"{path}.likedBy", post.liked_by, state.profiles)


def _check_comments(state: SocialState) -> Iterator[Violation]:
    for key, comment in state.comments.items():
        path = f"comments.{key}"
        post = state.posts.get(comment.post_id)
        if post is None:
            yield Violation(path=f"{path}.postId", message=f"no post {comment.post_id!r}")
        elif post.status != "published":
            yield Violation(path=f"{path}.postId", message=f"post {post.id} is not published")
        if comment.author_id not in state.profiles:
            yield Violation(path=f"{path}.authorId", message="unknown profile")
        if comment.parent_id is not None:
            parent = state.comments.get(comment.parent_id)
            if parent is None or parent.post_id != comment.post_id:
                yield Violation(
                    path=f"{path}.parentId", message="a reply answers a comment of its own post"
                )
        yield from _set_like(f"{path}.likedBy", comment.liked_by, state.profiles)


def _check_messages(state: SocialState) -> Iterator[Violation]:
    for key, thread in state.conversations.items():
        path = f"conversations.{key}.participantIds"
        yield from _set_like(path, thread.participant_ids, state.profiles)
        if state.current_user not in thread.participant_ids or len(thread.participant_ids) < 2:
            yield Violation(path=path, message="the current user and at least one other")
    for key, message in state.messages.items():
        convo = state.conversations.get(message.conversation_id)
        if convo is None:
            yield Violation(path=f"messages.{key}.conversationId", message="no such conversation")
        elif message.author_id not in convo.participant_ids:
            yield Violation(path=f"messages.{key}.authorId", message="not a participant")


def _check_activity(state: SocialState) -> Iterator[Violation]:
    for key, note in state.notifications.items():
        if note.actor_id not in state.profiles:
            yield Violation(path=f"notifications.{key}.actorId", message="unknown profile")
        if note.post_id is not None and note.post_id not in state.posts:
            yield Violation(path=f"notifications.{key}.postId", message="no such post")
    for key, report in state.reports.items():
        path = f"reports.{key}"
        post = state.posts.get(report.post_id)
        if post is None:
            yield Violation(path=f"{path}.postId", message=f"no post {report.post_id!r}")
            continue
        if report.comment_id is not None:
            comment = state.comments.get(report.comment_id)
            if comment is None or comment.post_id != report.post_id:
                yield Violation(path=f"{path}.commentId", message="not a comment of the post")
        if report.reporter_id not in state.profiles:
            yield Violation(path=f"{path}.reporterId", message="unknown profile")
        if (report.status == "open") != (report.resolved_at is None):
            yield Violation(path=f"{path}.resolvedAt", message="set iff the report is resolved")
        if report.status == "removed":
            target = state.comments.get(report.comment_id or "") if report.comment_id else post
            if target is not None and not target.hidden:
                yield Violation(path=f"{path}.status", message="removed content must be hidden")


# Each check with the top-level fields it reads.
CHECKS = InvariantChecks(
    (
        [
            "current_user",
            "profiles",
            "posts",
            "comments",
            "conversations",
            "messages",
            "notifications",
            "reports",
        ],
        _check_keys,
    ),
    (["profiles"], _check_profiles),
    (["posts", "profiles"], _check_posts),
    (["comments", "posts", "profiles"], _check_comments),
    (["conversations", "messages", "profiles", "current_user"], _check_messages),
    (["notifications", "reports", "posts", "comments", "profiles"], _check_activity),
)


def broken_states(seed: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The seed with one rule broken each (what ``cuagym appgen audit`` proves 422s with)."""
    pins = copy.deepcopy(seed)
    me = pins["currentUser"]
    mine = [p for p in pins["posts"].values() if p["authorId"] == me and p["status"] == "published"]
    for post in mine[:2]:
        post["pinned"] = True
    scheduled = copy.deepcopy(seed)
    queued = next(p for p in scheduled["posts"].values() if p["status"] == "scheduled")
    queued["scheduledAt"] = None
    orphan = copy.deepcopy(seed)
    next(iter(orphan["comments"].values()))["postId"] = "p-nowhere"
    stranger = copy.deepcopy(seed)
    next(iter(stranger["messages"].values()))["authorId"] = next(
        h
        for h in stranger["profiles"]
        if h != stranger["currentUser"]
        and not any(h in c["participantIds"] for c in stranger["conversations"].values())
    )
    return {
        "two pinned posts by one author": pins,
        "scheduled post without a time": scheduled,
        "comment on a post that does not exist": orphan,
        "message by someone outside the conversation": stranger,
    }

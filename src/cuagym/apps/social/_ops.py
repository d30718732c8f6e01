"""State operations behind every UI action, as plain functions on the JSON state dict.

The routes call them inside ``UISession.mutate`` and task families call the same functions to
build golden states, so a page and a golden patch cannot disagree on what an action does. They
apply the rules a form cannot (only your own posts are edited, a scheduled post has a time, one
pinned post, a reply stays on its post) and raise :class:`ActionError` with a message for the
person. The hub still validates the schema and the invariants after every change.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from typing import Any

from cuagym.apps.social._seed import stamp, tags_of

__all__ = [
    "ActionError",
    "add_comment",
    "compose_post",
    "delete_comment",
    "delete_post",
    "follow",
    "mark_conversation_read",
    "mark_notifications_read",
    "move_to_day",
    "new_id",
    "parse_tags",
    "publish_now",
    "report_post",
    "resolve_report",
    "schedule_post",
    "send_message",
    "set_muted",
    "set_pinned",
    "start_conversation",
    "toggle_like",
    "unfollow",
    "unschedule",
    "update_post",
    "update_profile",
    "update_settings",
]

State = dict[str, Any]
_PREFIX = {
    "posts": ("p", 4),
    "comments": ("c", 4),
    "conversations": ("dm", 3),
    "messages": ("m", 4),
    "notifications": ("n", 4),
    "reports": ("r", 3),
}


class ActionError(ValueError):
    """A UI action that cannot be done; the message is shown to the person as is."""


def _now(now: datetime | None) -> str:
    return stamp(now if now is not None else datetime.now(UTC))


def new_id(state: State, collection: str) -> str:
    """The next free id of a collection: ``<prefix>-<max + 1>`` (``p-0157``)."""
    prefix, width = _PREFIX[collection]
    pattern = re.compile(rf"{prefix}-(\d+)")
    highest = max(
        (int(m.group(1)) for k in state[collection] if (m := pattern.fullmatch(k))), default=0
    )
    return f"{prefix}-{highest + 1:0{width}d}"


def parse_tags(text: str) -> list[str]:
    """Tags typed in a field (``#winter, gear``) as the app stores them: lower case, no '#'."""
    words = re.split(r"[\s,]+", text.strip())
    out = set()
    for word in words:
        tag = word.lstrip("#").lower()
        if not tag:
            continue
        if not re.fullmatch(r"[a-z0-9_]{1,40}", tag):
            raise ActionError(f"A tag has only letters, digits and '_': {word!r}.")
        out.add(tag)
    return sorted(out)


def _post(state: State, pid: str, *, own: bool = False) -> dict[str, Any]:
    post = state["posts"].get(pid)
    if post is None:
        raise ActionError(f"That post no longer exists ({pid}).")
    if own and post["authorId"] != state["currentUser"]:
        raise ActionError("You can only change your own posts.")
    return post  # type: ignore[no-any-return]


def _check_body(body: str) -> str:
    text = body.strip()
    if not text:
        raise ActionError("Write something first.")
    if len(text) > 500:
        raise ActionError(f"A post has at most 500 characters ({len(text)} now).")
    return text


# -- posts ------------------------------------------------------------------------------------
def compose_post(
    state: State,
    body: str,
    *,
    visibility: str | None = None,
    tags: list[str] | None = None,
    mode: str = "now",
    scheduled_at: str | None = None,
    now: datetime | None = None,
) -> str:
    """A new post of the current user: published ``now``, ``schedule``\\ d at ``scheduled_at``
    or kept as a ``draft``. Its tags are the body's hashtags and ``tags``."""
    text = _check_body(body)
    if mode not in ("now", "schedule", "draft"):
        raise ActionError(f"Unknown publishing choice {mode!r}.")
    if mode == "schedule" and not scheduled_at:
        raise ActionError("Pick a date and time to schedule the post.")
    pid = new_id(state, "posts")
    created = _now(now)
    state["posts"][pid] = {
        "id": pid,
        "authorId": state["currentUser"],
        "body": text,
        "tags": sorted(set(tags_of(text)) | set(tags or [])),
        "visibility": visibility or state["settings"]["defaultVisibility"],
        "status": {"now": "published", "schedule": "scheduled", "draft": "draft"}[mode],
        "createdAt": created,
        "scheduledAt": scheduled_at if mode == "schedule" else None,
        "publishedAt": created if mode == "now" else None,
        "editedAt": None,
        "pinned": False,
        "hidden": False,
        "likedBy": [],
    }
    return pid


def update_post(
    state: State,
    pid: str,
    body: str,
    visibility: str,
    tags: list[str] | None = None,
    now: datetime | None = None,
) -> None:
    """Edit your post's text, visibility and extra tags (a published post is marked edited)."""
    post = _post(state, pid, own=True)
    text = _check_body(body)
    new_tags = sorted(set(tags_of(text)) | set(tags or []))
    if (post["body"], post["visibility"], post["tags"]) == (text, visibility, new_tags):
        return
    post.update(body=text, visibility=visibility, tags=new_tags)
    if post["status"] == "published":
        post["editedAt"] = _now(now)


def schedule_post(state: State, pid: str, scheduled_at: str) -> None:
    """Put a draft or a scheduled post in the queue at ``scheduled_at``."""
    post = _post(state, pid, own=True)
    if post["status"] == "published":
        raise ActionError("This post is already published.")
    post.update(status="scheduled", scheduledAt=scheduled_at)


def move_to_day(state: State, pid: str, day: str) -> None:
    """The calendar's move: the scheduled post goes to ``day`` at the same time of day."""
    post = _post(state, pid, own=True)
    if post["status"] != "scheduled":
        raise ActionError("Only a scheduled post sits on the calendar.")
    try:
        date.fromisoformat(day)
    except ValueError as exc:
        raise ActionError(f"{day!r} is not a date.") from exc
    post["scheduledAt"] = day + post["scheduledAt"][10:]


def unschedule(state: State, pid: str) -> None:
    """Take a scheduled post out of the queue: it becomes a draft."""
    post = _post(state, pid, own=True)
    if post["status"] != "scheduled":
        raise ActionError("This post is not scheduled.")
    post.update(status="draft", scheduledAt=None)


def publish_now(state: State, pid: str, now: datetime | None = None) -> None:
    post = _post(state, pid, own=True)
    if post["status"] == "published":
        raise ActionError("This post is already published.")
    post.update(status="published", scheduledAt=None, publishedAt=_now(now))


def delete_post(state: State, pid: str) -> None:
    """Delete your post with its comments and everything that points at it."""
    _post(state, pid, own=True)
    del state["posts"][pid]
    for collection, key in (
        ("comments", "postId"),
        ("notifications", "postId"),
        ("reports", "postId"),
    ):
        for rid in [k for k, v in state[collection].items() if v[key] == pid]:
            del state[collection][rid]


def set_pinned(state: State, pid: str, pinned: bool) -> None:
    """Pin your published post to your profile (the one pinned before is unpinned)."""
    post = _post(state, pid, own=True)
    if pinned and post["status"] != "published":
        raise ActionError("Only a published post can be pinned.")
    if pinned:
        for other in state["posts"].values():
            if other["authorId"] == post["authorId"] and other["id"] != pid:
                other["pinned"] = False
    post["pinned"] = pinned


def toggle_like(state: State, collection: str, rid: str) -> bool:
    """Like or unlike a post or comment as the current user; returns whether it is liked now."""
    record = state[collection].get(rid)
    if record is None:
        raise ActionError("That no longer exists.")
    if collection == "posts" and record["status"] != "published":
        raise ActionError("Only a published post can be liked.")
    me = state["currentUser"]
    likes = set(record["likedBy"])
    liked = me not in likes
    likes.symmetric_difference_update({me})
    record["likedBy"] = sorted(likes)
    return liked


# -- comments ---------------------------------------------------------------------------------
def add_comment(
    state: State, pid: str, body: str, parent_id: str | None = None, now: datetime | None = None
) -> str:
    """Comment on a published post as the current user, or reply to one of its comments."""
    post = _post(state, pid)
    if post["status"] != "published":
        raise ActionError("Only a published post takes comments.")
    text = _check_body(body)
    if parent_id:
        parent = state["comments"].get(parent_id)
        if parent is None or parent["postId"] != pid:
            raise ActionError("The comment you reply to is not on this post.")
    cid = new_id(state, "comments")
    state["comments"][cid] = {
        "id": cid,
        "postId": pid,
        "parentId": parent_id or None,
        "authorId": state["currentUser"],
        "body": text,
        "createdAt": _now(now),
        "hidden": False,
        "likedBy": [],
    }
    return cid


def delete_comment(state: State, cid: str) -> None:
    """Delete a comment you wrote, or any comment on your own post, with its replies."""
    comment = state["comments"].get(cid)
    if comment is None:
        raise ActionError("That comment no longer exists.")
    me = state["currentUser"]
    if me not in (comment["authorId"], state["posts"][comment["postId"]]["authorId"]):
        raise ActionError("You can delete your comments and comments on your posts.")
    gone = {cid} | {k for k, v in state["comments"].items() if v["parentId"] == cid}
    for key in gone:
        del state["comments"][key]
    for rid in [k for k, v in state["reports"].items() if v["commentId"] in gone]:
        del state["reports"][rid]


# -- people -----------------------------------------------------------------------------------
def follow(state: State, handle: str) -> None:
    me = state["currentUser"]
    if handle == me or handle not in state["profiles"]:
        raise ActionError("You cannot follow that profile.")
    mine = state["profiles"][me]
    mine["following"] = sorted({*mine["following"], handle})


def unfollow(state: State, handle: str) -> None:
    mine = state["profiles"][state["currentUser"]]
    mine["following"] = sorted(set(mine["following"]) - {handle})


def update_profile(state: State, values: dict[str, str]) -> None:
    """Edit the current user's display name, bio, location and website."""
    me = state["profiles"][state["currentUser"]]
    for key in ("displayName", "bio", "location", "website"):
        if key in values:
            me[key] = values[key].strip()


def update_settings(state: State, values: dict[str, Any]) -> None:
    state["settings"].update(values)


# -- messages ---------------------------------------------------------------------------------
def send_message(state: State, cid: str, body: str, now: datetime | None = None) -> str:
    """Send a message to a conversation you are in (the conversation counts as read)."""
    convo = state["conversations"].get(cid)
    if convo is None:
        raise ActionError("That conversation no longer exists.")
    text = body.strip()
    if not text:
        raise ActionError("Write a message first.")
    mid = new_id(state, "messages")
    state["messages"][mid] = {
        "id": mid,
        "conversationId": cid,
        "authorId": state["currentUser"],
        "body": text,
        "sentAt": _now(now),
    }
    convo["unread"] = False
    return mid


def start_conversation(
    state: State, handles: list[str], body: str, now: datetime | None = None
) -> str:
    """Message one or more people: into the existing conversation with exactly them, else a
    new one. Returns the conversation's id."""
    me = state["currentUser"]
    people = sorted(set(handles) - {me})
    if not people:
        raise ActionError("Pick at least one person to message.")
    for handle in people:
        if handle not in state["profiles"]:
            raise ActionError(f"There is no profile @{handle}.")
    members = sorted({me, *people})
    cid = next(
        (k for k, c in state["conversations"].items() if c["participantIds"] == members), None
    )
    if cid is None:
        cid = new_id(state, "conversations")
        state["conversations"][cid] = {
            "id": cid,
            "participantIds": members,
            "title": "",
            "unread": False,
            "muted": False,
        }
    send_message(state, cid, body, now)
    return cid


def mark_conversation_read(state: State, cid: str) -> None:
    if cid not in state["conversations"]:
        raise ActionError("That conversation no longer exists.")
    state["conversations"][cid]["unread"] = False


def set_muted(state: State, cid: str, muted: bool) -> None:
    if cid not in state["conversations"]:
        raise ActionError("That conversation no longer exists.")
    state["conversations"][cid]["muted"] = muted


def mark_notifications_read(state: State, ids: list[str] | None = None) -> None:
    """Mark the given notifications (all when ``ids`` is None) as read."""
    for nid, note in state["notifications"].items():
        if ids is None or nid in ids:
            note["read"] = True


# -- moderation -------------------------------------------------------------------------------
def report_post(
    state: State,
    pid: str,
    reason: str,
    note: str = "",
    comment_id: str | None = None,
    now: datetime | None = None,
) -> str:
    """Report a post (or one of its comments) to the moderators as the current user."""
    _post(state, pid)
    if comment_id and state["comments"].get(comment_id, {}).get("postId") != pid:
        raise ActionError("That comment is not on this post.")
    rid = new_id(state, "reports")
    state["reports"][rid] = {
        "id": rid,
        "postId": pid,
        "commentId": comment_id or None,
        "reporterId": state["currentUser"],
        "reason": reason,
        "note": note.strip(),
        "status": "open",
        "createdAt": _now(now),
        "resolvedAt": None,
    }
    return rid


def resolve_report(state: State, rid: str, decision: str, now: datetime | None = None) -> None:
    """Close an open report: ``dismissed`` (nothing wrong) or ``removed`` (the reported post
    or comment is hidden from everyone)."""
    report = state["reports"].get(rid)
    if report is None:
        raise ActionError("That report no longer exists.")
    if report["status"] != "open":
        raise ActionError("This report is already resolved.")
    if decision not in ("dismissed", "removed"):
        raise ActionError(f"Unknown decision {decision!r}.")
    if decision == "removed":
        target = (
            state["comments"][report["commentId"]]
            if report["commentId"]
            else state["posts"][report["postId"]]
        )
        target["hidden"] = True
    report.update(status=decision, resolvedAt=_now(now))

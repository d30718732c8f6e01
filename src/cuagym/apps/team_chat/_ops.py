"""State operations behind every UI action, as pure functions on the JSON state dict.

The UI routes call these inside ``UISession.mutate``; keeping them free of HTTP makes them
testable directly and reusable by golden patches and procedural task families. Each operation
checks what a person is allowed to do (post only in channels you belong to, edit only your own
messages, ...) and raises :class:`ActionError` with a message meant for the person; the hub
then leaves the session untouched. Schema and invariant checks still run after every change.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from cuagym.apps.team_chat._invariants import CHANNEL_NAME_RE, RESERVED_IDS
from cuagym.apps.team_chat._schema import EMOJI
from cuagym.apps.webkit import parse_ts

__all__ = [
    "ActionError",
    "add_members",
    "can_view",
    "create_channel",
    "delete_message",
    "edit_message",
    "find_message",
    "format_ts",
    "join_channel",
    "leave_channel",
    "normalize_channel_name",
    "open_dm",
    "post_message",
    "rename_channel",
    "require_post",
    "set_archived",
    "set_channel_text",
    "switch_user",
    "toggle_pin",
    "toggle_reaction",
    "update_profile",
]

State = dict[str, Any]
MAX_MESSAGE = 4000


class ActionError(ValueError):
    """A UI action that cannot be done; the message is shown to the person as is, beside the
    form field ``field`` when it is about one."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def format_ts(moment: datetime) -> str:
    """The app's own timestamp spelling: UTC, whole seconds, ``Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _now(now: datetime | None) -> datetime:
    return now if now is not None else datetime.now(UTC)


def _next_ts(state: State, conv: str, now: datetime | None) -> str:
    # Never earlier than the conversation's newest message: an injected state may be dated in
    # the future, and messages must stay in ts order (an invariant).
    moment = _now(now)
    for msg in state["messages"].get(conv, []):
        moment = max(moment, parse_ts(msg["ts"]))
    return format_ts(moment)


def _new_message_id(state: State) -> str:
    highest = 0
    for msgs in state["messages"].values():
        for msg in msgs:
            m = re.fullmatch(r"m-(\d+)", msg["id"])
            if m:
                highest = max(highest, int(m.group(1)))
    return f"m-{highest + 1:04d}"


# -- access rules -------------------------------------------------------------------------------
def _channel(state: State, cid: str) -> dict[str, Any]:
    ch = state["channels"].get(cid)
    if ch is None:
        raise ActionError(f"There is no channel {cid!r}.")
    return ch  # type: ignore[no-any-return]


def can_view(state: State, conv: str, user: str) -> bool:
    """Public channels are visible to all; private channels and DMs to their members."""
    if conv in state["channels"]:
        ch = state["channels"][conv]
        return not ch["isPrivate"] or user in ch["members"]
    if conv in state["dms"]:
        return user in state["dms"][conv]["members"]
    return False


def require_post(state: State, conv: str, user: str) -> None:
    if conv in state["channels"]:
        ch = state["channels"][conv]
        if ch["archived"]:
            raise ActionError(f"#{ch['name']} is archived; unarchive it to post.")
        if user not in ch["members"]:
            raise ActionError(f"Join #{ch['name']} to post in it.")
    elif conv not in state["dms"] or user not in state["dms"][conv]["members"]:
        raise ActionError("You can't post in this conversation.")


def _require_member(state: State, cid: str, user: str, what: str) -> dict[str, Any]:
    ch = _channel(state, cid)
    if user not in ch["members"]:
        raise ActionError(f"Only members of #{ch['name']} can {what}.")
    return ch


def find_message(state: State, conv: str, mid: str) -> dict[str, Any]:
    for msg in state["messages"].get(conv, []):
        if msg["id"] == mid:
            return msg  # type: ignore[no-any-return]
    raise ActionError("That message no longer exists.")


# -- messages -----------------------------------------------------------------------------------
def post_message(
    state: State,
    conv: str,
    user: str,
    text: str,
    attachments: list[dict[str, Any]] | None = None,
    thread_parent: str | None = None,
    now: datetime | None = None,
) -> str:
    """Append a message (or a thread reply) by ``user``; returns its id."""
    text = text.strip("\n\r ")  # keep inner newlines and indentation, drop outer blank lines
    attachments = attachments or []
    if not text and not attachments:
        raise ActionError("Your message is empty.")
    if len(text) > MAX_MESSAGE:
        raise ActionError(f"Messages can be at most {MAX_MESSAGE} characters.")
    require_post(state, conv, user)
    if thread_parent is not None:
        parent = find_message(state, conv, thread_parent)
        if parent["threadParent"] is not None:
            raise ActionError("Replies can't have their own threads.")
    mid = _new_message_id(state)
    state["messages"].setdefault(conv, []).append(
        {
            "id": mid,
            "sender": user,
            "text": text,
            "ts": _next_ts(state, conv, now),
            "threadParent": thread_parent,
            "reactions": [],
            "attachments": attachments,
            "edited": False,
            "editedAt": None,
            "pinned": False,
        }
    )
    return mid


def edit_message(
    state: State, conv: str, mid: str, user: str, text: str, now: datetime | None = None
) -> None:
    msg = find_message(state, conv, mid)
    if msg["sender"] != user:
        raise ActionError("You can only edit your own messages.")
    require_post(state, conv, user)
    text = text.strip("\n\r ")
    if not text and not msg["attachments"]:
        raise ActionError("A message can't be empty; delete it instead.")
    if len(text) > MAX_MESSAGE:
        raise ActionError(f"Messages can be at most {MAX_MESSAGE} characters.")
    if text == msg["text"]:
        return  # saving unchanged text is not an edit
    msg["text"] = text
    msg["edited"] = True
    msg["editedAt"] = format_ts(max(_now(now), parse_ts(msg["ts"])))


def delete_message(state: State, conv: str, mid: str, user: str) -> None:
    """Remove a message; deleting a thread's parent removes its replies too."""
    msg = find_message(state, conv, mid)
    if msg["sender"] != user and not state["users"][user].get("isAdmin", False):
        raise ActionError("You can only delete your own messages.")
    ch = state["channels"].get(conv)
    if ch is not None and ch["archived"]:
        raise ActionError(f"#{ch['name']} is archived; unarchive it to change messages.")
    state["messages"][conv] = [
        m for m in state["messages"][conv] if m["id"] != mid and m["threadParent"] != mid
    ]


def toggle_reaction(state: State, conv: str, mid: str, user: str, emoji: str) -> bool:
    """Add ``user``'s ``emoji`` reaction, or remove it if present; returns True when added."""
    if emoji not in EMOJI:
        raise ActionError(f"Unknown emoji {emoji!r}.")
    if not can_view(state, conv, user):
        raise ActionError("You can't react in this conversation.")
    ch = state["channels"].get(conv)
    if ch is not None and ch["archived"]:
        raise ActionError(f"#{ch['name']} is archived; unarchive it to react.")
    msg = find_message(state, conv, mid)
    for reaction in msg["reactions"]:
        if reaction["emoji"] == emoji:
            if user in reaction["users"]:
                reaction["users"].remove(user)
                if not reaction["users"]:
                    msg["reactions"].remove(reaction)
                return False
            reaction["users"].append(user)
            return True
    msg["reactions"].append({"emoji": emoji, "users": [user]})
    return True


def toggle_pin(state: State, conv: str, mid: str, user: str) -> bool:
    require_post(state, conv, user)
    msg = find_message(state, conv, mid)
    msg["pinned"] = not msg["pinned"]
    return bool(msg["pinned"])


# -- channels -----------------------------------------------------------------------------------
def normalize_channel_name(raw: str) -> str:
    """Lowercase, spaces to hyphens, leading ``#`` dropped; raises if still not a valid name."""
    name = re.sub(r"\s+", "-", raw.strip().lstrip("#").strip().lower())
    if not name:
        raise ActionError("Please enter a channel name.", "name")
    if not CHANNEL_NAME_RE.match(name):
        raise ActionError(
            "Channel names can only contain lowercase letters, numbers, hyphens and "
            "underscores, and must be 80 characters or fewer.",
            "name",
        )
    return name


def _require_free_name(state: State, name: str, except_cid: str | None = None) -> None:
    for cid, ch in state["channels"].items():
        if ch["name"] == name and cid != except_cid:
            raise ActionError(f"A channel named #{name} already exists.", "name")


def create_channel(
    state: State,
    user: str,
    raw_name: str,
    purpose: str = "",
    private: bool = False,
    now: datetime | None = None,
) -> str:
    """Create a channel with ``user`` as its only member; returns the new id (``c-<name>``)."""
    name = normalize_channel_name(raw_name)
    _require_free_name(state, name)
    if len(purpose) > 250:
        raise ActionError("The description can be at most 250 characters.", "purpose")
    cid, n = f"c-{name}", 1
    while cid in state["channels"] or cid in state["dms"] or cid in RESERVED_IDS:
        n += 1  # a renamed channel keeps its old id, so c-<name> may be taken
        cid = f"c-{name}-{n}"
    state["channels"][cid] = {
        "id": cid,
        "name": name,
        "topic": "",
        "purpose": purpose.strip(),
        "isPrivate": private,
        "archived": False,
        "createdBy": user,
        "createdAt": format_ts(_now(now)),
        "members": [user],
    }
    return cid


def rename_channel(state: State, cid: str, user: str, raw_name: str) -> None:
    ch = _require_member(state, cid, user, "rename it")
    if ch["archived"]:
        raise ActionError(f"#{ch['name']} is archived; unarchive it to rename it.")
    name = normalize_channel_name(raw_name)
    _require_free_name(state, name, except_cid=cid)
    ch["name"] = name


def set_channel_text(state: State, cid: str, user: str, field: str, value: str) -> None:
    """Set ``topic`` or ``purpose`` (one line, at most 250 characters)."""
    if field not in ("topic", "purpose"):
        raise ActionError(f"Unknown channel field {field!r}.")
    ch = _require_member(state, cid, user, f"change its {field}")
    if ch["archived"]:
        raise ActionError(f"#{ch['name']} is archived; unarchive it to change its {field}.")
    value = " ".join(value.split())
    if len(value) > 250:
        raise ActionError(f"The {field} can be at most 250 characters.")
    ch[field] = value


def set_archived(state: State, cid: str, user: str, archived: bool) -> None:
    ch = _channel(state, cid)
    if not can_view(state, cid, user):
        raise ActionError("You can't change this channel.")
    if archived and user not in ch["members"]:
        raise ActionError(f"Only members of #{ch['name']} can archive it.")
    if ch["archived"] == archived:
        raise ActionError(f"#{ch['name']} is already {'archived' if archived else 'active'}.")
    ch["archived"] = archived


def join_channel(state: State, cid: str, user: str) -> None:
    ch = _channel(state, cid)
    if ch["isPrivate"]:
        raise ActionError("Private channels can only be joined by invitation.")
    if ch["archived"]:
        raise ActionError(f"#{ch['name']} is archived.")
    if user not in ch["members"]:
        ch["members"].append(user)


def leave_channel(state: State, cid: str, user: str) -> None:
    ch = _channel(state, cid)
    if user not in ch["members"]:
        raise ActionError(f"You are not a member of #{ch['name']}.")
    ch["members"].remove(user)


def add_members(state: State, cid: str, user: str, new_members: list[str]) -> None:
    ch = _require_member(state, cid, user, "add people")
    if ch["archived"]:
        raise ActionError(f"#{ch['name']} is archived.")
    if not new_members:
        raise ActionError("Pick at least one person to add.")
    for uid in new_members:
        if uid not in state["users"]:
            raise ActionError(f"Unknown user {uid!r}.")
        if uid not in ch["members"]:
            ch["members"].append(uid)


# -- people and DMs -----------------------------------------------------------------------------
def open_dm(state: State, user: str, others: list[str], now: datetime | None = None) -> str:
    """The DM between ``user`` and ``others`` (created if new); returns its id."""
    for uid in others:
        if uid not in state["users"]:
            raise ActionError(f"Unknown user {uid!r}.")
    members = [user, *sorted({u for u in others if u != user})]
    if len(members) < 2:
        raise ActionError("Pick at least one other person.")
    if len(members) > 9:
        raise ActionError("Group messages can have at most 9 people.")
    wanted = frozenset(members)
    for did, dm in state["dms"].items():
        if frozenset(dm["members"]) == wanted:
            return did  # type: ignore[no-any-return]
    handles = sorted(str(u).removeprefix("u-") for u in members)
    base = "d-" + "-".join(re.sub(r"[^A-Za-z0-9_-]", "", h) for h in handles)
    did, n = base[:60], 1
    while did in state["dms"] or did in state["channels"]:
        n += 1
        did = f"{base[:56]}-{n}"
    state["dms"][did] = {"id": did, "members": members, "createdAt": format_ts(_now(now))}
    return did


def switch_user(state: State, uid: str) -> None:
    if uid not in state["users"]:
        raise ActionError(f"Unknown user {uid!r}.")
    state["currentUser"] = uid


def update_profile(
    state: State, user: str, display_name: str, title: str, status_text: str
) -> None:
    display_name = " ".join(display_name.split())
    if not display_name:
        raise ActionError("Display name can't be empty.")
    if len(display_name) > 80 or len(title) > 120 or len(status_text) > 100:
        raise ActionError("Display name, title or status is too long.")
    profile = state["users"][user]
    profile["displayName"] = display_name
    profile["title"] = " ".join(title.split())
    profile["statusText"] = " ".join(status_text.split())

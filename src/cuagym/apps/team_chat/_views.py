"""View models: what templates show, derived from the state (never stored).

Unread counts, display names, message grouping, local times and the message text markup are
computed here so templates stay declarative and every screen derives them the same way.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from markupsafe import Markup, escape

from cuagym.apps.team_chat._ops import can_view
from cuagym.apps.team_chat._schema import EMOJI, EMOJI_NAMES
from cuagym.apps.webkit import parse_ts

__all__ = [
    "conversation_title",
    "initials",
    "message_rows",
    "render_text",
    "shell",
    "thread_rows",
    "user_view",
]

State = dict[str, Any]
_UNKNOWN_USER = {
    "id": "",
    "name": "unknown",
    "displayName": "Unknown user",
    "title": "",
    "email": "",
    "timezone": "UTC",
    "avatarColor": "#6b7280",
    "statusText": "",
    "isAdmin": False,
}
_MENTION = re.compile(r"(?<![\w.])@([a-z0-9._-]+[a-z0-9])")
_URL = re.compile(r"\bhttps?://[^\s<>\"']+[^\s<>\"'.,;:!?)]")
_CODE = re.compile(r"`([^`\n]+)`")
_GROUP_SECONDS = 5 * 60


def initials(name: str) -> str:
    parts = [p for p in re.split(r"[\s._-]+", name) if p]
    return "".join(p[0] for p in parts[:2]).upper() or "?"


def user_view(state: State, uid: str) -> dict[str, Any]:
    user = dict(state["users"].get(uid, {**_UNKNOWN_USER, "id": uid}))
    user["initials"] = initials(user["displayName"])
    return user


def _zone(state: State) -> ZoneInfo:
    tz = state["users"].get(state["currentUser"], {}).get("timezone", "UTC")
    try:
        return ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):  # tzdata missing or an odd name: show UTC
        return ZoneInfo("UTC")


def _clock(moment: datetime) -> str:
    return f"{moment.hour % 12 or 12}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"


def _day(moment: datetime) -> str:
    return f"{moment:%A}, {moment:%B} {moment.day}, {moment.year}"


def render_text(state: State, text: str) -> Markup:
    """Escape ``text`` and mark up @mentions of known users, links and `code`."""
    handles = {u["name"]: u for u in state["users"].values()}
    out: list[str] = []
    pos = 0
    pattern = re.compile(f"{_URL.pattern}|{_MENTION.pattern}|{_CODE.pattern}")
    for m in pattern.finditer(text):
        out.append(str(escape(text[pos : m.start()])))
        token = m.group(0)
        if token.startswith("@") and m.group(1) in handles:
            out.append(f'<span class="mention" data-testid="mention">@{escape(m.group(1))}</span>')
        elif token.startswith("`"):
            out.append(f"<code>{escape(m.group(2))}</code>")
        elif token.startswith("http"):
            out.append(f'<a href="{escape(token)}" rel="noopener noreferrer">{escape(token)}</a>')
        else:
            out.append(str(escape(token)))
        pos = m.end()
    out.append(str(escape(text[pos:])))
    return Markup("".join(out))


def _is_unread(msg: dict[str, Any], seen: str | None, me: str) -> bool:
    if msg["threadParent"] is not None or msg["sender"] == me:
        return False
    return seen is None or parse_ts(msg["ts"]) > parse_ts(seen)


def unread_count(state: State, conv: str) -> int:
    me = state["currentUser"]
    seen = state["ui"]["lastViewedAt"].get(me, {}).get(conv)
    return sum(_is_unread(m, seen, me) for m in state["messages"].get(conv, []))


def conversation_title(state: State, conv: str) -> str:
    """``general`` for a channel; the other members' display names for a DM."""
    if conv in state["channels"]:
        return str(state["channels"][conv]["name"])
    me = state["currentUser"]
    members = state["dms"][conv]["members"]
    others = [m for m in members if m != me] or members
    return ", ".join(user_view(state, m)["displayName"] for m in others)


def shell(state: State, active: str | None = None) -> dict[str, Any]:
    """Context every screen needs: workspace, current user, sidebar entries."""
    me = state["currentUser"]
    channels = sorted(
        (c for c in state["channels"].values() if me in c["members"] and not c["archived"]),
        key=lambda c: c["name"],
    )
    dms = [d for d in state["dms"].values() if me in d["members"]]
    dms.sort(key=lambda d: conversation_title(state, d["id"]).lower())
    return {
        "workspace": state["workspace"],
        "me": user_view(state, me),
        "users": state["users"],
        "emoji": EMOJI,
        "emoji_names": EMOJI_NAMES,
        "active": active,
        "side_channels": [{**c, "unread": unread_count(state, c["id"])} for c in channels],
        "side_dms": [
            {
                "id": d["id"],
                "title": conversation_title(state, d["id"]),
                "others": [user_view(state, m) for m in d["members"] if m != me][:2],
                "group": len(d["members"]) > 2,
                "unread": unread_count(state, d["id"]),
            }
            for d in dms
        ],
    }


def _reactions(state: State, msg: dict[str, Any], me: str) -> list[dict[str, Any]]:
    return [
        {
            "emoji": r["emoji"],
            "char": EMOJI.get(r["emoji"], r["emoji"]),
            "count": len(r["users"]),
            "mine": me in r["users"],
            "names": ", ".join(user_view(state, u)["displayName"] for u in r["users"]),
        }
        for r in msg["reactions"]
    ]


def _row(state: State, msg: dict[str, Any], zone: ZoneInfo) -> dict[str, Any]:
    me = state["currentUser"]
    local = parse_ts(msg["ts"]).astimezone(zone)
    return {
        "id": msg["id"],
        "sender": user_view(state, msg["sender"]),
        "html": render_text(state, msg["text"]),
        "text": msg["text"],
        "ts": msg["ts"],
        "time": _clock(local),
        "full_time": f"{_day(local)} at {_clock(local)}",
        "edited": msg["edited"],
        "pinned": msg["pinned"],
        "own": msg["sender"] == me,
        "reactions": _reactions(state, msg, me),
        "attachments": [
            {**a, "is_image": a["contentType"].startswith("image/"), "label": _size(a["size"])}
            for a in msg["attachments"]
        ],
        "thread_parent": msg["threadParent"],
        "local": local,
    }


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.0f} KB"
    return f"{n / (1024 * 1024):.1f} MB"


def _group(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Mark day changes and collapse consecutive messages of one sender within 5 minutes."""
    prev: dict[str, Any] | None = None
    for row in rows:
        day = _day(row["local"])
        row["day"] = day if prev is None or _day(prev["local"]) != day else None
        row["continued"] = (
            prev is not None
            and row["day"] is None
            and prev["sender"]["id"] == row["sender"]["id"]
            and (row["local"] - prev["local"]).total_seconds() < _GROUP_SECONDS
        )
        prev = row
    return rows


def message_rows(state: State, conv: str) -> list[dict[str, Any]]:
    """Top-level messages of a conversation with thread summaries, ready for the template."""
    zone = _zone(state)
    msgs = state["messages"].get(conv, [])
    replies: dict[str, list[dict[str, Any]]] = {}
    for m in msgs:
        if m["threadParent"] is not None:
            replies.setdefault(m["threadParent"], []).append(m)
    rows = []
    for m in msgs:
        if m["threadParent"] is not None:
            continue
        row = _row(state, m, zone)
        thread = replies.get(m["id"], [])
        row["reply_count"] = len(thread)
        if thread:
            row["last_reply"] = _clock(parse_ts(thread[-1]["ts"]).astimezone(zone))
            seen: list[str] = []
            for r in thread:
                if r["sender"] not in seen:
                    seen.append(r["sender"])
            row["repliers"] = [user_view(state, u) for u in seen[:4]]
        rows.append(row)
    return _group(rows)


def thread_rows(
    state: State, conv: str, parent_id: str
) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """The parent row and its replies, or None when the parent is not a top-level message."""
    zone = _zone(state)
    msgs = state["messages"].get(conv, [])
    parent = next((m for m in msgs if m["id"] == parent_id), None)
    if parent is None or parent["threadParent"] is not None:
        return None
    replies = [_row(state, m, zone) for m in msgs if m["threadParent"] == parent_id]
    for r in replies:  # no day separators inside a thread; grouping still applies
        r["day"] = None
    prev: dict[str, Any] | None = None
    for r in replies:
        r["continued"] = (
            prev is not None
            and prev["sender"]["id"] == r["sender"]["id"]
            and (r["local"] - prev["local"]).total_seconds() < _GROUP_SECONDS
        )
        prev = r
    head = _row(state, parent, zone)
    head["day"], head["continued"] = None, False
    return head, replies


def search_messages(state: State, query: str) -> list[dict[str, Any]]:
    """Messages visible to the current user matching ``query``, newest first.

    Words must all occur (case-insensitive); ``from:@handle`` and ``in:#channel`` filter.
    """
    me = state["currentUser"]
    words: list[str] = []
    sender: str | None = None
    where: str | None = None
    for token in query.split():
        low = token.lower()
        if low.startswith("from:"):
            handle = low[5:].lstrip("@")
            sender = next((u["id"] for u in state["users"].values() if u["name"] == handle), "?")
        elif low.startswith("in:"):
            name = low[3:].lstrip("#")
            where = next((c["id"] for c in state["channels"].values() if c["name"] == name), "?")
        else:
            words.append(low)
    zone = _zone(state)
    hits = []
    for conv, msgs in state["messages"].items():
        if (where is not None and conv != where) or not can_view(state, conv, me):
            continue
        for m in msgs:
            text = m["text"].lower()
            if sender is not None and m["sender"] != sender:
                continue
            if not all(w in text for w in words):
                continue
            row = _row(state, m, zone)
            row["conv"] = conv
            row["conv_title"] = conversation_title(state, conv)
            row["is_channel"] = conv in state["channels"]
            row["day_label"] = _day(row["local"])
            hits.append(row)
    hits.sort(key=lambda r: r["local"], reverse=True)
    return hits

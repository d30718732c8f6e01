"""The seed: the state of a team-chat session that no task has written.

A fictional 12-person company, Larkspur Labs, during one working week (2025-03-03 .. 03-07, UTC).
Everything is literal data: no randomness, no clock, so every session, test and task starts
from byte-identical state. :func:`build_seed` returns a fresh deep structure on each call.
"""

from __future__ import annotations

from typing import Any

from cuagym.apps.team_chat._seed_messages import CONVERSATIONS, SeedMessage

__all__ = ["CURRENT_USER", "build_seed"]

CURRENT_USER = "u-jonah"

# (short, handle, display name, title, timezone, colour, admin, status)
# fmt: off
_USERS: list[tuple[str, str, str, str, str, str, bool, str]] = [
    ("sam", "sam.fischer", "Sam Fischer", "CEO & Co-founder", "America/Los_Angeles",
     "#7a4fb5", True, ""),
    ("maya", "maya.chen", "Maya Chen", "Head of Product", "America/Los_Angeles",
     "#c2410c", True, "Roadmap reviews all week"),
    ("tomas", "tomas.reyes", "Tomás Reyes", "Engineering Manager", "America/Chicago",
     "#0f766e", False, ""),
    ("priya", "priya.nair", "Priya Nair", "Senior Backend Engineer", "Europe/London",
     "#b45309", False, "Heads down on the import pipeline"),
    ("jonah", "jonah.weiss", "Jonah Weiss", "Frontend Engineer", "America/New_York",
     "#2563eb", False, ""),
    ("amara", "amara.okafor", "Amara Okafor", "Product Designer", "Europe/London",
     "#be185d", False, "Prototyping"),
    ("liam", "liam.oconnor", "Liam O'Connor", "Sales Lead", "America/New_York",
     "#15803d", False, "On the road - slow replies"),
    ("sofia", "sofia.lindqvist", "Sofia Lindqvist", "Customer Success Manager",
     "Europe/Stockholm", "#9333ea", False, ""),
    ("kenji", "kenji.tanaka", "Kenji Tanaka", "Data Scientist", "Asia/Tokyo",
     "#0369a1", False, ""),
    ("rachel", "rachel.adeyemi", "Rachel Adeyemi", "People Operations Lead",
     "America/Los_Angeles", "#a16207", False, "Out Friday"),
    ("arjun", "arjun.mehta", "Arjun Mehta", "DevOps Engineer", "Asia/Kolkata",
     "#4d7c0f", False, "On call this week"),
    ("elena", "elena.rossi", "Elena Rossi", "Marketing Manager", "Europe/Rome",
     "#db2777", False, ""),
]
# fmt: on
_ALL = [u[0] for u in _USERS]

# (short id, name, topic, purpose, private, archived, creator, created, members)
# fmt: off
_CHANNELS: list[tuple[str, str, str, str, bool, bool, str, str, list[str]]] = [
    ("general", "general", "Company-wide announcements. Q1 all-hands: Thu Mar 6, 17:00 UTC",
     "Announcements and work-based matters for the whole company.", False, False, "sam",
     "2023-09-04T16:00:00Z", _ALL),
    ("random", "random", "Lunch spots, pets, and everything else",
     "A place for non-work banter and water-cooler conversation.", False, False, "sam",
     "2023-09-04T16:01:00Z", [u for u in _ALL if u not in ("rachel",)]),
    ("engineering", "engineering", "Sprint 14 ends Fri Mar 14 - on call: @arjun.mehta",
     "Engineering discussion, reviews and release coordination.", False, False, "tomas",
     "2023-09-11T15:20:00Z", ["tomas", "priya", "jonah", "kenji", "arjun", "maya"]),
    ("design", "design", "Dock scheduler redesign - feedback by Wednesday",
     "Design critiques, prototypes and the component library.", False, False, "amara",
     "2023-10-02T10:05:00Z", ["amara", "jonah", "maya", "elena"]),
    ("customer-feedback", "customer-feedback", "Quotes and requests straight from customers",
     "Share what customers tell us, tag the product area.", False, False, "sofia",
     "2024-01-15T09:30:00Z", ["sofia", "liam", "maya", "amara", "sam", "kenji"]),
    ("incidents", "incidents", "No open incidents",
     "Production alerts and incident coordination. Post a summary when resolved.", False,
     False, "arjun", "2024-02-20T06:45:00Z", ["arjun", "priya", "tomas", "jonah"]),
    ("leadership", "leadership", "Weekly sync Mondays 16:00 UTC",
     "Leadership team planning. Private.", True, False, "sam", "2023-09-05T18:00:00Z",
     ["sam", "maya", "tomas", "rachel"]),
    ("offsite-2024", "offsite-2024", "Lisbon, Oct 14-16 - thanks everyone!",
     "Planning the 2024 team offsite.", False, True, "rachel", "2024-06-03T17:00:00Z",
     ["rachel", "sam", "maya", "jonah", "amara", "elena", "liam"]),
]

# fmt: on

# (dm id, members, created)
_DMS: list[tuple[str, list[str], str]] = [
    ("d-jonah-priya", ["jonah", "priya"], "2023-10-12T14:00:00Z"),
    ("d-amara-jonah", ["amara", "jonah"], "2023-11-02T11:30:00Z"),
    ("d-jonah-tomas", ["tomas", "jonah"], "2023-09-12T15:00:00Z"),
    ("d-amara-jonah-maya", ["maya", "amara", "jonah"], "2024-05-21T16:10:00Z"),
    ("d-maya-sam", ["sam", "maya"], "2023-09-04T16:30:00Z"),
]

# What the current user has already read: conversation -> number of trailing top-level
# messages still unread when the session starts (gives the sidebar realistic unread badges).
_UNREAD_TAIL = {"random": 3, "engineering": 4, "customer-feedback": 2, "d-jonah-priya": 1}


def _uid(short: str) -> str:
    return f"u-{short}"


def _conv_id(key: str) -> str:
    return key if key.startswith("d-") else f"c-{key}"


def _flatten(conv: str, items: list[SeedMessage], counter: list[int]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    def emit(m: SeedMessage, parent: str | None) -> str:
        counter[0] += 1
        mid = f"m-{counter[0]:04d}"
        out.append(
            {
                "id": mid,
                "sender": _uid(m.who),
                "text": m.text,
                "ts": f"2025-{m.when.replace(' ', 'T')}:00Z",
                "threadParent": parent,
                "reactions": [
                    {"emoji": e, "users": [_uid(u) for u in who]} for e, who in m.react.items()
                ],
                "attachments": [dict(a) for a in m.files],
                "edited": m.edited is not None,
                "editedAt": f"2025-{m.edited.replace(' ', 'T')}:00Z" if m.edited else None,
                "pinned": m.pinned,
            }
        )
        return mid

    for m in items:
        mid = emit(m, None)
        for r in m.replies:
            emit(r, mid)
    # ISO strings of one fixed format sort chronologically; sorted() is stable, so a parent
    # keeps its place before replies that share its minute.
    return sorted(out, key=lambda msg: msg["ts"])


def build_seed() -> dict[str, Any]:
    """A fresh copy of the seed state (JSON-ready, camelCase keys)."""
    users = {
        _uid(s): {
            "id": _uid(s),
            "name": handle,
            "displayName": display,
            "title": title,
            "email": f"{handle}@larkspur.example",
            "timezone": tz,
            "avatarColor": colour,
            "statusText": status,
            "isAdmin": admin,
        }
        for s, handle, display, title, tz, colour, admin, status in _USERS
    }
    channels: dict[str, dict[str, Any]] = {
        f"c-{s}": {
            "id": f"c-{s}",
            "name": name,
            "topic": topic,
            "purpose": purpose,
            "isPrivate": private,
            "archived": archived,
            "createdBy": _uid(creator),
            "createdAt": created,
            "members": [_uid(u) for u in members],
        }
        for s, name, topic, purpose, private, archived, creator, created, members in _CHANNELS
    }
    dms = {
        did: {"id": did, "members": [_uid(u) for u in members], "createdAt": created}
        for did, members, created in _DMS
    }
    counter = [0]
    messages = {
        _conv_id(key): _flatten(_conv_id(key), items, counter)
        for key, items in CONVERSATIONS.items()
    }
    last_viewed: dict[str, str] = {}
    for conv, msgs in messages.items():
        if conv in channels and _uid("jonah") not in channels[conv]["members"]:
            continue
        if conv in dms and _uid("jonah") not in dms[conv]["members"]:
            continue
        top = [m for m in msgs if m["threadParent"] is None]
        unread = _UNREAD_TAIL.get(conv.removeprefix("c-"), 0)
        seen = top[-unread - 1] if unread < len(top) else None
        if seen is not None:
            last_viewed[conv] = seen["ts"]
    return {
        "workspace": {"name": "Larkspur Labs", "slug": "larkspur"},
        "currentUser": CURRENT_USER,
        "users": users,
        "channels": channels,
        "dms": dms,
        "messages": messages,
        "ui": {"lastConversation": "c-general", "lastViewedAt": {CURRENT_USER: last_viewed}},
    }

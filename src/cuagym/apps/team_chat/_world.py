"""The Generator's task worlds: the seed, varied per task, with the task's entities injected.

Every task starts from the seed company but not from the same bytes: the workspace's name,
the week the conversations happened, which chatter survived and who is signed in all vary with
``family_rng(task, "world")``, so an agent cannot learn one world by heart. A family then
injects what its context promises (a message to react to, a channel to join, ...) with the
helpers below, and :func:`finish` fills the volatile read markers for the signed-in person.
"""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta
from typing import Any

from cuagym.apps.team_chat._ops import format_ts
from cuagym.apps.team_chat._seed import _USERS, build_seed
from cuagym.apps.webkit import parse_ts

__all__ = [
    "ACTIVE_CHANNELS",
    "ADMINS",
    "DISPLAY",
    "FIRST",
    "HANDLES",
    "PERSONAS",
    "State",
    "add_message",
    "base_world",
    "channel_id",
    "days_before_newest",
    "ensure_member",
    "finish",
    "gold_now",
    "uid_of",
]

State = dict[str, Any]

#: uid -> display name, for samplers: they name people without building a world.
DISPLAY: dict[str, str] = {f"u-{u[0]}": u[2] for u in _USERS}
FIRST: dict[str, str] = {uid: name.split()[0] for uid, name in DISPLAY.items()}
#: display name -> the handle a person types to mention them (``@maya.chen``).
HANDLES: dict[str, str] = {u[2]: u[1] for u in _USERS}
ADMINS: tuple[str, ...] = tuple(f"u-{u[0]}" for u in _USERS if u[6])
#: who a task may be signed in as: non-admins, so admin-only actions stay a deliberate step.
PERSONAS: tuple[str, ...] = tuple(f"u-{u[0]}" for u in _USERS if not u[6])
#: the seed's public, active channels (names; the ids are ``c-<name>``).
ACTIVE_CHANNELS: tuple[str, ...] = (
    "general",
    "random",
    "engineering",
    "design",
    "customer-feedback",
    "incidents",
)

# Fictional companies only (neutral branding); (name, slug).
_COMPANIES: tuple[tuple[str, str], ...] = (
    ("Larkspur Labs", "larkspur"),
    ("Northgate Freight", "northgate"),
    ("Brightwater Logistics", "brightwater"),
    ("Halcyon Docks", "halcyon"),
    ("Tidewell Shipping", "tidewell"),
    ("Copperline Transit", "copperline"),
    ("Fernbrook Cargo", "fernbrook"),
)
# Chance that one droppable seed message (top-level, no replies, not pinned) is left out.
_DROP = 0.15


def uid_of(display_name: str) -> str:
    return next(uid for uid, name in DISPLAY.items() if name == display_name)


def channel_id(state: State, name: str) -> str:
    return str(next(c["id"] for c in state["channels"].values() if c["name"] == name))


def _shift(ts: str, delta: timedelta) -> str:
    return format_ts(parse_ts(ts) + delta)


def base_world(rng: random.Random, me: str) -> State:
    """The seed, varied: company, dates, surviving chatter; ``me`` is signed in."""
    state = build_seed()
    company, slug = rng.choice(_COMPANIES)
    first_word = company.split()[0]
    state["workspace"] = {"name": company, "slug": slug}
    for user in state["users"].values():
        user["email"] = user["email"].replace("@larkspur.", f"@{slug}.")
    # Whole years of whole weeks: the messages' weekdays ("Thursday at 17:00") stay true and
    # their dates ("March 20", "Q1") stay within a day or two of the timestamps.
    delta = timedelta(weeks=52 * rng.randrange(0, 3))
    for ch in state["channels"].values():
        ch["createdAt"] = _shift(ch["createdAt"], delta)
    for dm in state["dms"].values():
        dm["createdAt"] = _shift(dm["createdAt"], delta)
    for conv, msgs in state["messages"].items():
        parents = {m["threadParent"] for m in msgs}
        kept = []
        for m in msgs:
            droppable = m["threadParent"] is None and m["id"] not in parents and not m["pinned"]
            if droppable and rng.random() < _DROP:
                continue
            m["ts"] = _shift(m["ts"], delta)
            if m["editedAt"] is not None:
                m["editedAt"] = _shift(m["editedAt"], delta)
            text = re.sub(r"\bLarkspurian\b", "team member", m["text"])
            m["text"] = re.sub(r"\bLarkspur\b", first_word, text)
            kept.append(m)
        state["messages"][conv] = kept
    state["currentUser"] = me
    _own_dms(state, me, rng)
    return state


# Short 1:1 exchanges: (their opener, your answer).
_CHATTER: tuple[tuple[str, str], ...] = (
    ("Do you have a minute to look at the dock report?", "Sure, sending comments in 10."),
    ("Thanks for the help with the demo yesterday!", "Anytime :)"),
    ("Are we still on for our 1:1 this week?", "Yes, same time as usual."),
    ("Could you share the notes from the customer call?", "Posted them in the shared folder."),
)


def _own_dms(state: State, me: str, rng: random.Random) -> None:
    """Give a persona other than the seed's a DM history of its own (the seed has Jonah's)."""
    mine = sum(me in dm["members"] for dm in state["dms"].values())
    others = [u for u in state["users"] if u != me]
    for other in rng.sample(others, max(0, 2 - mine)):
        pair = sorted(u.removeprefix("u-") for u in (me, other))
        did = f"d-{pair[0]}-{pair[1]}"
        if did in state["dms"]:
            continue
        state["dms"][did] = {"id": did, "members": [me, other], "createdAt": ""}
        state["dms"][did]["createdAt"] = days_before_newest(state, rng.randrange(3, 9))
        opener, answer = rng.choice(_CHATTER)
        add_message(state, did, other, opener, minutes=rng.randrange(30, 300))
        add_message(state, did, me, answer, minutes=rng.randrange(2, 20))


def ensure_member(state: State, cid: str, uid: str) -> None:
    if uid not in state["channels"][cid]["members"]:
        state["channels"][cid]["members"].append(uid)


def _newest(state: State, conv: str) -> datetime | None:
    msgs = state["messages"].get(conv, [])
    return max((parse_ts(m["ts"]) for m in msgs), default=None)


def _next_id(state: State) -> str:
    numbers = [
        int(m["id"][2:])
        for msgs in state["messages"].values()
        for m in msgs
        if re.fullmatch(r"m-\d+", m["id"])
    ]
    return f"m-{max(numbers, default=0) + 1:04d}"


def add_message(
    state: State,
    conv: str,
    sender: str,
    text: str,
    *,
    minutes: int = 7,
    parent: str | None = None,
    reactions: dict[str, list[str]] | None = None,
    pinned: bool = False,
) -> str:
    """Append a message ``minutes`` after the conversation's newest one; returns its id."""
    newest = _newest(state, conv)
    if newest is None:
        created = state["channels"].get(conv) or state["dms"][conv]
        newest = parse_ts(created["createdAt"])
    mid = _next_id(state)
    state["messages"].setdefault(conv, []).append(
        {
            "id": mid,
            "sender": sender,
            "text": text,
            "ts": format_ts(newest + timedelta(minutes=minutes)),
            "threadParent": parent,
            "reactions": [{"emoji": e, "users": list(u)} for e, u in (reactions or {}).items()],
            "attachments": [],
            "edited": False,
            "editedAt": None,
            "pinned": pinned,
        }
    )
    return mid


def days_before_newest(state: State, days: int) -> str:
    """A timestamp ``days`` before the world's newest message (for injected channels)."""
    return format_ts(gold_now(state) - timedelta(hours=1, days=days))


def gold_now(state: State) -> datetime:
    """The moment the golden patch acts: an hour after the world's newest message."""
    newest = max(parse_ts(m["ts"]) for msgs in state["messages"].values() for m in msgs)
    return newest + timedelta(hours=1)


def finish(state: State, rng: random.Random) -> State:
    """Fill the volatile ``ui`` block: what the signed-in person has read (unread badges)."""
    me = state["currentUser"]
    seen: dict[str, str] = {}
    for conv, msgs in state["messages"].items():
        ch = state["channels"].get(conv)
        members = ch["members"] if ch else state["dms"][conv]["members"]
        if me not in members or (ch is not None and ch["archived"]):
            continue
        top = [m for m in msgs if m["threadParent"] is None]
        unread = rng.choice((0, 0, 0, 1, 2, 3))
        if unread < len(top):
            seen[conv] = top[-unread - 1]["ts"]
    state["ui"] = {"lastConversation": None, "lastViewedAt": {me: seen}}
    return state

"""World builders: valid mail states made from the seed mailbox.

A world is the seed with some conversations dropped and some flags flipped (the ``rng``
decides which, so each caller's world is its own and reproducible), and entities injected
with :func:`add_thread` and :func:`add_contact`. People and dates come from
:mod:`cuagym.apps.mail.pools` and never collide with seed content.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from cuagym.apps.mail._ops import new_id
from cuagym.apps.mail._seed import build_seed
from cuagym.apps.mail.pools import FIRST, LAST

__all__ = [
    "WORLD_NOW",
    "add_contact",
    "add_thread",
    "march_date",
    "person",
    "pick_people",
    "varied_seed",
]

State = dict[str, Any]
#: the present of every world: after its newest message (when a solved world's mail is sent).
WORLD_NOW = datetime(2025, 3, 14, 21, 30, tzinfo=UTC)


def person(first: str, last: str, domain: str) -> dict[str, str]:
    return {"name": f"{first} {last}", "email": f"{first.lower()}.{last.lower()}@{domain}"}


def pick_people(
    rng: random.Random, n: int, domain_of: Callable[[int], str]
) -> list[dict[str, str]]:
    """``n`` distinct people; ``domain_of(i)`` gives the i-th person's mail domain."""
    firsts = rng.sample(FIRST, n)
    lasts = rng.sample(LAST, n)
    return [
        person(f, la, domain_of(i)) for i, (f, la) in enumerate(zip(firsts, lasts, strict=True))
    ]


def varied_seed(rng: random.Random) -> State:
    """The seed with some conversations dropped and some flags flipped, as ``rng`` draws."""
    state = build_seed()
    tids = sorted(state["threads"])
    for tid in rng.sample(tids, rng.randint(2, 7)):
        del state["threads"][tid]
        for mid in [m for m, msg in state["messages"].items() if msg["threadId"] == tid]:
            del state["messages"][mid]
    inbox = sorted(t for t, th in state["threads"].items() if th["folder"] == "inbox")
    for tid in rng.sample(inbox, min(3, len(inbox))):
        state["threads"][tid]["unread"] = not state["threads"][tid]["unread"]
    return state


def add_thread(
    state: State,
    sender: dict[str, str],
    subject: str,
    body: str,
    date: str,
    *,
    folder: str = "inbox",
    unread: bool = False,
    starred: bool = False,
    labels: tuple[str, ...] = (),
    attachments: tuple[dict[str, Any], ...] = (),
    cc: tuple[dict[str, str], ...] = (),
) -> str:
    """Inject a one-message conversation sent to the account owner; returns its thread id."""
    tid = new_id(state, "threads", "t")
    state["threads"][tid] = {
        "id": tid,
        "folder": folder,
        "labels": list(labels),
        "starred": starred,
        "unread": unread,
        "snoozedUntil": None,
    }
    mid = new_id(state, "messages", "m")
    me = state["account"]
    state["messages"][mid] = {
        "id": mid,
        "threadId": tid,
        "from": dict(sender),
        "to": [{"name": me["name"], "email": me["email"]}],
        "cc": [dict(c) for c in cc],
        "bcc": [],
        "subject": subject,
        "body": body,
        "date": date,
        "attachments": [dict(a) for a in attachments],
        "isDraft": False,
    }
    return tid


def add_contact(state: State, who: dict[str, str], company: str, groups: list[str]) -> str:
    cid = new_id(state, "contacts", "ct")
    state["contacts"][cid] = {
        "id": cid,
        "name": who["name"],
        "email": who["email"],
        "company": company,
        "phone": "",
        "groups": list(groups),
        "notes": "",
    }
    return cid


def march_date(rng: random.Random) -> str:
    """A weekday moment in 2025-03-10 .. 03-14 (the seed's second week)."""
    return (
        f"2025-03-{rng.randint(10, 14):02d}T{rng.randint(13, 22):02d}:{rng.randint(0, 59):02d}:00Z"
    )

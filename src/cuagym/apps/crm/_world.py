"""World builders: valid crm states made from the seed CRM.

A world is the seed varied by an ``rng`` (some leads and their history removed, open deal
amounts rescaled), so each caller's world is its own and reproducible; records the caller will
build on (``protect``) are left alone. :func:`phone` and :func:`long_date` write an injected
person's number and a date the way the seed's people write them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import UTC, date, datetime
from typing import Any

from cuagym.apps.crm._seed import build_seed

__all__ = ["WORLD_NOW", "long_date", "phone", "varied_seed"]

State = dict[str, Any]
#: the present of every world: after its newest record (new records' createdAt).
WORLD_NOW = datetime(2026, 12, 1, 15, 0, tzinfo=UTC)


def varied_seed(rng: random.Random, protect: Iterable[str] = ()) -> State:
    """The seed as ``rng`` varies it: fewer leads, other deal sizes; ``protect`` ids kept."""
    state = build_seed()
    keep = set(protect)
    droppable = sorted(lid for lid in state["leads"] if lid not in keep)
    for lid in rng.sample(droppable, k=rng.randint(3, 9)):
        _drop(state, "lead", lid)
    for oid, opp in state["opportunities"].items():
        if oid in keep or opp["stage"].startswith("Closed") or opp["amountCents"] is None:
            continue
        factor = rng.choice([0.75, 0.8, 0.9, 1.0, 1.1, 1.2, 1.25, 1.5])
        opp["amountCents"] = round(opp["amountCents"] * factor / 50_000) * 50_000
    state["ui"] = {"recentItems": []}
    return state


def _drop(state: State, kind: str, rid: str) -> None:
    collection = {"lead": "leads", "opportunity": "opportunities"}[kind]
    del state[collection][rid]
    for attached in ("activities", "notes"):
        for key in [k for k, v in state[attached].items() if (v["relatedType"], v["relatedId"])
                    == (kind, rid)]:  # fmt: skip
            del state[attached][key]


def phone(rng: random.Random) -> str:
    area = rng.choice(["312", "646", "415", "737", "206", "617"])
    return f"({area}) 555-{rng.randint(100, 199):04d}"


def long_date(iso: str) -> str:
    """``2027-03-31`` -> ``March 31, 2027``."""
    day = date.fromisoformat(iso)
    return f"{day:%B} {day.day}, {day.year}"

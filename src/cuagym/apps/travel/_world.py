"""World builders: valid travel states made from the seed.

A world is the seed varied by an ``rng`` (fares repriced a little, seats left shuffled), so each
task's world is its own and reproducible; flights the task builds on (``protect``: flight ids)
keep the seed's prices.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import UTC, date, datetime
from typing import Any

from cuagym.apps.travel._seed import build_seed

__all__ = ["WORLD_NOW", "long_date", "varied_seed"]

State = dict[str, Any]
#: the present of every world: after its newest record (new records' timestamps)
WORLD_NOW = datetime(2026, 12, 4, 16, 0, tzinfo=UTC)


def varied_seed(rng: random.Random, protect: Iterable[str] = ()) -> State:
    """The seed as ``rng`` varies it: fares a few dollars up or down, other seat counts."""
    state = build_seed()
    keep = set(protect)
    booked = {b["flightId"] for b in state["bookings"].values() if b["flightId"]}
    for fid, flight in sorted(state["flights"].items()):
        if fid in keep:
            continue
        for brand, offer in sorted(flight["fares"].items()):
            if fid not in booked:
                offer["priceCents"] = max(offer["priceCents"] + 1000 * rng.randint(-2, 2), 5900)
            if brand != "saver":
                offer["seatsLeft"] = max(1, offer["seatsLeft"] + rng.randint(-2, 2))
    return state


def long_date(iso: str) -> str:
    """``2026-12-08`` -> ``December 8, 2026``."""
    day = date.fromisoformat(iso)
    return f"{day:%B} {day.day}, {day.year}"

"""World builders: valid shop states made from the seed store.

A world is the seed varied by an ``rng`` (stock levels shuffled a little, some old comments
dropped), so each task's world is its own and reproducible; records the task builds on
(``protect``: variant or order ids) are left alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import UTC, date, datetime
from typing import Any

from cuagym.apps.shop._seed import build_seed

__all__ = ["WORLD_NOW", "long_date", "varied_seed"]

State = dict[str, Any]
#: the present of every world: after its newest record (new records' timestamps)
WORLD_NOW = datetime(2026, 12, 1, 15, 0, tzinfo=UTC)


def varied_seed(rng: random.Random, protect: Iterable[str] = ()) -> State:
    """The seed as ``rng`` varies it: other stock counts, fewer comments; ``protect`` kept."""
    state = build_seed()
    keep = set(protect)
    for vid, variant in sorted(state["variants"].items()):
        if vid in keep or variant["stock"] <= state["store"]["lowStockThreshold"]:
            continue  # low stock stays low: tasks and the dashboard read it
        variant["stock"] = max(6, variant["stock"] + rng.randint(-4, 6))
    comments = sorted(c for c, v in state["comments"].items() if v["orderId"] not in keep)
    for cid in rng.sample(comments, k=rng.randint(2, 8)):
        del state["comments"][cid]
    return state


def long_date(iso: str) -> str:
    """``2027-03-31`` -> ``March 31, 2027``."""
    day = date.fromisoformat(iso)
    return f"{day:%B} {day.day}, {day.year}"

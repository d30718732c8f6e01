"""World builders: valid expense states made from the seed company.

A world is the seed varied by an ``rng`` (some budgets moved a little, some old audit entries
of paid reports dropped), so each task's world is its own and reproducible; records the task
builds on (``protect``: report or cost-centre ids) are left alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import UTC, date, datetime
from typing import Any

from cuagym.apps.expenses._seed import build_seed

__all__ = ["WORLD_NOW", "long_date", "varied_seed"]

State = dict[str, Any]
#: the present of every world: after its newest record (new records' timestamps)
WORLD_NOW = datetime(2026, 11, 30, 17, 0, tzinfo=UTC)


def varied_seed(rng: random.Random, protect: Iterable[str] = ()) -> State:
    """The seed as ``rng`` varies it: other budgets, a shorter old trail; ``protect`` kept."""
    state = build_seed()
    keep = set(protect)
    for ccid, centre in sorted(state["costCentres"].items()):
        if ccid not in keep:
            centre["budgetCents"] += rng.randint(-4, 4) * 10_000
    old = sorted(
        aid
        for aid, entry in state["audit"].items()
        if entry["reportId"] not in keep
        and entry["reportId"] is not None
        and state["reports"][entry["reportId"]]["status"] == "paid"
        and entry["action"] == "created"
    )
    for aid in rng.sample(old, k=rng.randint(3, 12)):
        del state["audit"][aid]
    return state


def long_date(iso: str) -> str:
    """``2026-12-04`` -> ``December 4, 2026``."""
    day = date.fromisoformat(iso)
    return f"{day:%B} {day.day}, {day.year}"

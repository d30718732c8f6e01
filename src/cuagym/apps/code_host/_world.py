"""World builders: valid code-host states made from the seed forge.

A world is the seed varied by an ``rng`` (other star counts and run durations, some closed
issues gone), so each task's world is its own and reproducible; records the caller will build
on (``protect``: ids of any collection) are left alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from cuagym.apps.code_host._seed import build_seed

__all__ = ["varied_seed"]

State = dict[str, Any]


def varied_seed(rng: random.Random, protect: Iterable[str] = ()) -> State:
    """The seed as ``rng`` varies it; ``protect`` ids are kept as they are."""
    state = build_seed()
    keep = set(protect)
    for repo in state["repos"].values():
        repo["stars"] = max(0, repo["stars"] + rng.randint(-20, 40))
    for run in state["runs"].values():
        if run["id"] not in keep and run["durationS"]:
            run["durationS"] = max(30, run["durationS"] + rng.randint(-60, 90))
    closed = sorted(i for i, issue in state["issues"].items()
                    if issue["state"] == "closed" and i not in keep)  # fmt: skip
    for iid in rng.sample(closed, k=rng.randint(1, min(4, len(closed)))):
        del state["issues"][iid]
    return state

"""World builders: valid social states made from the seed network.

A world is the seed varied by an ``rng``: some of other people's posts are gone (with their
comments, notifications and reports) and the likes on other people's posts are redrawn, so
each task's world is its own and reproducible. Posts and comments the caller builds on
(``protect``, ids) and the signed-in account's own posts are left alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from cuagym.apps.social._seed import build_seed

__all__ = ["drop_post", "varied_seed"]

State = dict[str, Any]


def drop_post(state: State, pid: str) -> None:
    """Remove a post and everything that points at it (comments, notifications, reports)."""
    del state["posts"][pid]
    for collection in ("comments", "notifications", "reports"):
        for key in [k for k, v in state[collection].items() if v["postId"] == pid]:
            del state[collection][key]


def varied_seed(rng: random.Random, protect: Iterable[str] = ()) -> State:
    """The seed as ``rng`` varies it; ``protect`` (post or comment ids) kept as they are."""
    state = build_seed()
    keep = set(protect)
    keep |= {c["postId"] for cid, c in state["comments"].items() if cid in keep}
    me = state["currentUser"]
    reported = {r["postId"] for r in state["reports"].values()}
    others = sorted(
        pid
        for pid, p in state["posts"].items()
        if p["authorId"] != me and pid not in keep and pid not in reported
    )
    for pid in rng.sample(others, k=rng.randint(4, 12)):
        drop_post(state, pid)
    handles = sorted(state["profiles"])
    for pid, post in state["posts"].items():
        if post["authorId"] == me or pid in keep or post["status"] != "published":
            continue
        fans = [h for h in handles if h != post["authorId"]]
        post["likedBy"] = sorted(rng.sample(fans, k=rng.randint(0, 14)))
    return state

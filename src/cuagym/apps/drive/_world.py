"""World builders: valid drive states made from the seed drive.

A world is the seed varied by an ``rng`` (a few files, with their versions and comments,
removed; a few stars moved), so each caller's world is its own and reproducible; items the
caller will build on (``protect``: file or folder ids, and the files inside such folders) are
left alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from cuagym.apps.drive._ops import ancestors
from cuagym.apps.drive._seed import build_seed

__all__ = ["file_named", "folder_at", "varied_seed"]

State = dict[str, Any]


def varied_seed(rng: random.Random, protect: Iterable[str] = ()) -> State:
    """The seed as ``rng`` varies it; ``protect`` ids (and what is inside them) kept."""
    state = build_seed()
    keep = set(protect)

    def guarded(fid: str) -> bool:
        f = state["files"][fid]
        return fid in keep or any(a["id"] in keep for a in ancestors(state, f["folderId"]))

    droppable = sorted(
        k for k, f in state["files"].items() if not guarded(k) and f["trashedAt"] is None
    )
    for fid in rng.sample(droppable, k=rng.randint(3, 8)):
        del state["files"][fid]
        for collection in ("versions", "comments"):
            for key in [k for k, v in state[collection].items() if v["fileId"] == fid]:
                del state[collection][key]
    for fid in rng.sample(sorted(k for k in state["files"] if not guarded(k)), k=4):
        state["files"][fid]["starred"] = not state["files"][fid]["starred"]
    return state


def folder_at(state: State, path: str) -> str | None:
    """The id of the folder at ``path`` (``My Drive / Projects / Riverside Library``); None for
    ``My Drive`` itself. Raises KeyError when there is none."""
    parts = [p.strip() for p in path.split(" / ")]
    if parts[0] != "My Drive":
        raise KeyError(path)
    current: str | None = None
    for name in parts[1:]:
        current = next(
            k
            for k, f in state["folders"].items()
            if f["parentId"] == current and f["name"] == name and f["trashedAt"] is None
        )
    return current


def file_named(state: State, name: str, folder: str | None) -> str:
    """The id of the live file ``name`` in ``folder`` (None: My Drive's root)."""
    return next(
        str(k)
        for k, f in state["files"].items()
        if f["name"] == name and f["folderId"] == folder and f["trashedAt"] is None
    )

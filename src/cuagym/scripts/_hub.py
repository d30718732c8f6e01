"""Web rewards: read the hub's ``/go`` and guard the whole diff (inlined after ``_globs``).

The model to follow is a *whole-diff guard*: compare the whole final state with the initial
one and allow exactly the changes the instruction asks for, instead of inspecting only the
target. ``state_diff`` (DESIGN.md §3) is flat: one entry per changed leaf of objects present on
both sides, one entry holding the whole value for an added or removed key, one entry for a
whole array that changed. So a guard is a list of allowed path patterns (``_globs``)::

    data = hub_state("issue-tracker")
    init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
    ...
    extra = diff_outside(diff, ["issues." + key + ".assignee"])
    checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

:func:`records_changed` tells which records of a collection were added, removed or edited
(e.g. "exactly one new message, and it is in this channel").
"""

# -- inlined into reward.py --
import os
from pathlib import Path
from typing import Any

import requests

from cuagym.scripts._globs import uncovered


def hub_state(app: str) -> dict[str, Any]:
    """``GET $CUAGYM_HUB/<app>/go`` for this environment's session: ``initial_state``,
    ``current_state`` and ``state_diff``. Raises when the hub cannot answer (no state, no
    reward)."""
    hub = os.environ["CUAGYM_HUB"].rstrip("/")
    sid = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
    auth = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}
    answer = requests.get(hub + "/" + app + "/go", params={"sid": sid}, headers=auth, timeout=30)
    answer.raise_for_status()
    data: dict[str, Any] = answer.json()
    for key in ("initial_state", "current_state", "state_diff"):
        if not isinstance(data.get(key), dict):
            raise ValueError("the hub's /go for " + app + " has no " + key)
    return data


def diff_outside(diff: dict[str, Any], allowed: list[str]) -> list[str]:
    """Paths of ``diff`` that no allowed pattern covers: the changes nobody asked for."""
    return uncovered(diff, allowed, ".")


def records_changed(diff: dict[str, Any], collection: str) -> dict[str, list[str]]:
    """Ids of the records of ``collection`` (a top-level object of id -> record) that the diff
    shows ``added``, ``removed`` or ``changed`` (any field of a record present on both sides)."""
    out: dict[str, list[str]] = {"added": [], "removed": [], "changed": []}
    prefix = collection + "."
    for path, entry in diff.items():
        if not path.startswith(prefix):
            continue
        rest = path[len(prefix) :]
        rid = rest.split(".", 1)[0] if not rest.startswith("[") else rest.split("]", 1)[0] + "]"
        op = entry.get("op") if isinstance(entry, dict) else None
        whole = rid == rest
        kind = op if whole and op in ("added", "removed") else "changed"
        if rid not in out[kind]:
            out[kind].append(rid)
    return {kind: sorted(ids) for kind, ids in out.items()}

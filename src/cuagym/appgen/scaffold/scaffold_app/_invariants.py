"""The rules a schema cannot express; the hub refuses (422) a state that breaks one."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from cuagym.apps.webkit import diff_path
from cuagym.hub import Violation

from ._schema import AppState

__all__ = ["broken_states", "check_invariants"]


def check_invariants(state: AppState) -> Iterator[Violation]:
    seen: dict[str, str] = {}
    for rid, record in state.records.items():
        other = seen.setdefault(record.title.casefold(), rid)
        if other != rid:
            yield Violation(
                path=diff_path("records", rid, "title"),
                message=f"two records are titled {record.title!r} ({other} and {rid})",
            )


def broken_states(seed: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Schema-valid states that each break one rule above: the seed with one change each."""
    twin = copy.deepcopy(seed)
    first, second = list(twin["records"])[:2]
    twin["records"][second]["title"] = twin["records"][first]["title"]
    return {"two records with one title": twin}

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
    for rid, recipe in state.recipes.items():
        other = seen.setdefault(recipe.title.casefold(), rid)
        if other != rid:
            yield Violation(
                path=diff_path("recipes", rid, "title"),
                message=f"two recipes are titled {recipe.title!r} ({other} and {rid})",
            )
        if recipe.cook_id not in state.cooks:
            yield Violation(
                path=diff_path("recipes", rid, "cookId"),
                message=f"no cook {recipe.cook_id!r}",
            )


def broken_states(seed: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Schema-valid states that each break one rule above: the seed with one change each."""
    twin = copy.deepcopy(seed)
    twin["recipes"]["flatbread"]["title"] = twin["recipes"]["lentil-soup"]["title"]
    orphan = copy.deepcopy(seed)
    orphan["recipes"]["flatbread"]["cookId"] = "nobody"
    return {"two recipes with one title": twin, "a recipe of no cook": orphan}

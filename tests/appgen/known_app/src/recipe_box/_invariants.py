"""The rules a schema cannot express; the hub refuses (422) a state that breaks one."""

from __future__ import annotations

from collections.abc import Iterator

from cuagym.apps.webkit import diff_path
from cuagym.hub import Violation

from ._schema import AppState

__all__ = ["check_invariants"]


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

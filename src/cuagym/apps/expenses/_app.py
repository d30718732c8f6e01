"""The expenses web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from cuagym.apps.expenses._invariants import (
    broken_states,
    check_invariants,
    invariants_hold_after,
)
from cuagym.apps.expenses._schema import ExpensesState
from cuagym.apps.expenses._seed import build_seed
from cuagym.apps.webkit import ModelWebApp, Theme
from cuagym.hub import ReleaseDisclosure, Violation

__all__ = ["ExpensesApp"]


class ExpensesApp(ModelWebApp[ExpensesState]):
    """A company's expense reports, approvals, card charges, reimbursements and budgets."""

    app_id: ClassVar[str] = "expenses"
    title: ClassVar[str] = "Expense Manager"
    state_model: ClassVar[type[BaseModel]] = ExpensesState
    ui_module: ClassVar[str] = "cuagym.apps.expenses._ui"
    # a light header over a tab row, square corners on plain white, in ochre: a ledger-like
    # finance tool, neither a side-bar back office nor a dark-headed tracker
    theme: ClassVar[Theme] = Theme(
        accent="ochre", nav="tabs", header="light", radius="square", surface="plain"
    )
    # ``ui`` holds the reports the person opened; a visit must never count as a change.
    volatile: ClassVar[tuple[str, ...]] = ("ui",)
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category="Finance / payments",
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def broken_states(self) -> Mapping[str, dict[str, Any]]:
        return broken_states(build_seed())

    def check(self, state: ExpensesState) -> Iterable[Violation]:
        return check_invariants(state)

    def check_edit(self, before: ExpensesState, after: ExpensesState) -> bool:
        return invariants_hold_after(before, after)

"""The crm web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from cuagym.apps.crm._invariants import (
    broken_states,
    check_invariants,
    invariants_hold_after,
)
from cuagym.apps.crm._schema import CrmState
from cuagym.apps.crm._seed import build_seed
from cuagym.apps.webkit import ModelWebApp, Theme
from cuagym.hub import ReleaseDisclosure, Violation

__all__ = ["CrmApp"]


class CrmApp(ModelWebApp[CrmState]):
    """A sales CRM: leads, accounts, contacts, deals, tasks, notes (the paper's CRM mock)."""

    app_id: ClassVar[str] = "crm"
    title: ClassVar[str] = "CRM"
    state_model: ClassVar[type[BaseModel]] = CrmState
    ui_module: ClassVar[str] = "cuagym.apps.crm._ui"
    # a dark header over a row of tabs, plum accent: a CRM, not a chat or a mailbox
    theme: ClassVar[Theme] = Theme(accent="plum", nav="tabs", header="dark", radius="soft")
    # ``ui`` holds what the person looked at (recently viewed records); a visit must never
    # count as a change in a reward's state_diff.
    volatile: ClassVar[tuple[str, ...]] = ("ui",)
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category="CRM / customer service",
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def broken_states(self) -> Mapping[str, dict[str, Any]]:
        return broken_states(build_seed())

    def check(self, state: CrmState) -> Iterable[Violation]:
        return check_invariants(state)

    def check_edit(self, before: CrmState, after: CrmState) -> bool:
        # Only the checks that read an edited collection run (see _invariants.CHECKS).
        return invariants_hold_after(before, after)

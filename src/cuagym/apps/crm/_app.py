"""The crm web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel
from starlette.routing import BaseRoute

from cuagym.apps.crm._invariants import check_invariants, invariants_hold_after
from cuagym.apps.crm._schema import CrmState
from cuagym.apps.crm._seed import build_seed
from cuagym.hub import ReleaseDisclosure, Violation, WebApp

__all__ = ["CrmApp"]


class CrmApp(WebApp):
    """A sales CRM: leads, accounts, contacts, deals, tasks, notes (the paper's CRM mock)."""

    app_id: ClassVar[str] = "crm"
    title: ClassVar[str] = "CRM"
    state_model: ClassVar[type[BaseModel]] = CrmState
    # ``ui`` holds what the person looked at (recently viewed records); a visit must never
    # count as a change in a reward's state_diff.
    volatile: ClassVar[tuple[str, ...]] = ("ui",)
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category="CRM / customer service",
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def invariants(self, state: Any) -> Iterable[Violation]:
        if not isinstance(state, CrmState):  # the hub always passes the validated model
            raise TypeError(f"expected CrmState, got {type(state).__name__}")
        return check_invariants(state)

    def invariants_hold_after(self, before: Any, after: Any) -> bool:
        # Only the checks that read an edited collection run (see _invariants.CHECKS).
        if not isinstance(before, CrmState) or not isinstance(after, CrmState):
            return False
        return invariants_hold_after(before, after)

    def routes(self) -> Sequence[BaseRoute]:
        from cuagym.apps.crm._ui import (
            build_routes,  # deferred: the UI pulls in the templates machinery
        )

        return build_routes()

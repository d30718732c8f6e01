"""The app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from cuagym.apps.webkit import ModelWebApp
from cuagym.hub import ReleaseDisclosure, Violation

from ._identity import APP_ID, CATEGORY, TERMS_REVIEW, TITLE
from ._invariants import broken_states, check_invariants
from ._schema import AppState
from ._seed import build_seed

__all__ = ["MockApp"]


class MockApp(ModelWebApp[AppState]):
    app_id: ClassVar[str] = APP_ID
    title: ClassVar[str] = TITLE
    state_model: ClassVar[type[BaseModel]] = AppState
    # The package is renamed when copied: name the UI module relative to this one.
    ui_module: ClassVar[str] = f"{__name__.rpartition('.')[0]}._ui"
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category=CATEGORY,
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
        terms_sensitive=TERMS_REVIEW,
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def broken_states(self) -> Mapping[str, dict[str, Any]]:
        # What the audit stores to prove the invariants are enforced (each must answer 422).
        return broken_states(build_seed())

    def check(self, state: AppState) -> Iterable[Violation]:
        return check_invariants(state)

    def check_edit(self, before: AppState, after: AppState) -> bool:
        return False  # unsure: the hub runs check() in full

"""The drive web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from cuagym.apps.drive._invariants import broken_states, check_invariants, invariants_hold_after
from cuagym.apps.drive._schema import DriveState
from cuagym.apps.drive._seed import build_seed
from cuagym.apps.webkit import ModelWebApp, Theme
from cuagym.hub import ReleaseDisclosure, Violation

__all__ = ["DriveApp"]


class DriveApp(ModelWebApp[DriveState]):
    """A cloud drive: nested folders, file previews, sharing, versions, comments, trash."""

    app_id: ClassVar[str] = "drive"
    title: ClassVar[str] = "Cloud Drive"
    state_model: ClassVar[type[BaseModel]] = DriveState
    ui_module: ClassVar[str] = "cuagym.apps.drive._ui"
    # a side bar of places under an accent header, round cards on a white page: a file store,
    # not a mailbox (teal, light header) or a chat (pine, dark side bar)
    theme: ClassVar[Theme] = Theme(
        accent="harbor", nav="side", header="accent", radius="round", surface="plain"
    )
    # ``ui`` holds what the person opened (the Recent screen); a visit is never a change.
    volatile: ClassVar[tuple[str, ...]] = ("ui",)
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category="Cloud / infrastructure",
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def broken_states(self) -> Mapping[str, dict[str, Any]]:
        return broken_states(build_seed())

    def check(self, state: DriveState) -> Iterable[Violation]:
        return check_invariants(state)

    def check_edit(self, before: DriveState, after: DriveState) -> bool:
        return invariants_hold_after(before, after)

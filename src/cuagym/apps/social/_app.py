"""The social web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from cuagym.apps.social._invariants import broken_states, check_invariants, invariants_hold_after
from cuagym.apps.social._schema import SocialState
from cuagym.apps.social._seed import build_seed
from cuagym.apps.webkit import ModelWebApp, Theme
from cuagym.hub import ReleaseDisclosure, Violation

__all__ = ["SocialApp"]


class SocialApp(ModelWebApp[SocialState]):
    """A social network with a publishing studio: feed, posts, comments, DMs, a schedule."""

    app_id: ClassVar[str] = "social"
    title: ClassVar[str] = "Social Studio"
    state_model: ClassVar[type[BaseModel]] = SocialState
    ui_module: ClassVar[str] = "cuagym.apps.social._ui"
    # Its own look among the apps (drive is harbor with a side bar; crm has tabs under a dark
    # header): mulberry, its nine places as a tab row under the accent header, round cards.
    theme: ClassVar[Theme] = Theme(
        accent="mulberry", nav="tabs", header="accent", radius="round", surface="tinted"
    )
    # Nothing is view state: opening a conversation or a notification changes nothing.
    volatile: ClassVar[tuple[str, ...]] = ()
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category="Social / publishing",
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def broken_states(self) -> Mapping[str, dict[str, Any]]:
        return broken_states(build_seed())

    def check(self, state: SocialState) -> Iterable[Violation]:
        return check_invariants(state)

    def check_edit(self, before: SocialState, after: SocialState) -> bool:
        return invariants_hold_after(before, after)

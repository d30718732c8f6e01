"""The travel web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from cuagym.apps.travel._invariants import broken_states, check_invariants, invariants_hold_after
from cuagym.apps.travel._schema import TravelState
from cuagym.apps.travel._seed import build_seed
from cuagym.apps.webkit import ModelWebApp, Theme
from cuagym.hub import ReleaseDisclosure, Violation

__all__ = ["TravelApp"]


class TravelApp(ModelWebApp[TravelState]):
    """A company's trip booking site: flight and hotel search, fares and seats, bookings
    grouped in trips, travellers' profiles, and the travel manager's policy and approvals."""

    app_id: ClassVar[str] = "travel"
    title: ClassVar[str] = "Trip Booking"
    state_model: ClassVar[type[BaseModel]] = TravelState
    ui_module: ClassVar[str] = "cuagym.apps.travel._ui"
    # a light header with the links in it, round corners and sage: a consumer-style booking
    # site, not a back office with a side bar or a dark-headed tracker
    theme: ClassVar[Theme] = Theme(
        accent="sage", nav="top", header="light", radius="round", surface="tinted"
    )
    # ``ui`` holds the trips the person opened; a visit must never count as a change.
    volatile: ClassVar[tuple[str, ...]] = ("ui",)
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category="Travel",
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def broken_states(self) -> Mapping[str, dict[str, Any]]:
        return broken_states(build_seed())

    def check(self, state: TravelState) -> Iterable[Violation]:
        return check_invariants(state)

    def check_edit(self, before: TravelState, after: TravelState) -> bool:
        return invariants_hold_after(before, after)

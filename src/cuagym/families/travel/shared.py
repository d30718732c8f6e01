"""What the cross layer may build on from the travel families (DESIGN.md §11): worlds, lookups
and the oracles whose stages a cross oracle reuses."""

from __future__ import annotations

from cuagym.families.travel._bookings import drafts, home_of, route_flights
from cuagym.families.travel._common import SEED, build_world, name_of, trip_of
from cuagym.families.travel._oracle import BookFlightOracle, DecideApprovalsOracle

__all__ = [
    "SEED",
    "BookFlightOracle",
    "DecideApprovalsOracle",
    "build_world",
    "drafts",
    "home_of",
    "name_of",
    "route_flights",
    "trip_of",
]

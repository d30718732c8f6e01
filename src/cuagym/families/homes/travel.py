"""The task families homed in travel, in synth's round-robin order (entry point
``cuagym.families``: ``travel``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.travel import AnnounceTrip, FlightFromMail
from cuagym.families.travel import (
    AddLoyalty,
    BookFlight,
    BookHotel,
    CancelBooking,
    ChooseSeat,
    DecideApprovals,
    PlanOutbound,
    RebookEarliest,
)

__all__ = ["FAMILIES"]

FAMILIES: tuple[TaskFamily, ...] = (
    ChooseSeat(),
    BookFlight(),
    DecideApprovals(),
    AddLoyalty(),
    CancelBooking(),
    PlanOutbound(),
    BookHotel(),
    RebookEarliest(),
    FlightFromMail(),
    AnnounceTrip(),
)

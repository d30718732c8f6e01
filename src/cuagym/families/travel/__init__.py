"""Procedural task families of the travel domain (the offline, deterministic role backend).

Each family covers one leaf of the app's ``taxonomy.yaml``; see ``_common`` for what they share.
"""

from __future__ import annotations

from cuagym.families.travel._bookings import (
    AddLoyalty,
    BookFlight,
    BookHotel,
    CancelBooking,
    ChooseSeat,
)
from cuagym.families.travel._planning import DecideApprovals, PlanOutbound, RebookEarliest

__all__ = [
    "AddLoyalty",
    "BookFlight",
    "BookHotel",
    "CancelBooking",
    "ChooseSeat",
    "DecideApprovals",
    "PlanOutbound",
    "RebookEarliest",
]

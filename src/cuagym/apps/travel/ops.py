"""What the travel site's own actions do to a state, for those who build or solve worlds
outside it.

Each function changes a travel state in place exactly as the matching UI action does (the
routes call the same functions), so a golden state computed with them is one the app could have
made. The rules the actions follow (seats, fare rules, the policy) are here too.
"""

from __future__ import annotations

from cuagym.apps.travel._ops import (
    ActionError,
    book_flight,
    book_stay,
    cancel_booking,
    cancel_stay,
    cancel_trip,
    change_flight,
    choose_seat,
    create_trip,
    decide_trip,
    remove_loyalty,
    reopen_trip,
    set_loyalty,
    submit_trip,
    update_policy,
    update_traveller,
    update_trip,
)
from cuagym.apps.travel._rules import (
    cancel_refund,
    change_cost,
    is_free,
    seat_kind,
    seat_map,
    trip_issues,
    trip_total,
)

__all__ = [
    "ActionError",
    "book_flight",
    "book_stay",
    "cancel_booking",
    "cancel_refund",
    "cancel_stay",
    "cancel_trip",
    "change_cost",
    "change_flight",
    "choose_seat",
    "create_trip",
    "decide_trip",
    "is_free",
    "remove_loyalty",
    "reopen_trip",
    "seat_kind",
    "seat_map",
    "set_loyalty",
    "submit_trip",
    "trip_issues",
    "trip_total",
    "update_policy",
    "update_traveller",
    "update_trip",
]

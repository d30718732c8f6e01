"""The checks every "book a ticket into a trip" task shares: pasted after a family's own lines,
which set ``tid`` (the trip), ``fid`` (the flight), ``brand`` (the fare), ``seat_wanted`` (a
seat kind, or "" when the task asks none) and ``trip_changes`` (the trip's fields the task may
change besides)."""

# ruff: noqa: F405, E501
from cuagym.families.travel._checks._scope import *  # noqa: F403

tid = fid = brand = seat_wanted = ""
trip_changes: list[str] = []
# fmt: off
# -- inlined into reward.py --
new = added(diff, "bookings")
ticket = cur["bookings"][new[0]] if len(new) == 1 else {}
checks.append(("trip_and_flight_found", 0, tid is not None and fid is not None, f"trip {tid}, flight {fid}"))
checks.append(("one_new_booking", 0, len(new) == 1, f"new bookings {new}"))
checks.append(("on_the_trip", 1, ticket.get("tripId") == tid, f"trip {ticket.get('tripId')!r}, want {tid!r}"))
checks.append(("flight", 2, ticket.get("flightId") == fid, f"flight {ticket.get('number')!r} on {ticket.get('date')!r}"))
checks.append(("fare", 2, ticket.get("fare") == brand, f"fare {ticket.get('fare')!r}, want {brand!r}"))
flight = init["flights"].get(fid) or {}
copied = {k: flight.get(k) for k in ("airlineId", "number", "origin", "destination", "date", "departs", "arrives")}
copied.update(travellerId=(init["trips"].get(tid) or {}).get("travellerId"), status="confirmed", feesCents=0, refundCents=0)
copied.update(priceCents=((flight.get("fares") or {}).get(brand) or {}).get("priceCents"), cancelledAt=None, changedAt=None)
wrong = unlike(ticket, copied)
checks.append(("ticket_as_issued", 1, bool(ticket) and not wrong, "fields unlike the flight and fare: " + listing(wrong)))
if seat_wanted:
    checks.append(("seat_by_preference", 2, seat_kind(ticket.get("seat")) == seat_wanted and len(new) == 1 and seat_free_on(cur, new[0]), f"seat {ticket.get('seat')!r}, want a {seat_wanted} seat"))
checks.append(("seat_count_explained", 0, seats_explained(init, cur), "fares' seats left match the bookings"))
allowed = ["bookings." + b for b in new] + fare_seat_paths(init, cur)
allowed += ["trips." + str(tid) + "." + field for field in trip_changes]
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

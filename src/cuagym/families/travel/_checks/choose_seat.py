"""``choose-seat``'s reward checks: the booking holds the seat asked for, nothing else moved."""

# ruff: noqa: F405, E501
from cuagym.families.travel._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
bid = booking_by_ref(init, P["ref"])
booking = cur["bookings"].get(bid) or {}
checks.append(("booking_found", 0, bid is not None, f"booking {P['ref']} is {bid}"))
checks.append(("seat", 3, booking.get("seat") == P["seat"] and seat_free_on(cur, str(bid)), f"seat {booking.get('seat')!r}, want {P['seat']!r}"))
checks.append(("still_confirmed", 0, booking.get("status") == "confirmed", f"status {booking.get('status')!r}"))
extra = diff_outside(diff, ["bookings." + str(bid) + ".seat"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

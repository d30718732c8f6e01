"""``cancel-booking``'s reward checks: that ticket cancelled with the fare rules' refund, its
seat given back to the fare, nothing else changed."""

# ruff: noqa: F405, E501
from cuagym.families.travel._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
bid = booking_by_ref(init, P["ref"])
booking = cur["bookings"].get(bid) or {}
before = init["bookings"].get(bid) or {}
checks.append(("booking_found", 0, bid is not None, f"booking {P['ref']} is {bid}"))
checks.append(("cancelled", 2, booking.get("status") == "cancelled", f"status {booking.get('status')!r}"))
checks.append(("refund", 1, booking.get("status") == "cancelled" and booking.get("refundCents") == P["refund_cents"], f"refund {booking.get('refundCents')!r}, want {P['refund_cents']}"))
gone = booking.get("status") == "cancelled" and booking.get("seat") == "" and bool(booking.get("cancelledAt"))
checks.append(("seat_given_up", 1, gone, f"seat {booking.get('seat')!r}, cancelled at {booking.get('cancelledAt')!r}"))
kept = unlike(booking, {k: v for k, v in before.items() if k not in ("status", "refundCents", "seat", "cancelledAt")})
checks.append(("ticket_otherwise_unchanged", 0, not kept, "changed: " + listing(kept)))
fare_path = "flights." + str(before.get("flightId")) + ".fares." + str(before.get("fare")) + ".seatsLeft"
checks.append(("seat_count_explained", 0, seats_explained(init, cur), "fares' seats left match the bookings"))
extra = diff_outside(diff, ["bookings." + str(bid), fare_path])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

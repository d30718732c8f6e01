"""``rebook-earliest``'s reward checks: the booking moved to the day's earliest flight of its
route under its fare rules (fee and fare difference), reseated by the traveller's preference;
nothing else changed."""

# ruff: noqa: F405, E501
from cuagym.families.travel._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
bid = booking_by_ref(init, P["ref"])
was = init["bookings"].get(bid) or {}
now = cur["bookings"].get(bid) or {}
route = [f for f in init["flights"].values() if (f["origin"], f["destination"], f["date"]) == (was.get("origin"), was.get("destination"), P["date"])]
first = min(route, key=lambda f: f["departs"]) if route else {}
checks.append(("booking_found", 0, bid is not None and bool(first), f"booking {bid}, earliest {first.get('number')}"))
moved = bool(first) and now.get("flightId") == first.get("id") and now.get("number") == first.get("number")
checks.append(("earliest_flight", 3, moved, f"now on {now.get('number')!r} {now.get('departs')!r}, earliest {first.get('number')!r}"))
copied = {k: first.get(k) for k in ("airlineId", "number", "date", "departs", "arrives")}
copied.update({k: was.get(k) for k in ("origin", "destination", "fare", "ref", "tripId", "travellerId", "createdAt", "refundCents", "cancelledAt")})
wrong = unlike(now, copied)
checks.append(("ticket_reissued", 1, moved and not wrong, "fields unlike the new flight: " + listing(wrong)))
rule = init["fareRules"].get(was.get("fare"), {})
fee = (rule.get("changeFeeCents") or 0) + was.get("feesCents", 0)
price = max(was.get("priceCents", 0), ((first.get("fares") or {}).get(was.get("fare")) or {}).get("priceCents", 0))
checks.append(("fare_rules_applied", 1, moved and (now.get("feesCents"), now.get("priceCents")) == (fee, price), f"fees {now.get('feesCents')} price {now.get('priceCents')}, want {fee} {price}"))
person = init["travellers"].get(was.get("travellerId"), {})
checks.append(("seat_by_preference", 2, moved and seat_kind(now.get("seat")) == person.get("seatPreference") and seat_free_on(cur, str(bid)), f"seat {now.get('seat')!r}, prefers {person.get('seatPreference')!r}"))
checks.append(("still_confirmed", 0, now.get("status") == "confirmed", f"status {now.get('status')!r}"))
checks.append(("seat_count_explained", 0, seats_explained(init, cur), "fares' seats left match the bookings"))
extra = diff_outside(diff, ["bookings." + str(bid), *fare_seat_paths(init, cur)])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

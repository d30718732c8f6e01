"""``book-hotel``'s reward checks: one new stay on the trip, that hotel, room and nights."""

# ruff: noqa: F405, E501
from typing import Any

from cuagym.families.travel._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
tid = trip_by_name(init, P["trip"])
hotel: dict[str, Any] = next((h for h in init["hotels"].values() if h["name"] == P["hotel"]), {})
room = next((k for k, r in (hotel.get("rooms") or {}).items() if r["name"] == P["room"]), None)
new = added(diff, "stays")
stay = cur["stays"][new[0]] if len(new) == 1 else {}
checks.append(("trip_and_hotel_found", 0, tid is not None and room is not None, f"trip {tid}, room {room}"))
checks.append(("one_new_stay", 0, len(new) == 1, f"new stays {new}"))
checks.append(("on_the_trip", 1, stay.get("tripId") == tid, f"trip {stay.get('tripId')!r}"))
checks.append(("hotel_and_room", 2, stay.get("hotelId") == hotel.get("id") and stay.get("room") == room, f"hotel {stay.get('hotelId')!r} room {stay.get('room')!r}"))
nights = [stay.get("checkIn"), stay.get("checkOut")]
checks.append(("nights", 2, nights == [P["check_in"], P["check_out"]], f"nights {nights}"))
rate = ((hotel.get("rooms") or {}).get(room) or {}).get("nightlyCents")
expected = {"travellerId": (init["trips"].get(tid) or {}).get("travellerId"), "nightlyCents": rate, "status": "confirmed", "refundCents": 0, "cancelledAt": None}
wrong = unlike(stay, expected)
checks.append(("stay_as_booked", 1, bool(stay) and not wrong, "fields unlike the room's rate: " + listing(wrong)))
extra = diff_outside(diff, ["stays." + s for s in new])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

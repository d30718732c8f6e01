"""``plan-outbound``'s reward checks: the cheapest in-policy nonstop fare of the day, seated by
the traveller's preference, the trip submitted (and so approved); the shared new-booking
checks (``_new_booking``) follow."""

# ruff: noqa: F405, E501
from cuagym.families.travel._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
tid = trip_by_name(init, P["trip"])
fid = flight_by_number(init, P["number"], P["date"])
brand = P["fare"].lower()
person = init["travellers"].get((init["trips"].get(tid) or {}).get("travellerId"), {})
seat_wanted = person.get("seatPreference") if person.get("seatPreference") in ("aisle", "window") else P["preference"]
trip_changes = ["status", "submittedAt"]
trip = cur["trips"].get(tid) or {}
checks.append(("trip_submitted", 2, trip.get("status") == "approved" and bool(trip.get("submittedAt")), f"trip status {trip.get('status')!r}"))

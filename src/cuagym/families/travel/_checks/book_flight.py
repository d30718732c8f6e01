"""``book-flight``'s reward checks: which trip, flight and fare the new ticket must have (the
shared new-booking checks, ``_new_booking``, follow)."""

# ruff: noqa: F405
from cuagym.families.travel._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
tid = trip_by_name(init, P["trip"])
fid = flight_by_number(init, P["number"], P["date"])
brand = P["fare"].lower()
seat_wanted = ""
trip_changes: list[str] = []

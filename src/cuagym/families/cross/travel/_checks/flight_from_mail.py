"""``flight-from-mail``'s reward checks: the trip, flight and fare the e-mail names (the shared
new-booking checks of the travel families follow), and a mailbox that was only read."""

# ruff: noqa: F405
from cuagym.families.cross.travel._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
tid = trip_by_name(init, P["trip"])
fid = flight_by_number(init, P["number"], P["date"])
brand = P["fare"].lower()
seat_wanted = ""
trip_changes: list[str] = []
# The mailbox is only read: no reply, no label, no archive (a read flag only where the
# account marks what it opens as read).
mail_extra = diff_outside(mdiff, mail_read_marks(minit))
checks.append(("mailbox_untouched", 0, not mail_extra, "mail changes: " + listing(mail_extra)))

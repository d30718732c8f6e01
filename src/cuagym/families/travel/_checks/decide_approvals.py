"""``decide-approvals``'s reward checks: every trip that waited is decided by the rule, with the
note asked for, by the signed-in manager; nothing else changed."""

# ruff: noqa: F405, E501
from cuagym.families.travel._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
waiting = sorted(k for k, t in init["trips"].items() if t["status"] == "submitted")
want = {trip_by_name(init, n): ("approved", P["note_ok"]) for n in P["approve"]}
want.update({trip_by_name(init, n): ("rejected", P["note_no"]) for n in P["reject"]})
checks.append(("queue_as_expected", 0, sorted(str(k) for k in want) == waiting, f"waiting {waiting}"))
allowed = []
for tid in waiting:
    trip = cur["trips"].get(tid) or {}
    status, note = want.get(tid, ("?", ""))
    got = (trip.get("status"), exact(trip.get("decisionNote")))
    checks.append(("decided_" + tid, 2, got == (status, exact(note)), f"{trip.get('name')}: {got}, want {(status, note)}"))
    checks.append(("by_me_" + tid, 0, trip.get("decidedBy") in (None, init["currentUser"]), f"decided by {trip.get('decidedBy')!r}"))
    allowed += ["trips." + tid + "." + f for f in ("status", "decisionNote", "decidedBy", "decidedAt")]
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

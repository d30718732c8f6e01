"""``log-call-by-email``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
found = [(kind, rid) for kind, coll in (("lead", "leads"), ("contact", "contacts"))
         for rid, rec in sorted(init[coll].items()) if fold(rec.get("email")) == fold(P["email"])]
kind, rid = found[0] if len(found) == 1 else (None, None)
checks.append(("record_found", 0, rid is not None and kind == P["kind"], f"{len(found)} record(s) with that address"))
new_acts = added(diff, "activities")
mine = [cur["activities"][a] for a in new_acts
        if (cur["activities"][a]["relatedType"], cur["activities"][a]["relatedId"]) == (kind, rid)]
act = mine[0] if len(mine) == 1 else {}
checks.append(("logged_on_record", 2, bool(act), f"{len(mine)} new activity(ies) on the record"))
# Logged as done (it happened), not scheduled as an open task.
checks.append(("completed", 1, act.get("status") == "Completed", f"status is {act.get('status')!r}"))
checks.append(("type", 1, act.get("type") == P["type"], f"type is {act.get('type')!r}"))
checks.append(("subject", 1, bool(act) and exact(act.get("subject")) == exact(P["subject"]), f"subject is {act.get('subject')!r}"))
checks.append(("date", 1, act.get("dueDate") == P["date"], f"date is {act.get('dueDate')!r}"))
checks.append(("one_activity", 0, len(new_acts) <= 1, f"{len(new_acts)} new activities"))
extra = diff_outside(diff, ["activities." + a for a in new_acts])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

"""``complete-task``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
found = [key for key, act in sorted(init["activities"].items())
         if fold(act["subject"]) == fold(P["subject"]) and act["relatedType"] == P["related_type"]
         and act["status"] == "Open"]
aid = found[0] if len(found) == 1 else None
act = cur["activities"].get(aid) or {}
checks.append(("task_found", 0, aid is not None, f"{len(found)} open task(s) named so"))
checks.append(("completed", 1, act.get("status") == "Completed", f"status is {act.get('status')!r}"))
# Marked done, not deleted, edited, re-dated, or another task closed with it.
extra = diff_outside(diff, [f"activities.{aid}.status"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

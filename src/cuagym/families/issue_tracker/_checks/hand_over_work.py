"""``hand-over-work``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.issue_tracker._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
leaver = user_named(init, PARAMS["leaver_name"])
first, second = (user_named(init, n) for n in PARAMS["candidates"])
loads = {
    u: sum(1 for i in init["issues"].values()
           if u is not None and i["assignee"] == u and not is_done(init, i["status"]))
    for u in (first, second)
}
target = None
if None not in (leaver, first, second) and loads[first] != loads[second]:
    target = first if loads[first] < loads[second] else second
todo = sorted(
    k for k, i in init["issues"].items()
    if leaver is not None and i["assignee"] == leaver and not is_done(init, i["status"])
)
checks.append(("clear_receiver", 0, target is not None and len(todo) >= 2,
               f"open issues: {loads}, {len(todo)} to hand over"))
for key in todo:
    now = cur["issues"].get(key, {}).get("assignee")
    checks.append(("handed_over_" + key, 1, target is not None and now == target,
                   f"assignee {now}"))
allowed = {"issues." + k + ".assignee" for k in todo}
extra = sorted(set(diff) - allowed)
checks.append(("nothing_else_changed", 0, not extra, f"other changes: {extra[:5]}"))

"""``assign-unowned-issues``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.code_host._checks._scope import *  # noqa: F403

# -- inlined into reward.py --
who = next((u["id"] for u in init["users"].values() if u["login"] == P["login"]), None)
ms = next(
    (
        m["id"]
        for m in init["milestones"].values()
        if m["repoId"] == P["repo"] and m["title"] == P["milestone"]
    ),
    None,
)
targets = [issue_id(init, P["repo"], n) for n in P["numbers"]]
assigned = [t for t in targets if t and cur["issues"][t]["assignees"] == [who]]
planned = [t for t in targets if t and cur["issues"][t]["milestoneId"] == ms]
checks.append(
    (
        "all_assigned",
        3,
        len(assigned) == len(targets),
        f"{len(assigned)} of {len(targets)} assigned to {P['login']}",
    )
)
checks.append(
    (
        "all_in_milestone",
        2,
        len(planned) == len(targets),
        f"{len(planned)} of {len(targets)} in {P['milestone']}",
    )
)
allowed = []
for t in targets:
    allowed += ["issues." + str(t) + ".assignees", "issues." + str(t) + ".milestoneId"]
extra = diff_outside(diff, allowed)
checks.append(
    (
        "issues_found",
        0,
        None not in targets and who is not None and ms is not None,
        f"issues {targets}",
    )
)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

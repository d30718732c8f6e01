"""``triage-bugs``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.issue_tracker._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
who = user_named(cur, PARAMS["assignee_name"])
targets = sorted(
    k
    for k, i in init["issues"].items()
    if i["project"] == PARAMS["project"] and i["type"] == "bug"
    and not is_done(init, i["status"]) and i["assignee"] is None
    and i["priority"] in PARAMS["priorities"]
)
allowed = set()
for key in targets:
    now = cur["issues"].get(key, {})
    want_labels = sorted(set(init["issues"][key]["labels"]) | {PARAMS["label"]})
    assigned = who is not None and now.get("assignee") == who
    labelled = sorted(now.get("labels", [])) == want_labels
    checks.append(("assigned_" + key, 1, assigned, f"assignee {now.get('assignee')}"))
    checks.append(("labelled_" + key, 1, labelled, f"labels {now.get('labels')}"))
    allowed |= {"issues." + key + ".assignee", "issues." + key + ".labels"}
extra = sorted(set(diff) - allowed)
intact = bool(targets) and not extra
detail = f"{len(targets)} targets, other: {extra[:5]}"
checks.append(("nothing_else_changed", 0, intact, detail))

"""``label-pull-request``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.code_host._checks._scope import *  # noqa: F403

# -- inlined into reward.py --
pid = pull_id(init, P["repo"], P["number"])
labels = cur["pulls"].get(pid, {}).get("labels", []) if pid else []
checks.append(
    ("labels_added", 2, all(x in labels for x in P["labels"]), "labels: " + listing(labels))
)
checks.append(
    ("only_those_labels", 1, sorted(labels) == sorted(P["labels"]), "labels: " + listing(labels))
)
extra = diff_outside(diff, ["pulls." + str(pid) + ".labels"])
checks.append(("pull_found", 0, pid is not None, f"pull {pid}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

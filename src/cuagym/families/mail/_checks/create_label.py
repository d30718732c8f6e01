"""``create-label``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
new = added_ids(init, cur, "labels")
# The name as asked: "follow up" is not the label "Follow up".
named = [cur["labels"][lid] for lid in new
         if exact(cur["labels"][lid]["name"]) == exact(P["name"])]
checks.append(("label_created", 2, len(named) == 1,
               f"new labels {[cur['labels'][lid]['name'] for lid in new]}"))
colour = named[0]["color"] if named else None
checks.append(("colour", 1, colour == P["color"], f"colour {colour}"))
checks.append(("one_label", 0, len(new) <= 1, f"{len(new)} new labels"))
# A new label only: no existing label renamed or deleted, nothing labelled with it.
extra = diff_outside(diff, ["labels." + lid for lid in new])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

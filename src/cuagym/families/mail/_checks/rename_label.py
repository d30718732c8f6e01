"""``rename-label``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
lid = label_id(init, P["old"])
label = cur["labels"].get(lid or "", {})
checks.append(("label_found", 0, lid is not None, f"label {lid}"))
# The same label (same id) renamed: its conversations keep it without being touched.
checks.append(("renamed", 2, bool(label) and exact(label["name"]) == exact(P["new"]),
               f"name {label.get('name')!r}"))
checks.append(("colour", 1, label.get("color") == P["color"],
               f"colour {label.get('color')!r}"))
extra = diff_outside(diff, [f"labels.{lid}.name", f"labels.{lid}.color"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

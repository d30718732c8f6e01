"""``star-largest``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.drive._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
# The judgement is the reward's own: the largest live file of the kind in the folder, in /go.
folder = folder_at(init, P["where"])
ranked = sorted((f for k, f in init["files"].items() if f["folderId"] == folder and f["kind"] == P["kind"] and not trashed(init, "file", k)), key=lambda f: (-f["sizeBytes"], f["id"]))
top = ranked[0]["id"] if ranked and folder != "?" else ""
checks.append(("found", 0, bool(top), f"{len(ranked)} {P['kind']} file(s) in {P['where']}"))
checks.append(("largest_starred", 3, bool(top) and (cur["files"].get(top) or {}).get("starred") is True, f"the largest is {ranked[0]['name'] if ranked else '?'!r}"))
extra = diff_outside(diff, [f"files.{top}.starred"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

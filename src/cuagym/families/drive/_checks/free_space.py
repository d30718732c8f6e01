"""``free-space``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.drive._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
# The judgement is the reward's own: the largest files put in the trash, by size, in /go.
in_trash = sorted((f for f in init["files"].values() if f["trashedAt"] is not None), key=lambda f: (-f["sizeBytes"], f["id"]))
largest = [f["id"] for f in in_trash[: P["count"]]]
rest = [f["id"] for f in in_trash[P["count"]:]]
gone = [fid for fid in largest if fid not in cur["files"]]
checks.append(("largest_deleted", 3, len(gone) == len(largest) == P["count"], f"deleted {len(gone)} of {listing(largest)}"))
kept = [fid for fid in rest if cur["files"].get(fid) == init["files"][fid]]
checks.append(("rest_of_trash_kept", 0, len(kept) == len(rest), f"{len(rest) - len(kept)} other trashed file(s) changed or gone"))
attached = [f"{c}.{k}" for c in ("versions", "comments") for k, v in init[c].items() if v["fileId"] in largest]
extra = diff_outside(diff, ["files." + fid for fid in largest] + attached)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

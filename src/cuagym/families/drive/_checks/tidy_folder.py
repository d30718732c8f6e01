"""``tidy-folder``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.drive._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
parent = folder_at(init, P["where"])
made = [k for k in added(diff, "folders") if cur["folders"][k]["parentId"] == parent and exact(cur["folders"][k]["name"]) == exact(P["new"])]
new = made[0] if len(made) == 1 else "?"
checks.append(("folder_created", 2, len(made) == 1 and parent != "?", f"{len(made)} new folder(s) {P['new']!r} in {P['where']}"))
# A plain new folder: nothing the instruction did not ask for (no star, share or colour).
plain = {"starred": False, "sharedWith": {}, "linkSharing": False, "linkRole": "viewer", "trashedAt": None, "color": None, "ownerId": init["currentUser"]}
wrong = unlike(cur["folders"][new], plain) if new != "?" else []
checks.append(("folder_plain", 0, not wrong, "also set: " + listing(wrong)))
# Which files move is the reward's own reading of /go: those of the kind directly in the folder.
wanted = sorted(k for k, f in init["files"].items() if f["folderId"] == parent and f["kind"] == P["kind"] and not trashed(init, "file", k))
moved = [k for k in wanted if (cur["files"].get(k) or {}).get("folderId") == new]
checks.append(("files_moved", 3, bool(wanted) and len(moved) == len(wanted), f"{len(moved)} of {len(wanted)} {P['kind']} files moved"))
extra = diff_outside(diff, ["folders." + k for k in made[:1]] + [f"files.{k}.folderId" for k in wanted])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

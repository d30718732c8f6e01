"""``move-file``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.drive._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
fid = the_file(init, P["file"], P["where"])
target = folder_at(init, P["target"])
record = cur["files"].get(fid) or {}
checks.append(("found", 0, bool(fid) and target != "?", f"file {fid!r}, folder {target!r}"))
checks.append(("moved", 3, bool(record) and record.get("folderId") == target, f"folderId is {record.get('folderId')!r}, wanted {target!r}"))
checks.append(("name_kept", 0, exact(record.get("name")) == exact(P["file"]), f"name is {record.get('name')!r}"))
extra = diff_outside(diff, [f"files.{fid}.folderId"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

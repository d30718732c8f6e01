"""``restore-from-trash``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.drive._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
fid = the_file(init, P["file"], P["where"], in_the_trash=True)
record = cur["files"].get(fid) or {}
checks.append(("found", 0, bool(fid), f"file {fid!r}"))
checks.append(("out_of_trash", 2, bool(record) and record.get("trashedAt") is None, f"trashedAt is {record.get('trashedAt')!r}"))
checks.append(("back_in_its_folder", 0, bool(record) and record.get("folderId") == folder_at(init, P["where"]), f"folderId is {record.get('folderId')!r}"))
extra = diff_outside(diff, [f"files.{fid}.trashedAt"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

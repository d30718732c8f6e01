"""``rename-file``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.drive._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
fid = the_file(init, P["file"], P["where"])
record = cur["files"].get(fid) or {}
checks.append(("file_found", 0, bool(fid), f"file {fid!r}"))
# The new name as typed: case, spaces and the extension count.
checks.append(("renamed", 3, bool(record) and exact(record.get("name")) == exact(P["new"]), f"name is {record.get('name')!r}"))
checks.append(("same_folder", 0, record.get("folderId") == init["files"].get(fid, {}).get("folderId"), "the file moved"))
extra = diff_outside(diff, [f"files.{fid}.name"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

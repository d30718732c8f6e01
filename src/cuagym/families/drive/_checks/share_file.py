"""``share-file``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.drive._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
fid = the_file(init, P["file"], P["where"])
uid = user_by_email(init, P["email"])
record = cur["files"].get(fid) or {}
role = (record.get("sharedWith") or {}).get(uid)
checks.append(("file_found", 0, bool(fid and uid), f"file {fid!r}, person {uid!r}"))
checks.append(("shared_with_role", 3, role == P["role"], f"{P['person']} has {role!r}, wanted {P['role']!r}"))
extra = diff_outside(diff, [f"files.{fid}.sharedWith.{uid}"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

"""``link-access``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.drive._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
fid = the_file(init, P["file"], P["where"])
uid = user_by_email(init, P["email"])
record = cur["files"].get(fid) or {}
shared = record.get("sharedWith") or {}
checks.append(("found", 0, bool(fid and uid), f"file {fid!r}, person {uid!r}"))
checks.append(("link_on", 2, record.get("linkSharing") is True, f"linkSharing is {record.get('linkSharing')!r}"))
checks.append(("link_role", 1, record.get("linkRole") == P["role"], f"linkRole is {record.get('linkRole')!r}"))
checks.append(("person_removed", 2, bool(record) and uid not in shared, f"{P['person']} still has {shared.get(uid)!r}"))
others = {k: v for k, v in (init["files"].get(fid) or {}).get("sharedWith", {}).items() if k != uid}
checks.append(("others_kept", 0, dict(shared) == others, "other people's access changed"))
extra = diff_outside(diff, [f"files.{fid}.linkSharing", f"files.{fid}.linkRole", f"files.{fid}.sharedWith.{uid}"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

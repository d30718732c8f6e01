"""``share-from-mail``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.cross.drive._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
fid = the_file(init, P["file"], P["where"])
record = cur["files"].get(fid) or {}
shared = record.get("sharedWith") or {}
uids = [user_by_email(init, e) for e in P["emails"]]
checks.append(("found", 0, bool(fid) and all(uids), f"file {fid!r}, people {uids}"))
# Everyone on the email (the sender and each person copied), each with the role it asks for.
right = [u for u in uids if shared.get(u) == P["role"]]
checks.append(("everyone_on_the_email", 3, len(right) == len(uids), f"{len(right)} of {len(uids)} have {P['role']!r}"))
checks.append(("sender_shared", 1, bool(uids) and shared.get(uids[0]) == P["role"], f"{P['sender']} has {shared.get(uids[0] if uids else '')!r}"))
extra = diff_outside(diff, [f"files.{fid}.sharedWith.{u}" for u in uids])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
# The mailbox is only read: no reply, no label, no archive (read marks aside).
mail_extra = diff_outside(mdiff, ["threads.*.unread"])
checks.append(("mailbox_untouched", 0, not mail_extra, "mail changes: " + listing(mail_extra)))

"""``resolve-comments``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.drive._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
fid = the_file(init, P["file"], P["where"])
named_so = [k for k, u in init["users"].items() if exact(u["name"]) == exact(P["person"])]
uid = named_so[0] if len(named_so) == 1 else ""
theirs = sorted(k for k, c in init["comments"].items() if c["fileId"] == fid and c["authorId"] == uid and not c["resolved"])
checks.append(("found", 0, bool(fid and uid and theirs), f"file {fid!r}, {len(theirs)} open comment(s) by {P['person']}"))
done = [k for k in theirs if (cur["comments"].get(k) or {}).get("resolved") is True]
checks.append(("their_comments_resolved", 3, bool(theirs) and len(done) == len(theirs), f"{len(done)} of {len(theirs)} resolved"))
new = added(diff, "comments")
mine = [k for k in new if cur["comments"][k]["fileId"] == fid and cur["comments"][k]["authorId"] == init["currentUser"]]
said = [k for k in mine if exact(cur["comments"][k]["text"]) == exact(P["reply"])]
checks.append(("reply_added", 2, len(said) == 1 and len(new) == 1, f"{len(new)} new comment(s), {len(said)} saying the reply"))
checks.append(("reply_open", 0, all(cur["comments"][k]["resolved"] is False for k in said), "the new comment is resolved"))
extra = diff_outside(diff, [f"comments.{k}.resolved" for k in theirs] + ["comments." + k for k in new[:1]])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

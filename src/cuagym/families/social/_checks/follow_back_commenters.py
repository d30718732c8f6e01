"""``follow-back-commenters``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.social._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
me = init["currentUser"]
found = [k for k, p in sorted(init["posts"].items()) if p["authorId"] == me and exact(p["body"]) == exact(P["post_body"])]
pid = found[0] if len(found) == 1 else None
checks.append(("post_found", 0, pid is not None, f"{len(found)} post(s) with that text"))
commenters = sorted({c["authorId"] for c in init["comments"].values() if c["postId"] == pid and c["authorId"] != me})
before = set(init["profiles"][me]["following"])
after = set(cur["profiles"][me]["following"])
missing = [h for h in commenters if h not in after]
added_now = sorted(after - before)
checks.append(("commenters_followed", 3, bool(commenters) and not missing, "not followed: " + listing(missing)))
checks.append(("no_one_else_followed", 0, set(added_now) <= set(commenters), "also followed: " + listing([h for h in added_now if h not in commenters])))
checks.append(("no_one_unfollowed", 0, before <= after, "unfollowed: " + listing(sorted(before - after))))
extra = diff_outside(diff, ["profiles." + me + ".following"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

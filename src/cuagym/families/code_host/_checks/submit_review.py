"""``submit-review``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.code_host._checks._scope import *  # noqa: F403

# -- inlined into reward.py --
pid = pull_id(init, P["repo"], P["number"])
me = init["currentUser"]
fresh = new_reviews(init, cur, pid)
mine = [r for r in fresh if r["authorId"] == me]
last = mine[-1] if mine else {}
checks.append(("reviewed", 1, bool(mine), f"{len(mine)} new review(s) by you"))
checks.append(("verdict", 2, last.get("state") == P["verdict"], f"verdict {last.get('state')!r}"))
checks.append(
    ("comment", 2, exact(last.get("body")) == exact(P["comment"]), f"comment {last.get('body')!r}")
)
checks.append(("one_review", 0, len(mine) <= 1, f"{len(mine)} reviews submitted"))
allowed = ["reviews." + r["id"] for r in mine] + ["pulls." + str(pid) + ".reviewers"]
extra = diff_outside(diff, allowed)
checks.append(("pull_found", 0, pid is not None, f"pull {pid}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

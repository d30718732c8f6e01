"""``pin-top-post``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.social._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
me = init["currentUser"]
pool = [p for p in init["posts"].values() if p["authorId"] == me and p["status"] == "published" and not p["hidden"]
        and (p["publishedAt"].startswith(P["value"]) if P["kind"] == "month" else P["value"] in p["tags"])]
best = max((len(p["likedBy"]) for p in pool), default=-1)
winners = sorted(p["id"] for p in pool if len(p["likedBy"]) == best)
target = winners[0] if len(winners) == 1 else None
checks.append(("one_top_post", 0, target is not None, f"{len(winners)} post(s) with {best} likes"))
now_pinned = pinned_of(cur, me)
checks.append(("top_post_pinned", 3, now_pinned == [target], f"pinned now: {now_pinned!r}, want {target!r}"))
allowed = ["posts." + str(target) + ".pinned"] + ["posts." + k + ".pinned" for k in pinned_of(init, me)]
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

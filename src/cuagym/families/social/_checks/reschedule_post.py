"""``reschedule-post``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.social._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
me = init["currentUser"]
found = [k for k, v in sorted(init["posts"].items()) if v["authorId"] == me and v["status"] == "scheduled" and exact(v["body"]) == exact(P["body"])]
pid = found[0] if len(found) == 1 else None
checks.append(("post_found", 0, pid is not None, f"{len(found)} scheduled post(s) with that text"))
post = cur["posts"].get(pid or "", {})
want_at = P["day"] + "T" + P["time"] + ":00Z"
checks.append(("still_scheduled", 0, post.get("status") == "scheduled", f"status is {post.get('status')!r}"))
checks.append(("new_day_same_time", 3, post.get("scheduledAt") == want_at, f"scheduledAt is {post.get('scheduledAt')!r}, want {want_at}"))
extra = diff_outside(diff, ["posts." + str(pid) + ".scheduledAt"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

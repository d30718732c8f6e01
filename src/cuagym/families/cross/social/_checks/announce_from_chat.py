"""``announce-from-chat``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.cross.social._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
new = mine_new(cur, diff, "posts")
post = cur["posts"][new[0]] if len(new) == 1 else {}
checks.append(("one_new_post", 0, len(new) == 1, f"{len(new)} new post(s) by the account"))
checks.append(("fresh_post", 0, bool(post) and not unlike(post, FRESH_POST), "odd fields: " + listing(unlike(post, FRESH_POST))))
checks.append(("text", 2, bool(post) and without_tags(post.get("body"), P["tags"]) == exact(P["text"]), f"text is {post.get('body')!r}"))
checks.append(("scheduled_not_published", 1, post.get("status") == "scheduled" and post.get("publishedAt") is None, f"status is {post.get('status')!r}"))
# The correction's day and time, not the first message's.
want_at = P["day"] + "T" + P["time"] + ":00Z"
checks.append(("corrected_time", 2, post.get("scheduledAt") == want_at, f"scheduledAt is {post.get('scheduledAt')!r}, want {want_at}"))
checks.append(("visibility", 1, post.get("visibility") == P["visibility"], f"visibility is {post.get('visibility')!r}"))
checks.append(("tags", 1, sorted(post.get("tags") or []) == sorted(P["tags"]), f"tags are {post.get('tags')!r}"))
extra = diff_outside(diff, ["posts." + pid for pid in new])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
chat_extra = diff_outside(odiff, [])
checks.append(("chat_untouched", 0, not chat_extra, "chat changes: " + listing(chat_extra)))

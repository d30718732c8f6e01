"""``reply-to-comment``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.social._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
me = init["currentUser"]
found = [k for k, c in sorted(init["comments"].items())
         if c["authorId"] == P["commenter"] and exact(c["body"]) == exact(P["comment"])
         and init["posts"][c["postId"]]["authorId"] == me and exact(init["posts"][c["postId"]]["body"]) == exact(P["post_body"])]
target = found[0] if len(found) == 1 else None
checks.append(("comment_found", 0, target is not None, f"{len(found)} matching comment(s)"))
new = mine_new(cur, diff, "comments")
reply = cur["comments"][new[0]] if len(new) == 1 else {}
checks.append(("one_new_comment", 0, len(new) == 1, f"{len(new)} new comment(s) by the account"))
checks.append(("fresh_comment", 0, bool(reply) and not unlike(reply, FRESH_COMMENT), "odd fields: " + listing(unlike(reply, FRESH_COMMENT))))
checks.append(("threaded_reply", 2, target is not None and reply.get("parentId") == target, f"parentId is {reply.get('parentId')!r}, want {target!r}"))
checks.append(("text", 2, bool(reply) and exact(reply.get("body")) == exact(P["text"]), f"text is {reply.get('body')!r}"))
extra = diff_outside(diff, ["comments." + c for c in new])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

"""``complaint-reply-with-issue``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.cross.social._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
found = [k for k, p in sorted(init["posts"].items()) if p["authorId"] == P["handle"] and exact(p["body"]) == exact(P["complaint"])]
pid = found[0] if len(found) == 1 else None
checks.append(("complaint_found", 0, pid is not None, f"{len(found)} matching post(s)"))
issue = oinit["issues"].get(P["key"], {})
names = {s["id"]: s["name"] for s in oinit["workflow"]["statuses"]}
status = names.get(issue.get("status"), "?")
want = "Thanks for flagging this! It's tracked as " + P["key"] + " and its status is " + status + "."
new = mine_new(cur, diff, "comments")
reply = cur["comments"][new[0]] if len(new) == 1 else {}
checks.append(("one_new_comment", 0, len(new) == 1, f"{len(new)} new comment(s) by the account"))
checks.append(("fresh_comment", 0, bool(reply) and not unlike(reply, FRESH_COMMENT), "odd fields: " + listing(unlike(reply, FRESH_COMMENT))))
checks.append(("on_the_complaint", 2, pid is not None and reply.get("postId") == pid and reply.get("parentId") is None, f"on post {reply.get('postId')!r}"))
checks.append(("issue_key", 2, bool(reply) and P["key"].lower() in fold(reply.get("body")), f"text is {reply.get('body')!r}"))
checks.append(("status_and_wording", 2, bool(reply) and fold(reply.get("body")) == fold(want), f"want {want!r}"))
extra = diff_outside(diff, ["comments." + c for c in new])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
tracker_extra = diff_outside(odiff, [])
checks.append(("tracker_untouched", 0, not tracker_extra, "tracker changes: " + listing(tracker_extra)))

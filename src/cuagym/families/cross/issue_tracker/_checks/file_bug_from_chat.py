"""``file-bug-from-chat``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from typing import Any

from cuagym.families.cross.issue_tracker._checks._scope import *  # noqa: F403

bare: dict[str, Any]

# fmt: off
# -- inlined into reward.py --
# -- the report, as the chat held it before the task ---------------------------------------
conv = next((c["id"] for c in cinit["channels"].values() if c["name"] == PARAMS["channel"]), None)
reporter = chat_uid(cinit, PARAMS["reporter"])
cinit_msgs = cinit["messages"].get(conv, [])
ccur_msgs = ccur["messages"].get(conv, [])
hits = [m for m in cinit_msgs if m["sender"] == reporter and m["threadParent"] is None
        and norm(m["text"]).startswith(norm(PARAMS["match"]))]
report = hits[0] if len(hits) == 1 else None
checks.append(("report_found", 0, report is not None, f"{len(hits)} matching message(s)"))

# -- the tracker: exactly one new issue, the asked one --------------------------------------
project = PARAMS["project"]
added = [k for k in cur["issues"] if k not in init["issues"]]
made = [k for k in added if cur["issues"][k]["project"] == project
        and exact(cur["issues"][k]["title"]) == exact(PARAMS["title"])]
key = made[0] if len(made) == 1 else None
issue = cur["issues"][key] if key else {}
who = user_named(cur, PARAMS["assignee_name"])
told = exact(report["text"]) if report else None
checks.append(("filed", 2, key is not None, f"{len(made)} new issue(s) with that title"))
checks.append(("bug", 1, issue.get("type") == "bug", f"type {issue.get('type')}"))
checks.append(("priority", 1, issue.get("priority") == PARAMS["priority"],
               f"priority {issue.get('priority')}"))
checks.append(("assignee", 1, who is not None and issue.get("assignee") == who,
               f"assignee {issue.get('assignee')}"))
checks.append(("description_is_the_report", 2,
               told is not None and exact(issue.get("description", "")) == told,
               "description: " + str(issue.get("description"))[:80]))
unasked = {k: issue.get(k) for k in ("labels", "storyPoints", "sprint", "parent", "comments")}
bare = {"labels": [], "storyPoints": None, "sprint": None, "parent": None, "comments": []}
checks.append(("nothing_unasked", 0, key is None or unasked == bare, f"also set: {unasked}"))
fresh = key is None or issue.get("status") == init["workflow"]["initialStatus"]
checks.append(("initial_status", 0, fresh, f"status {issue.get('status')}"))
checks.append(("one_issue", 0, len(added) <= 1, f"{len(added)} new issue(s)"))
allowed = ["projects." + project + ".nextIssueNumber"] + ["issues." + k for k in added]
extra = diff_outside(diff, allowed)
checks.append(("tracker_unchanged_otherwise", 0, not extra, "other changes: " + listing(extra)))

# -- the chat: one reply in the report's thread, naming the new key --------------------------
init_ids = {m["id"] for ms in cinit["messages"].values() for m in ms}
new_msgs = [m for ms in ccur["messages"].values() for m in ms if m["id"] not in init_ids]
tid = report["id"] if report else None
replies = [m for m in new_msgs if m["sender"] == me and tid is not None
           and m["threadParent"] == tid and not m["attachments"] and not m["pinned"]]
want = (PARAMS["reply_prefix"] + " " + key) if key else None
checks.append(("replied_in_thread", 1, len(replies) >= 1, f"{len(replies)} reply(ies) by you"))
checks.append(("reply_names_the_key", 2, want is not None
               and any(exact(m["text"]) == want for m in replies),
               "replies: " + " | ".join(m["text"] for m in replies)))
checks.append(("one_message", 0, len(new_msgs) <= 1, f"{len(new_msgs)} new chat message(s)"))
outside = [m for m in new_msgs if tid is None or m["threadParent"] != tid]
checks.append(("not_in_channel", 0, not outside, f"{len(outside)} message(s) outside the thread"))
cur_by_id = {m["id"]: m for m in ccur_msgs}
kept = all(cur_by_id.get(m["id"]) == m for m in cinit_msgs)
checks.append(("chat_messages_kept", 0, kept, "the channel's earlier messages are unchanged"))
cextra = diff_outside(cdiff, ["messages." + str(conv)])
checks.append(("chat_unchanged_otherwise", 0, not cextra, "other changes: " + listing(cextra)))

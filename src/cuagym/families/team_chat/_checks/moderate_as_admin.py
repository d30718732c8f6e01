"""``moderate-as-admin``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.team_chat._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
cid = next((c["id"] for c in init["channels"].values() if c["name"] == P["channel"]), None)
admin, poster = uid(init, P["admin"]), uid(init, P["poster"])
init_msgs = init["messages"].get(cid, [])
cur_msgs = cur["messages"].get(cid, [])
hits = [m["id"] for m in init_msgs if m["sender"] == poster and m["threadParent"] is None
        and norm(P["match"]) in norm(m["text"])]
tid = hits[0] if len(hits) == 1 else None
cur_by_id = {m["id"]: m for m in cur_msgs}
init_ids = {m["id"] for ms in init["messages"].values() for m in ms}
kept = all(cur_by_id.get(m["id"]) == m for m in init_msgs
           if m["id"] != tid and m["threadParent"] != tid)
new_msgs = [m for m in cur_msgs if m["id"] not in init_ids]
notices = [m for m in new_msgs if m["sender"] == admin and m["threadParent"] is None
           and not m["attachments"] and not m["reactions"] and not m["pinned"]]
extra = diff_outside(diff, ["currentUser", "messages." + str(cid)])
checks.append(("spam_found", 0, tid is not None and me != admin, f"{len(hits)} matching"))
checks.append(("removed", 2, tid is not None and tid not in cur_by_id, f"message {tid}"))
checks.append(("notice", 2, any(exact(m["text"]) == exact(P["text"]) for m in notices),
               "texts: " + " | ".join(m["text"] for m in new_msgs)))
checks.append(("signed_in_as_admin", 1, cur["currentUser"] == admin,
               f"signed in as {cur['currentUser']}"))
checks.append(("one_notice", 0, len(new_msgs) <= 1, f"{len(new_msgs)} new message(s)"))
checks.append(("others_kept", 0, kept, "the channel's other messages are unchanged"))
checks.append(("nothing_else", 0, not extra, "other changes: " + listing(extra)))

"""``post-sprint-status``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.cross.issue_tracker._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
# -- the answer, from the tracker as it was (and must still be) -----------------------------
sid = sprint_named(init, PARAMS["project"], PARAMS["sprint_name"])
scope = PARAMS["label"]
keys = []
for k, i in init["issues"].items():
    if sid is None or i["sprint"] != sid:
        continue
    unfinished = not is_done(init, i["status"])
    if ((scope == "open bugs" and i["type"] == "bug" and unfinished)
            or (scope == "open stories" and i["type"] == "story" and unfinished)
            or (scope == "in review" and i["status"] == "in-review")):
        keys.append(k)
keys.sort(key=lambda k: int(k.rsplit("-", 1)[1]))
want = PARAMS["sprint_name"] + " " + PARAMS["label"] + ": " + ", ".join(keys)
checks.append(("sprint_found", 0, sid is not None and bool(keys), f"{len(keys)} issue(s) in scope"))
checks.append(("tracker_unchanged", 0, not diff, "tracker changes: " + listing(sorted(diff))))

# -- the chat: one new top-level message of yours in the channel ------------------------------
conv = next((c["id"] for c in cinit["channels"].values() if c["name"] == PARAMS["channel"]), None)
init_ids = {m["id"] for ms in cinit["messages"].values() for m in ms}
new_msgs = [m for ms in ccur["messages"].values() for m in ms if m["id"] not in init_ids]
# A plain post: not pinned, no reaction or attachment (C7 found a pinned post scoring 1.0).
mine = [m for m in ccur["messages"].get(conv, []) if m["id"] not in init_ids
        and m["sender"] == me and m["threadParent"] is None and not m["attachments"]
        and not m["pinned"] and not m["reactions"]]
checks.append(("posted", 1, len(mine) >= 1, f"{len(mine)} new message(s) of yours"))
checks.append(("status_text", 3, any(exact(m["text"]) == want for m in mine),
               "expected: " + want + " | got: " + " | ".join(m["text"] for m in mine)))
checks.append(("one_message", 0, len(new_msgs) <= 1, f"{len(new_msgs)} new chat message(s)"))
cur_by_id = {m["id"]: m for m in ccur["messages"].get(conv, [])}
kept = all(cur_by_id.get(m["id"]) == m for m in cinit["messages"].get(conv, []))
checks.append(("chat_messages_kept", 0, kept, "the channel's earlier messages are unchanged"))
cextra = diff_outside(cdiff, ["messages." + str(conv)])
checks.append(("chat_unchanged_otherwise", 0, not cextra, "other changes: " + listing(cextra)))

"""``sprint-channel``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.cross.team_chat._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
# -- the goal, as the tracker states it (and must still state it) ------------------------------
sid = sprint_named(init, PARAMS["project"], PARAMS["sprint_name"])
goal = init["sprints"][sid]["goal"] if sid else ""
checks.append(("goal_found", 0, bool(goal), f"goal: {goal}"))
checks.append(("tracker_unchanged", 0, not diff, "tracker changes: " + listing(sorted(diff))))

# -- the chat: the new public channel, its description, its first message ---------------------
made = [c for c in ccur["channels"].values()
        if c["name"] == PARAMS["channel"] and c["id"] not in cinit["channels"]]
ch = made[0] if len(made) == 1 else {}
cid = ch.get("id")
msgs = ccur["messages"].get(cid, []) if cid else []
checks.append(("created", 2, cid is not None and ch.get("createdBy") == me, f"channel: {cid}"))
checks.append(("public", 1, ch.get("isPrivate") is False, f"isPrivate: {ch.get('isPrivate')}"))
described = bool(goal) and exact(ch.get("purpose", "")) == exact(goal)
checks.append(("described_by_the_goal", 2, described, f"description: {ch.get('purpose')}"))
posts = [m for m in msgs if m["sender"] == me and m["threadParent"] is None
         and not m["attachments"] and not m["pinned"] and not m["reactions"]]
checks.append(("first_message", 2, any(exact(m["text"]) == exact(PARAMS["text"]) for m in posts),
               "texts: " + " | ".join(m["text"] for m in msgs)))
checks.append(("one_message", 0, len(msgs) <= 1, f"{len(msgs)} message(s) in the channel"))
checks.append(("nothing_else_set", 0, cid is None or (ch.get("topic") == ""
               and ch.get("archived") is False and ch.get("members") == [me]),
               f"topic {ch.get('topic')!r}, members {ch.get('members')}"))
cextra = diff_outside(cdiff, ["channels." + str(cid), "messages." + str(cid)])
checks.append(("chat_unchanged_otherwise", 0, not cextra, "other changes: " + listing(cextra)))

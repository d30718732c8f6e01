"""``catch-up-unread``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.team_chat._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
asker = uid(init, P["asker"])
pair = {me, asker}
dm = next((d for d, v in init["dms"].items() if set(v["members"]) == pair), None)
convs = sorted(c for c, ch in cur["channels"].items() if me in ch["members"] and not ch["archived"])
convs += sorted(d for d, v in cur["dms"].items() if me in v["members"])
seen = cur["ui"]["lastViewedAt"].get(me, {})
was_seen = init["ui"]["lastViewedAt"].get(me, {})
# A conversation is unread as the sidebar counts it: a top-level message of someone else
# newer than the last one you saw there.
unread = [conv for conv in convs if any(
    m["threadParent"] is None and m["sender"] != me
    and (seen.get(conv) is None or m["ts"] > seen[conv])
    for m in cur["messages"].get(conv, []))]
unread_before = [conv for conv in convs if any(
    m["threadParent"] is None and m["sender"] != me
    and (was_seen.get(conv) is None or m["ts"] > was_seen[conv])
    for m in init["messages"].get(conv, []))]
init_ids = {m["id"] for ms in init["messages"].values() for m in ms}
new_msgs = [m for ms in cur["messages"].values() for m in ms if m["id"] not in init_ids]
# The reply is a plain message: not pinned, no reaction or attachment on it (C7 found a
# pinned reply scoring 1.0).
answers = [m for m in cur["messages"].get(dm, []) if m["id"] not in init_ids
           and m["sender"] == me and m["threadParent"] is None and not m["attachments"]
           and not m["pinned"] and not m["reactions"]]
extra = diff_outside(diff, ["messages." + str(dm)])
stamps = [m["ts"] for ms in cur["messages"].values() for m in ms] + list(seen.values())
spelled = all(len(t) == 20 and t[10] == "T" and t.endswith("Z") for t in stamps)
checks.append(("timestamps_comparable", 0, spelled, "every timestamp in the app's spelling"))
checks.append(("was_unread", 0, dm is not None and len(unread_before) >= 2,
               f"{len(unread_before)} unread conversation(s) at the start"))
checks.append(("all_read", 2, not unread, "still unread: " + ", ".join(unread)))
checks.append(("answered", 2, any(exact(m["text"]) == exact(P["answer"]) for m in answers),
               "answers: " + " | ".join(m["text"] for m in answers)))
checks.append(("one_message", 0, len(new_msgs) <= 1, f"{len(new_msgs)} new message(s)"))
checks.append(("only_in_the_dm", 0, all(m in answers for m in new_msgs),
               "new messages outside the DM: " + str(len([m for m in new_msgs
                                                          if m not in answers]))))
cur_by_id = {m["id"]: m for m in cur["messages"].get(dm, [])}
kept = all(cur_by_id.get(m["id"]) == m for m in init["messages"].get(dm, []))
checks.append(("dm_messages_kept", 0, kept, "the conversation's earlier messages are unchanged"))
checks.append(("nothing_else", 0, not extra, "other changes: " + listing(extra)))

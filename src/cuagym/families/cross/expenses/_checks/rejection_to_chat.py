"""``rejection-to-chat``'s reward checks, after the rejection's own (``reject_report``): the
notice in the channel, exactly as asked, the chat's only change."""

# ruff: noqa: F405, E501
from cuagym.families.cross.expenses._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
conv = next((c["id"] for c in cinit["channels"].values() if c["name"] == P["channel"]), None)
before = {m["id"] for m in cinit["messages"].get(conv, [])} if conv else set()
posted = [m for m in ccur["messages"].get(conv, []) if m["id"] not in before] if conv else []
mine = [m for m in posted if m["sender"] == cme and m["threadParent"] is None]
# a plain message: not pinned, no attachment or reaction (nothing the task did not ask for)
said = [m for m in mine if exact(m["text"]) == exact(P["text"]) and not m.get("pinned") and not m.get("attachments") and not m.get("reactions")]
checks.append(("told_the_channel", 2, bool(said), "new messages: " + " | ".join(m["text"] for m in posted)))
checks.append(("one_message", 0, len(posted) <= 1, f"{len(posted)} new message(s)"))
kept = [m for m in ccur["messages"].get(conv, []) if m["id"] in before] if conv else []
intact = kept == (cinit["messages"].get(conv, []) if conv else [])
checks.append(("channel_history_intact", 0, intact, "earlier messages of the channel unchanged"))
cextra = diff_outside(cdiff, ["messages." + str(conv)])
checks.append(("chat_unchanged_otherwise", 0, not cextra, "other changes: " + listing(cextra)))

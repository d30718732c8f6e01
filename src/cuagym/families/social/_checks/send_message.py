"""``send-message``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.social._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
me = cur["currentUser"]
new = mine_new(cur, diff, "messages")
msg = cur["messages"][new[0]] if len(new) == 1 else {}
convo = cur["conversations"].get(msg.get("conversationId") or "", {})
checks.append(("one_new_message", 0, len(new) == 1, f"{len(new)} new message(s) by the account"))
checks.append(("to_the_person", 2, convo.get("participantIds") == sorted([me, P["handle"]]), f"participants are {convo.get('participantIds')!r}"))
checks.append(("text", 2, bool(msg) and exact(msg.get("body")) == exact(P["text"]), f"text is {msg.get('body')!r}"))
existing = [k for k, c in init["conversations"].items() if c["participantIds"] == sorted([me, P["handle"]])]
# Sending marks the thread read; a new thread starts unmuted.
was_muted = init["conversations"].get(str(msg.get("conversationId")), {}).get("muted", False)
checks.append(("thread_state", 0, bool(convo) and convo.get("unread") is False and convo.get("muted") == was_muted, f"unread {convo.get('unread')!r}, muted {convo.get('muted')!r}"))
checks.append(("same_thread", 0, not existing or msg.get("conversationId") == existing[0], "an existing one-to-one thread is reused"))
cid = str(msg.get("conversationId"))
extra = diff_outside(diff, ["messages." + m for m in new] + ["conversations." + cid + (".unread" if existing else "")])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

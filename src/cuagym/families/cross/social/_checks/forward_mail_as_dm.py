"""``forward-mail-as-dm``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.cross.social._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
me = cur["currentUser"]
emails = [m for m in oinit["messages"].values() if exact(m["subject"]) == exact(P["subject"])]
checks.append(("email_found", 0, len(emails) == 1, f"{len(emails)} email(s) with that subject"))
text = emails[0]["body"] if len(emails) == 1 else None
new = mine_new(cur, diff, "messages")
msg = cur["messages"][new[0]] if len(new) == 1 else {}
convo = cur["conversations"].get(msg.get("conversationId") or "", {})
checks.append(("one_new_message", 0, len(new) == 1, f"{len(new)} new message(s) by the account"))
checks.append(("to_the_person", 2, convo.get("participantIds") == sorted([me, P["handle"]]), f"participants are {convo.get('participantIds')!r}"))
checks.append(("email_text", 3, text is not None and exact(msg.get("body")) == exact(text), f"text is {msg.get('body')!r}"))
was_muted = init["conversations"].get(str(msg.get("conversationId")), {}).get("muted", False)
checks.append(("thread_state", 0, bool(convo) and convo.get("unread") is False and convo.get("muted") == was_muted, f"unread {convo.get('unread')!r}, muted {convo.get('muted')!r}"))
existing = [k for k, c in init["conversations"].items() if c["participantIds"] == sorted([me, P["handle"]])]
cid = str(msg.get("conversationId"))
extra = diff_outside(diff, ["messages." + m for m in new] + ["conversations." + cid + (".unread" if existing else "")])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
# The mailbox is only read (opening a conversation may mark it read).
mail_extra = diff_outside(odiff, ["threads.*.unread"])
checks.append(("mailbox_untouched", 0, not mail_extra, "mail changes: " + listing(mail_extra)))

"""``reply-to-thread``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
# mypy: disable-error-code="arg-type"
from cuagym.families.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
tid = find_thread(init, P["subject"], P["sender_email"])
new = added_ids(init, cur, "messages")
replies = [m for m in new_sent(init, cur, me) if m["threadId"] == tid]
m = replies[0] if len(replies) == 1 else None
typed, signature, forwarded = body_parts(m["body"] if m else "")
checks.append(("thread_found", 0, tid is not None, f"thread {tid}"))
checks.append(("reply_sent", 2, bool(replies),
               f"{len(replies)} new sent message(s) in the thread"))
# The reply says the sentence, exactly, and nothing else (the signature may stay).
said = m is not None and typed == [exact(P["sentence"])] and forwarded is None
checks.append(("sentence", 2, said, f"typed {typed[:3]}"))
checks.append(("signature_kept", 0, signature_kept(signature, init["settings"]),
               "the signature block is the account's"))
to = emails(m["to"]) if m else []
checks.append(("to_sender", 1, to == [P["sender_email"].lower()], f"to {to}"))
others = (m["cc"] + m["bcc"]) if m else [None]
checks.append(("sender_only", 1, m is not None and not others,
               f"cc/bcc {emails(others) if m else None}"))
subj = exact(m["subject"]) if m else ""
asked = exact(P["subject"])
checks.append(("subject", 1, subj in (asked, "Re: " + asked), f"subject {subj!r}"))
# One message: no second reply, no draft left behind, nothing sent elsewhere.
checks.append(("one_message", 0, len(new) <= 1, f"{len(new)} new messages"))
extra = diff_outside(diff, ["messages." + mid for mid in new] + opened(init, [tid]))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

"""``forward-attachment``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
# mypy: disable-error-code="index"
from cuagym.families.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
tid = find_thread(init, P["subject"], P["sender_email"])
original = thread_msgs(init, tid)[0] if tid else {}
new = added_ids(init, cur, "messages")
# A forward stays in the conversation it forwards (the forward screen puts it there).
fwd = [m for m in new_sent(init, cur, me) if m["threadId"] == tid]
m = fwd[0] if len(fwd) == 1 else None
typed, signature, forwarded = body_parts(m["body"] if m else "")
checks.append(("thread_found", 0, tid is not None, f"thread {tid}"))
checks.append(("forwarded", 1, bool(fwd), f"{len(fwd)} forward(s) found"))
rcpt = emails(m["to"] + m["cc"] + m["bcc"]) if m else []
checks.append(("to_colleague", 2, rcpt == [P["colleague_email"].lower()],
               f"recipients {rcpt}"))
# The original's file itself (same name, same stored file), and no other attachment.
want = [(a["name"], a["url"]) for a in original.get("attachments", [])
        if a["name"] == P["file"]]
got = [(a["name"], a["url"]) for a in m["attachments"]] if m else []
checks.append(("attachment", 2, bool(want) and got == want,
               f"attachments {[n for n, _ in got]}"))
checks.append(("note", 1, m is not None and typed == [exact(P["note"])],
               f"typed {typed[:3]}"))
# The forwarded message travels whole below the note.
quoted = text_lines(original.get("body", ""))
whole = forwarded is not None and len(forwarded) > len(quoted)
whole = whole and forwarded[-len(quoted) :] == quoted
checks.append(("original_included", 1, whole, "the forwarded message is kept below"))
checks.append(("signature_kept", 0, signature_kept(signature, init["settings"]),
               "the signature block is the account's"))
subj = exact(m["subject"]) if m else ""
asked = exact(P["subject"])
checks.append(("subject", 1, subj in (asked, "Fwd: " + asked), f"subject {subj!r}"))
checks.append(("one_message", 0, len(new) <= 1, f"{len(new)} new messages"))
extra = diff_outside(diff, ["messages." + k for k in new] + opened(init, [tid]))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

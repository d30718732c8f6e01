"""``send-template-to-group``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
want = sorted(m["email"].lower() for m in P["members"])
new = added_ids(init, cur, "messages")
sent = new_sent(init, cur, me)
m = sent[0] if len(sent) == 1 else None
checks.append(("sent", 1, bool(sent), f"{len(sent)} new sent message(s)"))
bcc = emails(m["bcc"]) if m else []
checks.append(("bcc_group", 3, bcc == want, f"bcc {bcc}"))
visible = emails(m["to"] + m["cc"]) if m else None
checks.append(("to_cc_empty", 1, visible == [], f"to/cc {visible}"))
subj = exact(m["subject"]) if m else ""
checks.append(("subject", 1, subj == exact(P["subject"]), f"subject {subj!r}"))
# The template's text as saved (the signature may follow it), nothing else typed.
typed, signature, forwarded = body_parts(m["body"] if m else "")
text_ok = m is not None and typed == text_lines(P["text"]) and forwarded is None
checks.append(("template_text", 2, text_ok, f"{len(typed)} typed line(s)"))
checks.append(("signature_kept", 0, signature_kept(signature, init["settings"]),
               "the signature block is the account's"))
# One message in a new conversation of its own: no copy, no draft, nothing else moved.
checks.append(("one_message", 0, len(new) <= 1, f"{len(new)} new messages"))
own = [m["threadId"]] if m and m["threadId"] not in init["threads"] else []
extra = diff_outside(diff, ["messages." + k for k in new] + ["threads." + t for t in own])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

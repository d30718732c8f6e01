"""``chat-request-by-mail``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.cross._office_scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
# -- the request and its thread, as the chat held them ---------------------------------------
conv = next((c["id"] for c in cinit["channels"].values() if c["name"] == P["channel"]), None)
msgs = cinit["messages"].get(conv, [])
asks = [m for m in msgs if m["sender"] == chat_uid(cinit, P["asker"]) and m["threadParent"] is None
        and norm(P["contact_email"]) in norm(m["text"]) and norm(P["subject"]) in norm(m["text"])]
thread = " ".join(m["text"] for m in msgs if asks and m["threadParent"] == asks[0]["id"])
told = [norm(thread).count(norm(v)) for v in (P["value_a"], P["stale_a"], P["value_b"])]
checks.append(("setup", 0, len(asks) == 1 and min(told) > 0, f"{len(asks)} request(s), {told}"))
checks.append(("chat_untouched", 0, not diff_outside(cdiff, []),
               "chat changes: " + listing(diff_outside(cdiff, []))))

# -- the mailbox: one new email to the contact alone ------------------------------------------
new = added_ids(minit, mcur, "messages")
sent = new_sent(minit, mcur, me_mail)
m = sent[0] if len(sent) == 1 else None
checks.append(("sent", 1, m is not None, f"{len(sent)} new sent message(s)"))
to = emails(m["to"]) if m else []
checks.append(("to_contact", 2, to == [P["contact_email"].lower()], f"to {to}"))
copied = emails(m["cc"] + m["bcc"]) if m else []
checks.append(("nobody_copied", 0, not copied, f"cc/bcc {copied}"))
subj = exact(m["subject"]) if m else ""
checks.append(("subject", 1, subj == exact(P["subject"]), f"subject {subj!r}"))
typed, signature, forwarded = body_parts(m["body"] if m else "")
said = norm(" ".join(typed))
checks.append(("first_fact", 2, m is not None and norm(P["value_a"]) in said, P["fact_a"]))
checks.append(("second_fact", 2, m is not None and norm(P["value_b"]) in said, P["fact_b"]))
checks.append(("not_the_stale_value", 0, norm(P["stale_a"]) not in said, "stale " + P["stale_a"]))
checks.append(("signature_kept", 0, signature_kept(signature, minit["settings"]),
               "the signature block is the account's"))
checks.append(("no_forward", 0, forwarded is None, "no forwarded message"))
checks.append(("one_message", 0, len(new) <= 1, f"{len(new)} new messages"))
own = [m["threadId"]] if m and m["threadId"] not in minit["threads"] else []
extra = diff_outside(mdiff, ["messages." + k for k in new] + ["threads." + t for t in own])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

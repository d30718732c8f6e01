"""``template-to-stage-contacts``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.cross.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
# Who should get it: the CRM's own answer, pinned to the list the context gives.
want = sorted({
    cinit["contacts"][o["contactId"]]["email"].lower()
    for o in cinit["opportunities"].values()
    if o["stage"] == P["stage"] and o.get("contactId") in cinit["contacts"]
    and cinit["contacts"][o["contactId"]]["email"]
})
listed = sorted(m["email"].lower() for m in P["members"])
checks.append(("setup", 0, want == listed, f"{len(want)} primary contacts in {P['stage']}"))
new = added_ids(init, cur, "messages")
sent = new_sent(init, cur, me)
m = sent[0] if len(sent) == 1 else None
checks.append(("sent", 1, bool(sent), f"{len(sent)} new sent message(s)"))
bcc = emails(m["bcc"]) if m else []
checks.append(("bcc_stage_contacts", 3, bcc == want, f"bcc {bcc}"))
visible = emails(m["to"] + m["cc"]) if m else None
checks.append(("to_cc_empty", 1, visible == [], f"to/cc {visible}"))
subj = exact(m["subject"]) if m else ""
checks.append(("subject", 1, subj == exact(P["subject"]), f"subject {subj!r}"))
typed, signature, forwarded = body_parts(m["body"] if m else "")
text_ok = m is not None and typed == text_lines(P["text"]) and forwarded is None
checks.append(("template_text", 2, text_ok, f"{len(typed)} typed line(s)"))
checks.append(("signature_kept", 0, signature_kept(signature, init["settings"]),
               "the signature block is the account's"))
checks.append(("one_message", 0, len(new) <= 1, f"{len(new)} new messages"))
own = [m["threadId"]] if m and m["threadId"] not in init["threads"] else []
extra = diff_outside(diff, ["messages." + k for k in new] + ["threads." + t for t in own])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
# The CRM is only read: no deal, contact or activity edited on the way.
crm_extra = diff_outside(cdiff, [])
checks.append(("crm_untouched", 0, not crm_extra, "crm changes: " + listing(crm_extra)))

"""``close-date-reply``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
# mypy: disable-error-code="no-untyped-def, no-untyped-call"
from datetime import date

from cuagym.families.cross.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
# The answer is the CRM's: the deal's close date as it stands, written out.
deal = [o for o in cinit["opportunities"].values() if exact(o["name"]) == exact(P["opportunity"])]
other = [o for o in cinit["opportunities"].values() if exact(o["name"]) == exact(P["other_opportunity"])]
def spelt(iso):
    day = date.fromisoformat(iso)
    return day.strftime("%B") + " " + str(day.day) + ", " + str(day.year)
want = spelt(deal[0]["closeDate"]) if len(deal) == 1 else None
wrong = spelt(other[0]["closeDate"]) if len(other) == 1 else None
checks.append(("setup", 0, want == P["close"] and wrong == P["other_close"], f"close {want}, other {wrong}"))
tid = find_thread(init, P["subject"], P["sender_email"])
original = thread_msgs(init, tid)[0] if tid else {}
new = added_ids(init, cur, "messages")
replies = [m for m in new_sent(init, cur, me) if m["threadId"] == tid]
m = replies[0] if len(replies) == 1 else None
checks.append(("replied", 1, bool(replies), f"{len(replies)} reply(ies) in the conversation"))
typed, signature, forwarded = body_parts(m["body"] if m else "")
said = " ".join(typed)
checks.append(("close_date", 3, m is not None and want is not None and want in said, f"typed {typed[:3]}"))
# Not the other deal's date: an answer that lists every date answers nothing.
checks.append(("only_that_deal", 0, wrong is None or wrong not in said, "the other deal's date is not in the reply"))
# Reply all: the sender in To, everyone else on the email in Cc, nobody added.
to = emails(m["to"]) if m else []
checks.append(("to_sender", 1, to == [P["sender_email"].lower()], f"to {to}"))
others = [a for a in original.get("to", []) + original.get("cc", []) if a["email"].lower() != me]
cc = emails(m["cc"]) if m else []
checks.append(("cc_everyone_else", 2, m is not None and cc == emails(others) and not m["bcc"], f"cc {cc}"))
checks.append(("signature_kept", 0, signature_kept(signature, init["settings"]), "the signature block is the account's"))
checks.append(("no_forward", 0, forwarded is None, "no forwarded message in the reply"))
checks.append(("one_message", 0, len(new) <= 1, f"{len(new)} new messages"))
extra = diff_outside(diff, ["messages." + k for k in new] + opened(init, [tid]))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
crm_extra = diff_outside(cdiff, [])
checks.append(("crm_untouched", 0, not crm_extra, "crm changes: " + listing(crm_extra)))

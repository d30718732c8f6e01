"""``deal-change-from-email``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.cross.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
oid = named(init, "opportunities", P["opportunity"])
opp = cur["opportunities"].get(oid) or {}
checks.append(("opportunity_found", 0, oid is not None, f"opportunity {oid}"))
# The latest email's terms, not the earlier email's superseded ones.
checks.append(("amount", 2, opp.get("amountCents") == P["amount_cents"], f"amountCents is {opp.get('amountCents')!r}"))
checks.append(("close_date", 2, opp.get("closeDate") == P["close_date"], f"closeDate is {opp.get('closeDate')!r}"))
checks.append(("stage", 2, opp.get("stage") == P["stage"], f"stage is {opp.get('stage')!r}"))
checks.append(("probability", 1, opp.get("stage") == P["stage"] and opp.get("probability") == P["probability"], f"probability is {opp.get('probability')!r}"))
new_acts = added(diff, "activities")
logged = [cur["activities"][a] for a in new_acts
          if (cur["activities"][a]["relatedType"], cur["activities"][a]["relatedId"]) == ("opportunity", oid)]
act = logged[0] if len(logged) == 1 else {}
checks.append(("email_logged", 2, bool(act) and act.get("status") == "Completed" and act.get("type") == "Email", f"{len(logged)} new activity(ies) on the deal; type {act.get('type')!r}, status {act.get('status')!r}"))
checks.append(("logged_subject", 1, bool(act) and exact(act.get("subject")) == exact(P["subject"]), f"subject is {act.get('subject')!r}"))
# Its date and comments are free (the email's date, a pasted excerpt): not part of the ask.
checks.append(("one_activity", 0, len(new_acts) <= 1, f"{len(new_acts)} new activities"))
terms = [f"opportunities.{oid}.{k}" for k in ("amountCents", "closeDate", "stage", "probability")]
extra = diff_outside(diff, terms + ["activities." + a for a in new_acts])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
# The mailbox is only read: no reply, no label, no archive (a read flag only where the
# account marks what it opens as read).
mail_extra = diff_outside(mdiff, mail_read_marks(minit))
checks.append(("mailbox_untouched", 0, not mail_extra, "mail changes: " + listing(mail_extra)))

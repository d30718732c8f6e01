"""``opportunity-from-email``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.cross.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
aid = named(init, "accounts", P["account"])
cids = [k for k, c in sorted(init["contacts"].items()) if fold(c.get("email")) == fold(P["contact_email"])]
cid = cids[0] if len(cids) == 1 else None
checks.append(("setup", 0, aid is not None and cid is not None, f"account {aid}, contact {cid}"))
new = added(diff, "opportunities")
mine = [cur["opportunities"][k] for k in new if exact(cur["opportunities"][k]["name"]) == exact(P["opportunity"])]
opp = mine[0] if len(mine) == 1 else {}
checks.append(("opportunity_created", 2, bool(opp), f"{len(mine)} new deal(s) named {P['opportunity']!r}"))
checks.append(("account", 1, bool(opp) and opp.get("accountId") == aid, f"accountId is {opp.get('accountId')!r}"))
checks.append(("primary_contact", 1, bool(opp) and opp.get("contactId") == cid, f"contactId is {opp.get('contactId')!r}"))
checks.append(("stage", 1, opp.get("stage") == P["stage"] and opp.get("probability") == P["probability"], f"stage {opp.get('stage')!r}, probability {opp.get('probability')!r}"))
# The latest email's budget, not the older guess.
checks.append(("amount", 2, opp.get("amountCents") == P["amount_cents"], f"amountCents is {opp.get('amountCents')!r}"))
checks.append(("close_date", 2, opp.get("closeDate") == P["close_date"], f"closeDate is {opp.get('closeDate')!r}"))
blank = {"type": None, "leadSource": None, "nextStep": "", "description": "", "ownerId": init["currentUser"]}
wrong = unlike(opp, blank) if opp else []
checks.append(("nothing_unasked", 0, not wrong, "also set: " + listing(wrong)))
checks.append(("one_opportunity", 0, len(new) <= 1, f"{len(new)} new opportunities"))
extra = diff_outside(diff, ["opportunities." + k for k in new])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
mail_extra = diff_outside(mdiff, mail_read_marks(minit))
checks.append(("mailbox_untouched", 0, not mail_extra, "mail changes: " + listing(mail_extra)))

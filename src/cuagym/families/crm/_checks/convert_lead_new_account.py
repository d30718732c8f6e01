"""``convert-lead-new-account``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
lid = lead_id(init, P["first"], P["last"], P["company"])
src = init["leads"].get(lid) or {}
lead = cur["leads"].get(lid) or {}
new_accounts, new_contacts, new_opps = (added(diff, c) for c in ("accounts", "contacts", "opportunities"))
aid = new_accounts[0] if len(new_accounts) == 1 else None
acc = cur["accounts"].get(aid) or {}
cid = new_contacts[0] if len(new_contacts) == 1 else None
con = cur["contacts"].get(cid) or {}
oid = new_opps[0] if len(new_opps) == 1 else None
opp = cur["opportunities"].get(oid) or {}
checks.append(("lead_found", 0, lid is not None, f"lead {lid}"))
checks.append(("lead_converted", 2, lead.get("status") == "Converted", f"lead status is {lead.get('status')!r}"))
checks.append(("account_created", 2, aid is not None and exact(acc.get("name")) == exact(P["account_name"]), f"{len(new_accounts)} new account(s); name {acc.get('name')!r}"))
checks.append(("account_type", 1, aid is not None and acc.get("type") == P["account_type"], f"type is {acc.get('type')!r}"))
checks.append(("lead_links_account", 1, aid is not None and lead.get("convertedAccountId") == aid, f"convertedAccountId is {lead.get('convertedAccountId')!r}"))
checks.append(("contact_on_account", 2, cid is not None and aid is not None and con.get("accountId") == aid and lead.get("convertedContactId") == cid, f"{len(new_contacts)} new contact(s); accountId {con.get('accountId')!r}"))
checks.append(("contact_email", 1, cid is not None and fold(con.get("email")) == fold(P["email"]), f"email is {con.get('email')!r}"))
checks.append(("contact_title", 1, cid is not None and exact(con.get("title")) == exact(P["contact_title"]), f"title is {con.get('title')!r}"))
checks.append(("contact_phone", 1, cid is not None and digits(con.get("phone")) == digits(P["contact_phone"]), f"phone is {con.get('phone')!r}"))
checks.append(("opportunity_created", 1, oid is not None and exact(opp.get("name")) == exact(P["opportunity"]) and lead.get("convertedOpportunityId") == oid, f"{len(new_opps)} new opportunity(ies); name {opp.get('name')!r}"))
checks.append(("opportunity_links", 1, oid is not None and opp.get("accountId") == aid and opp.get("contactId") == cid, f"accountId {opp.get('accountId')!r}, contactId {opp.get('contactId')!r}"))
checks.append(("opportunity_stage", 1, opp.get("stage") == P["stage"], f"stage is {opp.get('stage')!r}"))
checks.append(("opportunity_amount", 1, opp.get("amountCents") == P["amount_cents"], f"amountCents is {opp.get('amountCents')!r}"))
checks.append(("opportunity_close", 1, opp.get("closeDate") == P["close_date"], f"closeDate is {opp.get('closeDate')!r}"))
# Everything the instruction did not mention stays as the form proposes it from the lead:
# the account's details and address, the contact's name, mobile and address, the deal's
# default probability, no type, next step or description, the lead's owner on all three.
owner = src.get("ownerId")
want_acc = {"industry": src.get("industry"), "rating": src.get("rating"), "website": src.get("website"),
            "phone": src.get("phone"), "employees": src.get("employees"),
            "annualRevenueCents": src.get("annualRevenueCents"), "billingStreet": src.get("street"),
            "billingCity": src.get("city"), "billingState": src.get("state"),
            "billingPostalCode": src.get("postalCode"), "billingCountry": src.get("country"),
            "description": "", "ownerId": owner}
want_con = {"salutation": src.get("salutation"), "firstName": src.get("firstName"),
            "lastName": src.get("lastName"), "department": "", "mobile": src.get("mobile"),
            "leadSource": src.get("leadSource"), "mailingStreet": src.get("street"),
            "mailingCity": src.get("city"), "mailingState": src.get("state"),
            "mailingPostalCode": src.get("postalCode"), "mailingCountry": src.get("country"),
            "description": src.get("description"), "ownerId": owner}
want_opp = {"probability": P["probability"], "type": None, "nextStep": "", "description": "",
            "leadSource": src.get("leadSource"), "ownerId": owner}
off = ["account." + k for k in unlike(acc, want_acc)] if acc else []
off += ["contact." + k for k in unlike(con, want_con)] if con else []
off += ["opportunity." + k for k in unlike(opp, want_opp)] if opp else []
checks.append(("rest_as_proposed", 0, not off, "changed: " + listing(off)))
checks.append(("one_of_each", 0, len(new_accounts) <= 1 and len(new_contacts) <= 1 and len(new_opps) <= 1, "no duplicate records"))
converted = [f"leads.{lid}.{k}" for k in ("status", "convertedAt", "convertedAccountId", "convertedContactId", "convertedOpportunityId")]
extra = diff_outside(diff, converted + ["accounts." + a for a in new_accounts] + ["contacts." + c for c in new_contacts] + ["opportunities." + o for o in new_opps])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

"""``convert-lead-existing-account``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
lid = lead_id(init, P["first"], P["last"], P["company"])
src = init["leads"].get(lid) or {}
lead = cur["leads"].get(lid) or {}
aid = named(init, "accounts", P["account"])
new_contacts = added(diff, "contacts")
cid = new_contacts[0] if len(new_contacts) == 1 else None
con = cur["contacts"].get(cid) or {}
checks.append(("lead_found", 0, lid is not None and aid is not None, f"lead {lid}, account {aid}"))
checks.append(("lead_converted", 2, lead.get("status") == "Converted", f"lead status is {lead.get('status')!r}"))
checks.append(("lead_links_existing_account", 3, aid is not None and lead.get("convertedAccountId") == aid, f"convertedAccountId is {lead.get('convertedAccountId')!r}"))
checks.append(("contact_on_account", 2, cid is not None and aid is not None and con.get("accountId") == aid and lead.get("convertedContactId") == cid, f"{len(new_contacts)} new contact(s); accountId {con.get('accountId')!r}"))
checks.append(("contact_department", 1, cid is not None and exact(con.get("department")) == exact(P["department"]), f"department is {con.get('department')!r}"))
checks.append(("contact_email", 1, cid is not None and fold(con.get("email")) == fold(P["email"]), f"email is {con.get('email')!r}"))
checks.append(("no_new_account", 0, not added(diff, "accounts"), f"new accounts: {added(diff, 'accounts')}"))
checks.append(("no_opportunity", 0, not added(diff, "opportunities") and lead.get("convertedOpportunityId") is None, f"new opportunities: {added(diff, 'opportunities')}"))
# The contact is the lead's as the form proposes it (name, title, phones, address,
# lead source, description, the lead's owner); only the department was asked for.
want_con = {"salutation": src.get("salutation"), "firstName": src.get("firstName"),
            "lastName": src.get("lastName"), "title": src.get("title"), "phone": src.get("phone"),
            "mobile": src.get("mobile"), "leadSource": src.get("leadSource"),
            "mailingStreet": src.get("street"), "mailingCity": src.get("city"),
            "mailingState": src.get("state"), "mailingPostalCode": src.get("postalCode"),
            "mailingCountry": src.get("country"), "description": src.get("description"),
            "ownerId": src.get("ownerId")}
off = unlike(con, want_con) if con else []
checks.append(("rest_as_proposed", 0, not off, "changed: " + listing(off)))
checks.append(("one_contact", 0, len(new_contacts) <= 1, f"{len(new_contacts)} new contacts"))
converted = [f"leads.{lid}.{k}" for k in ("status", "convertedAt", "convertedAccountId", "convertedContactId")]
extra = diff_outside(diff, converted + ["contacts." + c for c in new_contacts])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

"""``lead-from-inquiry``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
# mypy: disable-error-code="arg-type, assignment"
from cuagym.families.cross.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
new = added(diff, "leads")
mine = [cur["leads"][k] for k in new if fold(cur["leads"][k].get("email")) == fold(P["email"])]
lead = mine[0] if len(mine) == 1 else {}
checks.append(("lead_created", 2, bool(lead), f"{len(mine)} new lead(s) with the sender's address"))
# The details as the email writes them (the other inquiry's sender is not the lead).
named = exact(lead.get("firstName")) == exact(P["first"]) and exact(lead.get("lastName")) == exact(P["last"])
checks.append(("name", 1, bool(lead) and named, f"name {lead.get('firstName')!r} {lead.get('lastName')!r}"))
checks.append(("company", 1, bool(lead) and exact(lead.get("company")) == exact(P["company"]), f"company is {lead.get('company')!r}"))
checks.append(("title", 1, bool(lead) and exact(lead.get("title")) == exact(P["title"]), f"title is {lead.get('title')!r}"))
checks.append(("phone", 1, bool(lead) and digits(lead.get("phone")) == digits(P["phone"]), f"phone is {lead.get('phone')!r}"))
checks.append(("lead_source", 1, lead.get("leadSource") == P["source"], f"leadSource is {lead.get('leadSource')!r}"))
checks.append(("rating", 1, lead.get("rating") == P["rating"], f"rating is {lead.get('rating')!r}"))
checks.append(("status_new", 0, not lead or lead.get("status") == "New", f"status is {lead.get('status')!r}"))
# Nothing the instruction did not ask for: no industry, size, address or description
# guessed from the email, and the owner the form proposes (you).
blank = {"salutation": None, "mobile": "", "website": "", "industry": None, "employees": None,
         "annualRevenueCents": None, "street": "", "city": "", "state": "", "postalCode": "",
         "country": "", "description": "", "ownerId": init["currentUser"]}
wrong = unlike(lead, blank) if lead else []
checks.append(("nothing_unasked", 0, not wrong, "also set: " + listing(wrong)))
checks.append(("one_lead", 0, len(new) <= 1, f"{len(new)} new leads"))
extra = diff_outside(diff, ["leads." + k for k in new])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
mail_extra = diff_outside(mdiff, mail_read_marks(minit))
checks.append(("mailbox_untouched", 0, not mail_extra, "mail changes: " + listing(mail_extra)))

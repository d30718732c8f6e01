"""``create-contact``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
aid = named(init, "accounts", P["account"])
new = added(diff, "contacts")
mine = [cid for cid in new
        if exact(cur["contacts"][cid]["firstName"]) == exact(P["first"])
        and exact(cur["contacts"][cid]["lastName"]) == exact(P["last"])]
c = cur["contacts"][mine[0]] if len(mine) == 1 else {}
checks.append(("contact_created", 2, bool(c), f"{len(mine)} new contact(s) named {P['first']} {P['last']}"))
checks.append(("account", 2, aid is not None and c.get("accountId") == aid, f"accountId is {c.get('accountId')!r}"))
checks.append(("title", 1, bool(c) and exact(c.get("title")) == exact(P["title"]), f"title is {c.get('title')!r}"))
checks.append(("department", 1, bool(c) and exact(c.get("department")) == exact(P["department"]), f"department is {c.get('department')!r}"))
checks.append(("email", 1, bool(c) and fold(c.get("email")) == fold(P["email"]), f"email is {c.get('email')!r}"))
checks.append(("phone", 1, bool(c) and digits(c.get("phone")) == digits(P["phone"]), f"phone is {c.get('phone')!r}"))
checks.append(("salutation", 1, bool(c) and c.get("salutation") == P["salutation"], f"salutation is {c.get('salutation')!r}"))
# Nothing the instruction did not give: no mobile, address, lead source or description,
# and the owner the form proposes (you).
blank = {"mobile": "", "leadSource": None, "mailingStreet": "", "mailingCity": "",
         "mailingState": "", "mailingPostalCode": "", "mailingCountry": "",
         "description": "", "ownerId": init["currentUser"]}
wrong = unlike(c, blank) if c else []
checks.append(("nothing_unasked", 0, not wrong, "also set: " + listing(wrong)))
checks.append(("one_contact", 0, len(new) <= 1, f"{len(new)} new contacts"))
extra = diff_outside(diff, ["contacts." + cid for cid in new])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

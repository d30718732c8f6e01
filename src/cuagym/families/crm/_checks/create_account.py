"""``create-account``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
new = added(diff, "accounts")
mine = [a for a in new if exact(cur["accounts"][a]["name"]) == exact(P["name"])]
acc = cur["accounts"][mine[0]] if len(mine) == 1 else {}
checks.append(("account_created", 2, bool(acc), f"{len(mine)} new account(s) named {P['name']!r}"))
checks.append(("type", 1, acc.get("type") == P["type"], f"type is {acc.get('type')!r}"))
checks.append(("industry", 1, acc.get("industry") == P["industry"], f"industry is {acc.get('industry')!r}"))
# The address as typed, with or without a scheme.
site = fold(acc.get("website")).removeprefix("https://").removeprefix("http://")
checks.append(("website", 1, bool(acc) and site == fold(P["website"]), f"website is {acc.get('website')!r}"))
checks.append(("phone", 1, bool(acc) and digits(acc.get("phone")) == digits(P["phone"]), f"phone is {acc.get('phone')!r}"))
checks.append(("employees", 1, acc.get("employees") == P["employees"], f"employees is {acc.get('employees')!r}"))
# Dollars typed as dollars: a revenue in cents typed as dollars is 100 times too much.
checks.append(("annual_revenue", 2, acc.get("annualRevenueCents") == P["annual_revenue_cents"], f"annualRevenueCents is {acc.get('annualRevenueCents')!r}"))
checks.append(("billing_city_state", 1, bool(acc) and exact(acc.get("billingCity")) == exact(P["city"]) and exact(acc.get("billingState")) == exact(P["state"]), f"billing {acc.get('billingCity')!r}, {acc.get('billingState')!r}"))
# Nothing the instruction did not give: no rating, street, postal code, country or
# description, and the owner the form proposes (you).
blank = {"rating": None, "billingStreet": "", "billingPostalCode": "", "billingCountry": "",
         "description": "", "ownerId": init["currentUser"]}
wrong = unlike(acc, blank) if acc else []
checks.append(("nothing_unasked", 0, not wrong, "also set: " + listing(wrong)))
checks.append(("one_account", 0, len(new) <= 1, f"{len(new)} new accounts"))
extra = diff_outside(diff, ["accounts." + a for a in new])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

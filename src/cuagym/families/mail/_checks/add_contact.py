"""``add-contact``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
new = added_ids(init, cur, "contacts")
match = [cur["contacts"][cid] for cid in new
         if cur["contacts"][cid]["email"].lower() == P["email"].lower()]
c = match[0] if len(match) == 1 else {}
checks.append(("contact_created", 2, len(match) == 1,
               f"new contacts {[cur['contacts'][x]['email'] for x in new]}"))
checks.append(("name", 1, bool(c) and exact(c["name"]) == exact(P["name"]),
               f"name {c.get('name')!r}"))
checks.append(("company", 1, bool(c) and exact(c["company"]) == exact(P["company"]),
               f"company {c.get('company')!r}"))
# In the group asked for, and in no other the instruction did not name.
checks.append(("group", 1, bool(c) and c["groups"] == [P["group"]],
               f"groups {c.get('groups')}"))
unasked = {"phone": c.get("phone", ""), "notes": c.get("notes", "")}
checks.append(("nothing_unasked", 0, unasked == {"phone": "", "notes": ""},
               f"also set: {unasked}"))
checks.append(("one_contact", 0, len(new) <= 1, f"{len(new)} new contacts"))
extra = diff_outside(diff, ["contacts." + cid for cid in new])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

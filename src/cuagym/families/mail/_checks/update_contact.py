"""``update-contact``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
found = [k for k, c in sorted(init["contacts"].items())
         if c["email"].lower() == P["old_email"].lower()]
cid = found[0] if len(found) == 1 else None
before = init["contacts"].get(cid or "", {})
c = cur["contacts"].get(cid or "", {})
checks.append(("contact_found", 0, cid is not None, f"{len(found)} contact(s)"))
# The same contact edited (a deleted and re-created one has another id).
checks.append(("kept", 0, bool(c), "the contact still exists"))
checks.append(("email", 2, bool(c) and c["email"].lower() == P["email"].lower(),
               f"email {c.get('email')!r}"))
checks.append(("company", 1, bool(c) and exact(c["company"]) == exact(P["company"]),
               f"company {c.get('company')!r}"))
# The number by its digits (spacing and brackets are free), and nothing but a number's
# characters: "555-0188 x" is not the number asked for.
phone = str(c.get("phone", ""))
digits = "".join(ch for ch in phone if ch.isdigit())
want = "".join(ch for ch in P["phone"] if ch.isdigit())
number_only = all(ch.isdigit() or ch in "+()-. " for ch in phone)
checks.append(("phone", 1, bool(c) and digits == want and number_only, f"phone {phone!r}"))
checks.append(("groups", 2, bool(c) and c["groups"] == [P["group"]],
               f"groups {c.get('groups')}"))
# Its name and notes are as they were.
same = bool(c) and c["name"] == before.get("name") and c["notes"] == before.get("notes")
checks.append(("name_notes_kept", 0, not c or same, "name and notes unchanged"))
fields = ["email", "company", "phone", "groups"]
extra = diff_outside(diff, [f"contacts.{cid}.{f}" for f in fields])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))

"""Mail families on the address book beyond adding: keeping a contact current."""

from __future__ import annotations

import random
from typing import ClassVar

from cuagym.apps.mail import add_contact, pick_people
from cuagym.apps.mail.ops import update_contact
from cuagym.apps.mail.pools import COMPANIES
from cuagym.core import Difficulty, TaskConfig
from cuagym.families.mail._scripts import reward_script
from cuagym.families.mail._world import MailFamily, State, params

__all__ = ["UpdateContact"]

# Sentence frames: each gives the person, the new company, address and phone, and the group
# change (out of one group, into another).
_FRAMES = (
    "{name} has moved from {old_company} to {company}. Update their contact: email {email}, "
    "company \u201c{company}\u201d, phone {phone}, and move them from the \u201c{old_group}\u201d "
    "group to \u201c{group}\u201d.",
    "Bring {name}'s contact up to date after their job change: they now work at {company} "
    "(company \u201c{company}\u201d), write from {email} and answer on {phone}. They belong in "
    "\u201c{group}\u201d instead of \u201c{old_group}\u201d.",
    "Edit the existing contact {name}: the email becomes {email}, the company "
    "\u201c{company}\u201d and the phone {phone}; swap the group \u201c{old_group}\u201d for "
    "\u201c{group}\u201d.",
    "My contact for {name} still shows {old_company}. Change it to company "
    "\u201c{company}\u201d with the address {email} and the number {phone}, in the group "
    "\u201c{group}\u201d rather than \u201c{old_group}\u201d.",
    "Please correct {name} in the address book: {company} is their company now "
    "(\u201c{company}\u201d), {email} their email and {phone} their phone, and the "
    "\u201c{old_group}\u201d group should be replaced by \u201c{group}\u201d.",
)


class UpdateContact(MailFamily):
    """Edit, not re-create: the same contact keeps its name and notes, with new details."""

    id = "update-contact"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path = ("contacts", "manage", "edit")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        (old_company, old_domain), (company, domain) = rng.sample(COMPANIES, 2)
        who = pick_people(rng, 1, lambda _: old_domain)[0]
        first, last = who["name"].split()
        email = f"{first[0].lower()}{last.lower()}@{domain}"
        phone = f"+1 (415) 555-0{rng.randint(100, 199)}"
        old_group, group = rng.sample(["prospects", "customers", "partners", "vendors"], 2)
        frame = rng.choice(_FRAMES)  # drawn last: the facts do not depend on the wording
        return self.make_task(
            task_id,
            frame.format(name=who["name"], old_company=old_company, company=company, email=email,
                         phone=phone, old_group=old_group, group=group),
            f"The contact {who['name']} <{who['email']}> has the company "
            f"\u201c{old_company}\u201d, an old phone number, a note and only the group "
            f"\u201c{old_group}\u201d.",
            name=who["name"], old_email=who["email"], old_company=old_company, company=company,
            email=email, phone=phone, old_group=old_group, group=group,
        )  # fmt: skip

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        p = params(task)
        cid = add_contact(world, {"name": p["name"], "email": p["old_email"]}, p["old_company"],
                          [p["old_group"]])  # fmt: skip
        world["contacts"][cid]["phone"] = f"+1 (212) 555-0{rng.randint(100, 199)}"
        world["contacts"][cid]["notes"] = "Met at the spring customer day."

    def solve(self, task: TaskConfig, state: State) -> None:
        p = params(task)
        cid = next(k for k, c in state["contacts"].items() if c["email"] == p["old_email"])
        notes = state["contacts"][cid]["notes"]
        update_contact(state, cid, p["name"], p["email"], p["company"], p["phone"], p["group"],
                       notes)  # fmt: skip

    def write_reward(self, task: TaskConfig) -> str:
        body = """
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
        digits = "".join(ch for ch in str(c.get("phone", "")) if ch.isdigit())
        want = "".join(ch for ch in P["phone"] if ch.isdigit())
        checks.append(("phone", 1, bool(c) and digits == want, f"phone {c.get('phone')!r}"))
        checks.append(("groups", 2, bool(c) and c["groups"] == [P["group"]],
                       f"groups {c.get('groups')}"))
        # Its name and notes are as they were.
        same = bool(c) and c["name"] == before.get("name") and c["notes"] == before.get("notes")
        checks.append(("name_notes_kept", 0, not c or same, "name and notes unchanged"))
        fields = ["email", "company", "phone", "groups"]
        extra = diff_outside(diff, [f"contacts.{cid}.{f}" for f in fields])
        checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
        """
        return reward_script(params(task), body, task.task_id)

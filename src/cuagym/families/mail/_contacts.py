"""Mail families on the address book beyond adding: keeping a contact current."""

from __future__ import annotations

import random
from typing import ClassVar

from cuagym.apps.mail import add_contact, pick_people
from cuagym.apps.mail.ops import update_contact
from cuagym.apps.mail.pools import COMPANIES
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.mail._scripts import reward_script
from cuagym.families.mail._world import MailFamily, State, params
from cuagym.scripts import inlined_file

__all__ = ["UpdateContact"]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.mail._checks"

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


class UpdateContactParams(TaskParams):
    """``update-contact``'s task parameters."""

    name: str
    old_email: str
    old_company: str
    company: str
    email: str
    phone: str
    old_group: str
    group: str


class UpdateContact(MailFamily):
    """Edit, not re-create: the same contact keeps its name and notes, with new details."""

    id = "update-contact"
    params_type = UpdateContactParams
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
        p = UpdateContactParams.of(task)
        cid = add_contact(world, {"name": p.name, "email": p.old_email}, p.old_company,
                          [p.old_group])  # fmt: skip
        world["contacts"][cid]["phone"] = f"+1 (212) 555-0{rng.randint(100, 199)}"
        world["contacts"][cid]["notes"] = "Met at the spring customer day."

    def solve(self, task: TaskConfig, state: State) -> None:
        p = UpdateContactParams.of(task)
        cid = next(k for k, c in state["contacts"].items() if c["email"] == p.old_email)
        notes = state["contacts"][cid]["notes"]
        update_contact(state, cid, p.name, p.email, p.company, p.phone, p.group,
                       notes)  # fmt: skip

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "update_contact.py")
        return reward_script(params(task), body, task.task_id)

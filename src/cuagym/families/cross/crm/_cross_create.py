"""Cross-app families (mail -> crm) that act on what a customer wrote: a new deal, a handover.

Shared machinery (both apps' worlds in one session, the two-app reward read) as in ``_cross``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any, ClassVar

from cuagym.apps.crm import (
    REWARD_LIBRARY,
    STAGE_PROBABILITY,
    WORLD_NOW,
    build_seed,
    format_money,
    long_date,
    phone,
)
from cuagym.apps.crm.ops import create_record, update_record
from cuagym.apps.crm.pools import TITLES
from cuagym.apps.mail import add_thread
from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams, family_rng
from cuagym.families.cross._mailcrm import OWNER, office_reward, office_scripts, office_worlds
from cuagym.families.cross.crm._cross import _READ, _CrossFamily, _mail_date
from cuagym.scripts import inlined_file

__all__ = ["HandoverFromEmail", "OpportunityFromEmail"]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.cross.crm._checks"

_PRODUCTS = ("Mobile Inspections", "Parts Tracking", "Customer Portal", "Crew Timesheets")
_STAGES = ("Prospecting", "Qualification", "Needs Analysis")
# Sentence frames: each names the email, the deal's name, its account and primary contact,
# the stage, and that amount and close date come from the email.
_FRAMES = (
    "{contact} asked in \u201c{subject}\u201d for a new project. Open the opportunity "
    "\u201c{opp}\u201d on {account} with {contact} as primary contact, in stage {stage}, with "
    "the budget and decision date from that email as amount and close date.",
    "Create a deal \u201c{opp}\u201d for {account} from {contact}'s email \u201c{subject}\u201d: "
    "primary contact {contact}, stage {stage}, amount and close date as the email states them.",
    "Please log the request in \u201c{subject}\u201d as a new opportunity \u201c{opp}\u201d on "
    "the {account} account. {contact} is its primary contact, it starts at {stage}, and its "
    "amount and close date are the budget and date {contact} mentions.",
    "Turn {contact}'s email \u201c{subject}\u201d into the opportunity \u201c{opp}\u201d "
    "(account {account}, primary contact {contact}, stage {stage}), taking the amount and "
    "close date from what the email says.",
    "There is a new deal in \u201c{subject}\u201d: add \u201c{opp}\u201d to {account} at stage "
    "{stage}, with {contact} as the primary contact and the email's budget and target date "
    "as its amount and close date.",
    "{contact} of {account} wants a new project, per the email \u201c{subject}\u201d. I need "
    "an opportunity named \u201c{opp}\u201d under that account, stage {stage}, primary "
    "contact {contact}, whose amount is the budget in the email and whose close date is the "
    "decision date it gives.",
    "The CRM is missing the deal {contact} proposed in \u201c{subject}\u201d. Add "
    "\u201c{opp}\u201d for {account}: {stage} as its stage, {contact} as primary contact, "
    "and the money and the date quoted in that message as amount and close date.",
    "Record a fresh opportunity, \u201c{opp}\u201d, belonging to {account} and coming from "
    "the email \u201c{subject}\u201d by {contact}, who is its primary contact; set it at "
    "{stage}, and copy the budget figure and expected decision date from the email.",
    "From the message \u201c{subject}\u201d, {account} should get a new deal called "
    "\u201c{opp}\u201d at the {stage} stage. Its primary contact is the sender, {contact}, "
    "and its amount and close date follow the numbers in that message.",
)


class OpportunityFromEmailParams(TaskParams):
    """``opportunity-from-email``'s task parameters."""

    contact: str
    contact_email: str
    account: str
    subject: str
    opportunity: str
    stage: str
    probability: int
    amount_cents: int
    close_date: str
    old_amount_cents: int


class OpportunityFromEmail(_CrossFamily):
    """A customer's email (next to an older one with other figures) asks for a new project:
    the agent opens the deal on their account with the email's budget and date."""

    id: ClassVar[str] = "opportunity-from-email"
    params_type = OpportunityFromEmailParams
    apps: ClassVar[tuple[str, ...]] = ("mail", "crm")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("opportunities", "create", "new-opportunity")

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The mailbox, then the CRM on top (where the deal is made)."""
        return [StartWindow(app="mail", page="/"), StartWindow(app="crm", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        contact = rng.choice(
            [c for _, c in sorted(seed["contacts"].items()) if c["accountId"] and c["email"]]
        )
        account = seed["accounts"][contact["accountId"]]["name"]
        product = rng.choice(_PRODUCTS)
        stage = rng.choice(_STAGES)
        amount = rng.randint(6, 80) * 500_000
        close = (date(2027, 2, 1) + timedelta(days=rng.randint(0, 150))).isoformat()
        old_amount = amount + rng.choice([-1, 1]) * rng.randint(2, 5) * 500_000
        name = f"{contact['firstName']} {contact['lastName']}"
        subject = f"New project: {product}"
        opp = f"{account} - {product}"
        frame = rng.choice(_FRAMES)  # drawn last: the facts do not depend on the wording
        return self.make_task(
            task_id,
            frame.format(contact=name, subject=subject, opp=opp, account=account, stage=stage),
            f"You are {OWNER}: your mailbox and the CRM you are signed in to are both open. "
            f"{name} <{contact['email']}> of {account} wrote \u201c{subject}\u201d: a budget of "
            f"{format_money(amount)} and a decision by {long_date(close)} (an older email of "
            f"theirs, \u201cBudget planning\u201d, guessed {format_money(old_amount)}). No "
            f"opportunity \u201c{opp}\u201d exists yet.",
            contact=name, contact_email=contact["email"], account=account, subject=subject,
            opportunity=opp, stage=stage, probability=STAGE_PROBABILITY[stage],
            amount_cents=amount, close_date=close, old_amount_cents=old_amount,
        )  # fmt: skip

    def worlds(self, task: TaskConfig) -> tuple[dict[str, Any], dict[str, Any]]:
        p = OpportunityFromEmailParams.of(task)
        seed = build_seed()
        cid = next(k for k, c in seed["contacts"].items() if c["email"] == p.contact_email)
        mail, crm = office_worlds(task, protect={cid, seed["contacts"][cid]["accountId"]})
        rng = family_rng(task, "inject")
        who = {"name": p.contact, "email": p.contact_email}
        first = p.contact.split()[0]
        add_thread(
            mail, who, "Budget planning",
            f"Hi Nora,\n\nWe are planning next year. Something like "
            f"{format_money(p.old_amount_cents)} could work for a new module, but nothing is "
            f"decided.\n\n{first}",
            _mail_date(date(2025, 3, rng.randint(10, 11)), rng),
        )  # fmt: skip
        product = p.opportunity.rsplit(" - ", 1)[1]
        add_thread(
            mail, who, p.subject,
            f"Hi Nora,\n\nWe would like to add {product}. Finance approved a budget of "
            f"{format_money(p.amount_cents)}, and we will decide by "
            f"{long_date(p.close_date)}.\n\nBest,\n{first}",
            _mail_date(date(2025, 3, rng.randint(12, 14)), rng), unread=True,
        )  # fmt: skip
        return mail, crm

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = OpportunityFromEmailParams.of(task)
        mail, crm = self.worlds(task)
        gold = copy.deepcopy(crm)
        cid = next(k for k, c in gold["contacts"].items() if c["email"] == p.contact_email)
        values = {
            "name": p.opportunity, "accountId": gold["contacts"][cid]["accountId"],
            "contactId": cid, "stage": p.stage, "probability": None,
            "amountCents": p.amount_cents, "closeDate": p.close_date, "type": None,
            "leadSource": None, "nextStep": "", "description": "", "ownerId": gold["currentUser"],
        }  # fmt: skip
        create_record(gold, "opportunities", values, now=WORLD_NOW)
        return office_scripts(task, mail, crm, "crm", gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "opportunity_from_email.py")
        return office_reward(task, _READ, REWARD_LIBRARY, body)


_HANDOVER_FRAMES = (
    "{contact} emailed me about a change on their side (\u201c{subject}\u201d). Update their "
    "contact's title and phone as the email says, and make the colleague they name the "
    "primary contact of \u201c{opp}\u201d.",
    "Apply {contact}'s news from \u201c{subject}\u201d to the CRM: their new title and direct "
    "phone go on their contact record, and \u201c{opp}\u201d gets the colleague who takes over "
    "as its primary contact.",
    "Please keep the CRM in step with the email \u201c{subject}\u201d: {contact}'s contact gets "
    "the new title and phone number from it, and the person taking over \u201c{opp}\u201d "
    "becomes that deal's primary contact.",
    "After reading \u201c{subject}\u201d from {contact}, edit their contact (title and phone, as "
    "written there) and switch the primary contact of the opportunity \u201c{opp}\u201d to the "
    "colleague the email hands it to.",
    "\u201c{subject}\u201d tells us {contact} has a new role. Record the title and phone from "
    "that email on their contact, and set \u201c{opp}\u201d's primary contact to whoever they "
    "say takes over.",
    "{contact} wrote \u201c{subject}\u201d to announce a new position. I want their contact "
    "record to show the title and direct phone number given in that message, and the "
    "successor they name to be the primary contact on \u201c{opp}\u201d.",
    "Our CRM still has {contact}'s old job details. Bring their title and phone in line with "
    "the email \u201c{subject}\u201d, and hand \u201c{opp}\u201d over to the colleague it "
    "names by making that person the deal's primary contact.",
    "According to \u201c{subject}\u201d, {contact} has moved on and someone else now owns "
    "\u201c{opp}\u201d. Reflect both facts: new title and new phone on {contact}'s contact, "
    "new primary contact on the opportunity.",
    "The opportunity \u201c{opp}\u201d needs the primary contact that {contact} named in "
    "\u201c{subject}\u201d, and {contact}'s own contact entry needs the updated job title "
    "and phone from the same email.",
)


class HandoverFromEmailParams(TaskParams):
    """``handover-from-email``'s task parameters."""

    contact: str
    contact_email: str
    opportunity: str
    subject: str
    title: str
    phone: str
    successor: str
    successor_email: str


class HandoverFromEmail(_CrossFamily):
    """A customer's email announces their new role and who takes over a deal: their contact
    record and the deal's primary contact change accordingly."""

    id: ClassVar[str] = "handover-from-email"
    params_type = HandoverFromEmailParams
    apps: ClassVar[tuple[str, ...]] = ("mail", "crm")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("contacts", "edit", "edit-contact")

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The mailbox, then the CRM on top (where the records change)."""
        return [StartWindow(app="mail", page="/"), StartWindow(app="crm", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        contacts = seed["contacts"]
        deals = [
            o
            for _, o in sorted(seed["opportunities"].items())
            if not o["stage"].startswith("Closed")
            and o["contactId"]
            and any(
                c["accountId"] == o["accountId"] and k != o["contactId"] and c["email"]
                for k, c in contacts.items()
            )
        ]
        opp = rng.choice(deals)
        old = contacts[opp["contactId"]]
        new = rng.choice(
            [
                c
                for k, c in sorted(contacts.items())
                if c["accountId"] == opp["accountId"] and k != opp["contactId"] and c["email"]
            ]
        )
        title = rng.choice([t for t, _ in TITLES if t != old["title"]])
        number = phone(rng)
        subject = rng.choice(["A change on our side", "New role", "Handing over"])
        name = f"{old['firstName']} {old['lastName']}"
        successor = f"{new['firstName']} {new['lastName']}"
        frame = rng.choice(_HANDOVER_FRAMES)  # drawn last: the facts do not depend on wording
        return self.make_task(
            task_id,
            frame.format(contact=name, subject=subject, opp=opp["name"]),
            f"You are {OWNER}: your mailbox and the CRM you are signed in to are both open. "
            f"{name} <{old['email']}>, the primary contact on \u201c{opp['name']}\u201d, wrote "
            f"\u201c{subject}\u201d: their new title is {title}, their new direct phone "
            f"{number}, and {successor} <{new['email']}> takes over the deal.",
            contact=name, contact_email=old["email"], opportunity=opp["name"], subject=subject,
            title=title, phone=number, successor=successor, successor_email=new["email"],
        )  # fmt: skip

    def worlds(self, task: TaskConfig) -> tuple[dict[str, Any], dict[str, Any]]:
        p = HandoverFromEmailParams.of(task)
        mail, crm = office_worlds(task)
        rng = family_rng(task, "inject")
        who = {"name": p.contact, "email": p.contact_email}
        add_thread(
            mail, who, p.subject,
            f"Hi Nora,\n\nFrom next month I move into a new role as {p.title}; my direct "
            f"line is now {p.phone}. {p.successor} takes over {p.opportunity} on our "
            f"side, so please work with them from now on.\n\nBest,\n{p.contact.split()[0]}",
            _mail_date(date(2025, 3, rng.randint(11, 14)), rng), unread=True,
        )  # fmt: skip
        return mail, crm

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = HandoverFromEmailParams.of(task)
        mail, crm = self.worlds(task)
        gold = copy.deepcopy(crm)
        by_email = {c["email"]: k for k, c in gold["contacts"].items()}
        cid, successor = by_email[p.contact_email], by_email[p.successor_email]
        oid = next(k for k, o in gold["opportunities"].items() if o["name"] == p.opportunity)
        update_record(gold, "contacts", cid, {"title": p.title, "phone": p.phone})
        update_record(gold, "opportunities", oid, {"contactId": successor})
        return office_scripts(task, mail, crm, "crm", gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "handover_from_email.py")
        return office_reward(task, _READ, REWARD_LIBRARY, body)

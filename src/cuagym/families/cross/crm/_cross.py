"""Cross-app families that start in the mailbox and end in the CRM (apps: mail, crm).

One hub session holds both apps' states (:mod:`cuagym.families.cross._web_cross`); the two worlds
belong to one person (:mod:`cuagym.families.cross._mailcrm`). The reward reads both apps' ``/go``:
the CRM must hold exactly the asked changes, and the mailbox, which the task only reads, must
hold none.
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
    STAGES,
    WORLD_NOW,
    build_seed,
    format_money,
    long_date,
    phone,
)
from cuagym.apps.crm.ops import create_activity, create_record, update_record
from cuagym.apps.crm.pools import FIRST, LAST, TITLES
from cuagym.apps.mail import add_thread
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.cross._mailcrm import OWNER, office_reward, office_scripts, office_worlds
from cuagym.families.cross.crm._oracle_cross import CROSS_ORACLES
from cuagym.scripts import inlined_file

__all__ = ["DealChangeFromEmail", "LeadFromInquiry"]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.cross.crm._checks"

#: Stages a deal can still move forward from without closing.
_EARLY = ("Qualification", "Needs Analysis", "Proposal")
_SUBJECTS = ("Final numbers", "Confirmed terms", "Our decision on the rollout", "Go-ahead")
_FIRST_SUBJECTS = ("First thoughts on budget", "Rough numbers", "Early read on scope")

# Sentence frames: the numbers are in the email; every frame names the email, the deal, the
# three terms to take from it and the activity to log.
_FRAMES = (
    "{contact} of {account} emailed me the final terms for \u201c{opp}\u201d. Update that "
    "opportunity's amount, close date and stage to what the latest email says, and log the "
    "email on the opportunity as a completed Email activity with the email's subject.",
    "Make the CRM match {contact}'s latest email about \u201c{opp}\u201d: set the deal's "
    "amount, close date and stage as written there, then record that email on the deal as a "
    "logged Email activity named after its subject.",
    "The newest message from {contact} ({account}) settles the terms of \u201c{opp}\u201d. "
    "Copy its amount, close date and stage into the opportunity and log it there as an Email "
    "activity whose subject is the email's subject.",
    "Please bring the opportunity \u201c{opp}\u201d up to date from {contact}'s most recent "
    "email (its amount, its expected close date and its stage), and keep a record of that "
    "email on the opportunity: a completed activity of type Email, subject as in the email.",
    "{contact} has written from {account} with the confirmed deal for \u201c{opp}\u201d. Enter "
    "the amount, the close date and the stage from that final email on the opportunity, and "
    "log the email itself there as an Email activity under its own subject.",
    "Two emails from {contact} discuss \u201c{opp}\u201d, and only the later one counts. The "
    "opportunity should end up with the amount, close date and stage that later message "
    "confirms, and carry a completed Email activity titled with that message's subject.",
    "After {contact}'s final word on \u201c{opp}\u201d our records are stale. Put the agreed "
    "amount, closing date and pipeline stage from their last email on the deal, along with a "
    "done activity of the Email kind whose subject is identical to the email's.",
    "I want \u201c{opp}\u201d for {account} to reflect what {contact} agreed in writing most "
    "recently: amount, close date, stage. Note that email against the opportunity too, as an "
    "Email activity marked complete that carries the same subject line.",
    "Earlier figures from {contact} about \u201c{opp}\u201d were superseded by a newer "
    "message. Record the newer amount, target close date and stage on that deal, plus an "
    "Email-type activity, already completed, repeating the newer message's subject.",
    "The forecast call is this afternoon and \u201c{opp}\u201d still shows old numbers. "
    "{contact} at {account} has since confirmed the final deal by email; bring the amount, "
    "the close date and the stage in line with that last email, and log it on the deal as "
    "a completed Email activity bearing its subject.",
    "Our sales director trusts only what is in the CRM. {contact}'s final email on "
    "\u201c{opp}\u201d changed the amount, the expected close and the stage, so the "
    "opportunity needs those values, plus a completed Email activity that records the "
    "email under its subject.",
)


class _CrossFamily(TaskFamily):
    """A mail -> crm family: its GUI oracle lives in ``_oracle_cross``."""

    domain: ClassVar[str] = "crm"

    def oracle(self, task: TaskConfig) -> Policy | None:
        return CROSS_ORACLES[self.id](task)


def _mail_date(day: date, rng: random.Random) -> str:
    return f"{day.isoformat()}T{rng.randint(13, 21):02d}:{rng.randint(0, 59):02d}:00Z"


class DealChangeFromEmailParams(TaskParams):
    """``deal-change-from-email``'s task parameters."""

    opportunity: str
    account: str
    contact: str
    contact_email: str
    from_stage: str
    stage: str
    probability: int
    amount_cents: int
    close_date: str
    subject: str
    first_subject: str
    first_amount_cents: int
    first_close_date: str


class DealChangeFromEmail(_CrossFamily):
    """A customer's latest email (an earlier one has superseded figures) sets a deal's terms:
    the agent finds it in the mailbox, updates the opportunity and logs the email on it."""

    id: ClassVar[str] = "deal-change-from-email"
    params_type = DealChangeFromEmailParams
    apps: ClassVar[tuple[str, ...]] = ("mail", "crm")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("activities", "tasks", "log-activity")
    also_covers: ClassVar[tuple[str, ...]] = ("crm:opportunities/edit/deal-terms",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The mailbox, then the CRM on top (where the changes go)."""
        return [StartWindow(app="mail", page="/"), StartWindow(app="crm", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        opp = rng.choice(
            [
                o
                for _, o in sorted(seed["opportunities"].items())
                if o["stage"] in _EARLY and o["contactId"] and o["amountCents"]
            ]
        )
        contact = seed["contacts"][opp["contactId"]]
        account = seed["accounts"][opp["accountId"]]["name"]
        stage = rng.choice(STAGES[STAGES.index(opp["stage"]) + 1 : STAGES.index("Closed Won")])
        amount = opp["amountCents"] + rng.choice([-1, 1]) * rng.randint(4, 40) * 250_000
        amount = max(amount, 1_000_000)
        first_amount = amount + rng.choice([-1, 1]) * rng.randint(2, 12) * 500_000
        close = (date(2027, 1, 11) + timedelta(days=rng.randint(0, 150))).isoformat()
        first_close = (date.fromisoformat(close) - timedelta(days=rng.randint(14, 60))).isoformat()
        subject = f"{rng.choice(_SUBJECTS)} - {account}"
        first_subject = f"{rng.choice(_FIRST_SUBJECTS)} - {account}"
        name = f"{contact['firstName']} {contact['lastName']}"
        frame = rng.choice(_FRAMES)  # drawn last: the facts do not depend on the wording
        return self.make_task(
            task_id,
            frame.format(contact=name, account=account, opp=opp["name"]),
            f"You are {OWNER}: your mailbox and the CRM you are signed in to are both open. "
            f"{name} <{contact['email']}>, the primary contact on \u201c{opp['name']}\u201d (now "
            f"in stage {opp['stage']}), sent two emails about it. The earlier one, "
            f"\u201c{first_subject}\u201d, floated {format_money(first_amount)} and "
            f"{long_date(first_close)}; the latest, \u201c{subject}\u201d, confirms "
            f"{format_money(amount)}, a close on {long_date(close)} and the move to {stage}.",
            opportunity=opp["name"], account=account, contact=name, contact_email=contact["email"],
            from_stage=opp["stage"], stage=stage, probability=STAGE_PROBABILITY[stage],
            amount_cents=amount, close_date=close, subject=subject, first_subject=first_subject,
            first_amount_cents=first_amount, first_close_date=first_close,
        )  # fmt: skip

    def worlds(self, task: TaskConfig) -> tuple[dict[str, Any], dict[str, Any]]:
        """``(mail, crm)`` initial worlds: the two emails in the mailbox, the deal in the CRM."""
        p = DealChangeFromEmailParams.of(task)
        seed = build_seed()
        oid = next(k for k, o in seed["opportunities"].items() if o["name"] == p.opportunity)
        mail, crm = office_worlds(task, protect={oid})
        rng = family_rng(task, "inject")
        first = p.contact.split()[0]
        who = {"name": p.contact, "email": p.contact_email}
        early = date(2025, 3, rng.randint(10, 11))
        add_thread(
            mail, who, p.first_subject,
            f"Hi Nora,\n\nBefore we finalize {p.opportunity}: we are looking at roughly "
            f"{format_money(p.first_amount_cents)}, with a close around "
            f"{long_date(p.first_close_date)}. I'll confirm once finance has signed off.\n\n"
            f"Best,\n{first}",
            _mail_date(early, rng),
        )  # fmt: skip
        add_thread(
            mail, who, p.subject,
            f"Hi Nora,\n\nFinance signed off, so this replaces my earlier numbers. Please go "
            f"ahead with {format_money(p.amount_cents)} for {p.opportunity}; we plan to "
            f"sign by {long_date(p.close_date)}. We are ready to move to {p.stage} on our "
            f"side.\n\nThanks,\n{first}",
            _mail_date(early + timedelta(days=rng.randint(2, 3)), rng), unread=True,
        )  # fmt: skip
        return mail, crm

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = DealChangeFromEmailParams.of(task)
        mail, crm = self.worlds(task)
        gold = copy.deepcopy(crm)
        oid = next(k for k, o in gold["opportunities"].items() if o["name"] == p.opportunity)
        terms = {
            "stage": p.stage,
            "amountCents": p.amount_cents,
            "closeDate": p.close_date,
        }
        update_record(gold, "opportunities", oid, terms)
        logged = {"subject": p.subject, "type": "Email", "dueDate": None, "description": ""}
        create_activity(gold, "opportunity", oid, logged, completed=True, now=WORLD_NOW)
        return office_scripts(task, mail, crm, "crm", gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "deal_change_from_email.py")
        return office_reward(task, _READ, REWARD_LIBRARY, body)


_READ = """
crm = hub_state("crm")
init, cur, diff = crm["initial_state"], crm["current_state"], crm["state_diff"]
mail = hub_state("mail")
minit, mdiff = mail["initial_state"], mail["state_diff"]
"""


# (company, mail domain): prospects the CRM has never heard of.
_PROSPECTS = (
    ("Riverside Fleet Care", "riversidefleet.example"),
    ("Copper Canyon HVAC", "coppercanyonhvac.example"),
    ("Bright Harbor Facilities", "brightharbor.example"),
    ("Glacier Point Elevators", "glacierpoint.example"),
    ("Mesa Verde Home Health", "mesaverdehh.example"),
    ("Oakridge Pest Solutions", "oakridgepest.example"),
)
_SOURCES = ("Trade Show", "Webinar", "Web", "Partner Referral")
_HOW = {
    "Trade Show": "We met your team at the field service expo last week",
    "Webinar": "I joined your scheduling webinar on Tuesday",
    "Web": "I found your platform while searching for dispatch software",
    "Partner Referral": "One of your partners suggested I get in touch",
}
_INQUIRY = ("Demo request", "Question about pricing", "Scheduling for our technicians",
            "Interested in a pilot")  # fmt: skip
# Sentence frames: each names the email, the fields to carry over, the source and the rating.
_LEAD_FRAMES = (
    "Turn the inquiry email \u201c{subject}\u201d into a CRM lead: the sender's first and "
    "last name, company, title, email address and phone as the email gives them, lead source "
    "{source}, rating {rating}.",
    "Someone wrote to me with the subject \u201c{subject}\u201d. Enter them in the CRM as a "
    "new lead with their name, company, title, email and phone from that email, the lead "
    "source {source} and a {rating} rating.",
    "Please create a lead for the sender of \u201c{subject}\u201d, copying their name, "
    "company, job title, address and phone number from the email; set the source to {source} "
    "and the rating to {rating}.",
    "The email \u201c{subject}\u201d is a new prospect. Add a lead for that person (name, "
    "company, title, email, phone exactly as in the email) whose lead source is {source} and "
    "whose rating is {rating}.",
    "Log the prospect behind \u201c{subject}\u201d in the CRM as a {rating} lead from "
    "{source}, with the first name, last name, company, title, email and phone written in "
    "their email.",
    "A prospect reached out in the email \u201c{subject}\u201d. I'd like the CRM to hold them "
    "as a lead rated {rating}, source {source}, carrying the first and last name, company, "
    "job title, email address and phone number that message lists.",
    "Nobody has recorded the sender of \u201c{subject}\u201d yet. Their CRM lead should show "
    "the name, company, title, email and phone from the message, {source} as where the lead "
    "came from, and {rating} as its rating.",
    "New business came in by email (subject \u201c{subject}\u201d): register its author as "
    "a lead, rating {rating}, lead source {source}, with every detail from the signature, "
    "namely first name, last name, company, title, email address, phone.",
    "Capture whoever sent \u201c{subject}\u201d as a CRM lead. Their name, company, job "
    "title, email address and telephone number must match what they wrote; the source is "
    "{source} and the rating {rating}.",
    "Marketing measures which channels bring prospects, so the person who wrote "
    "\u201c{subject}\u201d must be in the CRM as a lead from {source}, rated {rating}, with "
    "the first and last name, company, title, email and phone given in their message.",
    "Sales will call the author of \u201c{subject}\u201d tomorrow and works only from the "
    "CRM. Create their lead with name, company, title, email address and phone as written "
    "in the email, lead source {source}, and rating {rating}.",
)


class LeadFromInquiryParams(TaskParams):
    """``lead-from-inquiry``'s task parameters."""

    subject: str
    first: str
    last: str
    company: str
    title: str
    email: str
    phone: str
    source: str
    rating: str
    technicians: int
    other_subject: str
    other_first: str
    other_last: str
    other_company: str
    other_domain: str


class LeadFromInquiry(_CrossFamily):
    """A prospect's inquiry in the mailbox (next to another one) becomes a lead in the CRM,
    its details copied from the email's signature."""

    id: ClassVar[str] = "lead-from-inquiry"
    params_type = LeadFromInquiryParams
    apps: ClassVar[tuple[str, ...]] = ("mail", "crm")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("leads", "create", "new-lead")

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The mailbox, then the CRM on top (where the lead is made)."""
        return [StartWindow(app="mail", page="/"), StartWindow(app="crm", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        (company, domain), (other_company, other_domain) = rng.sample(_PROSPECTS, 2)
        (first, other_first), (last, other_last) = rng.sample(FIRST, 2), rng.sample(LAST, 2)
        title = rng.choice(TITLES)[0]
        number = phone(rng)
        email = f"{first.lower()}.{last.lower()}@{domain}"
        source = rng.choice(_SOURCES)
        rating = rng.choice(["Hot", "Warm", "Cold"])
        subject, other_subject = rng.sample(_INQUIRY, 2)
        technicians = rng.randint(3, 30) * 5
        other_email = f"{other_first.lower()}.{other_last.lower()}@{other_domain}"
        frame = rng.choice(_LEAD_FRAMES)  # drawn last: the facts do not depend on the wording
        return self.make_task(
            task_id,
            frame.format(subject=subject, source=source, rating=rating),
            f"You are {OWNER}: your mailbox and the CRM you are signed in to are both open. "
            f"The email \u201c{subject}\u201d comes from {first} {last} <{email}>, {title} at "
            f"{company}, phone {number}, about {technicians} technicians; another inquiry, "
            f"\u201c{other_subject}\u201d, comes from {other_first} {other_last} <{other_email}> "
            f"of {other_company}. Neither is in the CRM yet.",
            subject=subject, first=first, last=last, company=company, title=title, email=email,
            phone=number, source=source, rating=rating, technicians=technicians,
            other_subject=other_subject, other_first=other_first, other_last=other_last,
            other_company=other_company, other_domain=other_domain,
        )  # fmt: skip

    def worlds(self, task: TaskConfig) -> tuple[dict[str, Any], dict[str, Any]]:
        p = LeadFromInquiryParams.of(task)
        mail, crm = office_worlds(task)
        rng = family_rng(task, "inject")
        who = {"name": f"{p.first} {p.last}", "email": p.email}
        other_email = f"{p.other_first.lower()}.{p.other_last.lower()}@{p.other_domain}"
        other = {"name": f"{p.other_first} {p.other_last}", "email": other_email}
        add_thread(
            mail, other, p.other_subject,
            f"Hello,\n\nCould you send me some information about your platform?\n\n"
            f"{other['name']}\n{p.other_company}",
            _mail_date(date(2025, 3, rng.randint(10, 12)), rng), unread=True,
        )  # fmt: skip
        add_thread(
            mail, who, p.subject,
            f"Hello,\n\n{_HOW[p.source]}. We schedule {p.technicians} technicians by "
            f"hand today and would like to see a demo.\n\nBest regards,\n{who['name']}\n"
            f"{p.title}, {p.company}\n{p.phone}",
            _mail_date(date(2025, 3, rng.randint(12, 14)), rng), unread=True,
        )  # fmt: skip
        return mail, crm

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = LeadFromInquiryParams.of(task)
        mail, crm = self.worlds(task)
        gold = copy.deepcopy(crm)
        values = {
            "salutation": None, "firstName": p.first, "lastName": p.last,
            "company": p.company, "title": p.title, "email": p.email,
            "phone": p.phone, "mobile": "", "website": "", "status": "New",
            "rating": p.rating, "leadSource": p.source, "industry": None,
            "employees": None, "annualRevenueCents": None, "street": "", "city": "",
            "state": "", "postalCode": "", "country": "", "description": "",
            "ownerId": crm["currentUser"],
        }  # fmt: skip
        create_record(gold, "leads", values, now=WORLD_NOW)
        return office_scripts(task, mail, crm, "crm", gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "lead_from_inquiry.py")
        return office_reward(task, _READ, REWARD_LIBRARY, body)

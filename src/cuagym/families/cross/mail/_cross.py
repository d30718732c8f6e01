"""Cross-app families that look things up in the CRM and act in the mailbox (apps: crm, mail).

One hub session holds both apps' states (:mod:`cuagym.families.cross._web_cross`); the two
worlds belong to one person (:mod:`cuagym.families.cross._mailcrm`). The reward reads both
apps' ``/go``: who should get the email comes from the CRM's own records (the reward
recomputes it from the CRM's initial state, and pins it to the context's list), and the CRM,
which the task only reads, must not change.
"""

from __future__ import annotations

import copy
import random
from abc import abstractmethod
from collections.abc import Mapping
from datetime import date
from typing import Any, ClassVar

from cuagym.apps.crm import build_seed as crm_seed
from cuagym.apps.mail import REWARD_LIBRARY, WORLD_NOW, add_thread, march_date
from cuagym.apps.mail.ops import ComposeFields, create_template, prefill, send_message
from cuagym.apps.mail.pools import TEMPLATES
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.cross._mailcrm import OWNER, office_reward, office_scripts, office_worlds
from cuagym.families.cross.mail._oracle import CROSS_ORACLES, reply_sentence
from cuagym.scripts import inlined_file

__all__ = ["CloseDateReply", "TemplateToStageContacts"]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.cross.mail._checks"

State = dict[str, Any]
#: Open stages: each has 3 to 6 deals with a primary contact in every CRM world.
_STAGES = ("Prospecting", "Qualification", "Needs Analysis", "Proposal", "Negotiation")

# Sentence frames: each names the template, the stage, one message with everyone in Bcc
# (To and Cc empty) and the template's subject and text kept.
_FRAMES = (
    "Send the \u201c{template}\u201d template, as one email, to the primary contact of every "
    "opportunity in the {stage} stage of the CRM. Put them all in Bcc (leave To and Cc empty) "
    "and keep the template's subject and text.",
    "Every deal in our CRM that sits in {stage} has a primary contact; email all of those "
    "people the \u201c{template}\u201d template in a single message, blind-copied (nobody in To "
    "or Cc), with the subject and text exactly as saved.",
    "Look up which opportunities are at the {stage} stage in the CRM and send their primary "
    "contacts one email built from the \u201c{template}\u201d template: everyone in Bcc, To and "
    "Cc blank, the template's subject and wording unchanged.",
    "The primary contacts of our {stage} opportunities should all receive the "
    "\u201c{template}\u201d template. Send it once, with every one of them in Bcc and no one in "
    "To or Cc, without editing its subject or text.",
    "Please mail the saved \u201c{template}\u201d template to each primary contact on a CRM "
    "opportunity whose stage is {stage}: a single message, Bcc only (To and Cc stay empty), "
    "subject and text as in the template.",
    "I'd like the customers whose deals are at {stage} in the CRM to get our "
    "\u201c{template}\u201d template: their primary contacts go in Bcc of one single email, "
    "To and Cc hold nobody, and the saved subject and body go out untouched.",
    "One message should reach the primary contact of each {stage} opportunity in the CRM. It "
    "is the \u201c{template}\u201d template with its subject and body left as they are, and "
    "all recipients are hidden in Bcc while To and Cc remain empty.",
    "Reach out to the {stage} pipeline: whoever is primary contact on a CRM deal at that stage "
    "receives the \u201c{template}\u201d template, sent just once with all of them as blind "
    "copies, nothing in To or Cc, and no change to the template's subject or words.",
    "Using our saved \u201c{template}\u201d wording unchanged, subject included, write a "
    "single email whose Bcc lists exactly the primary contacts of the opportunities the CRM "
    "shows at {stage}; its To and Cc fields must be empty.",
    "Customers at the {stage} stage have not heard from us in a while. Send them our saved "
    "\u201c{template}\u201d email, unchanged in subject and text, as one message in which "
    "the primary contact of every CRM opportunity at that stage is blind-copied and To and "
    "Cc are empty.",
    "Privacy matters to our clients, so nobody may see the other recipients. The primary "
    "contacts of all opportunities our CRM has at {stage} get a single email made from the "
    "\u201c{template}\u201d template, its subject and wording intact, all of them in Bcc "
    "and no one in To or Cc.",
)


class _MailSide(TaskFamily):
    """A crm -> mail family: homed in mail, its GUI oracle in ``_oracle``. ``build`` injects the
    task into the mailbox, ``solve`` applies the answer there (the CRM is only read)."""

    domain: ClassVar[str] = "mail"

    @abstractmethod
    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        """Inject what the task's context promises into the mailbox ``world`` (in place)."""

    @abstractmethod
    def solve(self, task: TaskConfig, state: State) -> None:
        """Change the mailbox ``state`` (in place) the way a person using the UI would."""

    def oracle(self, task: TaskConfig) -> Policy | None:
        return CROSS_ORACLES[self.id](task)

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        mail, crm = office_worlds(task)
        self.build(task, mail, family_rng(task, "inject"))
        gold = copy.deepcopy(mail)
        self.solve(task, gold)
        return office_scripts(task, mail, crm, "mail", gold)


def stage_contacts(crm: State, stage: str) -> list[dict[str, str]]:
    """The primary contacts (name, email) of the deals in ``stage``, by email, each once."""
    people: dict[str, dict[str, str]] = {}
    for opp in crm["opportunities"].values():
        contact = crm["contacts"].get(opp.get("contactId") or "")
        if opp["stage"] == stage and contact and contact["email"]:
            name = f"{contact['firstName']} {contact['lastName']}".strip()
            people[contact["email"].lower()] = {"name": name, "email": contact["email"]}
    return [people[k] for k in sorted(people)]


class TemplateToStageContactsParams(TaskParams):
    """``template-to-stage-contacts``'s task parameters."""

    template: str
    subject: str
    text: str
    stage: str
    members: list[dict[str, str]]


class TemplateToStageContacts(_MailSide):
    """The paper's "email every customer in stage X the template", across the two apps."""

    id = "template-to-stage-contacts"
    params_type = TemplateToStageContactsParams
    apps: ClassVar[tuple[str, ...]] = ("crm", "mail")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path = ("compose", "write", "new")
    also_covers: ClassVar[tuple[str, ...]] = ("mail:compose/templates/insert",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The CRM, then the mailbox on top (where the email is written)."""
        return [StartWindow(app="crm", page="/"), StartWindow(app="mail", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        name, subject, text = rng.choice(TEMPLATES)
        stage = rng.choice(_STAGES)
        members = stage_contacts(crm_seed(), stage)
        listing = "; ".join(f"{m['name']} <{m['email']}>" for m in members)
        frame = rng.choice(_FRAMES)  # drawn last: the facts do not depend on the wording
        return self.make_task(
            task_id,
            frame.format(template=name, stage=stage),
            f"You are {OWNER}: your mailbox and the CRM you are signed in to are both open. The "
            f"saved template \u201c{name}\u201d has the subject \u201c{subject}\u201d and the "
            f"text \u201c{text}\u201d. In the CRM, the opportunities in stage {stage} have "
            f"{len(members)} primary contacts: {listing}. Deals in other stages have contacts "
            "of their own, and none of these people is in your mail contacts.",
            template=name,
            subject=subject,
            text=text,
            stage=stage,
            members=members,
        )

    # The mail side is built by ``build``; the CRM only needs to be the office's.
    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        p = TemplateToStageContactsParams.of(task)
        create_template(world, p.template, p.subject, p.text)

    def solve(self, task: TaskConfig, state: State) -> None:
        p = TemplateToStageContactsParams.of(task)
        fields = ComposeFields(
            bcc=", ".join(f"{m['name']} <{m['email']}>" for m in p.members),
            subject=p.subject,
            body=p.text,
        )
        send_message(state, fields, now=WORLD_NOW)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "template_to_stage_contacts.py")
        return office_reward(task, _READ, REWARD_LIBRARY, body)


_READ = """
data = hub_state("mail")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
me = init["account"]["email"].lower()
crm = hub_state("crm")
cinit, cdiff = crm["initial_state"], crm["state_diff"]
"""


def spelt(iso: str) -> str:
    """``2027-03-31`` -> ``March 31, 2027``: how the reply writes a date."""
    day = date.fromisoformat(iso)
    return f"{day:%B} {day.day}, {day.year}"


_QUESTIONS = ("Timeline check", "Quick question on our schedule", "When do we go live?",
              "Planning our budget")  # fmt: skip
# Sentence frames: each names the email, the deal, where the answer is (the CRM), reply-all,
# and how the date is written.
_REPLY_FRAMES = (
    "{name} asks in \u201c{subject}\u201d when \u201c{opp}\u201d is expected to close. Reply "
    "to everyone on that email with the close date the CRM has for that opportunity, written "
    "out as month, day and year.",
    "Answer \u201c{subject}\u201d from {name} with a reply to all: give the expected close date "
    "of the opportunity \u201c{opp}\u201d as recorded in the CRM, spelled like January 5, 2027.",
    "Look up the close date of \u201c{opp}\u201d in the CRM and send it back to {name} and "
    "everyone else on \u201c{subject}\u201d (reply all), with the month written as a word.",
    "{name} wants to know the planned close of \u201c{opp}\u201d (email \u201c{subject}\u201d). "
    "Reply all with the date our CRM shows for that deal, in the form Month D, YYYY.",
    "Please reply to all recipients of {name}'s \u201c{subject}\u201d with the close date "
    "of \u201c{opp}\u201d taken from the CRM (month spelled out, then day and year).",
    "The thread \u201c{subject}\u201d needs an answer for {name} and the others on it: "
    "when does \u201c{opp}\u201d close according to our CRM? Write that date with the "
    "month's name, the day and the year, and reply to all of them.",
    "Tell {name}, and everybody copied on \u201c{subject}\u201d, the expected closing date "
    "our CRM records for \u201c{opp}\u201d. The reply goes to all recipients and gives the "
    "date as a month name followed by day and year.",
    "{name} is waiting on a date. A reply-all to \u201c{subject}\u201d should state the close "
    "date stored in the CRM for the opportunity \u201c{opp}\u201d, formatted like March 9, "
    "2027.",
    "Respond to \u201c{subject}\u201d so that {name} and every other recipient learn the "
    "close date of the deal \u201c{opp}\u201d as the CRM holds it, with the month in words "
    "and then the day and the year.",
)


class CloseDateReplyParams(TaskParams):
    """``close-date-reply``'s task parameters."""

    subject: str
    sender_name: str
    sender_email: str
    cc_name: str
    cc_email: str
    opportunity: str
    close: str
    other_opportunity: str
    other_close: str


class CloseDateReply(_MailSide):
    """A customer asks when their deal closes; the answer is in the CRM (the account has
    another deal with another date), the reply goes to everyone on the email."""

    id = "close-date-reply"
    params_type = CloseDateReplyParams
    apps: ClassVar[tuple[str, ...]] = ("crm", "mail")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path = ("compose", "respond", "reply-all")

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The CRM, then the mailbox on top (where the reply is written)."""
        return [StartWindow(app="crm", page="/"), StartWindow(app="mail", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        crm = crm_seed()
        by_account: dict[str, list[dict[str, Any]]] = {}
        for _, o in sorted(crm["opportunities"].items()):
            by_account.setdefault(o["accountId"], []).append(o)
        open_deals = [
            (o, deals)
            for deals in by_account.values()
            if len(deals) > 1
            for o in deals
            if not o["stage"].startswith("Closed") and o["contactId"]
        ]
        opp, deals = rng.choice(open_deals)
        other = rng.choice([d for d in deals if d["id"] != opp["id"]])
        contact = crm["contacts"][opp["contactId"]]
        account = crm["accounts"][opp["accountId"]]
        mates = [
            c for _, c in sorted(crm["contacts"].items())
            if c["accountId"] == opp["accountId"] and c["id"] != contact["id"] and c["email"]
        ]  # fmt: skip
        cc = rng.choice(mates)
        subject = rng.choice(_QUESTIONS)
        name = f"{contact['firstName']} {contact['lastName']}"
        frame = rng.choice(_REPLY_FRAMES)  # drawn last: the facts do not depend on the wording
        return self.make_task(
            task_id,
            frame.format(name=name, subject=subject, opp=opp["name"]),
            f"You are {OWNER}: your mailbox and the CRM you are signed in to are both open. "
            f"{name} <{contact['email']}> of {account['name']} wrote \u201c{subject}\u201d with "
            f"{cc['firstName']} {cc['lastName']} <{cc['email']}> in Cc. In the CRM, "
            f"\u201c{opp['name']}\u201d closes on {spelt(opp['closeDate'])}; the account's "
            f"other deal, \u201c{other['name']}\u201d, on {spelt(other['closeDate'])}.",
            subject=subject, sender_name=name, sender_email=contact["email"],
            cc_name=f"{cc['firstName']} {cc['lastName']}", cc_email=cc["email"],
            opportunity=opp["name"], close=spelt(opp["closeDate"]),
            other_opportunity=other["name"], other_close=spelt(other["closeDate"]),
        )  # fmt: skip

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        p = CloseDateReplyParams.of(task)
        add_thread(
            world,
            {"name": p.sender_name, "email": p.sender_email},
            p.subject,
            f"Hi Nora,\n\nFinance is planning next quarter. When do you expect "
            f"{p.opportunity} to close?\n\nThanks,\n{p.sender_name.split()[0]}",
            march_date(rng),
            unread=True,
            cc=({"name": p.cc_name, "email": p.cc_email},),
        )

    def solve(self, task: TaskConfig, state: State) -> None:
        p = CloseDateReplyParams.of(task)
        first = next(
            m for m in state["messages"].values()
            if m["subject"] == p.subject and m["from"]["email"] == p.sender_email
        )  # fmt: skip
        _, fields = prefill(state, first["id"], "reply-all")
        fields.body = reply_sentence(p.model_dump())
        send_message(state, fields, None, first["threadId"], WORLD_NOW)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "close_date_reply.py")
        return office_reward(
            task, _READ, REWARD_LIBRARY, body, "import json\nfrom datetime import date\n"
        )

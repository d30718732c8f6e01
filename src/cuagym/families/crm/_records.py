"""Task families on single records: lead status, stage moves, tasks, contacts, deal terms."""

from __future__ import annotations

import copy
import random
from datetime import date, timedelta
from typing import Any, ClassVar

from cuagym.apps.crm import (
    RATINGS,
    SALUTATIONS,
    STAGE_PROBABILITY,
    STAGES,
    build_seed,
    format_money,
    long_date,
    phone,
    record_title,
    slug,
)
from cuagym.apps.crm.ops import (
    create_activity,
    create_note,
    create_record,
    set_activity_status,
    set_stage,
    update_record,
)
from cuagym.apps.crm.pools import FIRST, LAST, TITLES
from cuagym.core import Difficulty, Policy, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams
from cuagym.families.crm._common import (
    GEN_NOW,
    build_world,
    lead_of,
    opportunity_of,
    params_of,
    patch_script,
    reward_script,
    setup_script,
)
from cuagym.families.crm._oracle import ORACLES
from cuagym.scripts import inlined_file

__all__ = [
    "CompleteTask",
    "CreateContact",
    "MoveOpportunityStage",
    "ScheduleFollowUp",
    "UpdateDealTerms",
    "UpdateLeadStatus",
]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.crm._checks"

ME = "Dana Whitfield"
NEXT_STEPS = ["Send revised order form", "Schedule executive sponsor call",
              "Security review", "Pilot kickoff on site", "Final pricing approval",
              "Legal review of terms"]  # fmt: skip
TASKS = ["Send implementation timeline", "Book onsite workshop", "Share customer references",
         "Confirm pilot success criteria", "Prepare ROI summary", "Call procurement"]  # fmt: skip
NOTES = [("Budget update", "Finance confirmed the budget for the first half of next year."),
         ("Decision process", "Final sign-off sits with the COO after a two-week pilot."),
         ("Competitor", "They are also evaluating a legacy dispatch vendor on price."),
         ("Integration", "They need the ERP connector before go-live.")]  # fmt: skip


def stop(text: str) -> str:
    """``text`` ending a sentence: a name that ends in a period ("Cascade Elevator Co.") is
    not given a second one."""
    return text if text.endswith(".") else text + "."


def salutation_for(first: str, drawn: str) -> str:
    """``drawn`` unless it is the wrong gender's title for ``first`` (Mr. for Bianca, Ms. for
    Aaron): then its counterpart. ``FIRST`` alternates male and female names."""
    female = FIRST.index(first) % 2 == 1
    if female and drawn == "Mr.":
        return "Ms."
    if not female and drawn in ("Ms.", "Mrs."):
        return "Mr."
    return drawn


def future_date(rng: random.Random) -> str:
    return (date(2027, 1, 4) + timedelta(days=rng.randint(0, 170))).isoformat()


class _Family(TaskFamily):
    domain: ClassVar[str] = "crm"

    def oracle(self, task: TaskConfig) -> Policy | None:
        """The family's GUI solver (``_oracle``): it works the pages like a person would."""
        return ORACLES[self.id](task)

    def scripts(
        self, task: TaskConfig, world: dict[str, Any], gold: dict[str, Any]
    ) -> GeneratedScripts:
        return GeneratedScripts(
            initial_setup=setup_script(world, self.id),
            golden_patch=patch_script(world, gold, self.id),
        )


# -- easy -----------------------------------------------------------------------------------
# Sentence frames: each states every fact the reward checks, in its own words.
_LEAD_STATUS_FRAMES = (
    "After today's call with {name} of {company}, update their lead: the status should be "
    "{status} and the rating {rating}.",
    "Set the lead {name} ({company}) to the status {status}, rated {rating}.",
    "Our lead at {company}, {name}, needs updating in the CRM: status {status}, rating {rating}.",
    "Please record that {name} from {company} has moved to {status} as a lead and should now "
    "carry a {rating} rating.",
    "{name} at {company} is now a {rating} prospect; change that lead's status to {status} and "
    "its rating to match.",
)


class UpdateLeadStatusParams(TaskParams):
    """``update-lead-status``'s task parameters."""

    first: str
    last: str
    company: str
    from_status: str
    from_rating: str | None
    status: str
    rating: str


class UpdateLeadStatus(_Family):
    id: ClassVar[str] = "update-lead-status"
    params_type = UpdateLeadStatusParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("leads", "qualification", "status-rating")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        lead = rng.choice(
            [
                v
                for k, v in sorted(seed["leads"].items())
                if v["status"] in ("New", "Working", "Nurturing")
            ]
        )
        status = rng.choice(
            [s for s in ("Working", "Nurturing", "Qualified", "Unqualified") if s != lead["status"]]
        )
        rating = rng.choice([r for r in RATINGS if r != lead["rating"]])
        name = f"{lead['firstName']} {lead['lastName']}"
        frame = rng.choice(_LEAD_STATUS_FRAMES)  # drawn last: the facts stay those of the seed
        return self.make_task(
            task_id,
            frame.format(name=name, company=lead["company"], status=status, rating=rating),
            f"The CRM has a lead {name} ({lead['title']} at {lead['company']}) with status "
            f"{lead['status']} and rating {lead['rating'] or 'none'}. You are signed in as {ME}.",
            first=lead["firstName"], last=lead["lastName"], company=lead["company"],
            from_status=lead["status"], from_rating=lead["rating"], status=status, rating=rating,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = UpdateLeadStatusParams.of(task)
        lid = lead_of(build_seed(), p.first, p.last, p.company)
        world = build_world(task, protect={lid})
        gold = copy.deepcopy(world)
        update_record(gold, "leads", lid, {"status": p.status, "rating": p.rating})
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "update_lead_status.py")
        return reward_script(params_of(task), body, self.id)


_STAGE_FRAMES = (
    '{why} Move the opportunity "{name}" to the {stage} stage.',
    '{why} In the CRM, the deal "{name}" belongs in {stage} now.',
    'The opportunity "{name}" should show the stage {stage} from today. {why}',
    '{why} Update where "{name}" sits in the pipeline: it is at {stage}.',
    'Please put the deal "{name}" into the {stage} stage of our pipeline. {why}',
)


class MoveOpportunityStageParams(TaskParams):
    """``move-opportunity-stage``'s task parameters."""

    name: str
    from_stage: str
    stage: str
    probability: int


class MoveOpportunityStage(_Family):
    id: ClassVar[str] = "move-opportunity-stage"
    params_type = MoveOpportunityStageParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("opportunities", "pipeline", "move-stage")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        opp = rng.choice(
            [
                o
                for _, o in sorted(seed["opportunities"].items())
                if not o["stage"].startswith("Closed")
            ]
        )
        later = [s for s in STAGES[STAGES.index(opp["stage"]) + 1 :]]
        stage = rng.choice(later)
        why = {
            "Closed Won": "The customer signed.",
            "Closed Lost": "The customer chose another vendor.",
        }
        account = seed["accounts"][opp["accountId"]]["name"]
        frame = rng.choice(_STAGE_FRAMES)
        return self.make_task(
            task_id,
            frame.format(why=why.get(stage, "The deal has progressed."), name=opp["name"],
                         stage=stage),
            f"The opportunity \"{opp['name']}\" for {account} is in stage {opp['stage']}. Moving a "
            f"deal to {stage} sets its probability to {STAGE_PROBABILITY[stage]}%. You are signed "
            f"in as {ME}.",
            name=opp["name"], from_stage=opp["stage"], stage=stage,
            probability=STAGE_PROBABILITY[stage],
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = MoveOpportunityStageParams.of(task)
        oid = opportunity_of(build_seed(), p.name)
        world = build_world(task, protect={oid})
        gold = copy.deepcopy(world)
        set_stage(gold, oid, p.stage)
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "move_opportunity_stage.py")
        return reward_script(params_of(task), body, self.id)


# A record's title may end in a period ("Cascade Elevator Co."): no frame ends a sentence on it.
_COMPLETE_FRAMES = (
    'I\'ve finished the task "{subject}" for {related}, so record it as done in the CRM.',
    'Mark the open task "{subject}" on {related} as completed.',
    'The "{subject}" task for {related} is done now; close it out in the CRM.',
    'Please tick off "{subject}", the open task attached to {related}, as complete.',
    'Record in the CRM that the task "{subject}" (for {related}) has been completed.',
)


class CompleteTaskParams(TaskParams):
    """``complete-task``'s task parameters."""

    subject: str
    related_type: str
    related: str


class CompleteTask(_Family):
    id: ClassVar[str] = "complete-task"
    params_type = CompleteTaskParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("activities", "tasks", "complete-task")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        task = rng.choice(
            [a for _, a in sorted(seed["activities"].items()) if a["status"] == "Open"]
        )
        collection = {
            "lead": "leads",
            "account": "accounts",
            "contact": "contacts",
            "opportunity": "opportunities",
        }[task["relatedType"]]
        related = record_title(task["relatedType"], seed[collection][task["relatedId"]])
        due = f", due {long_date(task['dueDate'])}" if task["dueDate"] else ""
        frame = rng.choice(_COMPLETE_FRAMES)
        return self.make_task(
            task_id,
            frame.format(subject=task["subject"], related=related),
            f"An open task \"{task['subject']}\"{due}, is attached to the {task['relatedType']} "
            f"{related}. You are signed in as {ME}.",
            subject=task["subject"], related_type=task["relatedType"], related=related,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = CompleteTaskParams.of(task)
        seed = build_seed()
        aid = next(
            k
            for k, a in seed["activities"].items()
            if a["subject"] == p.subject and a["relatedType"] == p.related_type
        )
        protect = {aid, seed["activities"][aid]["relatedId"]}
        world = build_world(task, protect=protect)
        gold = copy.deepcopy(world)
        set_activity_status(gold, aid, completed=True)
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "complete_task.py")
        return reward_script(params_of(task), body, self.id)


# -- medium ---------------------------------------------------------------------------------
# ``account_``: the account's name ending a sentence (see :func:`stop`).
_CONTACT_FRAMES = (
    "Add {sal} {first} {last} as a new contact at {account}: {title} in the {dept} department, "
    "email {email}, phone {phone}.",
    "Create a contact for {sal} {first} {last}, the new {title} in the {dept} department at "
    "{account_} Their email is {email} and their phone is {phone}.",
    "{account} has a new {title} in its {dept} department, {sal} {first} {last} ({email}, "
    "{phone}); add them to the CRM as a contact on that account.",
    "Please enter {sal} {first} {last} as a contact under {account}, with the title {title}, "
    "the department {dept}, the email address {email} and the phone number {phone}.",
    "We just met {sal} {first} {last}, {title} ({dept} department) of {account_} Save them as "
    "a contact there, reachable at {email} and {phone}.",
)


class CreateContactParams(TaskParams):
    """``create-contact``'s task parameters."""

    account: str
    salutation: str
    first: str
    last: str
    title: str
    department: str
    email: str
    phone: str


class CreateContact(_Family):
    id: ClassVar[str] = "create-contact"
    params_type = CreateContactParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("contacts", "create", "new-contact")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        account = rng.choice([a for _, a in sorted(seed["accounts"].items())])
        first, last = rng.choice(FIRST), rng.choice(LAST)
        title, dept = rng.choice(TITLES)
        salutation = salutation_for(first, rng.choice(SALUTATIONS[:4]))
        email = f"{slug(first)}.{slug(last)}@{account['website'].removeprefix('www.')}"
        number = phone(rng)
        frame = rng.choice(_CONTACT_FRAMES)
        return self.make_task(
            task_id,
            frame.format(sal=salutation, first=first, last=last, account=account["name"],
                         account_=stop(account["name"]), title=title, dept=dept, email=email,
                         phone=number),
            f"The account {account['name']} exists in the CRM; {first} {last} is not in it yet. "
            f"You are signed in as {ME}.",
            account=account["name"], salutation=salutation, first=first, last=last, title=title,
            department=dept, email=email, phone=number,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = CreateContactParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        aid = next(k for k, a in world["accounts"].items() if a["name"] == p.account)
        values = {
            "salutation": p.salutation, "firstName": p.first, "lastName": p.last,
            "accountId": aid, "title": p.title, "department": p.department,
            "email": p.email, "phone": p.phone, "mobile": "", "leadSource": None,
            "mailingStreet": "", "mailingCity": "", "mailingState": "", "mailingPostalCode": "",
            "mailingCountry": "", "description": "", "ownerId": world["currentUser"],
        }  # fmt: skip
        create_record(gold, "contacts", values, now=GEN_NOW)
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "create_contact.py")
        return reward_script(params_of(task), body, self.id)


_TERMS_FRAMES = (
    'The customer came back on "{name}": the deal is now worth {amount}, it should close on '
    '{close}, and the next step is "{step}". Update the opportunity accordingly.',
    'Update the opportunity "{name}" to an amount of {amount}, a close date of {close} and the '
    'next step "{step}".',
    'New terms were agreed for "{name}": it is worth {amount} and closes on {close}. Its next '
    'step should read "{step}" as well.',
    'In the CRM, change the deal "{name}" so it shows {amount} as the amount, {close} as the '
    'expected close date and "{step}" as the next step.',
    'The buyer on "{name}" now expects to sign on {close} for {amount}; record that on the '
    'opportunity together with the next step "{step}".',
)


class UpdateDealTermsParams(TaskParams):
    """``update-deal-terms``'s task parameters."""

    name: str
    amount_cents: int
    close_date: str
    next_step: str


class UpdateDealTerms(_Family):
    id: ClassVar[str] = "update-deal-terms"
    params_type = UpdateDealTermsParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("opportunities", "edit", "deal-terms")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        opp = rng.choice(
            [
                o
                for _, o in sorted(seed["opportunities"].items())
                if not o["stage"].startswith("Closed")
            ]
        )
        delta = rng.randint(2, 40) * 250_000
        amount = opp["amountCents"] + (delta if rng.random() < 0.5 else -delta)
        if amount < 500_000:  # a cut that would leave nothing: raise it instead
            amount = opp["amountCents"] + delta
        amount += rng.choice([0, 0, 50, 2550])  # sometimes cents, to test decimal entry
        close = future_date(rng)
        while close == opp["closeDate"]:
            close = future_date(rng)
        step = rng.choice([s for s in NEXT_STEPS if s != opp["nextStep"]])
        frame = rng.choice(_TERMS_FRAMES)
        return self.make_task(
            task_id,
            frame.format(name=opp["name"], amount=format_money(amount), close=long_date(close),
                         step=step),
            f"The opportunity \"{opp['name']}\" is open in stage {opp['stage']}. You are signed in "
            f"as {ME}.",
            name=opp["name"], amount_cents=amount, close_date=close, next_step=step,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = UpdateDealTermsParams.of(task)
        oid = opportunity_of(build_seed(), p.name)
        world = build_world(task, protect={oid})
        gold = copy.deepcopy(world)
        values = {
            "amountCents": p.amount_cents,
            "closeDate": p.close_date,
            "nextStep": p.next_step,
        }
        update_record(gold, "opportunities", oid, values)
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "update_deal_terms.py")
        return reward_script(params_of(task), body, self.id)


_FOLLOW_UP_FRAMES = (
    'On the opportunity "{name}", schedule a task "{subject}" due {due} with {priority} '
    'priority, and add a note titled "{title}" that says: {text}',
    'Add a task "{subject}" with {priority} priority to the deal "{name}", due on {due}. Also '
    'attach a note "{title}" to the deal with the text: {text}',
    'For "{name}" I need a follow-up task called "{subject}" ({priority} priority, due {due}) '
    'and a note "{title}" reading: {text}',
    'Create two things on the opportunity "{name}": a task "{subject}" due {due} at {priority} '
    'priority, and a note titled "{title}" whose body is: {text}',
    'Put a note "{title}" on the opportunity "{name}" saying: {text} Next to it, schedule the '
    'task "{subject}" for {due} with {priority} priority.',
)


class ScheduleFollowUpParams(TaskParams):
    """``schedule-follow-up``'s task parameters."""

    name: str
    subject: str
    due_date: str
    priority: str
    note_title: str
    note_body: str


class ScheduleFollowUp(_Family):
    id: ClassVar[str] = "schedule-follow-up"
    params_type = ScheduleFollowUpParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("activities", "tasks", "new-task")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        opp = rng.choice(
            [
                o
                for _, o in sorted(seed["opportunities"].items())
                if not o["stage"].startswith("Closed")
            ]
        )
        subject, due = rng.choice(TASKS), future_date(rng)
        priority = rng.choice(["High", "Normal", "Low"])
        title, text = rng.choice(NOTES)
        frame = rng.choice(_FOLLOW_UP_FRAMES)
        return self.make_task(
            task_id,
            frame.format(name=opp["name"], subject=subject, due=long_date(due),
                         priority=priority, title=title, text=text),
            f"The opportunity \"{opp['name']}\" is open. You are signed in as {ME}; tasks you "
            "create are assigned to you.",
            name=opp["name"], subject=subject, due_date=due, priority=priority, note_title=title,
            note_body=text,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ScheduleFollowUpParams.of(task)
        oid = opportunity_of(build_seed(), p.name)
        world = build_world(task, protect={oid})
        gold = copy.deepcopy(world)
        values = {
            "subject": p.subject,
            "type": "To-do",
            "dueDate": p.due_date,
            "priority": p.priority,
            "description": "",
        }
        create_activity(gold, "opportunity", oid, values, now=GEN_NOW)
        create_note(gold, "opportunity", oid, p.note_title, p.note_body, now=GEN_NOW)
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "schedule_follow_up.py")
        return reward_script(params_of(task), body, self.id)

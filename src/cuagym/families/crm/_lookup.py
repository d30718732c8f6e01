"""Families that start from what a person knows (an e-mail address) and find the record first."""

from __future__ import annotations

import copy
import random
from typing import ClassVar

from cuagym.apps.crm import build_seed, long_date, record_title
from cuagym.apps.crm.ops import create_activity
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams
from cuagym.families.crm._common import GEN_NOW, build_world, params_of, reward_script
from cuagym.families.crm._records import ME, _Family
from cuagym.scripts import inlined_file

__all__ = ["LogCallByEmail"]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.crm._checks"

_SUBJECTS = ("Pricing questions", "Rollout timing", "Contract renewal check-in",
             "Technician headcount", "Pilot feedback", "Budget approval update")  # fmt: skip
_KINDS = {"lead": "leads", "contact": "contacts"}

# Sentence frames: each gives the address (not the name), the type, the subject and the day.
_FRAMES = (
    "I just had a {type} with whoever uses the address {email}. Log it in the CRM on their "
    "record as a completed {type} called \u201c{subject}\u201d, dated {day}.",
    "Record a {type} on {day} with the person behind {email}: find their CRM record and log "
    "the {type} there with the subject \u201c{subject}\u201d.",
    "Someone writing from {email} and I had a {type} on {day} about \u201c{subject}\u201d. Put "
    "that on their record in the CRM as a logged {type} with exactly that subject.",
    "Please look up {email} in the CRM and log a past {type} on that record: subject "
    "\u201c{subject}\u201d, date {day}.",
    "Whoever {email} belongs to in the CRM should get a logged {type} dated {day} with the "
    "subject \u201c{subject}\u201d (it already happened, so it is not an open task).",
)


class LogCallByEmailParams(TaskParams):
    """``log-call-by-email``'s task parameters."""

    email: str
    kind: str
    name: str
    where: str
    subject: str
    type: str
    date: str


class LogCallByEmail(_Family):
    """Only the address is given: the record (a lead or a contact) is found by searching it."""

    id: ClassVar[str] = "log-call-by-email"
    params_type = LogCallByEmailParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("insights", "search", "global-search")
    also_covers: ClassVar[tuple[str, ...]] = ("crm:activities/tasks/log-activity",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        kind = rng.choice(sorted(_KINDS))
        record = rng.choice([r for _, r in sorted(seed[_KINDS[kind]].items()) if r["email"]])
        name = record_title(kind, record)
        where = (
            record["company"] if kind == "lead" else seed["accounts"][record["accountId"]]["name"]
        )
        subject = rng.choice(_SUBJECTS)
        typ = rng.choice(["Call", "Meeting"])
        # A day of the past week (the CRM's today is 2026-12-01): the activity already happened.
        day = f"2026-11-{rng.randint(23, 30):02d}"
        frame = rng.choice(_FRAMES)  # drawn last: the facts do not depend on the wording
        return self.make_task(
            task_id,
            frame.format(type=typ.lower(), email=record["email"], subject=subject,
                         day=long_date(day)),
            f"The address {record['email']} is on the {kind} {name} ({where}) in the CRM, and on "
            f"no other record. Logged activities have a type (Call, Email or Meeting), a subject "
            f"and a date. You are signed in as {ME}.",
            email=record["email"], kind=kind, name=name, where=where, subject=subject, type=typ,
            date=day,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = LogCallByEmailParams.of(task)
        seed = build_seed()
        collection = _KINDS[p.kind]
        rid = next(k for k, r in seed[collection].items() if r["email"] == p.email)
        world = build_world(task, protect={rid})
        gold = copy.deepcopy(world)
        values = {"subject": p.subject, "type": p.type, "dueDate": p.date}
        create_activity(gold, p.kind, rid, values, completed=True, now=GEN_NOW)
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "log_call_by_email.py")
        return reward_script(params_of(task), body, self.id)

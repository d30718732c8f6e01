"""Task family of the approvals inbox: a cost centre's manager queue decided by its policy
flags — the reports within policy approved, the flagged ones sent back with a note."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.expenses import build_seed
from cuagym.apps.expenses.ops import approve_report, missing_receipts, send_back
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams, family_rng
from cuagym.families.expenses._base import COMPANY, ME, ExpensesFamily
from cuagym.families.expenses._common import GEN_NOW, build_world

__all__ = ["TriageManagerQueue", "flag_one_report", "manager_queue"]

State = dict[str, Any]
_NOTES = (
    "Please explain the expense over the category limit.",
    "One expense is over its limit: add a justification.",
    "Over the policy limit — split or justify it.",
)
_FRAMES = (
    "Work through the manager review of cost centre {centre} ({name}): approve each of its "
    "reports that is within policy, and send back every report with a policy flag with the "
    "note “{note}”",
    "Clear {centre}'s reports from the manager queue. Reports without policy flags get "
    "approved; flagged ones go back to the submitter with the note “{note}”",
    "As {name}'s approver today, decide every {centre} report awaiting its manager: within "
    "policy → approve; flagged → send back saying “{note}”",
    "The {centre} {name} reports waiting for manager approval need a decision. Approve the "
    "clean ones and send the flagged ones back with “{note}” as the note.",
    "Triage the manager queue for {centre}: approve what complies with the expense policy, "
    "send back anything the app flags, with the note “{note}”",
)


def _flagged(state: State, report: dict[str, Any]) -> bool:
    """Does the report carry a policy flag (a line over its limit, a receipt missing)?"""
    over = any(
        (limit := state["categories"][ln["categoryId"]]["limitCents"]) is not None
        and ln["amountCents"] > limit
        for ln in report["lines"].values()
    )
    return over or bool(missing_receipts(state, report))


def manager_queue(state: State, ccid: str) -> list[str]:
    """The cost centre's reports waiting for their manager, oldest number first."""
    return sorted(
        rid
        for rid, r in state["reports"].items()
        if r["costCentreId"] == ccid and r["status"] == "submitted"
    )


def flag_one_report(state: State, rid: str, rng: random.Random) -> None:
    """Put one receipt line of ``rid`` over its category's limit (a world with a flag)."""
    report = state["reports"][rid]
    keys = [
        k
        for k, ln in sorted(report["lines"].items())
        if ln["cardTxnId"] is None
        and ln["receipt"]
        and state["categories"][ln["categoryId"]]["limitCents"] is not None
    ]
    key = keys[0]
    limit = state["categories"][report["lines"][key]["categoryId"]]["limitCents"]
    amount = limit + rng.randint(5, 60) * 100 + rng.randint(0, 99)
    report["lines"][key].update(currency="USD", originalCents=amount, amountCents=amount)


class TriageManagerQueueParams(TaskParams):
    centre: str
    name: str
    note: str
    flagged: int
    approve: list[int]
    send_back: list[int]


class TriageManagerQueue(ExpensesFamily):
    id: ClassVar[str] = "triage-manager-queue"
    params_type = TriageManagerQueueParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("approvals", "inbox", "triage-by-policy")
    also_covers: ClassVar[tuple[str, ...]] = ("expenses:approvals/decision/send-back",)
    checks = ("triage_manager_queue",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        centres = [
            c
            for _, c in sorted(seed["costCentres"].items())
            if 2 <= len(manager_queue(seed, c["id"])) <= 5
            and any(self._flaggable(seed, r) for r in manager_queue(seed, c["id"]))
        ]
        centre = rng.choice(centres)
        queue = manager_queue(seed, centre["id"])
        flagged = rng.choice([r for r in queue if self._flaggable(seed, r)])
        world = copy.deepcopy(seed)
        flag_one_report(world, flagged, random.Random(0))
        send = [r for r in queue if _flagged(world, world["reports"][r])]
        note = rng.choice(_NOTES)
        frame = rng.choice(_FRAMES)
        numbers = {r: world["reports"][r]["number"] for r in queue}
        return self.make_task(
            task_id,
            frame.format(centre=centre["code"], name=centre["name"], note=note),
            f"The expense app of {COMPANY} is open; you are {ME}, who may act for every "
            f"approver. {len(queue)} reports of {centre['code']} {centre['name']} wait for "
            f"their manager; ER-{numbers[flagged]} carries a policy flag.",
            centre=centre["code"],
            name=centre["name"],
            note=note,
            flagged=numbers[flagged],
            approve=[numbers[r] for r in queue if r not in send],
            send_back=[numbers[r] for r in send],
        )

    @staticmethod
    def _flaggable(state: State, rid: str) -> bool:
        return any(
            ln["cardTxnId"] is None
            and ln["receipt"]
            and state["categories"][ln["categoryId"]]["limitCents"] is not None
            for ln in state["reports"][rid]["lines"].values()
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = TriageManagerQueueParams.of(task)
        world = build_world(task)
        flag_one_report(world, f"rep-{p.flagged}", family_rng(task, "flag"))
        gold = copy.deepcopy(world)
        for number in p.approve:
            approve_report(gold, f"rep-{number}", GEN_NOW)
        for number in p.send_back:
            send_back(gold, f"rep-{number}", p.note, GEN_NOW)
        return self.scripts(world, gold)

"""Task families of the approval workflow: approve a report at its step, reject one with a
reason."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.expenses import build_seed, format_money
from cuagym.apps.expenses.ops import approve_report, reject_report, report_total
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams
from cuagym.families.expenses._base import COMPANY, ME, ExpensesFamily
from cuagym.families.expenses._common import GEN_NOW, build_world, name_of

__all__ = ["REJECT_REASONS", "ApproveReport", "RejectReport"]

State = dict[str, Any]
#: what finance writes when it rejects (the reward compares it as typed)
REJECT_REASONS = (
    "Duplicate of an earlier report.",
    "The client dinner was not pre-approved.",
    "Personal travel is not reimbursed.",
    "Receipts do not match the amounts claimed.",
    "Conference fees go through purchasing, not expenses.",
    "Hotel upgrade above the travel policy.",
)


def _in_review(seed: State) -> list[dict[str, Any]]:
    return [
        r for _, r in sorted(seed["reports"].items()) if r["status"] in ("submitted", "reviewed")
    ]


# -- approve a report ---------------------------------------------------------------------------
_APPROVE_FRAMES = (
    "Approve expense report ER-{number} ({title}) from {employee} at the {step} step.",
    "{employee}'s report ER-{number}, “{title}”, totals {total}. Give it the {step} approval "
    "and nothing more.",
    "ER-{number} by {employee} is waiting for {step} approval. Approve it.",
    "Please sign off {employee}'s expenses on ER-{number} ({title}, {total}) as the {step} "
    "approver; it should then wait for the next step, if there is one.",
    "The {step} review of ER-{number} ({employee}, {total}) is done and it is fine: approve it "
    "in the expense app.",
)


class ApproveReportParams(TaskParams):
    number: int
    title: str
    employee: str
    step: str
    total_cents: int


class ApproveReport(ExpensesFamily):
    id: ClassVar[str] = "approve-report"
    params_type = ApproveReportParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("approvals", "decision", "approve")
    checks = ("approve_report",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        report = rng.choice(_in_review(seed))
        step = "manager" if report["status"] == "submitted" else "finance"
        employee = name_of(seed, report["employeeId"])
        total = report_total(report)
        frame = rng.choice(_APPROVE_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                number=report["number"],
                title=report["title"],
                employee=employee,
                step=step,
                total=format_money(total),
            ),
            f"The expense app of {COMPANY} is open; you are {ME}, the finance controller, who "
            f"may act at both approval steps. ER-{report['number']} ({report['title']}, "
            f"{format_money(total)}) waits for {step} approval.",
            number=report["number"],
            title=report["title"],
            employee=employee,
            step=step,
            total_cents=total,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ApproveReportParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        approve_report(gold, f"rep-{p.number}", GEN_NOW)
        return self.scripts(world, gold)


# -- reject a report ----------------------------------------------------------------------------
_REJECT_FRAMES = (
    "Reject expense report ER-{number} from {employee} with the reason: {reason}",
    "ER-{number} ({title}, {employee}) cannot be paid. Reject it and give “{reason}” as the "
    "reason.",
    "Turn down {employee}'s report ER-{number}; the reason the submitter should read is “{reason}”",
    "Please reject “{title}” (ER-{number}) by {employee}. Reason: {reason}",
    "Finance will not reimburse ER-{number} from {employee}: reject it with the reason {reason}",
)


class RejectReportParams(TaskParams):
    number: int
    title: str
    employee: str
    reason: str


class RejectReport(ExpensesFamily):
    id: ClassVar[str] = "reject-report"
    params_type = RejectReportParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("approvals", "decision", "reject")
    checks = ("reject_report",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        report = rng.choice(_in_review(seed))
        employee = name_of(seed, report["employeeId"])
        reason = rng.choice(REJECT_REASONS)
        frame = rng.choice(_REJECT_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                number=report["number"], title=report["title"], employee=employee, reason=reason
            ),
            f"The expense app of {COMPANY} is open; you are {ME}, the finance controller. "
            f"ER-{report['number']} ({report['title']}) is in review.",
            number=report["number"],
            title=report["title"],
            employee=employee,
            reason=reason,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = RejectReportParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        reject_report(gold, f"rep-{p.number}", p.reason, GEN_NOW)
        return self.scripts(world, gold)

"""Task families of the finance screens: match a card charge to its receipt, set a category's
limit, pay a cost centre's approved reports in a new batch."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.expenses import build_seed, format_money, long_date
from cuagym.apps.expenses.ops import (
    create_payout,
    match_transaction,
    report_total,
    send_payout,
    update_category_limit,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams
from cuagym.families.expenses._base import COMPANY, ME, ExpensesFamily
from cuagym.families.expenses._common import GEN_NOW, build_world, name_of

__all__ = ["MatchCardCharge", "PayApprovedBatch", "SetCategoryLimit", "candidate_lines"]

State = dict[str, Any]


def candidate_lines(state: State, txn: dict[str, Any]) -> list[tuple[str, str]]:
    """(report id, line key) of the lines a charge may match: the holder's open reports' lines
    of the same amount that no charge explains yet."""
    holder = state["cards"][txn["cardId"]]["employeeId"]
    return [
        (rid, key)
        for rid, report in sorted(state["reports"].items())
        if report["employeeId"] == holder and report["status"] in ("draft", "returned")
        for key, line in sorted(report["lines"].items())
        if line["cardTxnId"] is None and line["amountCents"] == txn["amountCents"]
    ]


# -- match a card charge ------------------------------------------------------------------------
_MATCH_FRAMES = (
    "Match {holder}'s corporate card charge at {merchant} ({amount}, posted {posted}) to the "
    "expense it paid for.",
    "A {amount} {merchant} charge on {holder}'s card is still unmatched. Tie it to its receipt "
    "line in the expense app.",
    "Reconcile the card: the {merchant} charge of {amount} from {posted} ({holder}) belongs to "
    "one of their expenses. Match it.",
    "{holder}'s card shows {merchant}, {amount}, posted {posted}, with no receipt matched. "
    "Match it to the expense of the same amount.",
    "Please match the unmatched {merchant} card charge ({amount}, {holder}) to the report line "
    "that explains it.",
)


class MatchCardChargeParams(TaskParams):
    holder: str
    merchant: str
    amount_cents: int
    posted: str
    number: int


class MatchCardCharge(ExpensesFamily):
    id: ClassVar[str] = "match-card-charge"
    params_type = MatchCardChargeParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("cards", "matching", "match-line")
    checks = ("match_card_charge",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        waiting = [
            t
            for _, t in sorted(seed["cardTransactions"].items())
            if t["status"] == "unmatched" and len(candidate_lines(seed, t)) == 1
        ]
        txn = rng.choice(waiting)
        rid, _ = candidate_lines(seed, txn)[0]
        holder = name_of(seed, seed["cards"][txn["cardId"]]["employeeId"])
        frame = rng.choice(_MATCH_FRAMES)
        number = seed["reports"][rid]["number"]
        return self.make_task(
            task_id,
            frame.format(
                holder=holder,
                merchant=txn["merchant"],
                amount=format_money(txn["amountCents"]),
                posted=long_date(txn["postedOn"]),
            ),
            f"The expense app of {COMPANY} is open; you are {ME}, the finance controller. The "
            f"charge was posted on {long_date(txn['postedOn'])}; its receipt is an expense on "
            f"{holder}'s open report ER-{number}.",
            holder=holder,
            merchant=txn["merchant"],
            amount_cents=txn["amountCents"],
            posted=txn["postedOn"],
            number=number,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = MatchCardChargeParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        txn = _charge(gold, p)
        rid, key = candidate_lines(gold, txn)[0]
        match_transaction(gold, txn["id"], rid, key, GEN_NOW)
        return self.scripts(world, gold)


def _charge(state: State, p: MatchCardChargeParams) -> dict[str, Any]:
    return next(
        t
        for _, t in sorted(state["cardTransactions"].items())
        if t["status"] == "unmatched"
        and t["merchant"] == p.merchant
        and t["amountCents"] == p.amount_cents
        and t["postedOn"] == p.posted
    )


# -- set a category's limit ---------------------------------------------------------------------
_LIMIT_FRAMES = (
    "Finance changed the expense policy: {category} expenses are now limited to {limit} each. "
    "Update the category's limit.",
    "Set the per-expense limit of the {category} category to {limit}.",
    "From now on a single {category} expense may be at most {limit}. Put that limit in the policy.",
    "Update the expense policy so that {category} is capped at {limit} per expense (it is "
    "{old} today).",
    "The new limit for {category} is {limit} per expense; change it in the policy settings.",
)


class SetCategoryLimitParams(TaskParams):
    category: str
    limit_cents: int
    old: str


class SetCategoryLimit(ExpensesFamily):
    id: ClassVar[str] = "set-category-limit"
    params_type = SetCategoryLimitParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("policy", "rules", "category-limit")
    checks = ("set_category_limit",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        category = rng.choice(
            [c for _, c in sorted(seed["categories"].items()) if c["kind"] == "receipt"]
        )
        current = category["limitCents"]
        base = current if current is not None else 60000
        limit = max(2000, base + rng.choice((-5000, -2500, 2500, 5000, 10000)))
        old = format_money(current) if current is not None else "no limit"
        frame = rng.choice(_LIMIT_FRAMES)
        return self.make_task(
            task_id,
            frame.format(category=category["name"], limit=format_money(limit), old=old),
            f"The expense app of {COMPANY} is open on the overview; you are {ME}. "
            f"{category['name']} has {old} per expense today.",
            category=category["name"],
            limit_cents=limit,
            old=old,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = SetCategoryLimitParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        cid = next(c for c, cat in gold["categories"].items() if cat["name"] == p.category)
        update_category_limit(gold, cid, p.limit_cents, GEN_NOW)
        return self.scripts(world, gold)


# -- pay a cost centre's approved reports -------------------------------------------------------
_PAY_FRAMES = (
    "Pay out every approved report of cost centre {centre} ({name}) that is not in a batch "
    "yet: put exactly those in one new reimbursement batch paying on {pay_day} and send it.",
    "Reimburse {centre}: all of its approved, unpaid reports go into a new batch with pay date "
    "{pay_day}; send the batch to the bank. Leave other cost centres' reports for later.",
    "Create a reimbursement batch for the approved reports charged to {centre} {name} (and no "
    "others), paying on {pay_day}, then send it.",
    "{name} ({centre}) people are waiting for their money. Batch all of that cost centre's "
    "approved reports with pay date {pay_day} and send the batch.",
    "Send a payout on {pay_day} covering exactly the approved reports of {centre} that have "
    "not been paid yet.",
)


def ready_of(state: State, ccid: str) -> list[str]:
    """The cost centre's approved reports that no batch holds yet, by number."""
    return sorted(
        rid
        for rid, r in state["reports"].items()
        if r["costCentreId"] == ccid and r["status"] == "approved" and not r["payoutId"]
    )


class PayApprovedBatchParams(TaskParams):
    centre: str
    name: str
    pay_day: str
    numbers: list[int]
    total_cents: int


class PayApprovedBatch(ExpensesFamily):
    id: ClassVar[str] = "pay-approved-batch"
    params_type = PayApprovedBatchParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("payouts", "batches", "send-batch")
    also_covers: ClassVar[tuple[str, ...]] = ("expenses:payouts/batches/draft-batch",)
    checks = ("pay_approved_batch",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        centres = [
            c for _, c in sorted(seed["costCentres"].items()) if len(ready_of(seed, c["id"])) >= 2
        ]
        centre = rng.choice(centres)
        rids = ready_of(seed, centre["id"])
        pay_day = rng.choice(("2026-12-04", "2026-12-11", "2026-12-18"))
        total = sum(report_total(seed["reports"][r]) for r in rids)
        frame = rng.choice(_PAY_FRAMES)
        others = sum(
            1 for r in seed["reports"].values() if r["status"] == "approved" and not r["payoutId"]
        ) - len(rids)
        return self.make_task(
            task_id,
            frame.format(centre=centre["code"], name=centre["name"], pay_day=long_date(pay_day)),
            f"The expense app of {COMPANY} is open; you are {ME}, the finance controller. "
            f"{centre['code']} is {centre['name']}; {len(rids)} of its approved reports "
            f"({format_money(total)}) wait for payment, next to {others} of other cost centres.",
            centre=centre["code"],
            name=centre["name"],
            pay_day=pay_day,
            numbers=[seed["reports"][r]["number"] for r in rids],
            total_cents=total,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = PayApprovedBatchParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        pid = create_payout(gold, ready_of(gold, "cc-" + p.centre[3:]), p.pay_day, GEN_NOW)
        send_payout(gold, pid, GEN_NOW)
        return self.scripts(world, gold)

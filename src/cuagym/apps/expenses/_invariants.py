"""Rules across the expense records that the schema alone cannot say.

Each violation names its place in the diff-path syntax of ``state_diff``
(``reports.rep-2301.rejectionReason``), so a task author whose ``set`` got a 422 finds the value
where a reward would read it in ``/go``.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterator
from typing import Any

from cuagym.apps.expenses._schema import ExpensesState
from cuagym.hub import InvariantChecks, Violation

__all__ = ["CHECKS", "broken_states", "check_invariants", "invariants_hold_after"]

# Keys the hub masks by name (ExpensesApp.volatile): a record keyed so would vanish from diffs.
RESERVED_IDS = frozenset({"ui", "recentReports"})
_COLLECTIONS = (
    "employees",
    "cost_centres",
    "categories",
    "reports",
    "cards",
    "card_transactions",
    "payouts",
    "audit",
)


def check_invariants(state: ExpensesState) -> Iterator[Violation]:
    """Yield every violated rule (empty for a consistent state)."""
    return CHECKS.run(state)


def invariants_hold_after(before: ExpensesState, after: ExpensesState) -> bool:
    """Whether ``after`` is still consistent, checking only what its edit changed."""
    return CHECKS.hold_after(before, after)


def _check_keys(state: ExpensesState) -> Iterator[Violation]:
    if state.current_user not in state.employees:
        yield Violation(path="currentUser", message=f"unknown employee {state.current_user!r}")
    for name in _COLLECTIONS:
        records: dict[str, Any] = getattr(state, name)
        for key, record in records.items():
            if key in RESERVED_IDS:
                yield Violation(path=f"{name}.{key}", message=f"{key!r} is a reserved id")
            if record.id != key:
                yield Violation(path=f"{name}.{key}.id", message=f"id {record.id!r} is not {key!r}")


def _check_people(state: ExpensesState) -> Iterator[Violation]:
    for key, emp in state.employees.items():
        if emp.cost_centre_id not in state.cost_centres:
            yield Violation(path=f"employees.{key}.costCentreId", message="no such cost centre")
        if emp.manager_id is not None and emp.manager_id not in state.employees:
            yield Violation(path=f"employees.{key}.managerId", message="no such employee")
    for key, centre in state.cost_centres.items():
        if centre.owner_id not in state.employees:
            yield Violation(path=f"costCentres.{key}.ownerId", message="no such employee")
    for key, card in state.cards.items():
        if card.employee_id not in state.employees:
            yield Violation(path=f"cards.{key}.employeeId", message="no such employee")


def _check_reports(state: ExpensesState) -> Iterator[Violation]:
    numbers = Counter(r.number for r in state.reports.values())
    for key, report in state.reports.items():
        at = f"reports.{key}"
        if numbers[report.number] > 1:
            yield Violation(path=f"{at}.number", message=f"ER-{report.number} is taken")
        if report.employee_id not in state.employees:
            yield Violation(path=f"{at}.employeeId", message="no such employee")
        if report.cost_centre_id not in state.cost_centres:
            yield Violation(path=f"{at}.costCentreId", message="no such cost centre")
        for lk, line in report.lines.items():
            if line.category_id not in state.categories:
                yield Violation(path=f"{at}.lines.{lk}.categoryId", message="no such category")
        if report.status not in ("draft", "returned") and not report.lines:
            yield Violation(path=f"{at}.lines", message="a filed report has lines")
        if report.status == "rejected" and not report.rejection_reason.strip():
            yield Violation(path=f"{at}.rejectionReason", message="a rejection gives a reason")
        if report.status == "returned" and not report.return_note.strip():
            yield Violation(path=f"{at}.returnNote", message="a report sent back says why")
        if report.status in ("approved", "paid") and report.approved_at is None:
            yield Violation(path=f"{at}.approvedAt", message="an approved report has its date")
        payout = state.payouts.get(report.payout_id) if report.payout_id else None
        if report.payout_id is not None and (payout is None or key not in payout.report_ids):
            yield Violation(path=f"{at}.payoutId", message="not in that payout batch")
        if report.status == "paid" and (payout is None or payout.status != "sent"):
            yield Violation(path=f"{at}.status", message="a paid report is in a sent batch")


def _check_cards(state: ExpensesState) -> Iterator[Violation]:
    for key, txn in state.card_transactions.items():
        at = f"cardTransactions.{key}"
        if txn.card_id not in state.cards:
            yield Violation(path=f"{at}.cardId", message="no such card")
        if txn.status != "matched":
            if txn.report_id is not None or txn.line_key is not None:
                yield Violation(path=f"{at}.reportId", message="only a matched charge has a line")
            continue
        report = state.reports.get(txn.report_id or "")
        line = report.lines.get(txn.line_key or "") if report else None
        if line is None or line.card_txn_id != key:
            yield Violation(path=f"{at}.lineKey", message="the matched line does not point back")
        elif line.amount_cents != txn.amount_cents:
            yield Violation(path=f"{at}.amountCents", message="differs from its matched line")
    for rid, report in state.reports.items():
        for lk, line in report.lines.items():
            if line.card_txn_id is None:
                continue
            paid_by = state.card_transactions.get(line.card_txn_id)
            if paid_by is None or paid_by.report_id != rid or paid_by.line_key != lk:
                yield Violation(
                    path=f"reports.{rid}.lines.{lk}.cardTxnId",
                    message="the card charge is not matched to this line",
                )


def _check_payouts(state: ExpensesState) -> Iterator[Violation]:
    seen: Counter[str] = Counter()
    for key, payout in state.payouts.items():
        for rid in payout.report_ids:
            seen[rid] += 1
            report = state.reports.get(rid)
            if report is None or report.payout_id != key:
                yield Violation(path=f"payouts.{key}.reportIds", message=f"{rid} is not in it")
            elif report.status not in ("approved", "paid"):
                yield Violation(path=f"payouts.{key}.reportIds", message=f"{rid} is not approved")
        if payout.status == "sent" and payout.sent_at is None:
            yield Violation(path=f"payouts.{key}.sentAt", message="a sent batch has its time")
    for rid, n in seen.items():
        if n > 1:
            yield Violation(path=f"reports.{rid}.payoutId", message="paid in two batches")


def _check_audit(state: ExpensesState) -> Iterator[Violation]:
    for key, entry in state.audit.items():
        if entry.actor_id not in state.employees:
            yield Violation(path=f"audit.{key}.actorId", message="no such employee")
        if entry.report_id is not None and entry.report_id not in state.reports:
            yield Violation(path=f"audit.{key}.reportId", message="no such report")


CHECKS = InvariantChecks(
    ([*_COLLECTIONS, "current_user"], _check_keys),
    (["employees", "cost_centres", "cards"], _check_people),
    (["reports", "employees", "cost_centres", "categories", "payouts"], _check_reports),
    (["card_transactions", "cards", "reports"], _check_cards),
    (["payouts", "reports"], _check_payouts),
    (["audit", "employees", "reports"], _check_audit),
)


def broken_states(seed: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The seed with one rule broken each (what ``cuagym appgen audit`` proves 422s with)."""
    rejected = copy.deepcopy(seed)
    next(r for r in rejected["reports"].values() if r["status"] == "rejected")[
        "rejectionReason"
    ] = ""
    matched = copy.deepcopy(seed)
    txn = next(t for t in matched["cardTransactions"].values() if t["status"] == "matched")
    txn["amountCents"] += 100
    unpaid = copy.deepcopy(seed)
    paid = next(r for r in unpaid["reports"].values() if r["status"] == "paid")
    unpaid["payouts"][paid["payoutId"]]["reportIds"].remove(paid["id"])
    category = copy.deepcopy(seed)
    report = next(iter(category["reports"].values()))
    next(iter(report["lines"].values()))["categoryId"] = "cat-nothing"
    return {
        "rejected report without a reason": rejected,
        "card charge that differs from its matched line": matched,
        "paid report missing from its payout batch": unpaid,
        "line in a category that does not exist": category,
    }

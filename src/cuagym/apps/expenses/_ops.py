"""State operations behind every action of the expenses app, as plain functions on the state.

UI routes call these inside ``UISession.mutate``; task families call the same functions to
build golden states, so a page and a golden patch cannot disagree on what an action does.
Values arrive parsed (cents, ints, ISO days); these functions apply the company's rules (a
report moves draft -> submitted -> reviewed -> approved -> paid, a line over the receipt
threshold needs a receipt before submitting, a card charge matches only a line of the same
amount) and raise :class:`ActionError` with a message for the person. Every change leaves an
entry in the audit trail, signed by the signed-in person.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from cuagym.apps.expenses._schema import EDITABLE
from cuagym.apps.expenses._seed import to_usd

__all__ = [
    "ActionError",
    "LineInput",
    "add_line",
    "approve_report",
    "create_payout",
    "create_report",
    "file_transaction",
    "format_ts",
    "mark_personal",
    "match_transaction",
    "missing_receipts",
    "new_id",
    "reject_report",
    "remember_report",
    "remove_from_payout",
    "remove_line",
    "send_back",
    "send_payout",
    "submit_report",
    "update_budget",
    "update_category_limit",
    "update_line",
    "update_policy",
    "update_report",
]

State = dict[str, Any]
LineInput = dict[str, Any]
ID_PREFIX = {"reports": "rep", "cardTransactions": "txn", "payouts": "pay", "audit": "aud"}
_RECENT_MAX = 6


class ActionError(ValueError):
    """An action that cannot be done; the message is shown to the person as is."""


def format_ts(moment: datetime) -> str:
    """The app's timestamp spelling: UTC, whole seconds, ``Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _stamp(now: datetime | None) -> str:
    return format_ts(now if now is not None else datetime.now(UTC))


def new_id(state: State, collection: str) -> str:
    """The next free id of a collection (``aud-00512``; a report's id is its number)."""
    prefix = ID_PREFIX[collection]
    width = {"aud": 5, "txn": 4, "pay": 3, "rep": 4}[prefix]
    highest = 0
    for key in state[collection]:
        m = re.fullmatch(rf"{prefix}-(\d+)", key)
        if m:
            highest = max(highest, int(m.group(1)))
    return f"{prefix}-{highest + 1:0{width}d}"


def _log(state: State, action: str, rid: str | None, detail: str, now: datetime | None) -> None:
    aid = new_id(state, "audit")
    state["audit"][aid] = {
        "id": aid,
        "at": _stamp(now),
        "actorId": state["currentUser"],
        "reportId": rid,
        "action": action,
        "detail": detail[:255],
    }


def _report(state: State, rid: str) -> dict[str, Any]:
    report = state["reports"].get(rid)
    if report is None:
        raise ActionError(f"There is no report {rid!r}.")
    return report  # type: ignore[no-any-return]


def _editable(state: State, rid: str) -> dict[str, Any]:
    report = _report(state, rid)
    if report["status"] not in EDITABLE:
        raise ActionError(f"ER-{report['number']} is {report['status']}: it can no longer change.")
    return report


def remember_report(state: State, rid: str) -> None:
    """Put ``rid`` first in the recently opened reports (volatile view state)."""
    recent = [r for r in state["ui"]["recentReports"] if r != rid]
    state["ui"]["recentReports"] = [rid, *recent][:_RECENT_MAX]


# -- reports ------------------------------------------------------------------------------------
def create_report(
    state: State,
    title: str,
    purpose: str,
    cost_centre_id: str,
    now: datetime | None = None,
) -> str:
    """A new draft report of the signed-in person; returns its id."""
    title = " ".join(title.split())
    if not title:
        raise ActionError("Give the report a title.")
    if cost_centre_id not in state["costCentres"]:
        raise ActionError("Choose a cost centre.")
    number = max((r["number"] for r in state["reports"].values()), default=2200) + 1
    rid = f"rep-{number}"
    state["reports"][rid] = {
        "id": rid,
        "number": number,
        "title": title,
        "purpose": " ".join(purpose.split()),
        "employeeId": state["currentUser"],
        "costCentreId": cost_centre_id,
        "status": "draft",
        "lines": {},
        "createdAt": _stamp(now),
        "submittedAt": None,
        "reviewedAt": None,
        "approvedAt": None,
        "decidedAt": None,
        "rejectionReason": "",
        "returnNote": "",
        "payoutId": None,
    }
    _log(state, "created", rid, title, now)
    return rid


def update_report(
    state: State,
    rid: str,
    title: str,
    purpose: str,
    cost_centre_id: str,
    now: datetime | None = None,
) -> None:
    report = _editable(state, rid)
    title = " ".join(title.split())
    if not title:
        raise ActionError("Give the report a title.")
    if cost_centre_id not in state["costCentres"]:
        raise ActionError("Choose a cost centre.")
    changed = []
    if report["costCentreId"] != cost_centre_id:
        changed.append("cost centre " + state["costCentres"][cost_centre_id]["code"])
    report.update(title=title, purpose=" ".join(purpose.split()), costCentreId=cost_centre_id)
    _log(state, "edited", rid, ", ".join(changed) or "details", now)


def _line_values(state: State, values: LineInput) -> dict[str, Any]:
    """A line as stored, from what a person entered (``values``: date, categoryId, merchant,
    description, currency, originalCents, receipt, miles, days); the amount follows the
    category's kind: miles x rate, days x per diem, or the receipt converted to dollars."""
    category = state["categories"].get(values.get("categoryId", ""))
    if category is None:
        raise ActionError("Choose a category.")
    company = state["company"]
    line = {
        "date": values["date"],
        "categoryId": category["id"],
        "merchant": " ".join(str(values.get("merchant") or "").split()),
        "description": " ".join(str(values.get("description") or "").split()),
        "currency": "USD",
        "receipt": str(values.get("receipt") or "").strip(),
        "miles": None,
        "days": None,
        "cardTxnId": None,
    }
    if category["kind"] == "mileage":
        miles = values.get("miles")
        if not miles:
            raise ActionError("Enter the miles driven.")
        line["miles"] = int(miles)
        line["amountCents"] = line["originalCents"] = int(miles) * company["mileageRateCents"]
    elif category["kind"] == "perdiem":
        days = values.get("days")
        if not days:
            raise ActionError("Enter the number of days.")
        line["days"] = int(days)
        line["amountCents"] = line["originalCents"] = int(days) * company["perDiemCents"]
    else:
        original = values.get("originalCents")
        if original is None or original <= 0:
            raise ActionError("Enter the amount on the receipt.")
        if not line["merchant"]:
            raise ActionError("Enter the merchant.")
        currency = str(values.get("currency") or "USD")
        line.update(currency=currency, originalCents=original)
        line["amountCents"] = to_usd(original, currency)
    return line


def add_line(state: State, rid: str, values: LineInput, now: datetime | None = None) -> str:
    """A new line on an editable report; returns its key (``l4``)."""
    report = _editable(state, rid)
    line = _line_values(state, values)
    n = 1 + max((int(k[1:]) for k in report["lines"] if k[1:].isdigit()), default=0)
    key = f"l{n}"
    report["lines"][key] = line
    name = state["categories"][line["categoryId"]]["name"]
    _log(state, "line added", rid, f"{name} {line['merchant']} {line['amountCents']}".strip(), now)
    return key


def update_line(
    state: State, rid: str, key: str, values: LineInput, now: datetime | None = None
) -> None:
    report = _editable(state, rid)
    old = report["lines"].get(key)
    if old is None:
        raise ActionError(f"ER-{report['number']} has no line {key}.")
    line = _line_values(state, values)
    if old["cardTxnId"]:
        txn = state["cardTransactions"][old["cardTxnId"]]
        if line["amountCents"] != txn["amountCents"]:
            raise ActionError("The line is matched to a card charge: its amount must stay.")
        line["cardTxnId"] = old["cardTxnId"]
    report["lines"][key] = line
    _log(state, "line edited", rid, key, now)


def remove_line(state: State, rid: str, key: str, now: datetime | None = None) -> None:
    report = _editable(state, rid)
    line = report["lines"].pop(key, None)
    if line is None:
        raise ActionError(f"ER-{report['number']} has no line {key}.")
    if line["cardTxnId"]:
        txn = state["cardTransactions"][line["cardTxnId"]]
        txn.update(status="unmatched", reportId=None, lineKey=None)
    _log(state, "line removed", rid, f"{line['merchant']} {line['amountCents']}".strip(), now)


def missing_receipts(state: State, report: dict[str, Any]) -> list[str]:
    """Keys of the lines that need a receipt and have none (receipt-kind lines over the
    company's threshold)."""
    over = state["company"]["receiptRequiredOverCents"]
    return [
        key
        for key, line in sorted(report["lines"].items())
        if state["categories"][line["categoryId"]]["kind"] == "receipt"
        and line["amountCents"] > over
        and not line["receipt"]
    ]


def submit_report(state: State, rid: str, now: datetime | None = None) -> None:
    report = _editable(state, rid)
    if not report["lines"]:
        raise ActionError("Add at least one expense before submitting.")
    missing = missing_receipts(state, report)
    if missing:
        raise ActionError(
            f"Attach a receipt to every expense over the threshold first ({len(missing)} missing)."
        )
    report.update(status="submitted", submittedAt=_stamp(now), returnNote="")
    _log(state, "submitted", rid, "", now)


# -- the approval workflow ----------------------------------------------------------------------
def approve_report(state: State, rid: str, now: datetime | None = None) -> None:
    """The manager's approval (submitted -> reviewed) or finance's (reviewed -> approved)."""
    report = _report(state, rid)
    if report["status"] == "submitted":
        report.update(status="reviewed", reviewedAt=_stamp(now))
        _log(state, "approved by manager", rid, "", now)
    elif report["status"] == "reviewed":
        report.update(status="approved", approvedAt=_stamp(now), decidedAt=_stamp(now))
        _log(state, "approved by finance", rid, "", now)
    else:
        raise ActionError(f"ER-{report['number']} is {report['status']}: nothing to approve.")


def _in_review(state: State, rid: str) -> dict[str, Any]:
    report = _report(state, rid)
    if report["status"] not in ("submitted", "reviewed"):
        raise ActionError(f"ER-{report['number']} is {report['status']}: it is not in review.")
    return report


def reject_report(state: State, rid: str, reason: str, now: datetime | None = None) -> None:
    report = _in_review(state, rid)
    reason = " ".join(reason.split())
    if not reason:
        raise ActionError("Say why the report is rejected.")
    report.update(status="rejected", rejectionReason=reason, decidedAt=_stamp(now))
    _log(state, "rejected", rid, reason, now)


def send_back(state: State, rid: str, note: str, now: datetime | None = None) -> None:
    """Return a report in review to its submitter for changes, with a note."""
    report = _in_review(state, rid)
    note = " ".join(note.split())
    if not note:
        raise ActionError("Say what has to change.")
    report.update(status="returned", returnNote=note, submittedAt=None, reviewedAt=None)
    _log(state, "sent back", rid, note, now)


# -- corporate cards ----------------------------------------------------------------------------
def _waiting(state: State, tid: str) -> dict[str, Any]:
    txn = state["cardTransactions"].get(tid)
    if txn is None:
        raise ActionError(f"There is no card charge {tid!r}.")
    if txn["status"] != "unmatched":
        raise ActionError(f"The {txn['merchant']} charge is already {txn['status']}.")
    return txn  # type: ignore[no-any-return]


def _holder(state: State, txn: dict[str, Any]) -> str:
    return str(state["cards"][txn["cardId"]]["employeeId"])


def match_transaction(
    state: State, tid: str, rid: str, key: str, now: datetime | None = None
) -> None:
    """Tie a card charge to the report line that explains it (same holder, same amount)."""
    txn = _waiting(state, tid)
    report = _editable(state, rid)
    line = report["lines"].get(key)
    if line is None:
        raise ActionError(f"ER-{report['number']} has no line {key}.")
    if report["employeeId"] != _holder(state, txn):
        raise ActionError("The report belongs to someone else than the card holder.")
    if line["cardTxnId"]:
        raise ActionError("That line is already matched to another charge.")
    if line["amountCents"] != txn["amountCents"]:
        raise ActionError("The amounts differ: a charge matches a line of the same amount.")
    line["cardTxnId"] = tid
    txn.update(status="matched", reportId=rid, lineKey=key)
    _log(state, "card matched", rid, f"{txn['merchant']} {txn['amountCents']}", now)


def file_transaction(
    state: State,
    tid: str,
    rid: str,
    category_id: str,
    description: str,
    now: datetime | None = None,
) -> str:
    """A new line on the holder's report made from a card charge (matched at once)."""
    txn = _waiting(state, tid)
    report = _editable(state, rid)
    if report["employeeId"] != _holder(state, txn):
        raise ActionError("The report belongs to someone else than the card holder.")
    key = add_line(
        state,
        rid,
        {
            "date": txn["postedOn"],
            "categoryId": category_id,
            "merchant": txn["merchant"],
            "description": description,
            "currency": "USD",
            "originalCents": txn["amountCents"],
        },
        now,
    )
    report["lines"][key]["cardTxnId"] = tid
    txn.update(status="matched", reportId=rid, lineKey=key)
    _log(state, "card matched", rid, f"{txn['merchant']} {txn['amountCents']}", now)
    return key


def mark_personal(state: State, tid: str, now: datetime | None = None) -> None:
    """A charge that was no business expense: the holder pays it back."""
    txn = _waiting(state, tid)
    txn["status"] = "personal"
    _log(state, "marked personal", None, f"{txn['merchant']} {txn['amountCents']}", now)


# -- reimbursement batches ----------------------------------------------------------------------
def create_payout(
    state: State, rids: Iterable[str], pay_date: str, now: datetime | None = None
) -> str:
    """A draft batch of approved reports not in any batch yet; returns its id."""
    chosen = sorted(set(rids), key=lambda r: _report(state, r)["number"])
    if not chosen:
        raise ActionError("Choose at least one approved report.")
    for rid in chosen:
        report = _report(state, rid)
        if report["status"] != "approved" or report["payoutId"]:
            raise ActionError(
                f"ER-{report['number']} is not an approved report waiting to be paid."
            )
    pid = new_id(state, "payouts")
    number = max((p["number"] for p in state["payouts"].values()), default=0) + 1
    state["payouts"][pid] = {
        "id": pid,
        "number": number,
        "status": "draft",
        "reportIds": chosen,
        "payDate": pay_date,
        "createdAt": _stamp(now),
        "sentAt": None,
    }
    for rid in chosen:
        state["reports"][rid]["payoutId"] = pid
    _log(state, "payout drafted", None, f"Batch {number}: {len(chosen)} reports", now)
    return pid


def _draft_batch(state: State, pid: str) -> dict[str, Any]:
    payout = state["payouts"].get(pid)
    if payout is None:
        raise ActionError(f"There is no batch {pid!r}.")
    if payout["status"] != "draft":
        raise ActionError(f"Batch {payout['number']} was already sent.")
    return payout  # type: ignore[no-any-return]


def remove_from_payout(state: State, pid: str, rid: str, now: datetime | None = None) -> None:
    payout = _draft_batch(state, pid)
    if rid not in payout["reportIds"]:
        raise ActionError("That report is not in the batch.")
    payout["reportIds"].remove(rid)
    state["reports"][rid]["payoutId"] = None
    _log(state, "removed from payout", rid, f"Batch {payout['number']}", now)


def send_payout(state: State, pid: str, now: datetime | None = None) -> None:
    """Send the batch to the bank: its reports are paid."""
    payout = _draft_batch(state, pid)
    if not payout["reportIds"]:
        raise ActionError("The batch is empty.")
    payout.update(status="sent", sentAt=_stamp(now))
    for rid in payout["reportIds"]:
        state["reports"][rid]["status"] = "paid"
    _log(state, "payout sent", None, f"Batch {payout['number']}", now)


# -- budgets and policy -------------------------------------------------------------------------
def update_budget(state: State, ccid: str, budget_cents: int, now: datetime | None = None) -> None:
    centre = state["costCentres"].get(ccid)
    if centre is None:
        raise ActionError(f"There is no cost centre {ccid!r}.")
    centre["budgetCents"] = budget_cents
    _log(state, "budget changed", None, f"{centre['code']} {budget_cents}", now)


def update_category_limit(
    state: State, cid: str, limit_cents: int | None, now: datetime | None = None
) -> None:
    category = state["categories"].get(cid)
    if category is None:
        raise ActionError(f"There is no category {cid!r}.")
    if category["kind"] != "receipt" and limit_cents is not None:
        raise ActionError(f"{category['name']} is paid at a fixed rate: it has no limit.")
    category["limitCents"] = limit_cents
    _log(state, "policy changed", None, f"{category['name']} limit {limit_cents}", now)


def update_policy(
    state: State,
    receipt_over_cents: int,
    mileage_rate_cents: int,
    per_diem_cents: int,
    now: datetime | None = None,
) -> None:
    if not 1 <= mileage_rate_cents <= 1000:
        raise ActionError("The mileage rate must be between $0.01 and $10.00.")
    state["company"].update(
        receiptRequiredOverCents=receipt_over_cents,
        mileageRateCents=mileage_rate_cents,
        perDiemCents=per_diem_cents,
    )
    _log(state, "policy changed", None, "rates and receipt threshold", now)

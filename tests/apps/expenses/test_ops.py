"""The expense app's state operations: the rules each action applies, and the audit entry it
leaves, on the seed."""

from __future__ import annotations

from typing import Any

import pytest

from cuagym.apps.expenses import ExpensesState
from cuagym.apps.expenses._invariants import check_invariants
from cuagym.apps.expenses.ops import (
    ActionError,
    add_line,
    approve_report,
    create_payout,
    create_report,
    file_transaction,
    mark_personal,
    match_transaction,
    missing_receipts,
    reject_report,
    remove_line,
    send_back,
    send_payout,
    submit_report,
    to_usd,
)

State = dict[str, Any]


def consistent(state: State) -> bool:
    return not list(check_invariants(ExpensesState.model_validate(state)))


def last_action(state: State) -> str:
    return str(max(state["audit"].values(), key=lambda a: a["id"])["action"])


def test_a_new_report_takes_the_next_number_and_converts_foreign_receipts(seed: State) -> None:
    rid = create_report(seed, "  Port visit —  Hamburg ", "", "cc-110")
    assert seed["reports"][rid]["number"] == 1 + max(
        r["number"] for k, r in seed["reports"].items() if k != rid
    )
    assert seed["reports"][rid]["title"] == "Port visit — Hamburg"
    key = add_line(
        seed,
        rid,
        {"date": "2026-11-20", "categoryId": "cat-hotel", "merchant": "Elbblick",
         "currency": "EUR", "originalCents": 15000, "receipt": "elbblick.pdf"},
    )  # fmt: skip
    assert seed["reports"][rid]["lines"][key]["amountCents"] == to_usd(15000, "EUR") == 16200
    assert last_action(seed) == "line added" and consistent(seed)
    with pytest.raises(ActionError):
        add_line(seed, rid, {"date": "2026-11-20", "categoryId": "cat-miles"})  # no miles


def test_submit_needs_every_receipt_over_the_threshold(seed: State) -> None:
    rid = next(
        k
        for k, r in sorted(seed["reports"].items())
        if r["status"] in ("draft", "returned") and missing_receipts(seed, r)
    )
    with pytest.raises(ActionError, match="receipt"):
        submit_report(seed, rid)
    for key in missing_receipts(seed, seed["reports"][rid]):
        seed["reports"][rid]["lines"][key]["receipt"] = "scan.pdf"
    submit_report(seed, rid)
    assert seed["reports"][rid]["status"] == "submitted" and consistent(seed)


def test_the_workflow_moves_one_step_at_a_time(seed: State) -> None:
    rid = next(k for k, r in sorted(seed["reports"].items()) if r["status"] == "submitted")
    approve_report(seed, rid)
    assert seed["reports"][rid]["status"] == "reviewed"
    assert last_action(seed) == "approved by manager"
    approve_report(seed, rid)
    assert seed["reports"][rid]["status"] == "approved"
    with pytest.raises(ActionError):
        reject_report(seed, rid, "too late")
    with pytest.raises(ActionError):
        remove_line(seed, rid, "l1")  # an approved report no longer changes
    pid = create_payout(seed, [rid], "2026-12-04")
    with pytest.raises(ActionError):
        create_payout(seed, [rid], "2026-12-04")  # already in a batch
    send_payout(seed, pid)
    assert seed["reports"][rid]["status"] == "paid" and consistent(seed)


def test_reject_and_send_back_need_words(seed: State) -> None:
    rid = next(k for k, r in sorted(seed["reports"].items()) if r["status"] == "reviewed")
    with pytest.raises(ActionError):
        reject_report(seed, rid, "   ")
    send_back(seed, rid, "Split the  hotel bill.")
    report = seed["reports"][rid]
    assert report["status"] == "returned" and report["returnNote"] == "Split the hotel bill."
    assert report["reviewedAt"] is None and consistent(seed)


def test_a_card_charge_matches_only_a_line_of_its_amount(seed: State) -> None:
    txn = next(t for _, t in sorted(seed["cardTransactions"].items()) if t["status"] == "unmatched")
    holder = seed["cards"][txn["cardId"]]["employeeId"]
    rid = next(
        (k for k, r in sorted(seed["reports"].items())
         if r["employeeId"] == holder and r["status"] in ("draft", "returned")),
        None,
    )  # fmt: skip
    if rid is None:
        mark_personal(seed, txn["id"])
        assert seed["cardTransactions"][txn["id"]]["status"] == "personal"
        return
    key = add_line(
        seed,
        rid,
        {"date": "2026-11-21", "categoryId": "cat-office", "merchant": "Paper & Pin",
         "originalCents": txn["amountCents"] + 1},
    )  # fmt: skip
    with pytest.raises(ActionError, match="amounts differ"):
        match_transaction(seed, txn["id"], rid, key)
    filed = file_transaction(seed, txn["id"], rid, "cat-office", "supplies")
    line = seed["reports"][rid]["lines"][filed]
    assert line["cardTxnId"] == txn["id"] and line["amountCents"] == txn["amountCents"]
    remove_line(seed, rid, filed)  # unmatches the charge again
    assert seed["cardTransactions"][txn["id"]]["status"] == "unmatched" and consistent(seed)

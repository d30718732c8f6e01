"""Every screen renders, and every UI action, driven like a browser (forms, cookie), changes
exactly what it should, checked through the reward's /go."""

from __future__ import annotations

import re
from typing import Any

from tests.apps.expenses.conftest import ExpensesClient

SCREENS = [
    "/",
    "/reports",
    "/reports?view=mine",
    "/reports?view=submitted&sort=total&desc=1",
    "/reports?q=Boise",
    "/reports/new",
    "/reports/rep-2341",
    "/reports/rep-2300",
    "/reports/rep-2341/lines/new",
    "/reports/rep-2341/lines/l1",
    "/approvals",
    "/approvals?tab=finance",
    "/cards",
    "/cards?view=all",
    "/payouts",
    "/payouts/pay-041",
    "/budgets",
    "/policy",
    "/audit",
    "/audit?action=rejected",
    "/audit?q=er-2300&page=1",
    "/search?q=harbor",
]


def first(state: dict[str, Any], status: str) -> str:
    return next(str(k) for k, r in sorted(state["reports"].items()) if r["status"] == status)


async def test_every_screen_renders_one_heading_and_changes_nothing(
    expenses: ExpensesClient,
) -> None:
    for path in SCREENS:
        r = await expenses.get(path)
        assert r.status_code == 200, path
        assert len(re.findall(r"<h1[ >]", r.text)) == 1, path
    assert await expenses.diff() == {}
    assert (await expenses.current())["ui"]["recentReports"][0] == "rep-2300"  # volatile


async def test_unknown_records_are_404(expenses: ExpensesClient) -> None:
    for path in ["/reports/rep-9", "/payouts/pay-9", "/reports/rep-2341/lines/l99"]:
        assert (await expenses.get(path)).status_code == 404


async def test_create_a_report_add_lines_and_submit(expenses: ExpensesClient) -> None:
    r = await expenses.post(
        "/reports/new", {"title": "Bid meeting — Denver", "purpose": "", "costCentreId": "cc-210"}
    )
    assert r.status_code == 303
    rid = r.headers["location"].rsplit("/", 1)[-1]
    line = {
        "categoryId": "cat-meals",
        "date": "2026-11-28",
        "merchant": "Copper Kettle",
        "amount": "42.10",
        "currency": "EUR",
        "receipt": "",
        "description": "Team lunch",
    }
    assert (await expenses.post(f"/reports/{rid}/lines/new", line)).status_code == 303
    miles = {"categoryId": "cat-miles", "date": "2026-11-27", "miles": "120"}
    assert (await expenses.post(f"/reports/{rid}/lines/new", miles)).status_code == 303
    state = await expenses.current()
    lines = state["reports"][rid]["lines"]
    assert lines["l1"]["amountCents"] == round(4210 * 1.08) and lines["l1"]["currency"] == "EUR"
    assert lines["l2"]["amountCents"] == 120 * 67
    assert (await expenses.post(f"/reports/{rid}/submit")).status_code == 303
    assert (await expenses.current())["reports"][rid]["status"] == "submitted"


async def test_a_line_form_shows_errors_inline(expenses: ExpensesClient) -> None:
    bad = {"categoryId": "cat-hotel", "date": "2026-11-31", "merchant": "", "amount": "abc"}
    r = await expenses.post("/reports/rep-2341/lines/new", bad)
    assert r.status_code == 422
    for name in ("date", "merchant", "amount"):
        assert f'data-testid="error-{name}"' in r.text, name
    assert await expenses.diff() == {}


async def test_submit_is_refused_while_a_receipt_is_missing(expenses: ExpensesClient) -> None:
    state = await expenses.current()
    from cuagym.apps.expenses.ops import missing_receipts

    rid = next(
        k
        for k, r in sorted(state["reports"].items())
        if r["status"] in ("draft", "returned") and missing_receipts(state, r)
    )
    r = await expenses.post(f"/reports/{rid}/submit")
    assert r.status_code == 400 and "receipt" in r.text
    key = missing_receipts(state, state["reports"][rid])[0]
    line = state["reports"][rid]["lines"][key]
    form = {
        "categoryId": line["categoryId"],
        "date": line["date"],
        "merchant": line["merchant"],
        "amount": f"{line['originalCents'] / 100:.2f}",
        "currency": line["currency"],
        "receipt": "scan-0042.pdf",
        "description": line["description"],
    }
    assert (await expenses.post(f"/reports/{rid}/lines/{key}", form)).status_code == 303
    after = (await expenses.current())["reports"][rid]["lines"][key]
    assert after["receipt"] == "scan-0042.pdf" and after["amountCents"] == line["amountCents"]


async def test_approve_twice_then_pay_in_a_batch(expenses: ExpensesClient) -> None:
    state = await expenses.current()
    rid = first(state, "submitted")
    assert (await expenses.post(f"/approvals/{rid}/approve")).status_code == 303
    assert (await expenses.current())["reports"][rid]["status"] == "reviewed"
    assert (await expenses.post(f"/reports/{rid}/approve")).status_code == 303
    assert (await expenses.current())["reports"][rid]["status"] == "approved"
    r = await expenses.post("/payouts", {"report": rid, "payDate": "2026-12-04"})
    assert r.status_code == 303
    pid = r.headers["location"].rsplit("/", 1)[-1]
    assert (await expenses.post(f"/payouts/{pid}/send")).status_code == 303
    state = await expenses.current()
    assert state["reports"][rid]["status"] == "paid" and state["payouts"][pid]["status"] == "sent"


async def test_reject_needs_a_reason_and_send_back_a_note(expenses: ExpensesClient) -> None:
    state = await expenses.current()
    rid = first(state, "reviewed")
    assert (await expenses.post(f"/reports/{rid}/reject", {"reason": " "})).status_code == 400
    r = await expenses.post(f"/reports/{rid}/reject", {"reason": "Not pre-approved."})
    assert r.status_code == 303
    report = (await expenses.current())["reports"][rid]
    assert report["status"] == "rejected" and report["rejectionReason"] == "Not pre-approved."
    other = first(state, "submitted")
    assert (
        await expenses.post(f"/reports/{other}/send-back", {"note": "Split the bill."})
    ).status_code == 303
    assert (await expenses.current())["reports"][other]["status"] == "returned"


async def test_match_file_and_mark_card_charges(expenses: ExpensesClient) -> None:
    state = await expenses.current()
    waiting = [t for t in state["cardTransactions"].values() if t["status"] == "unmatched"]
    page = (await expenses.get("/cards")).text
    tid = next(t["id"] for t in waiting if f"/cards/{t['id']}/match" in page)
    value = re.search(rf'/cards/{tid}/match".*?<option value="([^"]+)"', page, re.S)
    assert value is not None
    assert (await expenses.post(f"/cards/{tid}/match", {"line": value.group(1)})).status_code == 303
    rid, _, key = value.group(1).partition(":")
    state = await expenses.current()
    assert state["reports"][rid]["lines"][key]["cardTxnId"] == tid
    other = next(t["id"] for t in waiting if t["id"] != tid)
    assert (await expenses.post(f"/cards/{other}/personal")).status_code == 303
    assert (await expenses.current())["cardTransactions"][other]["status"] == "personal"


async def test_budget_and_policy_forms(expenses: ExpensesClient) -> None:
    assert (await expenses.post("/budgets/cc-110", {"budget": "15,000"})).status_code == 303
    assert (await expenses.post("/budgets/cc-110", {"budget": "lots"})).status_code == 422
    assert (await expenses.post("/policy/limits/cat-meals", {"limit": "90"})).status_code == 303
    assert (await expenses.post("/policy/limits/cat-air", {"limit": ""})).status_code == 303
    form = {"receiptOver": "50.00", "mileageRate": "0.70", "perDiem": "70"}
    assert (await expenses.post("/policy", form)).status_code == 303
    state = await expenses.current()
    assert state["costCentres"]["cc-110"]["budgetCents"] == 1_500_000
    assert state["categories"]["cat-meals"]["limitCents"] == 9000
    assert state["company"]["mileageRateCents"] == 70
    actions = {a["action"] for a in state["audit"].values()}
    assert {"budget changed", "policy changed"} <= actions

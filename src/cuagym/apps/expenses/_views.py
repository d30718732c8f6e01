"""View models: what the screens show, derived from the state (never stored).

Money, dates, a report's totals strip and policy flags, the approvals inbox, budget bars and
the overview's figures are computed here, so every screen shows a value the same way. "This
quarter" is the fourth quarter of 2026, the world's present (see ``QUARTER_START``).
"""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime
from typing import Any

from cuagym.apps.expenses._ops import missing_receipts
from cuagym.apps.expenses._schema import EDITABLE
from cuagym.apps.expenses._seed import report_total
from cuagym.apps.webkit.forms import format_amount, format_money, money_input

__all__ = [
    "NAV",
    "QUARTER_START",
    "STATUS_LABELS",
    "budget_rows",
    "dashboard",
    "fmt_date",
    "fmt_ts",
    "line_flags",
    "person",
    "report_row",
    "report_view",
    "shell",
]

State = dict[str, Any]
#: budgets and their bars count the reports created from this day on
QUARTER_START = "2026-10-01"
NAV = (
    ("home", "Overview", "/"),
    ("reports", "Reports", "/reports"),
    ("approvals", "Approvals", "/approvals"),
    ("cards", "Card charges", "/cards"),
    ("payouts", "Reimbursements", "/payouts"),
    ("budgets", "Budgets", "/budgets"),
    ("policy", "Policy", "/policy"),
    ("audit", "Audit trail", "/audit"),
)
STATUS_LABELS = {
    "draft": "Draft",
    "returned": "Sent back",
    "submitted": "Awaiting manager",
    "reviewed": "Awaiting finance",
    "approved": "Approved · to pay",
    "paid": "Paid",
    "rejected": "Rejected",
}
#: reports whose money counts against a budget (filed and not rejected)
COMMITTED = ("submitted", "reviewed", "approved", "paid")


def fmt_date(value: str | None) -> str:
    """``2026-11-18`` (or a timestamp) -> ``Nov 18, 2026``."""
    if not value:
        return ""
    day = date.fromisoformat(value[:10])
    return f"{day:%b} {day.day}, {day.year}"


def fmt_ts(value: str | None) -> str:
    """A stored UTC timestamp as ``Nov 20, 2026, 3:05 PM``."""
    if not value:
        return ""
    moment = datetime.fromisoformat(value)
    clock = f"{moment.hour % 12 or 12}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"
    return f"{moment:%b} {moment.day}, {moment.year}, {clock}"


def person(state: State, eid: str | None) -> str:
    emp = state["employees"].get(eid or "")
    return str(emp["name"]) if emp else "—"


def line_flags(state: State, report: dict[str, Any]) -> dict[str, list[str]]:
    """Each line's policy flags: ``over-limit`` (above its category's limit) and
    ``no-receipt`` (over the receipt threshold without one)."""
    flags: dict[str, list[str]] = {k: [] for k in report["lines"]}
    for key, line in report["lines"].items():
        limit = state["categories"][line["categoryId"]]["limitCents"]
        if limit is not None and line["amountCents"] > limit:
            flags[key].append("over-limit")
    for key in missing_receipts(state, report):
        flags[key].append("no-receipt")
    return flags


def report_row(state: State, report: dict[str, Any]) -> dict[str, Any]:
    """One report as a table row (flat keys the kit's table sorts and searches)."""
    flags = line_flags(state, report)
    centre = state["costCentres"][report["costCentreId"]]
    return {
        "id": report["id"],
        "number": report["number"],
        "label": f"ER-{report['number']}",
        "title": report["title"],
        "employee": person(state, report["employeeId"]),
        "centre": centre["code"],
        "status": report["status"],
        "statusLabel": STATUS_LABELS[report["status"]],
        "createdAt": report["createdAt"],
        "submittedAt": report["submittedAt"] or "",
        "lines": len(report["lines"]),
        "total": report_total(report),
        "flags": sum(len(v) for v in flags.values()),
    }


def report_view(state: State, rid: str) -> dict[str, Any]:
    """Everything the report page shows: lines with their flags, the totals strip, the trail."""
    report = state["reports"][rid]
    flags = line_flags(state, report)
    lines = []
    by_category: Counter[str] = Counter()
    card_paid = 0
    for key, line in sorted(report["lines"].items(), key=lambda kv: (kv[1]["date"], kv[0])):
        category = state["categories"][line["categoryId"]]
        by_category[category["name"]] += line["amountCents"]
        if line["cardTxnId"]:
            card_paid += line["amountCents"]
        lines.append(
            {
                "key": key,
                **line,
                "category": category["name"],
                "kind": category["kind"],
                "flags": flags[key],
                "original": format_amount(line["originalCents"], line["currency"]),
            }
        )
    total = report_total(report)
    emp = state["employees"][report["employeeId"]]
    holder_cards = {c for c, card in state["cards"].items() if card["employeeId"] == emp["id"]}
    waiting = sorted(
        (
            t
            for t in state["cardTransactions"].values()
            if t["status"] == "unmatched" and t["cardId"] in holder_cards
        ),
        key=lambda t: (t["postedOn"], t["id"]),
    )
    trail = sorted(
        (a for a in state["audit"].values() if a["reportId"] == rid),
        key=lambda a: (a["at"], a["id"]),
        reverse=True,
    )
    payout = state["payouts"].get(report["payoutId"] or "")
    return {
        "report": report,
        "lines": lines,
        "total": total,
        "card_paid": card_paid,
        "reimburse": total - card_paid,
        "by_category": sorted(by_category.items(), key=lambda kv: -kv[1]),
        "flag_count": sum(len(v) for v in flags.values()),
        "status_label": STATUS_LABELS[report["status"]],
        "employee": emp,
        "manager": state["employees"].get(emp["managerId"] or ""),
        "centre": state["costCentres"][report["costCentreId"]],
        "editable": report["status"] in EDITABLE,
        "in_review": report["status"] in ("submitted", "reviewed"),
        "waiting_charges": waiting,
        "trail": [{**a, "who": person(state, a["actorId"])} for a in trail],
        "payout": payout,
    }


def budget_rows(state: State) -> list[dict[str, Any]]:
    """Each cost centre's quarter: spent (approved or paid), in review, left; over or not."""
    rows = []
    for ccid, centre in sorted(state["costCentres"].items(), key=lambda kv: kv[1]["code"]):
        spent = pending = 0
        count = 0
        for report in state["reports"].values():
            if report["costCentreId"] != ccid or report["status"] not in COMMITTED:
                continue
            if report["createdAt"][:10] < QUARTER_START:
                continue
            count += 1
            if report["status"] in ("approved", "paid"):
                spent += report_total(report)
            else:
                pending += report_total(report)
        budget = centre["budgetCents"]
        used = spent + pending
        rows.append(
            {
                **centre,
                "owner": person(state, centre["ownerId"]),
                "spent": spent,
                "pending": pending,
                "used": used,
                "left": budget - used,
                "reports": count,
                "over": used > budget,
                "spent_pct": min(100, round(100 * spent / budget)) if budget else 100,
                "pending_pct": min(100, round(100 * used / budget)) if budget else 100,
                "used_pct": round(100 * used / budget) if budget else 0,
            }
        )
    return rows


def dashboard(state: State) -> dict[str, Any]:
    """The overview: what waits for the signed-in person, and the quarter at a glance."""
    reports = state["reports"].values()
    me = state["currentUser"]
    mine = sorted(
        (r for r in reports if r["employeeId"] == me), key=lambda r: r["createdAt"], reverse=True
    )
    budgets = budget_rows(state)
    return {
        "to_review": sum(1 for r in reports if r["status"] == "submitted"),
        "to_finance": sum(1 for r in reports if r["status"] == "reviewed"),
        "to_pay": sum(1 for r in reports if r["status"] == "approved" and not r["payoutId"]),
        "to_pay_total": sum(
            report_total(r) for r in reports if r["status"] == "approved" and not r["payoutId"]
        ),
        "unmatched": sum(
            1 for t in state["cardTransactions"].values() if t["status"] == "unmatched"
        ),
        "mine": [report_row(state, r) for r in mine[:6]],
        "over": [b for b in budgets if b["over"]],
        "quarter_spent": sum(b["used"] for b in budgets),
        "quarter_budget": sum(b["budgetCents"] for b in budgets),
    }


def shell(state: State, active: str) -> dict[str, Any]:
    """Context every screen needs: the company, the signed-in person, the navigation."""
    me = state["employees"].get(state["currentUser"], {"name": "Unknown", "avatarColor": "#6b5d3f"})
    reports = state["reports"].values()
    badges = {
        "approvals": sum(1 for r in reports if r["status"] in ("submitted", "reviewed")),
        "cards": sum(1 for t in state["cardTransactions"].values() if t["status"] == "unmatched"),
    }
    return {
        "company": state["company"],
        "me": {**me, "color": me.get("avatarColor")},
        "nav_items": NAV,
        "nav_badges": badges,
        "active": active,
        "money": format_money,
        "amount": format_amount,
        "money_input": money_input,
        "fmt_date": fmt_date,
        "fmt_ts": fmt_ts,
        "status_labels": STATUS_LABELS,
        "person": lambda eid: person(state, eid),
    }

"""The expenses state schema: pydantic models of a company's expense and reimbursement records.

The hub validates injected states strictly against :class:`ExpensesState` and stores its
``model_dump(mode="json", by_alias=True)``; JSON keys are camelCase. Every collection is an
object keyed by id (``reports.rep-2301.status``), and so are a report's line items
(``reports.rep-2301.lines.l2.amountCents``), so that ``state_diff`` shows one leaf per value.

Conventions a reward relies on (see SKILL.md):

- **money** is an integer number of cents. A line's ``amountCents`` is in US dollars (what is
  reimbursed); a line paid abroad keeps what the receipt says in ``currency`` and
  ``originalCents``;
- **dates** are ``YYYY-MM-DD`` strings, **timestamps** ISO-8601 UTC with ``Z``;
- a report's total is not stored: it is the sum of its lines' ``amountCents``;
- a report moves draft -> submitted (waiting for the manager) -> reviewed (waiting for finance)
  -> approved -> paid (in a sent payout batch); a reviewer may reject it (with a reason) or
  send it back (returned, editable again, with a note).

Rules across records (a matched card transaction and its line point at each other, a rejected
report has a reason, a paid report sits in a sent batch, ...) live in ``_invariants``.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from cuagym.apps.webkit import HexColor, Id, StateModel, Timestamp

__all__ = [
    "CURRENCIES",
    "EDITABLE",
    "REPORT_STATUSES",
    "AuditEntry",
    "Card",
    "CardTransaction",
    "Category",
    "Company",
    "CostCentre",
    "Employee",
    "ExpensesState",
    "Line",
    "Payout",
    "Report",
]

REPORT_STATUSES: tuple[str, ...] = (
    "draft",
    "returned",
    "submitted",
    "reviewed",
    "approved",
    "paid",
    "rejected",
)
#: the statuses whose lines the submitter may still change
EDITABLE: tuple[str, ...] = ("draft", "returned")
CURRENCIES: tuple[str, ...] = ("USD", "EUR", "GBP", "CAD")

ReportStatus = Literal["draft", "returned", "submitted", "reviewed", "approved", "paid", "rejected"]
Currency = Literal["USD", "EUR", "GBP", "CAD"]


def _real_day(value: str) -> str:
    date.fromisoformat(value)  # 2026-02-30 matches the pattern but is no day
    return value


Day = Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$"), AfterValidator(_real_day)]
Cents = Annotated[int, Field(ge=0, le=10**11)]
Text = Annotated[str, Field(max_length=255)]
LongText = Annotated[str, Field(max_length=4000)]
Name = Annotated[str, Field(min_length=1, max_length=120)]
Email = Annotated[str, Field(pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$", max_length=254)]
FileName = Annotated[str, Field(pattern=r"^$|^[A-Za-z0-9][A-Za-z0-9 ._-]{0,118}\.(pdf|jpg|png)$")]


class Company(StateModel):
    """The company and its expense policy."""

    name: Name
    #: a line over this amount needs a receipt before its report can be submitted
    receipt_required_over_cents: Cents = 7500
    #: reimbursed per mile driven in a private car
    mileage_rate_cents: Annotated[int, Field(ge=1, le=1000)] = 67
    #: the daily allowance of a per-diem line
    per_diem_cents: Cents = 6400


class Employee(StateModel):
    id: Id
    name: Name
    email: Email
    title: Text = ""
    cost_centre_id: Id
    #: who approves their reports first (null: the head of the company)
    manager_id: Id | None = None
    role: Literal["employee", "manager", "finance"] = "employee"
    avatar_color: HexColor = "#6b5d3f"


class CostCentre(StateModel):
    """A budget line of the company (a team or a programme) that reports are charged to."""

    id: Id
    code: Annotated[str, Field(pattern=r"^CC-\d{3}$")]
    name: Name
    owner_id: Id
    #: what the centre may spend this quarter
    budget_cents: Cents


class Category(StateModel):
    """An expense category with its policy: a limit per line (null: none)."""

    id: Id
    name: Name
    gl_code: Annotated[str, Field(pattern=r"^\d{4}$")]
    kind: Literal["receipt", "mileage", "perdiem"] = "receipt"
    limit_cents: Cents | None = None


class Line(StateModel):
    """One expense of a report: a receipt, a drive (miles) or days away (per diem)."""

    date: Day
    category_id: Id
    merchant: Text = ""
    description: Text = ""
    #: what is reimbursed, in US cents
    amount_cents: Cents
    currency: Currency = "USD"
    #: the receipt's own amount in ``currency`` (equal to ``amountCents`` for USD)
    original_cents: Cents
    #: the attached receipt's file name ("" when none)
    receipt: FileName = ""
    miles: Annotated[int, Field(ge=1, le=5000)] | None = None
    days: Annotated[int, Field(ge=1, le=60)] | None = None
    #: the corporate card transaction this line was paid with
    card_txn_id: Id | None = None


class Report(StateModel):
    id: Id
    #: the number people quote ("ER-2301"), unique
    number: Annotated[int, Field(ge=1000, le=999_999)]
    title: Name
    purpose: Text = ""
    employee_id: Id
    cost_centre_id: Id
    status: ReportStatus
    #: line key ("l1", "l2", ...) -> line item
    lines: dict[Id, Line] = Field(default_factory=dict)
    created_at: Timestamp
    submitted_at: Timestamp | None = None
    reviewed_at: Timestamp | None = None
    approved_at: Timestamp | None = None
    decided_at: Timestamp | None = None
    rejection_reason: Text = ""
    return_note: Text = ""
    payout_id: Id | None = None


class Card(StateModel):
    """A corporate card held by an employee."""

    id: Id
    employee_id: Id
    last4: Annotated[str, Field(pattern=r"^\d{4}$")]
    limit_cents: Cents


class CardTransaction(StateModel):
    """A charge on a corporate card: waits unmatched until it is matched to a report line
    (the receipt that explains it) or marked personal (paid back by the employee)."""

    id: Id
    card_id: Id
    posted_on: Day
    merchant: Name
    amount_cents: Cents
    status: Literal["unmatched", "matched", "personal"]
    report_id: Id | None = None
    line_key: Id | None = None


class Payout(StateModel):
    """A reimbursement batch: approved reports paid out together."""

    id: Id
    number: Annotated[int, Field(ge=1, le=99_999)]
    status: Literal["draft", "sent"]
    report_ids: list[Id] = Field(default_factory=list)
    pay_date: Day
    created_at: Timestamp
    sent_at: Timestamp | None = None


class AuditEntry(StateModel):
    """One thing that happened, kept for the audit trail (never edited)."""

    id: Id
    at: Timestamp
    actor_id: Id
    report_id: Id | None = None
    action: Annotated[str, Field(min_length=1, max_length=40)]
    detail: Text = ""


class Ui(StateModel):
    """Volatile view state (masked from ``state_diff``): the reports recently opened."""

    recent_reports: list[Id] = Field(default_factory=list)


class ExpensesState(StateModel):
    company: Company
    current_user: Id
    employees: dict[Id, Employee]
    cost_centres: dict[Id, CostCentre] = Field(default_factory=dict)
    categories: dict[Id, Category] = Field(default_factory=dict)
    reports: dict[Id, Report] = Field(default_factory=dict)
    cards: dict[Id, Card] = Field(default_factory=dict)
    card_transactions: dict[Id, CardTransaction] = Field(default_factory=dict)
    payouts: dict[Id, Payout] = Field(default_factory=dict)
    audit: dict[Id, AuditEntry] = Field(default_factory=dict)
    ui: Ui = Field(default_factory=Ui)

"""The crm state schema: pydantic models of the per-session JSON state.

The hub validates injected states strictly against :class:`CrmState` and stores its
``model_dump(mode="json", by_alias=True)``; JSON keys are camelCase. Every entity collection is an
object keyed by id, so ``state_diff`` reports readable leaf paths such as
``opportunities.opp-0007.stage``. There are no arrays of entities: nothing in a CRM is ordered
by position (lists are sorted on screen by a column), and an array would make the diff report
the whole collection for a one-field edit.

Conventions a reward relies on (see SKILL.md):

- **money** is an integer number of US cents (``amountCents``, ``annualRevenueCents``): never a
  float, so ``$1,250.00`` is always ``125000`` and canonical-JSON equality is exact;
- **dates** are ``YYYY-MM-DD`` strings (a real calendar day), **timestamps** ISO-8601 UTC ``Z``;
- an unset optional **picklist, number or date** is ``null``; an unset **text** field is ``""``.

Cross-entity rules (owners exist, a converted lead points at its records, ...) live in
``_invariants``.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

__all__ = [
    "ACCOUNT_TYPES",
    "ACTIVITY_TYPES",
    "INDUSTRIES",
    "LEAD_SOURCES",
    "LEAD_STATUSES",
    "OPPORTUNITY_TYPES",
    "PRIORITIES",
    "RATINGS",
    "RELATED_TYPES",
    "SALUTATIONS",
    "STAGES",
    "STAGE_PROBABILITY",
    "Account",
    "Activity",
    "Contact",
    "CrmState",
    "Lead",
    "Note",
    "Opportunity",
    "Org",
    "Ui",
    "User",
]

# -- picklists (the UI's <select> options, in display order) -----------------------------------
INDUSTRIES: tuple[str, ...] = (
    "Agriculture",
    "Banking",
    "Construction",
    "Consulting",
    "Education",
    "Energy",
    "Financial Services",
    "Government",
    "Healthcare",
    "Hospitality",
    "Insurance",
    "Logistics",
    "Manufacturing",
    "Media",
    "Nonprofit",
    "Retail",
    "Technology",
    "Telecommunications",
    "Transportation",
    "Utilities",
)
LEAD_SOURCES: tuple[str, ...] = (
    "Web",
    "Phone Inquiry",
    "Partner Referral",
    "Customer Referral",
    "Trade Show",
    "Webinar",
    "Email Campaign",
    "Cold Call",
    "Other",
)
#: ``Converted`` is reached only through lead conversion, never chosen in a form.
LEAD_STATUSES: tuple[str, ...] = (
    "New",
    "Working",
    "Nurturing",
    "Qualified",
    "Unqualified",
    "Converted",
)
RATINGS: tuple[str, ...] = ("Hot", "Warm", "Cold")
ACCOUNT_TYPES: tuple[str, ...] = (
    "Prospect",
    "Customer",
    "Partner",
    "Reseller",
    "Competitor",
    "Other",
)
OPPORTUNITY_TYPES: tuple[str, ...] = (
    "New Business",
    "Existing Business - Upgrade",
    "Existing Business - Renewal",
)
SALUTATIONS: tuple[str, ...] = ("Mr.", "Ms.", "Mrs.", "Mx.", "Dr.", "Prof.")
#: The sales path, in order, with each stage's default win probability (percent).
STAGE_PROBABILITY: dict[str, int] = {
    "Prospecting": 10,
    "Qualification": 20,
    "Needs Analysis": 35,
    "Proposal": 60,
    "Negotiation": 80,
    "Closed Won": 100,
    "Closed Lost": 0,
}
STAGES: tuple[str, ...] = tuple(STAGE_PROBABILITY)
ACTIVITY_TYPES: tuple[str, ...] = ("Call", "Email", "Meeting", "To-do")
PRIORITIES: tuple[str, ...] = ("High", "Normal", "Low")
RELATED_TYPES: tuple[str, ...] = ("lead", "account", "contact", "opportunity")

Industry = Literal[
    "Agriculture",
    "Banking",
    "Construction",
    "Consulting",
    "Education",
    "Energy",
    "Financial Services",
    "Government",
    "Healthcare",
    "Hospitality",
    "Insurance",
    "Logistics",
    "Manufacturing",
    "Media",
    "Nonprofit",
    "Retail",
    "Technology",
    "Telecommunications",
    "Transportation",
    "Utilities",
]
LeadSource = Literal[
    "Web",
    "Phone Inquiry",
    "Partner Referral",
    "Customer Referral",
    "Trade Show",
    "Webinar",
    "Email Campaign",
    "Cold Call",
    "Other",
]
LeadStatus = Literal["New", "Working", "Nurturing", "Qualified", "Unqualified", "Converted"]
Rating = Literal["Hot", "Warm", "Cold"]
AccountType = Literal["Prospect", "Customer", "Partner", "Reseller", "Competitor", "Other"]
OpportunityType = Literal[
    "New Business", "Existing Business - Upgrade", "Existing Business - Renewal"
]
Salutation = Literal["Mr.", "Ms.", "Mrs.", "Mx.", "Dr.", "Prof."]
Stage = Literal[
    "Prospecting",
    "Qualification",
    "Needs Analysis",
    "Proposal",
    "Negotiation",
    "Closed Won",
    "Closed Lost",
]
ActivityType = Literal["Call", "Email", "Meeting", "To-do"]
Priority = Literal["High", "Normal", "Low"]
RelatedType = Literal["lead", "account", "contact", "opportunity"]


def _real_day(value: str) -> str:
    date.fromisoformat(value)  # 2025-02-30 matches the pattern but is no day
    return value


# Ids appear as keys in diff paths; the "simple key" alphabet keeps every path dotted.
Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
Timestamp = Annotated[
    str,
    Field(pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|\+00:00)$"),
]
Day = Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$"), AfterValidator(_real_day)]
Cents = Annotated[int, Field(ge=0, le=10**15)]
Text = Annotated[str, Field(max_length=255)]
LongText = Annotated[str, Field(max_length=32000)]
Name = Annotated[str, Field(min_length=1, max_length=120)]
# Empty, or one address: the UI refuses anything else with a per-field error.
Email = Annotated[str, Field(pattern=r"^$|^[^@\s]+@[^@\s]+\.[^@\s]+$", max_length=254)]
# Empty, or digits with the usual separators (at least 7 digits are checked by the UI).
Phone = Annotated[str, Field(pattern=r"^$|^\+?[0-9 ().-]{7,25}$")]
Employees = Annotated[int, Field(ge=0, le=10_000_000)]
Percent = Annotated[int, Field(ge=0, le=100)]


class _Model(BaseModel):
    # strict: no "1" -> 1 coercion; forbid: a misspelt key is an error, not a silent no-op.
    model_config = ConfigDict(
        alias_generator=to_camel, populate_by_name=False, extra="forbid", strict=True
    )


class Org(_Model):
    """The company whose CRM this is (shown in the header)."""

    name: Name
    #: every amount is in this currency; only USD is rendered.
    currency: Literal["USD"] = "USD"


class User(_Model):
    """A person with a CRM seat: owns records, is the author of notes."""

    id: Id
    name: Name
    title: Text = ""
    email: Email = ""
    avatar_color: Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")] = "#5b6470"


class _Address(_Model):
    street: Text = ""
    city: Text = ""
    state: Text = ""
    postal_code: Annotated[str, Field(max_length=20)] = ""
    country: Text = ""


class Lead(_Address):
    id: Id
    salutation: Salutation | None = None
    first_name: Annotated[str, Field(max_length=40)] = ""
    last_name: Annotated[str, Field(min_length=1, max_length=80)]
    company: Name
    title: Text = ""
    email: Email = ""
    phone: Phone = ""
    mobile: Phone = ""
    website: Text = ""
    industry: Industry | None = None
    lead_source: LeadSource | None = None
    status: LeadStatus = "New"
    rating: Rating | None = None
    employees: Employees | None = None
    annual_revenue_cents: Cents | None = None
    description: LongText = ""
    owner_id: Id
    created_at: Timestamp
    #: set together by conversion (status ``Converted``); null on every other lead.
    converted_at: Timestamp | None = None
    converted_account_id: Id | None = None
    converted_contact_id: Id | None = None
    #: null also on a converted lead when no opportunity was created.
    converted_opportunity_id: Id | None = None


class Account(_Model):
    id: Id
    name: Name
    industry: Industry | None = None
    type: AccountType | None = None
    rating: Rating | None = None
    website: Text = ""
    phone: Phone = ""
    employees: Employees | None = None
    annual_revenue_cents: Cents | None = None
    billing_street: Text = ""
    billing_city: Text = ""
    billing_state: Text = ""
    billing_postal_code: Annotated[str, Field(max_length=20)] = ""
    billing_country: Text = ""
    description: LongText = ""
    owner_id: Id
    created_at: Timestamp


class Contact(_Model):
    id: Id
    #: the contact's company; null for a private contact.
    account_id: Id | None = None
    salutation: Salutation | None = None
    first_name: Annotated[str, Field(max_length=40)] = ""
    last_name: Annotated[str, Field(min_length=1, max_length=80)]
    title: Text = ""
    department: Text = ""
    email: Email = ""
    phone: Phone = ""
    mobile: Phone = ""
    lead_source: LeadSource | None = None
    mailing_street: Text = ""
    mailing_city: Text = ""
    mailing_state: Text = ""
    mailing_postal_code: Annotated[str, Field(max_length=20)] = ""
    mailing_country: Text = ""
    description: LongText = ""
    owner_id: Id
    created_at: Timestamp


class Opportunity(_Model):
    id: Id
    name: Name
    account_id: Id
    #: the primary contact (a contact of any account), or null.
    contact_id: Id | None = None
    stage: Stage
    #: percent; the UI resets it to the stage's default when the stage changes.
    probability: Percent
    amount_cents: Cents | None = None
    close_date: Day
    type: OpportunityType | None = None
    lead_source: LeadSource | None = None
    next_step: Text = ""
    description: LongText = ""
    owner_id: Id
    created_at: Timestamp


class Activity(_Model):
    """A task or a logged call/email/meeting, attached to one record."""

    id: Id
    subject: Annotated[str, Field(min_length=1, max_length=255)]
    type: ActivityType = "To-do"
    status: Literal["Open", "Completed"] = "Open"
    priority: Priority = "Normal"
    due_date: Day | None = None
    related_type: RelatedType
    related_id: Id
    description: LongText = ""
    owner_id: Id
    created_at: Timestamp


class Note(_Model):
    id: Id
    related_type: RelatedType
    related_id: Id
    title: Annotated[str, Field(min_length=1, max_length=255)]
    body: LongText = ""
    author_id: Id
    created_at: Timestamp


class RecentItem(_Model):
    type: RelatedType
    id: Id


class Ui(_Model):
    """Volatile view state (masked from ``state_diff``): what the person looked at."""

    #: most recent first, at most 8 records opened on a detail page.
    recent_items: list[RecentItem] = Field(default_factory=list)


class CrmState(_Model):
    org: Org
    current_user: Id
    users: dict[str, User]
    leads: dict[str, Lead] = Field(default_factory=dict)
    accounts: dict[str, Account] = Field(default_factory=dict)
    contacts: dict[str, Contact] = Field(default_factory=dict)
    opportunities: dict[str, Opportunity] = Field(default_factory=dict)
    activities: dict[str, Activity] = Field(default_factory=dict)
    notes: dict[str, Note] = Field(default_factory=dict)
    ui: Ui = Field(default_factory=Ui)

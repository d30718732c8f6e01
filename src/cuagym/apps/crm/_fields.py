"""Typed form fields: how each record field is labelled, entered, parsed and validated.

The same specs drive the create/edit forms, the inline edit on detail pages, the conversion
form and the server-side validation, so one field is typed and checked identically everywhere.
:func:`parse_field` turns what a person typed into the stored JSON value or raises
:class:`FieldError` with a message meant for them (shown next to the field).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any, Literal

from cuagym.apps.crm._schema import (
    ACCOUNT_TYPES,
    ACTIVITY_TYPES,
    INDUSTRIES,
    LEAD_SOURCES,
    LEAD_STATUSES,
    OPPORTUNITY_TYPES,
    PRIORITIES,
    RATINGS,
    SALUTATIONS,
    STAGES,
)

__all__ = [
    "FieldError",
    "FieldSpec",
    "Kind",
    "format_money",
    "format_money_short",
    "money_input",
    "parse_field",
    "parse_fields",
    "parse_money",
]

Kind = Literal[
    "text", "textarea", "email", "phone", "url", "money", "int", "percent", "date", "picklist",
    "ref", "user",
]  # fmt: skip


class FieldError(ValueError):
    """A value a person typed that the field does not accept."""


@dataclass(frozen=True)
class FieldSpec:
    key: str  #: the camelCase state key
    label: str
    kind: Kind = "text"
    required: bool = False
    options: tuple[str, ...] = ()  #: picklist values
    ref: str = ""  #: for ``ref``: the collection the id points into
    max_len: int = 255
    minimum: int = 0
    maximum: int = 10_000_000
    hint: str = ""
    #: shown in forms but never written by them (e.g. a lead's status ``Converted``)
    choosable: tuple[str, ...] = field(default=())

    @property
    def choices(self) -> tuple[str, ...]:
        return self.choosable or self.options


_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_PHONE = re.compile(r"^\+?[0-9 ().-]{7,25}$")
_MONEY = re.compile(r"^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$")


def parse_money(raw: str) -> int:
    """``"$1,250.5"`` -> ``125050`` cents. Refuses negatives, >2 decimals, letters."""
    text = raw.strip().replace("USD", "").strip()
    if not _MONEY.match(text):
        raise FieldError("Enter an amount like 125000 or 125,000.00 (dollars, up to 2 decimals).")
    try:
        value = Decimal(text.replace("$", "").replace(",", "").strip())
    except InvalidOperation:  # pragma: no cover - the pattern already rules it out
        raise FieldError("Enter a valid amount.") from None
    cents = int(value * 100)
    if cents > 10**15:
        raise FieldError("That amount is too large.")
    return cents


def format_money(cents: int | None) -> str:
    """``125050`` -> ``$1,250.50``; ``None`` -> ``""``."""
    if cents is None:
        return ""
    return f"${cents // 100:,}.{cents % 100:02d}"


def format_money_short(cents: int | None) -> str:
    """``9600000`` -> ``$96,000`` (cents only when there are some): for cards and charts."""
    if cents is None:
        return ""
    return format_money(cents).removesuffix(".00")


def money_input(cents: int | None) -> str:
    """The value a money input shows for editing: ``1250.50`` (no symbol, no separators)."""
    if cents is None:
        return ""
    return f"{cents // 100}.{cents % 100:02d}" if cents % 100 else str(cents // 100)


def _parse_date(text: str) -> str:
    for fmt in ("%Y-%m-%d", "%m/%d/%Y"):
        try:
            return datetime.strptime(text, fmt).date().isoformat()
        except ValueError:
            continue
    raise FieldError("Enter a date as YYYY-MM-DD (for example 2027-03-31).")


def _parse_int(spec: FieldSpec, text: str) -> int:
    cleaned = text.replace(",", "").removesuffix("%").strip()
    if not re.fullmatch(r"\d+", cleaned):
        raise FieldError("Enter a whole number.")
    value = int(cleaned)
    if not spec.minimum <= value <= spec.maximum:
        raise FieldError(f"Enter a number from {spec.minimum:,} to {spec.maximum:,}.")
    return value


def parse_field(spec: FieldSpec, raw: str, refs: Mapping[str, Any] | None = None) -> Any:
    """The stored value for ``raw`` (already a str from the form); raises :class:`FieldError`."""
    text = raw.strip() if spec.kind != "textarea" else raw.strip("\r\n ").replace("\r\n", "\n")
    if not text:
        if spec.required:
            raise FieldError(f"{spec.label} is required.")
        return "" if spec.kind in ("text", "textarea", "email", "phone", "url") else None
    if spec.kind in ("text", "url", "textarea"):
        limit = 32000 if spec.kind == "textarea" else spec.max_len
        if len(text) > limit:
            raise FieldError(f"Use at most {limit} characters.")
        if spec.kind == "url" and " " in text:
            raise FieldError("A web address can't contain spaces.")
        return text
    if spec.kind == "email":
        if not _EMAIL.match(text) or len(text) > 254:
            raise FieldError("Enter an e-mail address like name@company.com.")
        return text.lower()
    if spec.kind == "phone":
        if not _PHONE.match(text) or len(re.findall(r"\d", text)) < 7:
            raise FieldError("Enter a phone number with at least 7 digits, like (415) 555-0100.")
        return text
    if spec.kind == "money":
        return parse_money(text)
    if spec.kind in ("int", "percent"):
        return _parse_int(spec, text)
    if spec.kind == "date":
        return _parse_date(text)
    if spec.kind == "picklist":
        if text not in spec.choices:
            raise FieldError(f"Choose one of: {', '.join(spec.choices)}.")
        return text
    # ref / user: an id that must exist in the given collection
    if refs is None or text not in refs:
        raise FieldError(f"Choose an existing {spec.label.lower()}.")
    return text


def parse_fields(
    specs: Sequence[FieldSpec],
    form: Mapping[str, str],
    refs: Mapping[str, Mapping[str, Any]] | None = None,
    prefix: str = "",
) -> tuple[dict[str, Any], dict[str, str]]:
    """Parse every spec from ``form`` (keys ``prefix + spec.key``): (values, errors by key)."""
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for spec in specs:
        name = prefix + spec.key
        try:
            pool = (refs or {}).get(spec.ref or "users") if spec.kind in ("ref", "user") else None
            values[spec.key] = parse_field(spec, form.get(name, ""), pool)
        except FieldError as exc:
            errors[name] = str(exc)
    return values, errors


def today() -> date:
    return date.today()


# -- the fields of each record type, in form order ----------------------------------------------
def _t(key: str, label: str, **kw: Any) -> FieldSpec:
    return FieldSpec(key, label, **kw)


OWNER = _t("ownerId", "Owner", kind="user", required=True)
LEAD_FIELDS: tuple[FieldSpec, ...] = (
    _t("salutation", "Salutation", kind="picklist", options=SALUTATIONS),
    _t("firstName", "First name", max_len=40),
    _t("lastName", "Last name", required=True, max_len=80),
    _t("company", "Company", required=True, max_len=120),
    _t("title", "Title"),
    _t("email", "Email", kind="email"),
    _t("phone", "Phone", kind="phone"),
    _t("mobile", "Mobile", kind="phone"),
    _t("website", "Website", kind="url"),
    _t(
        "status",
        "Lead status",
        kind="picklist",
        required=True,
        options=LEAD_STATUSES,
        choosable=LEAD_STATUSES[:-1],
    ),
    _t("rating", "Rating", kind="picklist", options=RATINGS),
    _t("leadSource", "Lead source", kind="picklist", options=LEAD_SOURCES),
    _t("industry", "Industry", kind="picklist", options=INDUSTRIES),
    _t("employees", "Employees", kind="int"),
    _t("annualRevenueCents", "Annual revenue", kind="money"),
    _t("street", "Street"),
    _t("city", "City"),
    _t("state", "State/Province"),
    _t("postalCode", "Postal code", max_len=20),
    _t("country", "Country"),
    _t("description", "Description", kind="textarea"),
    OWNER,
)
ACCOUNT_FIELDS: tuple[FieldSpec, ...] = (
    _t("name", "Account name", required=True, max_len=120),
    _t("type", "Type", kind="picklist", options=ACCOUNT_TYPES),
    _t("industry", "Industry", kind="picklist", options=INDUSTRIES),
    _t("rating", "Rating", kind="picklist", options=RATINGS),
    _t("website", "Website", kind="url"),
    _t("phone", "Phone", kind="phone"),
    _t("employees", "Employees", kind="int"),
    _t("annualRevenueCents", "Annual revenue", kind="money"),
    _t("billingStreet", "Billing street"),
    _t("billingCity", "Billing city"),
    _t("billingState", "Billing state/province"),
    _t("billingPostalCode", "Billing postal code", max_len=20),
    _t("billingCountry", "Billing country"),
    _t("description", "Description", kind="textarea"),
    OWNER,
)
CONTACT_FIELDS: tuple[FieldSpec, ...] = (
    _t("salutation", "Salutation", kind="picklist", options=SALUTATIONS),
    _t("firstName", "First name", max_len=40),
    _t("lastName", "Last name", required=True, max_len=80),
    _t("accountId", "Account", kind="ref", ref="accounts"),
    _t("title", "Title"),
    _t("department", "Department"),
    _t("email", "Email", kind="email"),
    _t("phone", "Phone", kind="phone"),
    _t("mobile", "Mobile", kind="phone"),
    _t("leadSource", "Lead source", kind="picklist", options=LEAD_SOURCES),
    _t("mailingStreet", "Mailing street"),
    _t("mailingCity", "Mailing city"),
    _t("mailingState", "Mailing state/province"),
    _t("mailingPostalCode", "Mailing postal code", max_len=20),
    _t("mailingCountry", "Mailing country"),
    _t("description", "Description", kind="textarea"),
    OWNER,
)
OPPORTUNITY_FIELDS: tuple[FieldSpec, ...] = (
    _t("name", "Opportunity name", required=True, max_len=120),
    _t("accountId", "Account", kind="ref", ref="accounts", required=True),
    _t("contactId", "Primary contact", kind="ref", ref="contacts"),
    _t("stage", "Stage", kind="picklist", required=True, options=STAGES),
    _t(
        "probability",
        "Probability (%)",
        kind="percent",
        maximum=100,
        hint="Leave blank to use the stage's default.",
    ),
    _t("amountCents", "Amount", kind="money"),
    _t("closeDate", "Close date", kind="date", required=True),
    _t("type", "Type", kind="picklist", options=OPPORTUNITY_TYPES),
    _t("leadSource", "Lead source", kind="picklist", options=LEAD_SOURCES),
    _t("nextStep", "Next step"),
    _t("description", "Description", kind="textarea"),
    OWNER,
)
ACTIVITY_FIELDS: tuple[FieldSpec, ...] = (
    _t("subject", "Subject", required=True),
    _t("type", "Type", kind="picklist", required=True, options=ACTIVITY_TYPES),
    _t("dueDate", "Due date", kind="date"),
    _t("priority", "Priority", kind="picklist", required=True, options=PRIORITIES),
    _t("description", "Comments", kind="textarea"),
)
NOTE_FIELDS: tuple[FieldSpec, ...] = (
    _t("title", "Title", required=True),
    _t("body", "Body", kind="textarea"),
)

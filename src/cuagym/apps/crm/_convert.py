"""The lead conversion form: its ~30 typed fields, their defaults from the lead, validation.

The form has three steps (account, contact, opportunity) plus the record owner. Field names are
``account.<key>``, ``contact.<key>``, ``opportunity.<key>`` (state keys), and the choices
``accountMode`` (``new`` | ``existing``), ``existingAccountId``, ``createOpportunity`` and
``ownerId``. Everything is validated on the server in one pass; any error re-shows the form
with a message per field and changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

from cuagym.apps.crm._fields import FieldSpec, money_input, parse_fields
from cuagym.apps.crm._ops import ConvertRequest
from cuagym.apps.crm._schema import (
    ACCOUNT_TYPES,
    INDUSTRIES,
    OPPORTUNITY_TYPES,
    RATINGS,
    SALUTATIONS,
    STAGES,
)

__all__ = [
    "ACCOUNT_STEP",
    "CONTACT_STEP",
    "OPPORTUNITY_STEP",
    "convert_defaults",
    "matching_accounts",
    "parse_convert_form",
]

ACCOUNT_STEP: tuple[FieldSpec, ...] = (
    FieldSpec("name", "Account name", required=True, max_len=120),
    FieldSpec("type", "Type", kind="picklist", options=ACCOUNT_TYPES),
    FieldSpec("industry", "Industry", kind="picklist", options=INDUSTRIES),
    FieldSpec("rating", "Rating", kind="picklist", options=RATINGS),
    FieldSpec("website", "Website", kind="url"),
    FieldSpec("phone", "Phone", kind="phone"),
    FieldSpec("employees", "Employees", kind="int"),
    FieldSpec("annualRevenueCents", "Annual revenue", kind="money"),
    FieldSpec("billingStreet", "Billing street"),
    FieldSpec("billingCity", "Billing city"),
    FieldSpec("billingState", "Billing state/province"),
    FieldSpec("billingPostalCode", "Billing postal code", max_len=20),
    FieldSpec("billingCountry", "Billing country"),
)
CONTACT_STEP: tuple[FieldSpec, ...] = (
    FieldSpec("salutation", "Salutation", kind="picklist", options=SALUTATIONS),
    FieldSpec("firstName", "First name", max_len=40),
    FieldSpec("lastName", "Last name", required=True, max_len=80),
    FieldSpec("title", "Title"),
    FieldSpec("department", "Department"),
    FieldSpec("email", "Email", kind="email"),
    FieldSpec("phone", "Phone", kind="phone"),
    FieldSpec("mobile", "Mobile", kind="phone"),
)
OPPORTUNITY_STEP: tuple[FieldSpec, ...] = (
    FieldSpec("name", "Opportunity name", required=True, max_len=120),
    FieldSpec("stage", "Stage", kind="picklist", required=True, options=STAGES[:-2]),
    FieldSpec("amountCents", "Amount", kind="money"),
    FieldSpec("closeDate", "Close date", kind="date", required=True),
    FieldSpec(
        "probability",
        "Probability (%)",
        kind="percent",
        maximum=100,
        hint="Blank: the stage's default.",
    ),
    FieldSpec("type", "Type", kind="picklist", options=OPPORTUNITY_TYPES),
    FieldSpec("nextStep", "Next step"),
)
_STOP = {"inc", "llc", "ltd", "co", "corp", "group", "the", "and", "services", "company"}


def _words(name: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", name.lower()) if w not in _STOP and len(w) > 2}


def matching_accounts(state: dict[str, Any], company: str) -> list[dict[str, Any]]:
    """Accounts sharing a significant word with the lead's company (the "possible matches")."""
    wanted = _words(company)
    found = [a for a in state["accounts"].values() if wanted & _words(a["name"])]
    return sorted(found, key=lambda a: (-len(wanted & _words(a["name"])), a["name"]))


def convert_defaults(state: dict[str, Any], lead: dict[str, Any]) -> dict[str, str]:
    """The form as first shown: everything the lead already knows, copied over."""
    values = {
        "accountMode": "new",
        "existingAccountId": "",
        "createOpportunity": "on",
        "ownerId": lead["ownerId"],
        "account.name": lead["company"],
        "account.type": "",
        "account.industry": lead["industry"] or "",
        "account.rating": lead["rating"] or "",
        "account.website": lead["website"],
        "account.phone": lead["phone"],
        "account.employees": "" if lead["employees"] is None else str(lead["employees"]),
        "account.annualRevenueCents": money_input(lead["annualRevenueCents"]),
        "account.billingStreet": lead["street"],
        "account.billingCity": lead["city"],
        "account.billingState": lead["state"],
        "account.billingPostalCode": lead["postalCode"],
        "account.billingCountry": lead["country"],
        "opportunity.name": f"{lead['company']} - ",
        "opportunity.stage": "Prospecting",
    }
    for key in ("salutation", "firstName", "lastName", "title", "email", "phone", "mobile"):
        values[f"contact.{key}"] = lead[key] or ""
    matches = matching_accounts(state, lead["company"])
    if matches:
        values["existingAccountId"] = matches[0]["id"]
    return values


def parse_convert_form(
    state: dict[str, Any], form: dict[str, str]
) -> tuple[ConvertRequest | None, dict[str, str]]:
    """The request to convert with, or None and the errors keyed by form field name."""
    errors: dict[str, str] = {}
    existing: str | None = None
    account: dict[str, Any] = {}
    if form.get("accountMode") == "existing":
        existing = form.get("existingAccountId", "")
        if existing not in state["accounts"]:
            errors["existingAccountId"] = "Choose the existing account to attach the contact to."
    else:
        account, errs = parse_fields(ACCOUNT_STEP, form, prefix="account.")
        errors.update(errs)
    contact, errs = parse_fields(CONTACT_STEP, form, prefix="contact.")
    errors.update(errs)
    opportunity: dict[str, Any] | None = None
    if form.get("createOpportunity") in ("on", "1", "true"):
        opportunity, errs = parse_fields(OPPORTUNITY_STEP, form, prefix="opportunity.")
        errors.update(errs)
    owner = form.get("ownerId", "")
    if owner not in state["users"]:
        errors["ownerId"] = "Choose the record owner."
    if errors:
        return None, errors
    return ConvertRequest(owner, existing, account, contact, opportunity), errors

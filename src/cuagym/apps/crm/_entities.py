"""The four record types the UI treats alike: labels, fields, detail sections, list columns.

Leads, accounts, contacts and opportunities share one set of screens (list view, detail page
with inline edit, create form); this table is what makes each screen show the right fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cuagym.apps.crm._fields import (
    ACCOUNT_FIELDS,
    CONTACT_FIELDS,
    LEAD_FIELDS,
    OPPORTUNITY_FIELDS,
    FieldSpec,
)

__all__ = ["ENTITIES", "EntityType", "entity_by_path", "record_title"]


@dataclass(frozen=True)
class EntityType:
    kind: str  #: relatedType value: ``lead``
    collection: str  #: state key: ``leads``
    path: str  #: URL segment: ``leads``
    prefix: str  #: id prefix: ``lead``
    singular: str
    plural: str
    fields: tuple[FieldSpec, ...]
    #: detail page sections: (title, field keys)
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    #: list view columns: (field key or derived key, header)
    columns: tuple[tuple[str, str], ...]
    #: fields a list-view search matches (case-insensitive substring)
    search: tuple[str, ...]
    #: list-view filters: (field key, label)
    filters: tuple[tuple[str, str], ...]
    icon: str

    def spec(self, key: str) -> FieldSpec:
        return next(f for f in self.fields if f.key == key)


def record_title(kind: str, record: dict[str, Any]) -> str:
    """What a record is called on screen: a person's full name or the record's name."""
    if kind in ("lead", "contact"):
        return " ".join(p for p in (record.get("firstName", ""), record["lastName"]) if p)
    return str(record["name"])


ENTITIES: dict[str, EntityType] = {
    "lead": EntityType(
        kind="lead",
        collection="leads",
        path="leads",
        prefix="lead",
        singular="Lead",
        plural="Leads",
        fields=LEAD_FIELDS,
        sections=(
            (
                "Lead information",
                (
                    "salutation",
                    "firstName",
                    "lastName",
                    "title",
                    "company",
                    "email",
                    "phone",
                    "mobile",
                    "website",
                    "ownerId",
                ),
            ),
            (
                "Qualification",
                ("status", "rating", "leadSource", "industry", "employees", "annualRevenueCents"),
            ),
            ("Address", ("street", "city", "state", "postalCode", "country")),
            ("Description", ("description",)),
        ),
        columns=(
            ("_title", "Name"),
            ("company", "Company"),
            ("title", "Title"),
            ("status", "Status"),
            ("rating", "Rating"),
            ("leadSource", "Lead source"),
            ("ownerId", "Owner"),
            ("createdAt", "Created"),
        ),
        search=("firstName", "lastName", "company", "email", "title", "city"),
        filters=(("status", "Status"), ("rating", "Rating"), ("leadSource", "Lead source")),
        icon="lead",
    ),
    "account": EntityType(
        kind="account",
        collection="accounts",
        path="accounts",
        prefix="acc",
        singular="Account",
        plural="Accounts",
        fields=ACCOUNT_FIELDS,
        sections=(
            (
                "Account information",
                (
                    "name",
                    "type",
                    "industry",
                    "rating",
                    "website",
                    "phone",
                    "employees",
                    "annualRevenueCents",
                    "ownerId",
                ),
            ),
            (
                "Billing address",
                (
                    "billingStreet",
                    "billingCity",
                    "billingState",
                    "billingPostalCode",
                    "billingCountry",
                ),
            ),
            ("Description", ("description",)),
        ),
        columns=(
            ("_title", "Account name"),
            ("type", "Type"),
            ("industry", "Industry"),
            ("billingCity", "City"),
            ("phone", "Phone"),
            ("annualRevenueCents", "Annual revenue"),
            ("ownerId", "Owner"),
        ),
        search=("name", "website", "billingCity", "phone"),
        filters=(("type", "Type"), ("industry", "Industry"), ("rating", "Rating")),
        icon="account",
    ),
    "contact": EntityType(
        kind="contact",
        collection="contacts",
        path="contacts",
        prefix="con",
        singular="Contact",
        plural="Contacts",
        fields=CONTACT_FIELDS,
        sections=(
            (
                "Contact information",
                (
                    "salutation",
                    "firstName",
                    "lastName",
                    "accountId",
                    "title",
                    "department",
                    "email",
                    "phone",
                    "mobile",
                    "leadSource",
                    "ownerId",
                ),
            ),
            (
                "Mailing address",
                (
                    "mailingStreet",
                    "mailingCity",
                    "mailingState",
                    "mailingPostalCode",
                    "mailingCountry",
                ),
            ),
            ("Description", ("description",)),
        ),
        columns=(
            ("_title", "Name"),
            ("accountId", "Account"),
            ("title", "Title"),
            ("email", "Email"),
            ("phone", "Phone"),
            ("ownerId", "Owner"),
        ),
        search=("firstName", "lastName", "email", "title", "department"),
        filters=(("leadSource", "Lead source"),),
        icon="contact",
    ),
    "opportunity": EntityType(
        kind="opportunity",
        collection="opportunities",
        path="opportunities",
        prefix="opp",
        singular="Opportunity",
        plural="Opportunities",
        fields=OPPORTUNITY_FIELDS,
        sections=(
            (
                "Opportunity information",
                ("name", "accountId", "contactId", "type", "leadSource", "ownerId"),
            ),
            ("Deal", ("stage", "probability", "amountCents", "closeDate", "nextStep")),
            ("Description", ("description",)),
        ),
        columns=(
            ("_title", "Opportunity name"),
            ("accountId", "Account"),
            ("stage", "Stage"),
            ("amountCents", "Amount"),
            ("probability", "Probability"),
            ("closeDate", "Close date"),
            ("ownerId", "Owner"),
        ),
        search=("name", "nextStep"),
        filters=(("stage", "Stage"), ("type", "Type")),
        icon="opportunity",
    ),
}
_BY_PATH = {e.path: e for e in ENTITIES.values()}


def entity_by_path(path: str) -> EntityType | None:
    return _BY_PATH.get(path)

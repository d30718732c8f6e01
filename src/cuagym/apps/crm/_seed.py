"""The seed: the state of a crm session that no task has written.

Tallgrass Software's CRM in late November 2026: 6 users, 20 accounts, 40 contacts, 30
opportunities across every stage, 40 leads, 30 activities and 13 notes. The literal records are in
``_seed_data``; this module only derives ids, e-mail addresses, phone numbers and creation times
from them with fixed rules, so every call returns a byte-identical fresh structure.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from cuagym.apps.crm._seed_data import (
    ACCOUNTS,
    ACTIVITIES,
    CONTACTS,
    LEADS,
    NOTES,
    OPPORTUNITIES,
    USERS,
)

__all__ = ["CURRENT_USER", "ORG_NAME", "build_seed", "slug"]

CURRENT_USER = "u-dana"
ORG_NAME = "Tallgrass Software"
_AREA = ["619", "614", "502", "704", "813", "214", "804", "316", "216", "410", "510", "208"]


def slug(text: str) -> str:
    """``Shamrock Plumbing Co.`` -> ``shamrock-plumbing-co`` (for e-mail domains)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _ts(day: int, minute: int = 0) -> str:
    """A creation time ``day`` days after 2026-01-05 (spread over 2026), whole minutes, UTC."""
    moment = datetime(2026, 1, 5, 15, 0, tzinfo=UTC) + timedelta(days=day, minutes=minute)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _users() -> dict[str, Any]:
    out = {}
    for short, name, title, colour in USERS:
        uid = f"u-{short}"
        first, last = name.lower().split()
        out[uid] = {
            "id": uid,
            "name": name,
            "title": title,
            "email": f"{first}.{last}@tallgrass.example",
            "avatarColor": colour,
        }
    return out


def _accounts() -> dict[str, Any]:
    out = {}
    for i, row in enumerate(ACCOUNTS, 1):
        (name, industry, kind, rating, domain, phone, staff, revenue, street, city, state, postal,
         country, owner) = row  # fmt: skip
        aid = f"acc-{i:04d}"
        out[aid] = {
            "id": aid,
            "name": name,
            "industry": industry,
            "type": kind,
            "rating": rating,
            "website": f"www.{domain}",
            "phone": phone,
            "employees": staff,
            "annualRevenueCents": revenue * 100 if revenue else None,
            "billingStreet": street,
            "billingCity": city,
            "billingState": state,
            "billingPostalCode": postal,
            "billingCountry": country,
            "description": "",
            "ownerId": f"u-{owner}",
            "createdAt": _ts(i * 3),
        }
    return out


def _contacts(accounts: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for i, (acc, salutation, first, last, title, dept, source) in enumerate(CONTACTS, 1):
        account = accounts[f"acc-{acc + 1:04d}"]
        domain = account["website"].removeprefix("www.")
        cid = f"con-{i:04d}"
        out[cid] = {
            "id": cid,
            "accountId": account["id"],
            "salutation": salutation,
            "firstName": first,
            "lastName": last,
            "title": title,
            "department": dept,
            "email": f"{slug(first)}.{slug(last)}@{domain}",
            "phone": account["phone"][:-2] + f"{(i * 7) % 100:02d}",
            "mobile": f"({account['phone'][1:4]}) 555-{1100 + i * 13:04d}",
            "leadSource": source,
            "mailingStreet": account["billingStreet"],
            "mailingCity": account["billingCity"],
            "mailingState": account["billingState"],
            "mailingPostalCode": account["billingPostalCode"],
            "mailingCountry": account["billingCountry"],
            "description": "",
            "ownerId": account["ownerId"],
            "createdAt": _ts(acc * 3 + 1, minute=i * 11),
        }
    return out


def _opportunities(accounts: dict[str, Any]) -> dict[str, Any]:
    out = {}
    per_account = {a: [i for i, c in enumerate(CONTACTS, 1) if c[0] == a] for a in range(20)}
    for i, row in enumerate(OPPORTUNITIES, 1):
        acc, suffix, stage, prob, amount, close, kind, contact, step, owner = row
        account = accounts[f"acc-{acc + 1:04d}"]
        oid = f"opp-{i:04d}"
        out[oid] = {
            "id": oid,
            "name": f"{account['name']} - {suffix}",
            "accountId": account["id"],
            "contactId": None if contact is None else f"con-{per_account[acc][contact]:04d}",
            "stage": stage,
            "probability": prob,
            "amountCents": amount * 100,
            "closeDate": close,
            "type": kind,
            "leadSource": None,
            "nextStep": step,
            "description": "",
            "ownerId": f"u-{owner}",
            "createdAt": _ts(60 + i * 7, minute=30),
        }
    return out


def _leads() -> dict[str, Any]:
    out = {}
    for i, row in enumerate(LEADS, 1):
        (salutation, first, last, company, title, industry, source, status, rating, staff,
         revenue, city, state, country, owner) = row  # fmt: skip
        domain = slug(company).replace("-", "") + ".example"
        lid = f"lead-{i:04d}"
        out[lid] = {
            "id": lid,
            "salutation": salutation,
            "firstName": first,
            "lastName": last,
            "company": company,
            "title": title,
            "email": f"{slug(first)[0]}{slug(last)}@{domain}",
            "phone": f"({_AREA[i % len(_AREA)]}) 555-{200 + i * 3:04d}",
            "mobile": "",
            "website": f"www.{domain}",
            "industry": industry,
            "leadSource": source,
            "status": status,
            "rating": rating,
            "employees": staff,
            "annualRevenueCents": None if revenue is None else revenue * 100,
            "street": f"{100 + i * 37} {['Main', 'Oak', 'Commerce', 'Harbor', 'Lake'][i % 5]} St",
            "city": city,
            "state": state,
            "postalCode": f"{10000 + i * 1777:05d}" if country == "United States" else "",
            "country": country,
            "description": "",
            "ownerId": f"u-{owner}",
            "createdAt": _ts(200 + i * 3, minute=i * 5),
            "convertedAt": None,
            "convertedAccountId": None,
            "convertedContactId": None,
            "convertedOpportunityId": None,
        }
    return out


_PREFIX = {"lead": "lead", "account": "acc", "contact": "con", "opportunity": "opp"}


def _activities() -> dict[str, Any]:
    out = {}
    for i, (kind, idx, subject, typ, status, priority, due, owner) in enumerate(ACTIVITIES, 1):
        aid = f"task-{i:04d}"
        out[aid] = {
            "id": aid,
            "subject": subject,
            "type": typ,
            "status": status,
            "priority": priority,
            "dueDate": due,
            "relatedType": kind,
            "relatedId": f"{_PREFIX[kind]}-{idx + 1:04d}",
            "description": "",
            "ownerId": f"u-{owner}",
            "createdAt": _ts(300 + i, minute=i * 3),
        }
    return out


def _notes() -> dict[str, Any]:
    out = {}
    for i, (kind, idx, title, body, author) in enumerate(NOTES, 1):
        nid = f"note-{i:04d}"
        out[nid] = {
            "id": nid,
            "relatedType": kind,
            "relatedId": f"{_PREFIX[kind]}-{idx + 1:04d}",
            "title": title,
            "body": body,
            "authorId": f"u-{author}",
            "createdAt": _ts(305 + i, minute=i * 7),
        }
    return out


def build_seed() -> dict[str, Any]:
    """A fresh copy of the seed state (valid against the schema and invariants)."""
    accounts = _accounts()
    return {
        "org": {"name": ORG_NAME, "currency": "USD"},
        "currentUser": CURRENT_USER,
        "users": _users(),
        "leads": _leads(),
        "accounts": accounts,
        "contacts": _contacts(accounts),
        "opportunities": _opportunities(accounts),
        "activities": _activities(),
        "notes": _notes(),
        "ui": {"recentItems": []},
    }

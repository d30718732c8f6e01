"""Cross-entity rules of a crm state that the pydantic schema cannot express.

Each rule yields a :class:`~cuagym.hub.Violation` whose path uses the diff-path syntax of
``state_diff`` (``opportunities.opp-0003.probability``), so a task author who gets a 422 finds the
offending value at the same path a reward would read in ``/go``.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from cuagym.apps.crm._schema import CrmState
from cuagym.hub import InvariantChecks, Violation

__all__ = [
    "CHECKS",
    "COLLECTION_OF",
    "RESERVED_IDS",
    "broken_states",
    "check_invariants",
    "invariants_hold_after",
]

#: relatedType -> the state collection holding such records.
COLLECTION_OF: dict[str, str] = {
    "lead": "leads",
    "account": "accounts",
    "contact": "contacts",
    "opportunity": "opportunities",
}
# Keys the hub masks by name (CrmApp.volatile): an entity keyed so would vanish from diffs.
RESERVED_IDS = frozenset({"ui", "recentItems"})
_PHONE_DIGITS = 7
_DIGIT = re.compile(r"\d")


def check_invariants(state: CrmState) -> Iterator[Violation]:
    """Yield every violated rule (empty for a consistent state)."""
    return CHECKS.run(state)


def invariants_hold_after(before: CrmState, after: CrmState) -> bool:
    """Whether ``after`` is still consistent, checking only what its edit changed."""
    return CHECKS.hold_after(before, after)


def _check_current_user(state: CrmState) -> Iterator[Violation]:
    if state.current_user not in state.users:
        yield Violation(path="currentUser", message=f"unknown user {state.current_user!r}")


def _check_records(name: str) -> Callable[[CrmState], Iterator[Violation]]:
    def check(state: CrmState) -> Iterator[Violation]:
        users = state.users
        records: Mapping[str, Any] = getattr(state, name)
        for key, record in records.items():
            if key in RESERVED_IDS:
                yield Violation(path=f"{name}.{key}", message=f"{key!r} is a reserved id")
            if record.id != key:
                yield Violation(
                    path=f"{name}.{key}.id", message=f"id {record.id!r} differs from key {key!r}"
                )
            owner = getattr(record, "owner_id", None) or getattr(record, "author_id", None)
            if name != "users" and owner not in users:
                field = "authorId" if name == "notes" else "ownerId"
                yield Violation(path=f"{name}.{key}.{field}", message=f"unknown user {owner!r}")
            for field in ("phone", "mobile"):
                number = getattr(record, field, "")
                if number and len(_DIGIT.findall(number)) < _PHONE_DIGITS:
                    yield Violation(
                        path=f"{name}.{key}.{field}",
                        message=f"phone number {number!r} has fewer than {_PHONE_DIGITS} digits",
                    )

    return check


def _check_links(state: CrmState) -> Iterator[Violation]:
    for key, contact in state.contacts.items():
        if contact.account_id is not None and contact.account_id not in state.accounts:
            yield Violation(
                path=f"contacts.{key}.accountId", message=f"unknown account {contact.account_id!r}"
            )
    for key, opp in state.opportunities.items():
        if opp.account_id not in state.accounts:
            yield Violation(
                path=f"opportunities.{key}.accountId", message=f"unknown account {opp.account_id!r}"
            )
        if opp.contact_id is not None and opp.contact_id not in state.contacts:
            yield Violation(
                path=f"opportunities.{key}.contactId", message=f"unknown contact {opp.contact_id!r}"
            )
    attached: dict[str, Mapping[str, Any]] = {"activities": state.activities, "notes": state.notes}
    for name, records in attached.items():
        for key, record in records.items():
            target: Mapping[str, Any] = getattr(state, COLLECTION_OF[record.related_type])
            if record.related_id not in target:
                yield Violation(
                    path=f"{name}.{key}.relatedId",
                    message=f"no {record.related_type} {record.related_id!r}",
                )


def _check_leads(state: CrmState) -> Iterator[Violation]:
    for key, lead in state.leads.items():
        links = {
            "convertedAt": lead.converted_at,
            "convertedAccountId": lead.converted_account_id,
            "convertedContactId": lead.converted_contact_id,
        }
        if lead.status == "Converted":
            for field, value in links.items():
                if value is None:
                    yield Violation(
                        path=f"leads.{key}.{field}", message="a converted lead needs " + field
                    )
        else:
            links["convertedOpportunityId"] = lead.converted_opportunity_id
            for field, value in links.items():
                if value is not None:
                    yield Violation(
                        path=f"leads.{key}.{field}",
                        message=f"set on a lead whose status is {lead.status!r}, not 'Converted'",
                    )
            continue
        targets = (
            ("convertedAccountId", lead.converted_account_id, state.accounts),
            ("convertedContactId", lead.converted_contact_id, state.contacts),
            ("convertedOpportunityId", lead.converted_opportunity_id, state.opportunities),
        )
        for field, ref, records in targets:
            if ref is not None and ref not in records:
                yield Violation(path=f"leads.{key}.{field}", message=f"no such record {ref!r}")


def _check_opportunities(state: CrmState) -> Iterator[Violation]:
    # A closed deal's probability is fixed by its outcome; open stages accept any percent.
    fixed = {"Closed Won": 100, "Closed Lost": 0}
    for key, opp in state.opportunities.items():
        want = fixed.get(opp.stage)
        if want is not None and opp.probability != want:
            yield Violation(
                path=f"opportunities.{key}.probability",
                message=f"a {opp.stage!r} deal has probability {want}, not {opp.probability}",
            )


_RECORDS = ("users", "leads", "accounts", "contacts", "opportunities", "activities", "notes")

# Each check with the fields it reads, in the order of the report.
CHECKS = InvariantChecks(
    (["current_user", "users"], _check_current_user),
    *(([name, "users"], _check_records(name)) for name in _RECORDS),
    (["contacts", "accounts", "opportunities", "activities", "notes", "leads"], _check_links),
    (["leads", "accounts", "contacts", "opportunities"], _check_leads),
    (["opportunities"], _check_opportunities),
)


def broken_states(seed: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The seed with one rule broken each (what ``cuagym appgen audit`` proves 422s with)."""
    contact = copy.deepcopy(seed)
    contact["contacts"][next(iter(contact["contacts"]))]["accountId"] = "acc-nowhere"
    won = copy.deepcopy(seed)
    deal = won["opportunities"][next(iter(won["opportunities"]))]
    deal["stage"], deal["probability"] = "Closed Won", 50
    me = copy.deepcopy(seed)
    me["currentUser"] = "u-nobody"
    return {
        "contact of an account that does not exist": contact,
        "won deal with probability 50": won,
        "current user does not exist": me,
    }

"""State operations behind every UI action, as plain functions on the JSON state dict.

UI routes call these inside ``UISession.mutate``; golden patches and task families reuse the
same rules. Values arrive already parsed by ``_fields`` (typed: cents, ISO dates, picklist
values); these functions apply the business rules a form cannot (a converted lead is read-only,
a stage change resets the probability, conversion creates three linked records) and raise
:class:`ActionError` with a message for the person. The hub still validates the schema and the
invariants after every change, so a bug here can never store an inconsistent state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from cuagym.apps.crm._invariants import COLLECTION_OF
from cuagym.apps.crm._schema import STAGE_PROBABILITY

__all__ = [
    "ActionError",
    "ConvertRequest",
    "convert_lead",
    "create_activity",
    "create_note",
    "create_record",
    "format_ts",
    "new_id",
    "remember_visit",
    "set_activity_status",
    "set_stage",
    "update_record",
]

State = dict[str, Any]
ID_PREFIX = {
    "leads": "lead",
    "accounts": "acc",
    "contacts": "con",
    "opportunities": "opp",
    "activities": "task",
    "notes": "note",
}
_RECENT_MAX = 8
_CLOSED = {"Closed Won": 100, "Closed Lost": 0}


class ActionError(ValueError):
    """A UI action that cannot be done; the message is shown to the person as is."""


def format_ts(moment: datetime) -> str:
    """The app's timestamp spelling: UTC, whole seconds, ``Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _stamp(now: datetime | None) -> str:
    return format_ts(now if now is not None else datetime.now(UTC))


def new_id(state: State, collection: str) -> str:
    """The next free id of a collection: ``<prefix>-<max + 1, 4 digits>`` (``opp-0031``)."""
    prefix = ID_PREFIX[collection]
    pattern = re.compile(rf"{prefix}-(\d+)")
    highest = 0
    for key in state[collection]:
        m = pattern.fullmatch(key)
        if m:
            highest = max(highest, int(m.group(1)))
    return f"{prefix}-{highest + 1:04d}"


def _record(state: State, collection: str, rid: str) -> dict[str, Any]:
    record = state[collection].get(rid)
    if record is None:
        raise ActionError(f"That record no longer exists ({rid}).")
    return record  # type: ignore[no-any-return]


def _probability_for(stage: str, given: int | None) -> int:
    if stage in _CLOSED:
        return _CLOSED[stage]
    return STAGE_PROBABILITY[stage] if given is None else given


# -- records ------------------------------------------------------------------------------------
def create_record(
    state: State, collection: str, values: dict[str, Any], now: datetime | None = None
) -> str:
    """Add a lead, account, contact or opportunity from parsed form values; returns its id."""
    values = dict(values)
    if collection == "leads":
        if values.get("status") == "Converted":
            raise ActionError("A lead becomes Converted only by converting it.")
        values.setdefault("status", "New")
    if collection == "opportunities":
        values["probability"] = _probability_for(values["stage"], values.get("probability"))
    values.setdefault("ownerId", state["currentUser"])
    rid = new_id(state, collection)
    state[collection][rid] = {"id": rid, **values, "createdAt": _stamp(now)}
    return rid


def update_record(state: State, collection: str, rid: str, values: dict[str, Any]) -> list[str]:
    """Apply edited fields to a record; returns the keys that really changed.

    An opportunity whose stage changes gets the new stage's default probability unless the same
    edit also typed a different probability; closed stages force 100 / 0.
    """
    record = _record(state, collection, rid)
    if collection == "leads":
        if record["status"] == "Converted":
            raise ActionError("This lead has been converted; edit its contact or account instead.")
        if values.get("status") == "Converted":
            raise ActionError("A lead becomes Converted only by converting it.")
    values = dict(values)
    if collection == "opportunities":
        stage = values.get("stage", record["stage"])
        typed = values.get("probability", record["probability"])
        if stage != record["stage"] and typed in (record["probability"], None):
            typed = None  # the person did not choose a probability: follow the stage
        values["probability"] = _probability_for(stage, typed)
    changed = [k for k, v in values.items() if record.get(k) != v]
    for key in changed:
        record[key] = values[key]
    return changed


def set_stage(state: State, oid: str, stage: str) -> None:
    """Move an opportunity to ``stage`` (pipeline board): probability follows the stage."""
    if stage not in STAGE_PROBABILITY:
        raise ActionError(f"Unknown stage {stage!r}.")
    update_record(state, "opportunities", oid, {"stage": stage})


# -- activities and notes -----------------------------------------------------------------------
def _check_target(state: State, related_type: str, related_id: str) -> None:
    collection = COLLECTION_OF.get(related_type)
    if collection is None or related_id not in state[collection]:
        raise ActionError("The record this belongs to no longer exists.")


def create_activity(
    state: State,
    related_type: str,
    related_id: str,
    values: dict[str, Any],
    completed: bool = False,
    now: datetime | None = None,
) -> str:
    """A new task (``completed=False``) or a logged call/e-mail/meeting (``completed=True``)."""
    _check_target(state, related_type, related_id)
    aid = new_id(state, "activities")
    state["activities"][aid] = {
        "id": aid,
        "subject": values["subject"],
        "type": values.get("type") or "To-do",
        "status": "Completed" if completed else "Open",
        "priority": values.get("priority") or "Normal",
        "dueDate": values.get("dueDate"),
        "relatedType": related_type,
        "relatedId": related_id,
        "description": values.get("description", ""),
        "ownerId": state["currentUser"],
        "createdAt": _stamp(now),
    }
    return aid


def set_activity_status(state: State, aid: str, completed: bool) -> None:
    _record(state, "activities", aid)["status"] = "Completed" if completed else "Open"


def create_note(
    state: State,
    related_type: str,
    related_id: str,
    title: str,
    body: str,
    now: datetime | None = None,
) -> str:
    _check_target(state, related_type, related_id)
    nid = new_id(state, "notes")
    state["notes"][nid] = {
        "id": nid,
        "relatedType": related_type,
        "relatedId": related_id,
        "title": title,
        "body": body,
        "authorId": state["currentUser"],
        "createdAt": _stamp(now),
    }
    return nid


# -- lead conversion ----------------------------------------------------------------------------
@dataclass
class ConvertRequest:
    """The parsed conversion form (see ``_convert`` for its fields)."""

    owner_id: str
    #: ``None``: create a new account from ``account``; else the id of the account to use.
    existing_account_id: str | None
    account: dict[str, Any] = field(default_factory=dict)
    contact: dict[str, Any] = field(default_factory=dict)
    #: ``None``: no opportunity (the "Don't create an opportunity" box).
    opportunity: dict[str, Any] | None = None


@dataclass(frozen=True)
class Converted:
    account_id: str
    contact_id: str
    opportunity_id: str | None


def convert_lead(
    state: State, lid: str, req: ConvertRequest, now: datetime | None = None
) -> Converted:
    """Turn a lead into an account (new or existing), a contact and optionally an opportunity.

    The contact inherits the lead's address, lead source and description; the opportunity its
    lead source. The lead keeps its activities and notes and becomes ``Converted``.
    """
    lead = _record(state, "leads", lid)
    if lead["status"] == "Converted":
        raise ActionError("This lead has already been converted.")
    if req.owner_id not in state["users"]:
        raise ActionError("Choose an existing record owner.")
    stamp = _stamp(now)
    if req.existing_account_id is not None:
        aid = req.existing_account_id
        _record(state, "accounts", aid)
    else:
        aid = new_id(state, "accounts")
        state["accounts"][aid] = {
            "id": aid,
            **req.account,
            "description": "",
            "ownerId": req.owner_id,
            "createdAt": stamp,
        }
    cid = new_id(state, "contacts")
    state["contacts"][cid] = {
        "id": cid,
        "accountId": aid,
        **req.contact,
        "leadSource": lead["leadSource"],
        "mailingStreet": lead["street"],
        "mailingCity": lead["city"],
        "mailingState": lead["state"],
        "mailingPostalCode": lead["postalCode"],
        "mailingCountry": lead["country"],
        "description": lead["description"],
        "ownerId": req.owner_id,
        "createdAt": stamp,
    }
    oid: str | None = None
    if req.opportunity is not None:
        opp = req.opportunity
        oid = new_id(state, "opportunities")
        state["opportunities"][oid] = {
            "id": oid,
            "name": opp["name"],
            "accountId": aid,
            "contactId": cid,
            "stage": opp["stage"],
            "probability": _probability_for(opp["stage"], opp.get("probability")),
            "amountCents": opp.get("amountCents"),
            "closeDate": opp["closeDate"],
            "type": opp.get("type"),
            "leadSource": lead["leadSource"],
            "nextStep": opp.get("nextStep", ""),
            "description": "",
            "ownerId": req.owner_id,
            "createdAt": stamp,
        }
    lead.update(
        status="Converted",
        convertedAt=stamp,
        convertedAccountId=aid,
        convertedContactId=cid,
        convertedOpportunityId=oid,
    )
    return Converted(aid, cid, oid)


# -- volatile view state ------------------------------------------------------------------------
def remember_visit(state: State, kind: str, rid: str) -> None:
    """Put a record first in ``ui.recentItems`` (volatile: never in a reward's diff)."""
    items = [i for i in state["ui"]["recentItems"] if (i["type"], i["id"]) != (kind, rid)]
    state["ui"]["recentItems"] = [{"type": kind, "id": rid}, *items][:_RECENT_MAX]

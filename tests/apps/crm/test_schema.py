"""Schema and invariants: the seed is valid, bad states are refused with diff-style paths."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.apps.crm import CrmApp, CrmState, build_seed
from cuagym.apps.crm._invariants import check_invariants
from tests.apps.crm.conftest import CrmClient


def violations(state: dict[str, Any]) -> list[tuple[str, str]]:
    model = CrmState.model_validate(state)
    return [(v.path, v.message) for v in check_invariants(model)]


def test_seed_is_valid_deterministic_and_sized_like_a_real_crm() -> None:
    seed = build_seed()
    assert build_seed() == seed and build_seed() is not seed
    model = CrmState.model_validate(seed)
    assert model.model_dump(mode="json", by_alias=True) == seed  # defaults already explicit
    assert violations(seed) == []
    assert len(seed["leads"]) >= 36 and len(seed["accounts"]) == 20
    assert len(seed["contacts"]) == 40 and len(seed["opportunities"]) == 30
    assert {o["stage"] for o in seed["opportunities"].values()} == {
        "Prospecting", "Qualification", "Needs Analysis", "Proposal", "Negotiation",
        "Closed Won", "Closed Lost",
    }  # fmt: skip
    assert all(isinstance(o["amountCents"], int) for o in seed["opportunities"].values())
    assert CrmApp().seed() == seed


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("opportunities", "opp-0001", "amountCents"), 1250.5),  # money is integer cents
        (("opportunities", "opp-0001", "amountCents"), "125000"),
        (("opportunities", "opp-0001", "stage"), "Won"),
        (("opportunities", "opp-0001", "closeDate"), "2027-02-30"),  # not a real day
        (("opportunities", "opp-0001", "closeDate"), "12/18/2026"),
        (("opportunities", "opp-0001", "probability"), 101),
        (("leads", "lead-0001", "email"), "not-an-email"),
        (("leads", "lead-0001", "rating"), "Lukewarm"),
        (("leads", "lead-0001", "status"), "Done"),
        (("accounts", "acc-0001", "employees"), -3),
        (("accounts", "acc-0001", "colour"), "red"),  # unknown keys are refused
        (("contacts", "con-0001", "lastName"), ""),
    ],
)
def test_schema_refuses_mistyped_values(path: tuple[str, ...], value: Any) -> None:
    state = build_seed()
    state[path[0]][path[1]][path[2]] = value
    with pytest.raises(ValidationError):
        CrmState.model_validate(state)


def test_invariants_name_the_failing_paths() -> None:
    state = build_seed()
    state["opportunities"]["opp-0002"]["accountId"] = "acc-9999"
    state["opportunities"]["opp-0005"]["probability"] = 90  # Closed Won must be 100
    state["contacts"]["con-0001"]["accountId"] = "acc-9999"
    state["leads"]["lead-0001"]["status"] = "Converted"  # without its converted records
    state["leads"]["lead-0002"]["convertedAccountId"] = "acc-0001"  # not converted
    state["activities"]["task-0001"]["relatedId"] = "opp-9999"
    state["notes"]["note-0001"]["authorId"] = "u-nobody"
    state["accounts"]["acc-0003"]["phone"] = "(55) 12.."  # 4 digits only
    state["leads"]["lead-0003"]["id"] = "lead-x"
    state["currentUser"] = "u-ghost"
    found = {path for path, _ in violations(state)}
    assert found == {
        "opportunities.opp-0002.accountId",
        "opportunities.opp-0005.probability",
        "contacts.con-0001.accountId",
        "leads.lead-0001.convertedAt",
        "leads.lead-0001.convertedAccountId",
        "leads.lead-0001.convertedContactId",
        "leads.lead-0002.convertedAccountId",
        "activities.task-0001.relatedId",
        "notes.note-0001.authorId",
        "accounts.acc-0003.phone",
        "leads.lead-0003.id",
        "currentUser",
    }


def test_a_minimal_state_is_completed_with_defaults() -> None:
    minimal = {
        "org": {"name": "Acme Test"},
        "currentUser": "u-a",
        "users": {"u-a": {"id": "u-a", "name": "Ann Lee"}},
        "accounts": {
            "a1": {
                "id": "a1",
                "name": "Blue Co",
                "ownerId": "u-a",
                "createdAt": "2030-01-01T00:00:00Z",
            },
        },
    }
    model = CrmState.model_validate(minimal)
    assert list(check_invariants(model)) == []
    dumped = model.model_dump(mode="json", by_alias=True)
    assert dumped["accounts"]["a1"]["annualRevenueCents"] is None
    assert dumped["accounts"]["a1"]["website"] == ""
    assert dumped["leads"] == {} and dumped["ui"] == {"recentItems": []}


async def test_hub_refuses_an_invalid_state_and_keeps_the_old_one(crm: CrmClient) -> None:
    bad = copy.deepcopy(build_seed())
    bad["opportunities"]["opp-0001"]["contactId"] = "con-9999"
    r = await crm.inject(bad)
    assert r.status_code == 422
    assert [d["path"] for d in r.json()["details"]] == ["opportunities.opp-0001.contactId"]
    assert (await crm.diff()) == {}

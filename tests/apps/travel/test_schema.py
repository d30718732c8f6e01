"""The travel schema and invariants: the seed is valid, and each broken state names its rule."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.apps.travel import TravelApp, TravelState, build_seed
from cuagym.apps.travel._invariants import broken_states, check_invariants


def violations(state: dict[str, Any]) -> list[str]:
    return [v.path for v in check_invariants(TravelState.model_validate(state))]


def test_the_seed_is_valid_rich_and_deterministic(seed: dict[str, Any]) -> None:
    assert violations(seed) == []
    assert build_seed() == seed  # a fresh, identical copy each call
    assert len(seed["flights"]) >= 300 and len(seed["travellers"]) >= 30
    assert len(seed["trips"]) >= 60 and len(seed["bookings"]) >= 100 and len(seed["hotels"]) >= 20
    statuses = {t["status"] for t in seed["trips"].values()}
    assert statuses == {"draft", "submitted", "approved", "rejected", "cancelled"}
    assert {b["status"] for b in seed["bookings"].values()} == {"confirmed", "cancelled"}
    # every brand is sold on every flight, and bookings use more than one brand
    assert all(set(f["fares"]) == set(seed["fareRules"]) for f in seed["flights"].values())
    assert len({b["fare"] for b in seed["bookings"].values()}) >= 3


def test_each_broken_state_breaks_its_rule(seed: dict[str, Any]) -> None:
    broken = broken_states(seed)
    assert len(broken) >= 3
    expected = {
        "booking on a trip that does not exist": "tripId",
        "one seat held by two bookings": "seat",
        "rejected trip without a note": "decisionNote",
        "hotel stay that checks out when it checks in": "checkOut",
    }
    for name, state in broken.items():
        found = violations(state)
        assert found and any(expected[name] in path for path in found), (name, found)
    assert set(TravelApp().broken_states()) == set(expected)


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("bookings", "bk-0001", "seat"), "99Z"),
        (("bookings", "bk-0001", "ref"), "abc"),
        (("trips", "trp-0001", "status"), "booked"),
        (("flights", "fl-0001", "departs"), "25:00"),
        (("travellers", "tr-noor", "loyalty", "cd"), "x"),
        (("company", "policy", "hotelNightCapCents"), -1),
    ],
)
def test_the_schema_refuses_malformed_values(
    seed: dict[str, Any], path: tuple[str, ...], value: Any
) -> None:
    state = copy.deepcopy(seed)
    node = state
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(ValidationError):
        TravelState.model_validate(state)

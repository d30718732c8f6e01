"""The shop schema and invariants: the seed is valid, and each broken state names its rule."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.apps.shop import ShopApp, ShopState, build_seed
from cuagym.apps.shop._invariants import broken_states, check_invariants


def violations(state: dict[str, Any]) -> list[str]:
    return [v.path for v in check_invariants(ShopState.model_validate(state))]


def test_the_seed_is_valid_rich_and_deterministic(seed: dict[str, Any]) -> None:
    assert violations(seed) == []
    assert build_seed() == seed  # a fresh, identical copy each call
    sizes = {k: len(v) for k, v in seed.items() if isinstance(v, dict) and k != "store"}
    assert sizes["orders"] >= 200 and sizes["customers"] >= 80 and sizes["variants"] >= 70
    statuses = {o["status"] for o in seed["orders"].values()}
    assert statuses == {"pending", "paid", "shipped", "delivered", "cancelled"}
    assert {r["status"] for r in seed["refunds"].values()} == {"requested", "refunded", "declined"}


def test_each_broken_state_breaks_exactly_its_rule(seed: dict[str, Any]) -> None:
    broken = broken_states(seed)
    assert len(broken) >= 3
    expected = {
        "order of a customer that does not exist": "customerId",
        "shipped order without a tracking number": "trackingNumber",
        "discount used beyond its usage limit": "timesUsed",
        "refund larger than its order": "orders.",
    }
    for name, state in broken.items():
        found = violations(state)
        assert len(found) == 1 and expected[name] in found[0], (name, found)
    assert ShopApp().broken_states().keys() == broken.keys()


def test_the_schema_refuses_typos_and_bad_values(seed: dict[str, Any]) -> None:
    typo = copy.deepcopy(seed)
    typo["orders"]["ord-1001"]["trackingNo"] = "X"
    with pytest.raises(ValidationError):
        ShopState.model_validate(typo)
    negative = copy.deepcopy(seed)
    negative["variants"]["var-0001"]["stock"] = -1
    with pytest.raises(ValidationError):
        ShopState.model_validate(negative)
    status = copy.deepcopy(seed)
    status["orders"]["ord-1001"]["status"] = "lost"
    with pytest.raises(ValidationError):
        ShopState.model_validate(status)


def test_refunding_more_units_than_ordered_is_a_violation(seed: dict[str, Any]) -> None:
    state = copy.deepcopy(seed)
    refund = next(r for r in state["refunds"].values() if r["status"] == "refunded" and r["lines"])
    key = next(iter(refund["lines"]))
    refund["lines"][key] = state["orders"][refund["orderId"]]["lines"][key]["quantity"] + 1
    assert any(p.startswith(f"orders.{refund['orderId']}.lines.") for p in violations(state))

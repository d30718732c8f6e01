"""The expenses schema and invariants: the seed is valid, and each broken state names its rule."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.apps.expenses import ExpensesApp, ExpensesState, budget_rows, build_seed
from cuagym.apps.expenses._invariants import broken_states, check_invariants


def violations(state: dict[str, Any]) -> list[str]:
    return [v.path for v in check_invariants(ExpensesState.model_validate(state))]


def test_the_seed_is_valid_rich_and_deterministic(seed: dict[str, Any]) -> None:
    assert violations(seed) == []
    assert build_seed() == seed  # a fresh, identical copy each call
    assert len(seed["reports"]) >= 120 and len(seed["employees"]) >= 20
    assert sum(len(r["lines"]) for r in seed["reports"].values()) >= 400
    assert len(seed["audit"]) >= 300 and len(seed["cardTransactions"]) >= 100
    statuses = {r["status"] for r in seed["reports"].values()}
    assert statuses == {
        "draft",
        "returned",
        "submitted",
        "reviewed",
        "approved",
        "paid",
        "rejected",
    }
    currencies = {ln["currency"] for r in seed["reports"].values() for ln in r["lines"].values()}
    assert currencies == {"USD", "EUR", "GBP", "CAD"}
    assert {t["status"] for t in seed["cardTransactions"].values()} == {
        "unmatched",
        "matched",
        "personal",
    }
    assert sum(b["over"] for b in budget_rows(seed)) == 2  # two centres over: a story to tell


def test_each_broken_state_breaks_exactly_its_rule(seed: dict[str, Any]) -> None:
    broken = broken_states(seed)
    assert len(broken) >= 3
    expected = {
        "rejected report without a reason": "rejectionReason",
        "card charge that differs from its matched line": "amountCents",
        "paid report missing from its payout batch": "payoutId",
        "line in a category that does not exist": "categoryId",
    }
    for name, state in broken.items():
        found = violations(state)
        assert len(found) == 1 and expected[name] in found[0], (name, found)


def test_the_schema_refuses_what_it_cannot_hold(seed: dict[str, Any]) -> None:
    bad = copy.deepcopy(seed)
    next(iter(bad["reports"].values()))["status"] = "archived"
    with pytest.raises(ValidationError):
        ExpensesState.model_validate(bad)
    bad = copy.deepcopy(seed)
    line = next(iter(next(iter(bad["reports"].values()))["lines"].values()))
    line["receipt"] = "notes.txt"  # receipts are scans: pdf, jpg or png
    with pytest.raises(ValidationError):
        ExpensesState.model_validate(bad)


def test_the_app_answers_with_its_own_seed_and_rules(seed: dict[str, Any]) -> None:
    app = ExpensesApp()
    assert app.seed() == seed
    assert set(app.broken_states()) == set(broken_states(seed))

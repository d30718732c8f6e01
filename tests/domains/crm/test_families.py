"""Every task family, for several seeds, run for real: r(init) = 0, r(gold) = 1; and partial
credit for plausible agent mistakes (an end state that is close but wrong never scores 1)."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml

from cuagym.core import parse_reward_output
from cuagym.domains import TaskFamily
from cuagym.domains.crm import domain
from cuagym.domains.crm._families._records import long_date
from cuagym.domains.crm._fields import format_money
from tests.conftest import LiveHub
from tests.domains.family_harness import check_sample, run_script

FAMILIES = {f.id: f for f in domain.families}
SEEDS = (0, 1, 2)


def test_families_cover_the_taxonomy_and_difficulties() -> None:
    assert len(FAMILIES) >= 8
    levels = [f.difficulty for f in domain.families]
    assert levels.count("easy") >= 2 and levels.count("medium") >= 3 and levels.count("hard") >= 2
    assert domain.taxonomy_file is not None
    tree = yaml.safe_load(domain.taxonomy_file.read_text())
    for family in domain.families:
        node = tree
        for key in family.taxonomy_path:
            node = node["children"][key]
        assert node["description"] and node["ui_elements"], family.taxonomy_path
    assert len({f.taxonomy_path for f in domain.families}) == len(FAMILIES)


@pytest.mark.parametrize("family_id", sorted(FAMILIES))
def test_instructions_vary_and_state_their_facts(family_id: str) -> None:
    family = FAMILIES[family_id]
    tasks = [family.sample(seed) for seed in range(6)]
    assert len({t.instruction for t in tasks}) >= 4
    for task in tasks:
        text = task.instruction + " " + task.context
        for key, value in (task.model_extra or {})["params"].items():
            if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
                assert long_date(value) in text, (key, value)  # dates are spelt out
            elif isinstance(value, str) and key != "related_type":
                assert value in text, (key, value)
            elif isinstance(value, int) and key.endswith("_cents"):
                assert format_money(value) in text, (key, value)


@pytest.mark.slow
@pytest.mark.parametrize("family_id", sorted(FAMILIES))
def test_family_scores_zero_then_one(family_id: str, crm_hub: LiveHub, tmp_path: Path) -> None:
    family = FAMILIES[family_id]
    worlds = set()
    for seed in SEEDS:
        result = check_sample(family, seed, crm_hub.url, crm_hub.token, tmp_path / str(seed))
        assert result.r_init == 0.0, result.init_output
        assert result.r_gold == 1.0, result.gold_output
        worlds.add(family.generate(result.task).initial_setup)
    assert len(worlds) == len(SEEDS)  # each task gets its own world


# -- plausible mistakes -------------------------------------------------------------------------
def _by_name(records: dict[str, Any], **match: Any) -> dict[str, Any]:
    return next(r for r in records.values() if all(r.get(k) == v for k, v in match.items()))


def wrong_amount_units(state: dict[str, Any], p: dict[str, Any]) -> None:
    """Typed the amount in dollars into a cents field (or dropped the cents) and no next step."""
    opp = _by_name(state["opportunities"], name=p["name"])
    opp["amountCents"] = p["amount_cents"] // 100
    opp["nextStep"] = "call them"


def kept_company_name(state: dict[str, Any], p: dict[str, Any]) -> None:
    """Accepted the prefilled account name instead of the one asked for."""
    account = _by_name(state["accounts"], name=p["account_name"])
    account["name"] = p["company"]


def created_duplicate_account(state: dict[str, Any], p: dict[str, Any]) -> None:
    """Converted onto a new account although the instruction said to use the existing one."""
    lead = _by_name(state["leads"], firstName=p["first"], lastName=p["last"])
    existing = _by_name(state["accounts"], name=p["account"])
    dup = copy.deepcopy(existing) | {"id": "acc-0999", "name": p["company"]}
    state["accounts"]["acc-0999"] = dup
    lead["convertedAccountId"] = "acc-0999"
    state["contacts"][lead["convertedContactId"]]["accountId"] = "acc-0999"


def contact_on_wrong_account(state: dict[str, Any], p: dict[str, Any]) -> None:
    contact = _by_name(state["contacts"], firstName=p["first"], lastName=p["last"])
    contact["accountId"] = next(a for a in sorted(state["accounts"]) if a != contact["accountId"])


def status_without_rating(state: dict[str, Any], p: dict[str, Any]) -> None:
    lead = _by_name(state["leads"], firstName=p["first"], lastName=p["last"])
    lead["rating"] = p["from_rating"]


def logged_instead_of_task(state: dict[str, Any], p: dict[str, Any]) -> None:
    """Logged a completed activity instead of scheduling an open task; forgot the note."""
    task = _by_name(state["activities"], subject=p["subject"], status="Open")
    task["status"] = "Completed"
    note = _by_name(state["notes"], title=p["note_title"])
    del state["notes"][note["id"]]


MISTAKES: dict[str, Callable[[dict[str, Any], dict[str, Any]], None]] = {
    "update-deal-terms": wrong_amount_units,
    "convert-lead-new-account": kept_company_name,
    "convert-lead-existing-account": created_duplicate_account,
    "create-contact": contact_on_wrong_account,
    "update-lead-status": status_without_rating,
    "schedule-follow-up": logged_instead_of_task,
}


@pytest.mark.slow
@pytest.mark.parametrize("family_id", sorted(MISTAKES))
def test_a_plausible_mistake_gets_partial_credit_at_most(
    family_id: str, crm_hub: LiveHub, tmp_path: Path
) -> None:
    family: TaskFamily = FAMILIES[family_id]
    task = family.sample(3)
    scripts = family.generate(task)
    sid, home = f"wrong-{family_id}", tmp_path / "home"
    run_script(scripts.initial_setup, crm_hub.url, crm_hub.token, sid, home)
    run_script(scripts.golden_patch, crm_hub.url, crm_hub.token, sid, home)
    base = f"{crm_hub.url}/crm"
    state = httpx.get(f"{base}/state", params={"sid": sid}, headers=crm_hub.auth).json()
    current = state["stored_state"]
    MISTAKES[family_id](current, (task.model_extra or {})["params"])
    r = httpx.post(
        f"{base}/post",
        params={"sid": sid},
        headers=crm_hub.auth,
        json={"action": "set_current", "state": current},
    )
    assert r.status_code == 200, r.text
    out = run_script(family.write_reward(task), crm_hub.url, crm_hub.token, sid, home)
    reward = parse_reward_output(out).reward
    assert reward is not None and 0.0 <= reward < 1.0, out
    if family_id != "convert-lead-existing-account":  # that one is zeroed by its guard
        assert reward > 0.0, out

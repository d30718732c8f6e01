"""Every task family, for several seeds, run for real: r(init) = 0, r(gold) = 1 (wrong end
states, which never score 1, live in ``test_end_states``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from cuagym.apps.expenses import format_money, long_date
from cuagym.domains import load_domain
from tests.conftest import LiveHub
from tests.families.family_harness import check_sample

domain = load_domain("expenses")

FAMILIES = {f.id: f for f in domain.families}
SEEDS = (0, 1, 2)


def test_families_cover_the_taxonomy_and_difficulties() -> None:
    assert len(FAMILIES) >= 8
    levels = [f.difficulty for f in domain.families]
    assert levels.count("easy") >= 2 and levels.count("medium") >= 2 and levels.count("hard") >= 3
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
        for key, value in (task.params or {}).items():
            if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
                assert long_date(value) in text, (key, value)  # dates are spelt out
            elif isinstance(value, str):
                assert value in text, (key, value)
            elif isinstance(value, int) and key.endswith("_cents"):
                assert format_money(value) in text, (key, value)


@pytest.mark.slow
@pytest.mark.parametrize("family_id", sorted(FAMILIES))
def test_family_scores_zero_then_one(family_id: str, expenses_hub: LiveHub, tmp_path: Path) -> None:
    family = FAMILIES[family_id]
    worlds = set()
    for seed in SEEDS:
        result = check_sample(
            family, seed, expenses_hub.url, expenses_hub.token, tmp_path / str(seed)
        )
        assert result.r_init == 0.0, result.init_output
        assert result.r_gold == 1.0, result.gold_output
        worlds.add(family.generate(result.task).initial_setup)
    assert len(worlds) == len(SEEDS)  # each task gets its own world

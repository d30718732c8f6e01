"""writer's task families: taxonomy, task hygiene, r(init) = 0 / r(gold) = 1 in real sandboxes,
(wrong end states: test_wrong_states.py)."""

from __future__ import annotations

import asyncio
import re
from collections import Counter

import pytest

from cuagym.domains import TaskFamily, load_domain
from tests.families.desktop_harness import check_desktop_sample
from tests.families.writer.office_checks import (
    assert_goal_not_method,
    assert_params_stated,
    assert_typed_params,
    check_tree,
    leaves,
    taxonomy,
)

domain = load_domain("writer")

FAMILIES = domain.families
SEEDS = (0, 1, 2)


# -- static ---------------------------------------------------------------------------------------
def test_taxonomy_shape() -> None:
    tree = taxonomy(domain)
    check_tree(tree)
    assert tree["name"] == "writer"
    assert len(leaves(tree)) >= 30


def test_families_cover_the_difficulties_and_distinct_leaves() -> None:
    assert len(FAMILIES) >= 8
    single = [f for f in FAMILIES if f.task_apps() == ["writer"]]
    counts = Counter(f.difficulty for f in single)
    assert counts["easy"] >= 2 and counts["medium"] >= 3 and counts["hard"] >= 2
    cross = [f for f in FAMILIES if len(f.task_apps()) > 1]
    assert len(cross) >= 2 and all("writer" in f.task_apps() for f in cross)
    assert len({f.id for f in FAMILIES}) == len(FAMILIES)
    known = leaves(taxonomy(domain))
    paths = [f.taxonomy_path for f in FAMILIES]
    assert len(set(paths)) == len(paths)
    for family in FAMILIES:
        assert family.taxonomy_path in known, family.id
        assert family.domain == "writer" and domain.family(family.id) is family
    assert domain.platform == "desktop" and domain.skill


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_tasks_state_their_params_and_vary(family: TaskFamily) -> None:
    tasks = [family.sample(seed) for seed in range(6)]
    for task in tasks:
        assert_params_stated(task)
        assert_goal_not_method(task)
        assert task.apps == family.task_apps()
    assert len({t.instruction for t in tasks}) > 1
    # Each task gets its own world (filler text, numbers), not one shared document.
    setups = {family.generate(t).initial_setup.split("FILES = ", 1)[1] for t in tasks[:3]}
    assert len(setups) == 3


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_params_are_typed(family: TaskFamily) -> None:
    assert_typed_params(family)


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_reward_is_written_from_the_task_alone(family: TaskFamily) -> None:
    task = family.sample(7)
    reward = family.write_reward(task)
    assert reward == family.write_reward(task)
    world = family.generate(task).initial_setup.split("FILES = ", 1)[1]
    # No filler sentence of the Generator's world leaks into the reward.
    sentences = set(re.findall(r'"([A-Z][^"]{40,}\.)"', world))
    assert not [s for s in sentences if s in reward]
    assert "subprocess" not in reward and "FILES" not in reward


# -- live: r(init) = 0, r(gold) = 1 ---------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
async def test_init_scores_zero_and_gold_scores_one(family: TaskFamily) -> None:
    samples = await asyncio.gather(*(check_desktop_sample(family, seed) for seed in SEEDS))
    for sample in samples:
        assert sample.r_init == 0.0, sample.init_output
        assert sample.r_gold == 1.0, sample.gold_output

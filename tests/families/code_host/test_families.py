"""Every task family, for seeds 0-2, run for real: r(init) = 0, r(gold) = 1 (wrong end states,
which never score 1, live in ``test_end_states``)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cuagym.domains import load_domain
from tests.conftest import LiveHub
from tests.families.family_harness import check_sample

domain = load_domain("code-host")

FAMILIES = {f.id: f for f in domain.families}
SEEDS = (0, 1, 2)
#: params that are the task's answer (found by the agent's judgement), never stated
ANSWERS = {"number", "numbers", "titles", "run"}
#: params a cross-app task leaves to the other app (the chat message holds them)
IN_THE_OTHER_APP = {
    "reviewers-from-chat": {"repo", "logins"},
    "rerun-from-ci-mail": {"repo", "labels"},
}


def test_families_cover_the_taxonomy_and_difficulties() -> None:
    assert len(FAMILIES) >= 8
    levels = [f.difficulty for f in domain.families]
    assert levels.count("hard") >= 3 and levels.count("easy") >= 2
    cross = [f for f in domain.families if len(f.task_apps()) > 1]
    assert len(cross) >= 2, [f.id for f in cross]
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
            if key in ANSWERS or key in IN_THE_OTHER_APP.get(family_id, set()):
                continue
            values = value if isinstance(value, list) else [value]
            for item in values:
                if isinstance(item, str) and key not in ("verdict",):
                    assert item in text, (key, item)
                elif isinstance(item, int) and not isinstance(item, bool):
                    assert str(item) in text, (key, item)


@pytest.mark.slow
@pytest.mark.parametrize("family_id", sorted(FAMILIES))
def test_family_scores_zero_then_one(family_id: str, forge_hub: LiveHub, tmp_path: Path) -> None:
    family = FAMILIES[family_id]
    for seed in SEEDS:
        result = check_sample(family, seed, forge_hub.url, forge_hub.token, tmp_path / str(seed))
        assert result.r_init == 0.0, result.init_output
        assert result.r_gold == 1.0, result.gold_output

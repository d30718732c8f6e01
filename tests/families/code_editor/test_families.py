"""The code-editor families: their shape without running them, then for real — every family
x seeds 0-2 in sandboxed environments, as the consensus check runs them: r(init) = 0 and
r(gold) = 1, every guard holding on the initial home."""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from typing import Any

import pytest
import yaml

from cuagym.core import TaskConfig, parse_reward_output
from cuagym.domains import DESKTOP_APPS, TaskFamily, load_domain
from cuagym.synth._scan import scan_source
from tests.families.desktop_harness import DesktopSample, check_desktop_sample

domain = load_domain("code-editor")

FAMILIES = domain.families
SEEDS = (0, 1, 2)
PAIRS = [(f, s) for f in FAMILIES for s in SEEDS]


def taxonomy() -> dict[str, Any]:
    assert domain.taxonomy_file is not None
    return yaml.safe_load(domain.taxonomy_file.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def leaves(node: dict[str, Any], path: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    children = node.get("children")
    if not children:
        return {path: node}
    out: dict[tuple[str, ...], Any] = {}
    for key, child in children.items():
        out.update(leaves(child, (*path, key)))
    return out


def params(task: TaskConfig) -> dict[str, Any]:
    return task.params or {}  # type: ignore[no-any-return]


def test_domain_is_a_desktop_domain_with_the_editor_as_launcher() -> None:
    assert domain.id == "code-editor" and domain.platform == "desktop"
    assert domain.web_app is None and domain.skill.startswith("# code-editor")
    assert "code-editor" in DESKTOP_APPS
    sections = re.findall(r"^## (\d)\. ", domain.skill, re.M)
    assert sections == ["1", "2", "3", "4", "5", "6"]


def test_taxonomy_shape() -> None:
    def check(node: dict[str, Any], depth: int) -> None:
        assert depth <= 4
        assert isinstance(node.get("description"), str) and node["description"].strip()
        children = node.get("children")
        if children:
            assert len(children) <= 12
            for child in children.values():
                check(child, depth + 1)
        else:
            elements = node.get("ui_elements")
            assert elements and all(isinstance(e, str) and e for e in elements), node

    check(taxonomy(), 0)
    assert len(leaves(taxonomy())) >= 15


def test_families_cover_the_difficulties_leaves_and_apps() -> None:
    assert len(FAMILIES) >= 8
    counts = Counter(f.difficulty for f in FAMILIES)
    assert counts["easy"] >= 2 and counts["medium"] >= 2 and counts["hard"] >= 3
    assert len({f.id for f in FAMILIES}) == len(FAMILIES)
    cross = [f for f in FAMILIES if len(f.task_apps()) > 1]
    assert len(cross) >= 2 and all(f.task_apps()[-1] == "code-editor" for f in cross)
    known = leaves(taxonomy())
    paths = [f.taxonomy_path for f in FAMILIES]
    assert len(set(paths)) == len(paths)
    for family in FAMILIES:
        assert family.taxonomy_path in known, family.id
        assert family.domain == "code-editor" and domain.family(family.id) is family


def stated(value: Any, told: str) -> bool:
    if isinstance(value, bool):
        return True
    if isinstance(value, str):
        return value in told
    if isinstance(value, int | float):
        return str(value) in told
    if isinstance(value, list):
        return all(stated(v, told) for v in value)
    return False


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_tasks_state_their_params_and_vary(family: TaskFamily) -> None:
    tasks = [family.sample(seed) for seed in range(8)]
    for task in tasks:
        told = f"{task.instruction} {task.context}"
        for key, value in params(task).items():
            assert stated(value, told), (key, value, told)
        assert task.apps[-1] == "code-editor" and "/home/user" in task.context
        assert task.apps == family.task_apps() and len(task.start or []) == len(task.apps)
        assert not re.search(r"\b(click|menu|dialog|button|use the)\b", task.instruction, re.I)
    assert len({t.instruction for t in tasks}) >= 4  # five frames, drawn per task
    setups = {family.generate(t).initial_setup for t in tasks[:3]}
    assert len(setups) == 3


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_reward_is_written_from_the_task_alone(family: TaskFamily) -> None:
    task = family.sample(5)
    reward = family.write_reward(task)
    assert reward == family.write_reward(task)
    scripts = family.generate(task)
    assert "FILES" not in reward and "EDITS" not in reward
    report = scan_source(reward, f"{task.task_id}/reward.py")
    assert report.ok, [v.model_dump() for v in report.violations]
    compile(scripts.initial_setup, "initial_setup.py", "exec")
    compile(scripts.golden_patch, "golden_patch.py", "exec")


@pytest.fixture(scope="module")
def samples() -> dict[tuple[str, int], DesktopSample]:
    """Every family x seed, run concurrently (sandbox start-up dominates)."""
    gate = asyncio.Semaphore(4)

    async def one(family: TaskFamily, seed: int) -> DesktopSample:
        async with gate:
            return await check_desktop_sample(family, seed)

    async def everything() -> list[DesktopSample]:
        return await asyncio.gather(*(one(f, s) for f, s in PAIRS))

    done = asyncio.run(everything())
    return {(f.id, s): r for (f, s), r in zip(PAIRS, done, strict=True)}


@pytest.mark.slow
@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
@pytest.mark.parametrize("seed", SEEDS)
def test_init_scores_zero_and_gold_scores_one(
    family: TaskFamily, seed: int, samples: dict[tuple[str, int], DesktopSample]
) -> None:
    sample = samples[(family.id, seed)]
    assert sample.r_init == 0.0, sample.init_output
    assert sample.r_gold == 1.0, sample.gold_output
    init = parse_reward_output(sample.init_output)
    guards = [c for c in init.checks if c.points == 0]
    assert guards and all(c.passed for c in guards), init.checks

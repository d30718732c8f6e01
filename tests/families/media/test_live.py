"""The media families for real: scripts run in sandboxed environments, as the consensus check does.

- every family x 3 seeds: r(init) = 0 and r(gold) = 1 (``check_desktop_sample``);
- SKILL.md's three templates run as written: setup scores 0, setup + patch scores 1.

Wrong end states are in ``test_wrong_end_states``.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from cuagym.core import parse_reward_output
from cuagym.domains import TaskFamily, load_domain
from cuagym.envs import LocalEnvironment
from tests.families.desktop_harness import DesktopSample, check_desktop_sample

domain = load_domain("media")

pytestmark = pytest.mark.slow

FAMILIES = domain.families
SEEDS = (0, 1, 2)
PAIRS = [(f, s) for f in FAMILIES for s in SEEDS]


async def run(env: LocalEnvironment, code: str, role: str) -> str:
    result = await env.run_script(code, role=role, timeout=60)
    assert result.exit_code == 0, f"{role}: {result.stdout}\n{result.stderr[-3000:]}"
    return result.stdout


@pytest.fixture(scope="module")
def samples() -> dict[tuple[str, int], DesktopSample]:
    """Every family x seed, run concurrently (sandbox start-up dominates; the CPUs are shared)."""
    gate = asyncio.Semaphore(4)

    async def one(family: TaskFamily, seed: int) -> DesktopSample:
        async with gate:
            return await check_desktop_sample(family, seed)

    async def everything() -> list[DesktopSample]:
        return await asyncio.gather(*(one(f, s) for f, s in PAIRS))

    done = asyncio.run(everything())
    return {(f.id, s): r for (f, s), r in zip(PAIRS, done, strict=True)}


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
@pytest.mark.parametrize("seed", SEEDS)
def test_init_scores_zero_and_gold_scores_one(
    family: TaskFamily, seed: int, samples: dict[tuple[str, int], DesktopSample]
) -> None:
    sample = samples[(family.id, seed)]
    assert sample.r_init == 0.0, sample.init_output
    assert sample.r_gold == 1.0, sample.gold_output
    init = parse_reward_output(sample.init_output)
    # the initial state is intact: every guard holds there, the checks that score do not
    assert all(c.passed for c in init.checks if c.points == 0), sample.init_output


# -- SKILL.md templates ---------------------------------------------------------------------------
def templates() -> dict[str, str]:
    blocks = re.findall(r"```python\n(# (\w+\.py)\n.*?)```", domain.skill, re.S)
    return {name: code for code, name in blocks}


def test_skill_has_the_six_sections_and_three_templates() -> None:
    assert re.findall(r"^## (\d)\. ", domain.skill, re.M) == ["1", "2", "3", "4", "5", "6"]
    assert set(templates()) == {"initial_setup.py", "golden_patch.py", "reward.py"}


async def test_skill_templates_score_zero_then_one() -> None:
    from cuagym.synth._scan import scan_source

    code = templates()
    assert scan_source(code["reward.py"], "reward.py").ok
    async with LocalEnvironment() as env:
        await run(env, code["initial_setup.py"], "initial_setup")
        before = parse_reward_output(await run(env, code["reward.py"], "reward"))
        await run(env, code["golden_patch.py"], "golden_patch")
        after = parse_reward_output(await run(env, code["reward.py"], "reward"))
    assert before.ok and before.reward == 0.0, before
    assert after.ok and after.reward == 1.0, after

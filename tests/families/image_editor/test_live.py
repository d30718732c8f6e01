"""The image-editor families for real: every family x seeds 0-2 in sandboxed environments, as
the consensus check runs them: r(init) = 0 and r(gold) = 1. Wrong end states are in
``test_wrong_end_states``."""

from __future__ import annotations

import asyncio

import pytest

from cuagym.core import parse_reward_output
from cuagym.domains import TaskFamily, load_domain
from tests.families.desktop_harness import DesktopSample, check_desktop_sample

domain = load_domain("image-editor")

pytestmark = pytest.mark.slow

FAMILIES = domain.families
SEEDS = (0, 1, 2)
PAIRS = [(f, s) for f in FAMILIES for s in SEEDS]


@pytest.fixture(scope="module")
def samples() -> dict[tuple[str, int], DesktopSample]:
    """Every family x seed, run concurrently (sandbox start-up dominates)."""
    gate = asyncio.Semaphore(3)

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
    assert init.checks and not all(c.passed for c in init.checks)

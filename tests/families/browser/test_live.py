"""The browser families for real: every family x seeds 0-2, scripts run in sandboxed
environments as the consensus check does: r(init) = 0 and r(gold) = 1. Wrong end states are in
``test_wrong_end_states``."""

from __future__ import annotations

import asyncio

import pytest

from cuagym.domains import TaskFamily, load_domain
from tests.families.desktop_harness import DesktopSample, check_desktop_sample

domain = load_domain("browser")

pytestmark = pytest.mark.slow

FAMILIES = domain.families
SEEDS = (0, 1, 2)
PAIRS = [(f, s) for f in FAMILIES for s in SEEDS]


@pytest.fixture(scope="module")
def samples() -> dict[tuple[str, int], DesktopSample]:
    """Every family x seed, run concurrently (sandbox start-up dominates; the CPUs are shared)."""
    gate = asyncio.Semaphore(3)

    async def one(family: TaskFamily, seed: int) -> DesktopSample:
        async with gate:
            return await check_desktop_sample(family, seed)

    async def every() -> list[DesktopSample]:
        return await asyncio.gather(*(one(f, s) for f, s in PAIRS))

    return {(f.id, s): out for (f, s), out in zip(PAIRS, asyncio.run(every()), strict=True)}


@pytest.mark.parametrize(("family", "seed"), PAIRS, ids=lambda x: getattr(x, "id", str(x)))
def test_init_scores_0_and_gold_scores_1(
    samples: dict[tuple[str, int], DesktopSample], family: TaskFamily, seed: int
) -> None:
    sample = samples[(family.id, seed)]
    assert sample.r_init == 0.0, sample.init_output
    assert sample.r_gold == 1.0, sample.gold_output

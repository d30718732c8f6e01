"""The warm runners change nothing a verification reports (only how long it takes).

Every bundle of the checked-in corpus (desktop and web, passing and failing each condition,
C7's near misses included) is verified twice: every script cold (a fresh jail and Python per
run), and warm (rewards forked from one jail per environment, started while setup runs;
``initial_setup.py`` and ``golden_patch.py`` forked from a second one of the environment's own
uid): the reports must be equal, script run by script run (C1, C2: status and output),
reward run by reward run (status, stdout, stderr, parsed output) and near miss by near miss.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import pytest

from cuagym.core import Bundle
from cuagym.envs import make_env
from cuagym.synth import _consensus
from cuagym.synth._consensus import ConsensusRunner
from cuagym.synth._consensus_models import ConsensusReport
from tests.synth.bundle_corpus import bundle_folder, cases

CASES = cases()
#: Rewards whose score is random by design (C6's targets): their runs cannot be compared.
NONDETERMINISTIC = {"fail-c6-random-weights", "fail-c6-clock-weights-web"}

pytestmark = [
    pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox needs root"),
    pytest.mark.slow,
]


def _comparable(report: ConsensusReport) -> dict[str, Any]:
    data = report.model_dump(exclude={"timings_s"})
    if report.task_id in NONDETERMINISTIC:
        verdicts = {c: o["ok"] for c, o in data["conditions"].items()}
        data = {"task_id": report.task_id, "verdicts": verdicts}
    return data


Reports = dict[str, ConsensusReport]


@pytest.fixture(scope="module")
def both() -> tuple[dict[bool, Reports], dict[bool, int]]:
    """Reports of both runners, and how many reward runs went warm with each."""
    made: list[Any] = []

    def recording_make_env(provider: str, **options: Any) -> Any:
        env = make_env(provider, **options)
        made.append(env)
        return env

    async def verify_all(warm: bool) -> Reports:
        options = {"warm_rewards": warm, "warm_scripts": warm}
        async with ConsensusRunner(env_options=options) as runner:
            reports = {}
            for task_id in sorted(CASES):
                b = Bundle.load(bundle_folder(task_id))
                assert b.initial_setup and b.golden_patch and b.reward
                reports[task_id] = await runner.check(
                    b.task, b.initial_setup, b.golden_patch, b.reward
                )
            return reports

    reports, warm_runs = {}, {}
    _consensus.make_env = recording_make_env  # type: ignore[assignment]
    try:
        for warm in (False, True):
            made.clear()
            reports[warm] = asyncio.run(verify_all(warm))
            warm_runs[warm] = sum(env.sandbox.warm_runs for env in made)
    finally:
        _consensus.make_env = make_env  # type: ignore[assignment]
    return reports, warm_runs


@pytest.mark.parametrize("task_id", sorted(CASES))
def test_warm_and_cold_reports_are_equal(
    both: tuple[dict[bool, Reports], dict[bool, int]], task_id: str
) -> None:
    reports, _runs = both
    assert _comparable(reports[True][task_id]) == _comparable(reports[False][task_id])


def test_the_comparison_ran_warm_and_cold_and_near_misses(
    both: tuple[dict[bool, Reports], dict[bool, int]],
) -> None:
    reports, warm_runs = both
    tried = sum(r.near_misses.tried for r in reports[True].values() if r.near_misses is not None)
    runs = sum(len(r.runs) for r in reports[True].values())
    assert tried >= 30
    assert warm_runs[False] == 0
    # Every reward run (a hung one aside), and both setups of every bundle.
    assert warm_runs[True] >= runs + tried - 2 + 2 * len(reports[True])

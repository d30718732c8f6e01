"""Runs a desktop task family's scripts in real sandboxed environments: r(init)=0, r(gold)=1.

Each sample gets two fresh ``local`` environments (bubblewrap jail, overlay /home/user, the env
image's Python), exactly as the synthesis engine prepares V_init and V_gold: setup on both,
the snapshot ``initial`` (rewards see it as ``$CUAGYM_INITIAL_HOME``), golden patch on V_gold,
then the reward on each with a read-only home.

:func:`score_end_state` scores a wrong end state: setup, the snapshot, then change scripts
(e.g. the golden patch and then a collateral edit), then the reward.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from cuagym.core import INITIAL_SNAPSHOT, RewardOutput, TaskConfig, parse_reward_output
from cuagym.domains import TaskFamily
from cuagym.envs import LocalEnvironment
from cuagym.synth import scan_source


@dataclass
class DesktopSample:
    task: TaskConfig
    r_init: float | None
    r_gold: float | None
    init_output: str
    gold_output: str


async def _run(env: LocalEnvironment, code: str, role: str) -> str:
    result = await env.run_script(code, role=role, timeout=60)
    if result.exit_code != 0:
        raise AssertionError(
            f"{role} failed ({result.exit_code}, limit={result.limit}):\n{code}\n"
            f"--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}"
        )
    return result.stdout


async def check_desktop_sample(family: TaskFamily, seed: int) -> DesktopSample:
    """Sample, generate, write the reward, run everything in two jails; assert the contract."""
    task = family.sample(seed)
    assert task == family.sample(seed), "sampling must be deterministic"
    scripts = family.generate(task)
    reward = family.write_reward(task)
    report = scan_source(reward, f"{task.task_id}/reward.py")
    assert report.ok, [v.model_dump() for v in report.violations]
    v_init, v_gold = LocalEnvironment(), LocalEnvironment()
    await asyncio.gather(v_init.start(), v_gold.start())
    try:
        await asyncio.gather(
            _run(v_init, scripts.initial_setup, "initial_setup"),
            _run(v_gold, scripts.initial_setup, "initial_setup"),
        )
        await asyncio.gather(v_init.snapshot(INITIAL_SNAPSHOT), v_gold.snapshot(INITIAL_SNAPSHOT))
        await _run(v_gold, scripts.golden_patch, "golden_patch")
        init_out, gold_out = await asyncio.gather(
            _run(v_init, reward, "reward"), _run(v_gold, reward, "reward")
        )
    finally:
        await asyncio.gather(v_init.close(), v_gold.close())
    return DesktopSample(
        task,
        parse_reward_output(init_out).reward,
        parse_reward_output(gold_out).reward,
        init_out,
        gold_out,
    )


async def score_end_state(family: TaskFamily, seed: int, *changes: str) -> RewardOutput:
    """The reward on the state that setup and then ``changes`` (scripts run in order, with the
    golden patch's rights) leave; the snapshot ``initial`` is taken right after setup, as
    every runner does. Use ``family.generate(family.sample(seed)).golden_patch`` as the first
    change to start from the gold state."""
    task = family.sample(seed)
    async with LocalEnvironment() as env:
        await _run(env, family.generate(task).initial_setup, "initial_setup")
        await env.snapshot(INITIAL_SNAPSHOT)
        for change in changes:
            await _run(env, change, "golden_patch")
        out = await _run(env, family.write_reward(task), "reward")
    output = parse_reward_output(out)
    assert output.ok, (output.errors, out)
    return output

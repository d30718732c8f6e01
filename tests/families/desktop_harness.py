"""Runs a desktop task family's scripts in real sandboxed environments: r(init)=0, r(gold)=1.

Each sample gets two fresh ``local`` environments (bubblewrap jail, overlay /home/user, the env
image's Python), exactly as the synthesis engine prepares V_init and V_gold: setup on both,
the snapshot ``initial`` (rewards see it as ``$CUAGYM_INITIAL_HOME``), golden patch on V_gold,
then the reward on each with a read-only home.

:func:`score_end_state` scores a wrong end state: setup, the snapshot, then change scripts
(e.g. the golden patch and then a collateral edit), then the reward; :func:`score_end_states`
scores several in one environment. :func:`oracle_episodes` runs families' GUI oracles on
verified bundles in real desktop environments.

A desktop x web family (a workbook and a web app's state) passes ``hub``: each environment then
gets its own session in that live hub, as the synthesis engine gives one to each task with a
web app, and its scripts reach the hub like every web task's.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from dataclasses import dataclass
from pathlib import Path

from cuagym.core import Episode, RewardOutput, TaskConfig, parse_reward_output
from cuagym.core.files import INITIAL_SNAPSHOT
from cuagym.domains import TaskFamily
from cuagym.envs import HubLink, LocalEnvironment
from cuagym.synth._scan import scan_source
from tests.conftest import LiveHub


def is_desk_web(family: TaskFamily) -> bool:
    """Does ``family`` span a desktop app and a web app (its tests need a hub and a sandbox:
    ``tests/families/desk_web``)?"""
    from cuagym.domains import DESKTOP_APPS

    apps = set(family.task_apps())
    return bool(apps & DESKTOP_APPS) and bool(apps - DESKTOP_APPS)


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


def _environment(family: TaskFamily, hub: LiveHub | None) -> LocalEnvironment:
    """A fresh environment; with ``hub``, bound to a new session there for the task's web
    apps."""
    if hub is None:
        return LocalEnvironment()
    web = tuple(a for a in family.task_apps() if a in hub.hub.apps)
    link = HubLink(url=hub.url, token=hub.token, sid=f"dw-{uuid.uuid4().hex[:12]}", apps=web)
    return LocalEnvironment(hub=link)


async def check_desktop_sample(
    family: TaskFamily, seed: int, hub: LiveHub | None = None
) -> DesktopSample:
    """Sample, generate, write the reward, run everything in two jails; assert the contract."""
    task = family.sample(seed)
    assert task == family.sample(seed), "sampling must be deterministic"
    scripts = family.generate(task)
    reward = family.write_reward(task)
    report = scan_source(reward, f"{task.task_id}/reward.py")
    assert report.ok, [v.model_dump() for v in report.violations]
    v_init, v_gold = _environment(family, hub), _environment(family, hub)
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


async def score_end_state(
    family: TaskFamily, seed: int, *changes: str, hub: LiveHub | None = None
) -> RewardOutput:
    """The reward on the state that setup and then ``changes`` (scripts run in order, with the
    golden patch's rights) leave; the snapshot ``initial`` is taken right after setup, as
    every runner does. Use ``family.generate(family.sample(seed)).golden_patch`` as the first
    change to start from the gold state."""
    task = family.sample(seed)
    async with _environment(family, hub) as env:
        await _run(env, family.generate(task).initial_setup, "initial_setup")
        await env.snapshot(INITIAL_SNAPSHOT)
        for change in changes:
            await _run(env, change, "golden_patch")
        out = await _run(env, family.write_reward(task), "reward")
    output = parse_reward_output(out)
    assert output.ok, (output.errors, out)
    return output


async def score_end_states(
    family: TaskFamily, seed: int, states: list[tuple[str, ...]], hub: LiveHub | None = None
) -> list[RewardOutput]:
    """:func:`score_end_state` for several end states of one task in one environment: setup
    once, the snapshot ``initial``, then per state a restore to it, the state's change
    scripts and the reward (a restore is a mount, far cheaper than a new sandbox). With
    ``hub``, the session's web apps are put back with the home (a restore rewinds the home
    only), as the synthesis engine does between reward runs."""
    from cuagym.synth._hub_sessions import HubSessions

    task = family.sample(seed)
    reward = family.write_reward(task)
    outputs: list[RewardOutput] = []
    async with _environment(family, hub) as env:
        link = env.config.hub
        sessions = (
            HubSessions(link.url, link.token, link.apps, {"env": link.sid or ""})
            if link is not None
            else None
        )
        await _run(env, family.generate(task).initial_setup, "initial_setup")
        await env.snapshot(INITIAL_SNAPSHOT)
        if sessions is not None:
            await sessions.snapshot("env")
        for changes in states:
            await env.restore(INITIAL_SNAPSHOT)
            if sessions is not None:
                await sessions.restore("env", sessions.apps)
            for change in changes:
                await _run(env, change, "golden_patch")
            out = await _run(env, reward, "reward")
            output = parse_reward_output(out)
            assert output.ok, (output.errors, out)
            outputs.append(output)
        if sessions is not None:
            await sessions.close()
    return outputs


def oracle_episodes(tasks: list[TaskConfig], out: Path, workers: int = 2) -> list[Episode]:
    """Each task made into a verified bundle by the procedural synth engine (C1-C6), then one
    rollout of its family's GUI oracle in a real desktop environment; the episodes in task
    order."""
    from cuagym.agent import PolicyConfig, RolloutBatch, run_rollouts
    from cuagym.domains import load_domains
    from cuagym.synth import BatchOptions, load_tasks_file, make_backend, run_batch

    listed = out / "tasks.json"
    listed.parent.mkdir(parents=True, exist_ok=True)
    listed.write_text(json.dumps([t.model_dump(mode="json") for t in tasks]), encoding="utf-8")
    specs = load_tasks_file(listed, load_domains(), need_family=True)
    summary, _ = asyncio.run(
        run_batch(specs, make_backend("procedural"), BatchOptions(out=out / "corpus", workers=2))
    )
    assert summary.accepted == len(tasks), summary
    bundles = [out / "corpus" / "final" / t.task_id for t in tasks]
    batch = RolloutBatch(out=out / "run", workers=workers)
    asyncio.run(run_rollouts(bundles, PolicyConfig(policy="oracle"), batch))
    return [Episode.load(out / "run" / t.task_id / "0") for t in tasks]

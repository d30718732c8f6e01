"""Benchmark of rollouts: the framework's own cost, with a scripted policy of zero think time.

Goals (issue 9):

* reset to a rendered start screen (restore + setup + open the start windows + the first
  settled screenshot): median < 3 s desktop (Calc on a file), < 1.5 s web (OSWorld sleeps 60 s
  after every reset, on top of a VM revert);
* per step, action → settled screenshot → resized PNG → context built: median < 100 ms desktop,
  < 150 ms web;
* >= 16 concurrent GUI rollouts on this machine, each responsive (a VM in the paper is 16 GB);
* the Ray executor's overhead per episode vs ``--workers``: < 5 %.

    .venv/bin/python benchmarks/rollout_bench.py            # table
    .venv/bin/python benchmarks/rollout_bench.py --json     # one JSON document on stdout
    .venv/bin/python benchmarks/rollout_bench.py --concurrent 16 --episodes 8 --skip-ray

The scripted policy is the test double of an OpenAI-compatible server (``cuagym.llm.scripted``)
served over HTTP, so the batch part pays the real SDK and HTTP costs. Needs root, the env image,
Xvfb, LibreOffice, Chromium (and ``ray`` for the executor comparison).

Next to each reset's and step's wall time the figures give its CPU time (a reset's
``cpu_median``; a step's ``cpu_mean``, the run of steps measured as a whole so that no /proc
walk sits between two steps; and per process group: ``ours`` = this process, ``reaped`` = short
tools and exited app trees, ``office``/``browser``/``xvfb``/``scripts``/... = live descendants;
see ``_cpu.py``): on a shared, loaded machine the wall clock measures the queue for the cores,
the CPU the work.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cuagym.agent import (
    HubInfo,
    PolicyConfig,
    RolloutBatch,
    RolloutEnv,
    RolloutOptions,
    run_rollouts,
)
from cuagym.agent._start import WebSession, open_start_screen
from cuagym.agent.context import ImageCache, build_messages, prepare_image
from cuagym.core import Bundle, Episode, ImageSpec, TaskConfig
from cuagym.core.policy import TurnInput
from cuagym.domains import load_domain, start_screen
from cuagym.envs import png_size
from cuagym.exec import RayOptions
from cuagym.hub import discover_web_apps, serve_hub
from cuagym.llm.scripted import Reply, ScriptedChatApi, ScriptedRequest, serve_scripted

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _cpu import PhaseCpu, measure  # a sibling helper, as hub_bench.py imports _loadgen
from _tree_cpu import TreeCpu

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "synth" / "bundles" / "final"
DESKTOP = CORPUS / "calc-total-row"
WEB = CORPUS / "team-chat--set-channel-topic--0"
GOALS = {"reset_desktop_s": 3.0, "reset_web_s": 1.5, "step_desktop_ms": 100.0,
         "step_web_ms": 150.0, "concurrent": 16, "ray_overhead_pct": 5.0}  # fmt: skip


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 4) if values else float("nan")


def _mem_available_mb() -> int:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) // 1024
    return -1


@dataclass(frozen=True)
class _Task:
    """What a reset needs of a bundle."""

    task: TaskConfig
    initial_setup: str


#: the desktop reset's and steps' task (``--desktop``): Calc on a workbook
DESKTOP_TASK = "calc:totals-row:0"


def _family_task(domain: str, family: str, seed: int) -> _Task:
    fam = load_domain(domain).family(family)
    task = fam.sample(seed)
    return _Task(task, fam.generate(task).initial_setup)


async def _reset(
    rollout: RolloutEnv, bundle: Bundle | _Task, web: WebSession | None, cpu: PhaseCpu | None = None
) -> float:
    """restore + hub session reset + setup + snapshot + start windows + settled screenshot."""
    with measure(cpu or PhaseCpu()):
        return await _reset_timed(rollout, bundle, web)


async def _reset_timed(
    rollout: RolloutEnv, bundle: Bundle | _Task, web: WebSession | None
) -> float:
    env = rollout.env
    assert bundle.initial_setup is not None
    t0 = time.perf_counter()
    await env.restore("clean")
    if web is not None:
        await rollout._reset_sessions()
    result = await env.run_script(bundle.initial_setup, "initial_setup", 120)
    assert result.exit_code == 0, result.stderr
    await env.snapshot("initial")
    await open_start_screen(env, start_screen(bundle.task), web=web)
    await env.wait_settled(0.15, 3.0)
    await env.screenshot()
    return time.perf_counter() - t0


async def _steps(
    rollout: RolloutEnv, actions: list[dict[str, Any]], context: int, cpu: PhaseCpu | None = None
) -> list[float]:
    """action → settled screenshot → Qwen-resized PNG → the turn's context built."""
    env = rollout.env
    spec, cache = ImageSpec(), ImageCache()
    first = await env.screenshot()
    # As the rollout loop does: the policy's image is made next to each screenshot's PNG.
    env.prepare_sizes([spec.size(*png_size(first))])
    history = [TurnInput(screenshot=first, response="Action: x.")] * context
    times: list[float] = []
    # The CPU is measured over the whole run of steps (one /proc walk before the first, one
    # after the last): a walk per step, even outside the timed part, competed with the app's
    # redraw of the step before and added its own work to every step's neighbourhood.
    with measure(cpu or PhaseCpu()):
        for action in actions:
            t0 = time.perf_counter()
            await env.act(action)
            await env.wait_settled(0.05, 2.0)
            png = await env.screenshot()
            prepare_image(png, spec, cache)
            messages = [*history, TurnInput(screenshot=png)]
            build_messages("the task", messages, spec=spec, cache=cache)
            times.append(time.perf_counter() - t0)
    return times


def _run_cpu_figures(cpu: PhaseCpu, steps: int, scale: float = 1.0) -> dict[str, Any]:
    """CPU per step of a run measured as a whole (see ``_steps``): its mean, overall and by
    process group (a per-step median would need a /proc walk next to every step)."""
    per = scale / max(1, steps)
    return {
        "cpu_mean": round(sum(cpu.cpu) * per, 3),
        "cpu_by_group_mean": {
            group: round(total * per, 3)
            for group, total in sorted(cpu.by.items())
            if abs(total) * per >= 0.001
        },
    }


def _cpu_figures(cpu: PhaseCpu, scale: float = 1.0) -> dict[str, Any]:
    """CPU of a phase (this process and every process below it): the work, which a loaded
    machine's wall clock hides behind the queue for the cores."""
    return {
        "cpu_median": round(statistics.median(cpu.cpu) * scale, 3),
        "cpu_by_group_mean": {
            group: round(total / len(cpu.cpu) * scale, 3)
            for group, total in sorted(cpu.by.items())
            if abs(total) / len(cpu.cpu) * scale >= 0.001
        },
    }


async def reset_and_step(repeat: int, desktop_task: str = DESKTOP_TASK) -> dict[str, Any]:
    # By default Calc on a 30-odd-row workbook, as every calc task starts (``--desktop`` names
    # another domain's family task); team-chat on its home page.
    domain, family, seed = desktop_task.split(":")
    desktop, web_bundle = _family_task(domain, family, int(seed)), Bundle.load(WEB)
    out: dict[str, Any] = {}
    reset_cpu, step_cpu = PhaseCpu(), PhaseCpu()
    async with RolloutEnv() as rollout:
        resets = [await _reset(rollout, desktop, None, reset_cpu) for _ in range(repeat)]
        # Every step a screen not seen before (the cell cursor and the Name Box move on; a
        # terminal's line grows), so the policy's resized image is made every time, never
        # taken from the cache.
        keys = [{"action": "key", "keys": [k]} for k in ["down"] * 10 + ["right"] * 10]
        if domain != "calc":
            keys = [{"action": "type", "text": c} for c in "abcdefghijklmnopqrst"]
        steps = await _steps(rollout, keys, context=12, cpu=step_cpu)
    out["reset_desktop_s"] = {"median": _median(resets), "all": [round(x, 3) for x in resets],
                              **_cpu_figures(reset_cpu)}  # fmt: skip
    out["step_desktop_ms"] = {"median": round(_median(steps) * 1000, 1), "n": len(steps),
                              **_run_cpu_figures(step_cpu, len(steps), 1000)}  # fmt: skip
    async with serve_hub(discover_web_apps(["team-chat"])) as hub:
        info = HubInfo(url=hub.url, token=hub.token, apps=("team-chat",))
        async with RolloutEnv(hub=info) as rollout:
            assert rollout.sid is not None
            web = WebSession(url=hub.url, sid=rollout.sid, token=hub.token)
            reset_cpu, step_cpu = PhaseCpu(), PhaseCpu()
            resets = [await _reset(rollout, web_bundle, web, reset_cpu) for _ in range(repeat)]
            moves = [{"action": "mouse_move", "coordinate": [600 + 10 * i, 300]} for i in range(10)]
            scrolls = [{"action": "scroll", "coordinate": [700, 450], "pixels": p}
                       for p in (-100, 100) * 5]  # fmt: skip
            steps = await _steps(rollout, [*moves, *scrolls], context=12, cpu=step_cpu)
    out["reset_web_s"] = {"median": _median(resets), "all": [round(x, 3) for x in resets],
                          **_cpu_figures(reset_cpu)}  # fmt: skip
    out["step_web_ms"] = {"median": round(_median(steps) * 1000, 1), "n": len(steps),
                          **_run_cpu_figures(step_cpu, len(steps), 1000)}  # fmt: skip
    return out


async def concurrent(count: int) -> dict[str, Any]:
    """``count`` GUI environments at once, each with Calc open on its file; a step each."""
    bundle = _family_task("calc", "totals-row", 0)
    before = _mem_available_mb()
    envs = [RolloutEnv() for _ in range(count)]
    t0 = time.perf_counter()
    started: list[RolloutEnv] = []
    try:
        for env in envs:  # one after the other: LibreOffice's start is CPU-bound
            await env.start()
            started.append(env)
            await _reset(env, bundle, None)
        opened_s = time.perf_counter() - t0
        used = before - _mem_available_mb()
        keys = [{"action": "key", "keys": [k]} for k in ("down", "right", "up")]
        rounds = await asyncio.gather(*(_steps(env, keys, context=2) for env in started))
        steps = [s for r in rounds for s in r]
        alive = sum(all(a.running for a in env.env.desktop.apps) for env in started)
    finally:
        await asyncio.gather(*(env.close() for env in started), return_exceptions=True)
    return {
        "environments": count,
        "all_apps_alive": alive,
        "open_all_s": round(opened_s, 1),
        "memory_used_mb": used,
        "memory_per_env_mb": round(used / max(1, count)),
        "step_all_at_once_ms": {"median": round(_median(steps) * 1000, 1),
                                "max": round(max(steps) * 1000, 1)},
    }  # fmt: skip


def _plan(req: ScriptedRequest) -> Reply:
    if req.turn <= 3:
        move = {"action": "mouse_move", "coordinate": [100 * req.turn, 200]}
        call = json.dumps({"name": "computer_use", "arguments": move})
        return Reply(text=f"Action: move.\n<tool_call>{call}</tool_call>")
    done = json.dumps({"name": "computer_use",
                       "arguments": {"action": "terminate", "status": "failure"}})  # fmt: skip
    return Reply(text=f"Action: stop.\n<tool_call>{done}</tool_call>")


async def executors(episodes: int, workers: int, with_ray: bool, rounds: int) -> dict[str, Any]:
    """The same batch (scripted policy over HTTP) on the local executor and on Ray, ``rounds``
    times each, alternating (local, ray, local, ray, ...) so that a machine whose load drifts
    does not favour either; the figures are medians over the rounds."""
    out: dict[str, Any] = {}
    walls: dict[str, list[float]] = {"local": [], "ray": []}
    inside: dict[str, list[float]] = {"local": [], "ray": []}
    # CPU of every process of a batch (driver, actors, apps, Ray's daemons), per episode: on a
    # loaded machine the walls measure the queue for the cores, the CPU the work.
    cpus: dict[str, list[dict[str, float]]] = {"local": [], "ray": []}
    async with serve_scripted(ScriptedChatApi(_plan)) as url:
        policy = PolicyConfig(policy="openai:scripted-double", base_url=f"{url}/v1")
        kinds = ["local", "ray"] if with_ray else ["local"]
        ray = RayOptions(num_cpus=workers)
        if with_ray:
            from cuagym.exec._ray import ray_init

            t0 = time.perf_counter()
            ray_init(ray, workers)  # the cluster's start, measured apart
            out["ray_init_s"] = round(time.perf_counter() - t0, 2)
        for _ in range(rounds):
            for kind in kinds:
                with tempfile.TemporaryDirectory(prefix="rollout-bench-") as tmp:
                    batch = RolloutBatch(
                        out=Path(tmp), n=episodes, workers=workers, executor=kind,  # type: ignore[arg-type]
                        ray=ray, options=RolloutOptions(max_steps=6),
                    )  # fmt: skip
                    with TreeCpu(interval=0.5) as cpu:  # a sample: ~2.5 ms of our CPU
                        summary = await run_rollouts([DESKTOP], policy, batch)
                    walls[kind].append(cpu.wall)
                    cpus[kind].append(cpu.by_group())
                    assert summary.episodes == episodes and summary.errors == 0, summary
                    # The episode itself, timed inside its worker: what is left is dispatch
                    # and the workers' start (an actor's process, imports, its environment).
                    inside[kind] += [
                        Episode.load(p).record.wall_s for p in sorted(Path(tmp).glob("*/*"))
                    ]
        for kind in kinds:
            wall = statistics.median(walls[kind])
            out[f"{kind}_wall_s"] = round(wall, 2)
            out[f"{kind}_walls_s"] = [round(w, 2) for w in walls[kind]]
            out[f"{kind}_per_episode_s"] = round(wall * workers / episodes, 2)
            out[f"{kind}_episode_in_worker_median_s"] = _median(inside[kind])
            per_episode = [sum(c.values()) / episodes for c in cpus[kind]]
            out[f"{kind}_cpu_per_episode_s"] = _median(per_episode)
            groups = {g for c in cpus[kind] for g in c}
            out[f"{kind}_cpu_per_episode_by_group_s"] = {
                g: round(sum(c.get(g, 0.0) for c in cpus[kind]) / len(cpus[kind]) / episodes, 3)
                for g in sorted(groups)
            }
        if with_ray:
            import ray as ray_module

            ray_module.shutdown()
            local, remote = out["local_wall_s"], out["ray_wall_s"]
            out["ray_overhead_pct"] = round(100 * (remote - local) / local, 1)
            a, b = out["local_episode_in_worker_median_s"], out["ray_episode_in_worker_median_s"]
            out["ray_episode_in_worker_pct"] = round(100 * (b - a) / a, 1)
            a, b = out["local_cpu_per_episode_s"], out["ray_cpu_per_episode_s"]
            out["ray_cpu_overhead_pct"] = round(100 * (b - a) / a, 1)
    out.update({"episodes": episodes, "workers": workers, "rounds": rounds})
    return out


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    result: dict[str, Any] = {
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.node()} {os.cpu_count()} cpu, {_mem_available_mb()} MB available",
        "load_avg": [round(x, 2) for x in os.getloadavg()],
        "goals": GOALS,
    }
    result.update(await reset_and_step(args.repeat, args.desktop))
    if args.concurrent:
        result["concurrent"] = await concurrent(args.concurrent)
    if args.episodes:
        result["executors"] = await executors(
            args.episodes, args.workers, not args.skip_ray, args.rounds
        )
    result["load_avg_after"] = [round(x, 2) for x in os.getloadavg()]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.add_argument("--repeat", type=int, default=5, help="resets measured per kind")
    parser.add_argument(
        "--desktop", default=DESKTOP_TASK, help="the desktop task: domain:family:seed"
    )
    parser.add_argument("--concurrent", type=int, default=16, help="environments at once (0: skip)")
    parser.add_argument("--episodes", type=int, default=8, help="batch size of the executor run")
    parser.add_argument("--workers", type=int, default=2, help="workers of the executor run")
    parser.add_argument("--rounds", type=int, default=2, help="executor runs per kind, alternating")
    parser.add_argument("--skip-ray", action="store_true", help="no Ray comparison")
    args = parser.parse_args()
    result = asyncio.run(main_async(args))
    if args.json:
        sys.stdout.write(json.dumps(result) + "\n")
        return
    for key, value in result.items():
        print(f"{key:>18}: {value}")


if __name__ == "__main__":
    main()

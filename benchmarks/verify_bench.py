"""Benchmark of the consensus check (``cuagym verify``) on file-based bundles.

One verification = two fresh environments started in parallel, initial_setup.py on both,
golden_patch.py on V_gold, reward.py twice on each state (each from the restored snapshot,
with the home compared before/after), the forbidden-pattern scan and C7 (``--near-misses``
near misses of the gold state, each scored once): ``ConsensusRunner.check``.

* **latency**: bundles verified one at a time; median (goal < 1.5 s), p90, and the median of
  each phase (phases overlap: V_init is scored while V_gold runs its patch).
* **throughput**: the same bundles verified ``--workers`` at a time: bundles per hour.

The bundles are the checked-in desktop bundles of the test corpus (xlsx with openpyxl, docx
with python-docx, csv), cycled to ``--bundles`` verifications under distinct task ids.

    .venv/bin/python benchmarks/verify_bench.py [--json] [--bundles 20] [--workers 2]
        [--near-misses 10] [--warm all|fresh|rewards|cold] [--compare rewards,all] [--repeat 1]

``--warm``: ``all`` (the default, as ``cuagym verify`` does): each reward run forked from the
warm reward runner of its environment, ``initial_setup.py`` / ``golden_patch.py`` from a
second warm runner of the environment's own uid, and the environments of finished bundles reset
and reused; ``fresh``: the same, but every bundle starts its own environments; ``rewards``:
rewards only (issue 28's first step); ``cold``: a fresh jail and Python per run.
``--compare A,B`` alternates the modes ``--repeat`` times each in one process and reports each
run and the medians of the runs' figures (a before/after on a noisy machine). The old
``--rewards warm|cold|both`` means ``--warm rewards``, ``--warm cold``, ``--compare
cold,rewards``.

Needs root, bubblewrap and the env image. Exits 1 if any bundle fails to verify.
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
import time
from pathlib import Path
from typing import Any

from cuagym.core import Bundle
from cuagym.synth import ConsensusReport
from cuagym.synth._consensus import ConsensusRunner
from cuagym.synth._env_pool import EnvPool

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "synth" / "bundles" / "final"
SOURCES = ("calc-total-row", "writer-title-heading", "files-csv-dedupe")
GOAL_S = 1.5
#: What each mode runs warm (environment options), and whether finished bundles'
#: environments are reset and reused (``fresh``: all warm, but every bundle starts its own).
MODES: dict[str, tuple[dict[str, bool], bool]] = {
    "cold": ({"warm_rewards": False, "warm_scripts": False}, False),
    "rewards": ({"warm_rewards": True, "warm_scripts": False}, False),
    "fresh": ({"warm_rewards": True, "warm_scripts": True}, False),
    "all": ({"warm_rewards": True, "warm_scripts": True}, True),
}
PHASES = ("start_init", "setup_init", "reward_init", "start_gold", "setup_gold", "patch",
          "reward_gold", "scan", "near_misses")  # fmt: skip


def bundles(n: int) -> list[Bundle]:
    """``n`` bundles cycling the desktop sources, each under its own task id."""
    base = [Bundle.load(CORPUS / name) for name in SOURCES]
    out = []
    for i in range(n):
        b = base[i % len(base)]
        task = b.task.model_copy(update={"task_id": f"{b.task_id}-{i:03d}"})
        out.append(b.model_copy(update={"task": task}))
    return out


async def verify(runner: ConsensusRunner, b: Bundle) -> ConsensusReport:
    assert b.initial_setup is not None and b.golden_patch is not None and b.reward is not None
    return await runner.check(b.task, b.initial_setup, b.golden_patch, b.reward)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def run(n: int, workers: int, budget: int, mode: str = "all") -> dict[str, Any]:
    reuse = MODES[mode][1]
    pool = EnvPool(max_idle=2 * workers) if reuse else None
    try:
        return await _run(n, workers, budget, mode, pool)
    finally:
        if pool is not None:
            await pool.close()


async def _run(
    n: int, workers: int, budget: int, mode: str, pool: EnvPool | None
) -> dict[str, Any]:
    options, _reuse = MODES[mode]
    runner = ConsensusRunner(near_miss_budget=budget, env_options=dict(options), env_pool=pool)
    todo = bundles(n)
    failed: list[str] = []
    await verify(runner, todo[0])  # warm-up: first imports, page cache
    load_before = os.getloadavg()

    walls: list[float] = []
    phases: dict[str, list[float]] = {p: [] for p in PHASES}
    for b in todo:
        start = time.perf_counter()
        report = await verify(runner, b)
        walls.append(time.perf_counter() - start)
        for p in PHASES:
            phases[p].append(report.timings_s.get(p, 0.0))
        if not report.passed:
            failed.append(b.task_id)

    gate = asyncio.Semaphore(workers)

    async def gated(b: Bundle) -> ConsensusReport:
        async with gate:
            return await verify(runner, b)

    start = time.perf_counter()
    reports = await asyncio.gather(*(gated(b) for b in todo))
    wall_parallel = time.perf_counter() - start
    failed += [r.task_id for r in reports if not r.passed]
    load_after = os.getloadavg()
    median = statistics.median(walls)
    return {
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "kernel": platform.release(),
            "loadavg_before": [round(x, 2) for x in load_before],
            "loadavg_after": [round(x, 2) for x in load_after],
        },
        "bundles": n,
        "latency_s": {
            "median": round(median, 3),
            "p90": round(pct(walls, 0.9), 3),
            "min": round(min(walls), 3),
            "max": round(max(walls), 3),
            "goal": GOAL_S,
            "goal_met": median < GOAL_S,
        },
        "phase_median_s": {p: round(statistics.median(v), 3) for p, v in phases.items()},
        "near_miss_budget": budget,
        "c7_share_of_time": round(sum(phases["near_misses"]) / sum(walls), 3),
        "sequential_bundles_per_hour": round(3600 * n / sum(walls)),
        "workers": workers,
        "parallel_wall_s": round(wall_parallel, 2),
        "bundles_per_hour": round(3600 * n / wall_parallel),
        "failed": failed,
        "warm": mode,
    }


#: Figures whose median over repeated runs ``--rewards both`` reports.
COMPARED = ("latency_s.median", "latency_s.p90", "phase_median_s.near_misses",
            "c7_share_of_time", "bundles_per_hour", "sequential_bundles_per_hour")  # fmt: skip


def _figure(result: dict[str, Any], dotted: str) -> float:
    value: Any = result
    for key in dotted.split("."):
        value = value[key]
    return float(value)


async def compare(
    n: int, workers: int, budget: int, repeat: int, modes: list[str]
) -> dict[str, Any]:
    """The modes alternately, ``repeat`` times each: every run, and per mode the median of
    each figure over its runs."""
    runs: list[dict[str, Any]] = []
    for _ in range(repeat):
        for mode in modes:
            runs.append(await run(n, workers, budget, mode))
    medians = {
        mode: {
            f: round(statistics.median(_figure(r, f) for r in runs if r["warm"] == mode), 3)
            for f in COMPARED
        }
        for mode in modes
    }
    return {
        "repeat": repeat,
        "medians": medians,
        "runs": runs,
        "failed": sorted({t for r in runs for t in r["failed"]}),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--bundles", type=int, default=20, help="verifications per phase")
    parser.add_argument("--workers", type=int, default=2, help="concurrency of the throughput run")
    parser.add_argument(
        "--near-misses", type=int, default=10, help="C7's near misses per bundle (0: C7 off)"
    )
    parser.add_argument("--warm", choices=tuple(MODES), default="all", help="what runs warm")
    parser.add_argument("--compare", default="", help="modes to alternate, e.g. rewards,all")
    parser.add_argument("--rewards", choices=("warm", "cold", "both"), help="the old switch")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each mode compared")
    args = parser.parse_args()
    if args.rewards is not None:
        args.warm = "rewards" if args.rewards == "warm" else "cold"
        args.compare = "cold,rewards" if args.rewards == "both" else ""
    n, workers = max(1, args.bundles), max(1, args.workers)
    if args.compare:
        modes = [m for m in args.compare.split(",") if m]
        if not set(modes) <= set(MODES):
            parser.error(f"--compare takes modes among {', '.join(MODES)}")
        both = asyncio.run(compare(n, workers, args.near_misses, max(1, args.repeat), modes))
        print(json.dumps(both, indent=2) if args.json else json.dumps(both["medians"], indent=2))
        sys.exit(1 if both["failed"] else 0)
    result = asyncio.run(run(n, workers, args.near_misses, args.warm))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        lat = result["latency_s"]
        print(
            f"verify one bundle: median {lat['median']} s (goal < {GOAL_S} s), "
            f"p90 {lat['p90']} s, min {lat['min']} s over {result['bundles']} bundles"
        )
        for phase, value in result["phase_median_s"].items():
            print(f"  {phase:12} {value:7.3f} s")
        print(
            f"throughput: {result['bundles_per_hour']} bundles/hour with --workers "
            f"{result['workers']} ({result['sequential_bundles_per_hour']} one at a time)"
        )
        print(
            f"load average before/after: {result['machine']['loadavg_before']} / "
            f"{result['machine']['loadavg_after']}"
        )
    sys.exit(1 if result["failed"] else 0)


if __name__ == "__main__":
    main()

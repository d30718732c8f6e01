"""C7 over every procedural family × seeds: does each family's reward reject its near misses?

    sudo .venv/bin/python benchmarks/c7_sweep.py [--domains a,b] [--families f1,f2]
        [--seeds 0,1,2] [--workers 2] [--budget 10] [--rewards warm|cold|both] [--repeat 1]
        [--json]

Each (family, seed) is checked as ``cuagym verify`` checks a bundle (``ConsensusRunner.check``:
fresh V_init / V_gold, C1-C7), with the family's own scripts and reward. Reports, per tuple,
C7's verdict, the near misses tried / rejected / accepted (each accepted one as a state) and
the seconds C7 took beside the whole check; a summary gives C7's share of the time. Exit 1
when any tuple fails C1-C7 (a family with a hole to fix, named in the output).

``--rewards``: reward runs forked from the warm reward runner (the default, as ``cuagym
verify``) or a fresh jail each (cold); ``both`` sweeps cold and warm alternately ``--repeat``
times each and reports the medians of each mode's timings, and whether every verdict and
every near miss's score agreed between the modes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from typing import Any

from cuagym.domains import TaskFamily, load_domains
from cuagym.synth._consensus import ConsensusRunner


async def _one(
    runner: ConsensusRunner, family: TaskFamily, seed: int, gate: asyncio.Semaphore
) -> dict[str, Any]:
    async with gate:
        task = family.sample(seed)
        scripts = family.generate(task)
        reward = family.write_reward(task)
        t0 = time.perf_counter()
        report = await runner.check(task, scripts.initial_setup, scripts.golden_patch, reward)
        wall = time.perf_counter() - t0
    near = report.near_misses
    return {
        "task_id": task.task_id,
        "passed": report.passed,
        "failed": report.failed_conditions(),
        "c7": report.conditions["C7"].ok,
        "tried": near.tried if near else 0,
        "derived": near.derived if near else 0,
        "accepted": [a.state for a in near.accepted] if near else [],
        "skipped": len(near.skipped) if near else 0,
        "check_s": round(wall, 3),
        "c7_s": report.timings_s.get("near_misses", 0.0),
        "scores": [(t.kind, t.path, t.state, t.reward) for t in near.results] if near else [],
        "detail": {c: report.conditions[c].detail for c in report.failed_conditions()},
    }


async def _sweep(args: argparse.Namespace, warm: bool = True) -> dict[str, Any]:
    domains = load_domains()
    wanted = [d for d in args.domains.split(",") if d] or list(domains)
    names = {f for f in args.families.split(",") if f}
    seeds = [int(s) for s in args.seeds.split(",") if s]
    families = [
        f
        for d in wanted
        for f in domains[d].families
        if not names or f.id in names or type(f).__name__ in names
    ]
    gate = asyncio.Semaphore(max(1, args.workers))
    t0 = time.perf_counter()
    options = {"warm_rewards": warm}
    async with ConsensusRunner(near_miss_budget=args.budget, env_options=options) as runner:
        rows = await asyncio.gather(
            *(_one(runner, f, s, gate) for f in families for s in seeds), return_exceptions=True
        )
    wall = time.perf_counter() - t0
    results: list[dict[str, Any]] = []
    for row in rows:
        if isinstance(row, BaseException):
            results.append({"error": f"{type(row).__name__}: {row}", "passed": False})
        else:
            results.append(row)
    ok = [r for r in results if "error" not in r]
    check_s = sum(r["check_s"] for r in ok)
    c7_s = sum(r["c7_s"] for r in ok)
    return {
        "tuples": len(results),
        "passed": sum(1 for r in results if r.get("passed")),
        "c7_failed": [r["task_id"] for r in ok if r["c7"] is False],
        "other_failed": [
            r.get("task_id", r.get("error"))
            for r in results
            if not r.get("passed") and r.get("c7") is not False
        ],
        "near_misses_tried": sum(r["tried"] for r in ok),
        "wall_s": round(wall, 1),
        "c7_share_of_check_time": round(c7_s / check_s, 3) if check_s else None,
        "budget": args.budget,
        "rewards": "warm" if warm else "cold",
        "check_s_median": round(statistics.median(r["check_s"] for r in ok), 3) if ok else None,
        "c7_s_median": round(statistics.median(r["c7_s"] for r in ok), 3) if ok else None,
        "results": results,
    }


async def _compare(args: argparse.Namespace) -> dict[str, Any]:
    """Cold and warm sweeps alternately: timings per mode (median over the sweeps) and
    whether both modes gave every tuple the same verdicts and near-miss scores."""
    sweeps = []
    for _ in range(max(1, args.repeat)):
        for warm in (False, True):
            sweeps.append(await _sweep(args, warm))
    keys = ("wall_s", "check_s_median", "c7_s_median", "c7_share_of_check_time")
    medians = {
        mode: {
            k: round(statistics.median(float(s[k] or 0) for s in sweeps if s["rewards"] == mode), 3)
            for k in keys
        }
        for mode in ("cold", "warm")
    }

    def outcome(sweep: dict[str, Any]) -> list[Any]:
        rows = [r for r in sweep["results"] if "error" not in r]
        return sorted((r["task_id"], r["passed"], r["failed"], r["scores"]) for r in rows)

    base = outcome(sweeps[0])
    return {
        "tuples": sweeps[0]["tuples"],
        "repeat": args.repeat,
        "medians": medians,
        "same_outcomes": all(outcome(s) == base for s in sweeps),
        "passed": min(s["passed"] for s in sweeps),
        "sweeps": [{k: v for k, v in s.items() if k != "results"} for s in sweeps],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--domains", default="")
    parser.add_argument("--families", default="")
    parser.add_argument("--seeds", default="0,1,2")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--budget", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rewards", choices=("warm", "cold", "both"), default="warm")
    parser.add_argument("--repeat", type=int, default=1, help="sweeps of each mode with 'both'")
    args = parser.parse_args()
    if args.rewards == "both":
        both = asyncio.run(_compare(args))
        print(json.dumps(both, indent=None if args.json else 1))
        sys.exit(0 if both["same_outcomes"] and both["passed"] == both["tuples"] else 1)
    result = asyncio.run(_sweep(args, args.rewards == "warm"))
    if args.json:
        print(json.dumps(result))
    else:
        for row in result["results"]:
            if not row.get("passed"):
                print(json.dumps(row))
        summary = {k: v for k, v in result.items() if k != "results"}
        print(json.dumps(summary, indent=1))
    sys.exit(0 if result["passed"] == result["tuples"] else 1)


if __name__ == "__main__":
    main()

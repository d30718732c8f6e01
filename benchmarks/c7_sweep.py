"""C7 over every procedural family × seeds: does each family's reward reject its near misses?

    sudo .venv/bin/python benchmarks/c7_sweep.py [--domains a,b] [--families f1,f2]
        [--seeds 0,1,2] [--workers 2] [--budget 10] [--json]

Each (family, seed) is checked as ``cuagym verify`` checks a bundle (``ConsensusRunner.check``:
fresh V_init / V_gold, C1-C7), with the family's own scripts and reward. Reports, per tuple,
C7's verdict, the near misses tried / rejected / accepted (each accepted one as a state) and
the seconds C7 took beside the whole check; a summary gives C7's share of the time. Exit 1
when any tuple fails C1-C7 (a family with a hole to fix, named in the output).
"""

from __future__ import annotations

import argparse
import asyncio
import json
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
        "detail": {c: report.conditions[c].detail for c in report.failed_conditions()},
    }


async def _sweep(args: argparse.Namespace) -> dict[str, Any]:
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
    async with ConsensusRunner(near_miss_budget=args.budget) as runner:
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
        "results": results,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--domains", default="")
    parser.add_argument("--families", default="")
    parser.add_argument("--seeds", default="0,1,2")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--budget", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(_sweep(args))
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

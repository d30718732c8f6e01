"""Synthesis throughput: procedural tuples accepted (= verified: C1-C6 checked) per hour.

    sudo .venv/bin/python benchmarks/synth_bench.py [--n 24] [--workers 4] [--domains a,b]
        [--reverify 4] [--near-misses 10] [--warm all|fresh|rewards|cold] [--compare fresh,all]
        [--repeat 1] [--json]

Runs the whole loop as ``cuagym synth --backend procedural`` does (role jails, role API, hub,
ConsensusRunner) on a fresh output folder, then re-verifies a sample of the bundles in fresh
environments (``ConsensusRunner.check``, what ``cuagym verify`` does). Reports wall-clock rate,
CPU seconds per tuple (this process and every jail and supervisor it reaped), the rate that CPU
cost would allow on an idle machine with this many cores, mean phase times from meta.json, and
the load average before and after (the machine is shared: read rates with it).

``--warm``: what runs forked from a warm runner instead of a fresh jail and interpreter each:
``all`` (the default, as ``cuagym synth`` does): reward runs, ``initial_setup.py`` and
``golden_patch.py`` (a second runner per environment) and the role turns (each role's jails
reused, its runner with cuagym's families imported), with the environments of finished tasks
reset and reused (``_env_pool``); ``fresh``: the same, but every task starts its own
environments; ``rewards``: reward runs only (issue 28's
first step); ``cold``: nothing. ``--compare A,B`` alternates those modes ``--repeat`` times each
in one process and reports every run and per mode the median of its runs' figures (the old
``--rewards warm|cold|both`` still means ``--warm rewards``, ``--warm cold``, ``--compare
cold,rewards``).

CPU: ``cpu_s_per_tuple`` counts this process and every process it reaped (rusage);
``cpu_s_per_tuple_cgroup``, where a cgroup-v1 ``cpuacct`` hierarchy lets the benchmark move
itself into a group of its own, counts every process of the run exactly (killed orphans too).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from cuagym.core import Bundle
from cuagym.domains import load_domains
from cuagym.synth import BatchOptions, domains_with_families, run_batch, sample_tasks
from cuagym.synth._backends import ProceduralBackend
from cuagym.synth._consensus import ConsensusRunner

#: What each mode runs warm: environment options, whether role jails are reused, and whether
#: the environments of finished tasks are reset and reused (``fresh``: all warm, but not that).
MODES: dict[str, tuple[dict[str, bool], bool, bool]] = {
    "cold": ({"warm_rewards": False, "warm_scripts": False}, False, False),
    "rewards": ({"warm_rewards": True, "warm_scripts": False}, False, False),
    "fresh": ({"warm_rewards": True, "warm_scripts": True}, True, False),
    "all": ({"warm_rewards": True, "warm_scripts": True}, True, True),
}
CPUACCT = Path("/sys/fs/cgroup/cpuacct")


def _cpu() -> float:
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


class CpuGroup:
    """A cgroup-v1 cpuacct group holding this process (and what it starts), or nothing."""

    def __init__(self) -> None:
        self.path: Path | None = CPUACCT / f"cuagym-bench-{os.getpid()}"
        try:
            self.path.mkdir()
            (self.path / "cgroup.procs").write_text(str(os.getpid()))
        except OSError:
            self.close()
            self.path = None

    def seconds(self) -> float | None:
        if self.path is None:
            return None
        return int((self.path / "cpuacct.usage").read_text()) / 1e9

    def close(self) -> None:
        if self.path is not None and self.path.exists():
            try:
                (CPUACCT / "cgroup.procs").write_text(str(os.getpid()))
                self.path.rmdir()
            except OSError:
                pass


async def _bench(args: argparse.Namespace, mode: str = "all") -> dict[str, Any]:
    env_options, reuse_roles, reuse_envs = MODES[mode]
    domains = load_domains()
    ids = [d for d in args.domains.split(",") if d] or domains_with_families(domains)
    specs = sample_tasks(domains, ids, args.n, args.seed)
    out = Path(tempfile.mkdtemp(prefix="cuagym-synth-bench-"))
    load_before = os.getloadavg()
    group = CpuGroup()
    try:
        cpu0, t0, group0 = _cpu(), time.perf_counter(), group.seconds()
        summary, outcomes = await run_batch(
            specs,
            ProceduralBackend(reuse_jails=reuse_roles),
            BatchOptions(
                out=out,
                workers=args.workers,
                near_miss_budget=args.near_misses,
                env_options=dict(env_options),
                reuse_envs=reuse_envs,
            ),
        )
        wall, cpu = time.perf_counter() - t0, _cpu() - cpu0
        group1 = group.seconds()
        group_cpu = group1 - group0 if group1 is not None and group0 is not None else None
        load_after = os.getloadavg()
        accepted = [o for o in outcomes if o.status == "accepted" and o.bundle]
        phases: dict[str, list[float]] = {}
        for o in accepted:
            for key, value in Bundle.load(o.bundle or "").meta.timings_s.items():
                phases.setdefault(key, []).append(value)
        reverified = 0
        sample = accepted[: args.reverify]
        if sample:
            async with ConsensusRunner(env_options=dict(env_options)) as runner:
                for o in sample:
                    b = Bundle.load(o.bundle or "")
                    assert b.initial_setup and b.golden_patch and b.reward
                    report = await runner.check(b.task, b.initial_setup, b.golden_patch, b.reward)
                    reverified += report.passed
    finally:
        group.close()
        shutil.rmtree(out, ignore_errors=True)
    n_ok = max(summary.accepted, 1)
    cores = os.cpu_count() or 1
    return {
        "domains": ids,
        "tasks": len(specs),
        "workers": args.workers,
        "accepted": summary.accepted,
        "rejected": summary.rejected,
        "errors": summary.errors,
        "rounds_mean": summary.rounds_mean,
        "wall_s": round(wall, 2),
        "tuples_per_hour": round(summary.accepted * 3600 / wall, 1),
        "cpu_s_per_tuple": round(cpu / n_ok, 3),
        "cpu_bound_tuples_per_hour_idle": round(cores * 3600 / (cpu / n_ok), 1),
        "cpu_s_per_tuple_cgroup": round(group_cpu / n_ok, 3) if group_cpu is not None else None,
        "cores": cores,
        "phase_mean_s": {k: round(statistics.mean(v), 3) for k, v in sorted(phases.items())},
        "near_miss_budget": args.near_misses,
        "c7_share_of_task_time": (
            round(sum(phases.get("near_misses", [])) / sum(phases["total"]), 3)
            if phases.get("total")
            else None
        ),
        "reverified": f"{reverified}/{len(sample)}",
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in load_after],
        "warm": mode,
    }


COMPARED = ("tuples_per_hour", "cpu_s_per_tuple", "cpu_s_per_tuple_cgroup",
            "cpu_bound_tuples_per_hour_idle", "c7_share_of_task_time")  # fmt: skip


async def _compare(args: argparse.Namespace, modes: list[str]) -> dict[str, Any]:
    """The modes alternately, ``--repeat`` times each."""
    runs = []
    for _ in range(max(1, args.repeat)):
        for mode in modes:
            runs.append(await _bench(args, mode))
    medians = {
        mode: {
            key: round(statistics.median(float(r[key] or 0) for r in runs if r["warm"] == mode), 3)
            for key in COMPARED
        }
        for mode in modes
    }
    return {"repeat": args.repeat, "medians": medians, "runs": runs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=24)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--domains", default="")
    parser.add_argument("--reverify", type=int, default=4)
    parser.add_argument(
        "--near-misses", type=int, default=10, help="C7's near misses per tuple (0: C7 off)"
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--warm", choices=tuple(MODES), default="all")
    parser.add_argument("--compare", default="", help="modes to alternate, e.g. rewards,all")
    parser.add_argument("--rewards", choices=("warm", "cold", "both"), help="the old switch")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each mode compared")
    args = parser.parse_args()
    if args.rewards is not None:
        args.warm = "rewards" if args.rewards == "warm" else "cold"
        args.compare = "cold,rewards" if args.rewards == "both" else ""
    if args.compare:
        modes = [m for m in args.compare.split(",") if m]
        if not set(modes) <= set(MODES):
            parser.error(f"--compare takes modes among {', '.join(MODES)}")
        print(json.dumps(asyncio.run(_compare(args, modes))))
        return
    result = asyncio.run(_bench(args, args.warm))
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:32} {value}")


if __name__ == "__main__":
    main()

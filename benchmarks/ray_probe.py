"""Where the Ray executor's overhead goes: rollout_bench's executor batch, local and Ray
alternating, with the CPU of every process of the batch by group (driver, Ray worker, each Ray
daemon, each environment app) and of the Ray workers' threads by name.

    PYTHONPATH=src .venv/bin/python benchmarks/ray_probe.py --episodes 8 --workers 2 --rounds 2
    ... --env RAY_enable_metrics_collection=0       # a variable for the cluster (and actors)
    ... --system-config '{"metrics_report_interval_ms": 0}'   # merged into ray.init's
    ... --kinds local,ray,ray-uvloop    # ray-uvloop: the actor as an async one (Ray's uvloop)

Figures are medians over the rounds (wall) and means (CPU); the load average comes with them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tree_cpu import TreeCpu
from rollout_bench import DESKTOP, _plan

from cuagym.agent import PolicyConfig, RolloutOptions
from cuagym.agent._worker import RolloutJob, RolloutWorkerSpec
from cuagym.exec import RayOptions, run_pool
from cuagym.llm.scripted import ScriptedChatApi, serve_scripted


def _cpu_now() -> tuple[float, float, float]:
    """This process's CPU, its reaped children's, and its live descendants' (seconds)."""
    import resource

    from _cpu import _descendant_cpu

    live = sum(_descendant_cpu(os.getpid()).values())
    child = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time(), child.ru_utime + child.ru_stime, live


@dataclass(frozen=True)
class TimedSpec:
    """A rollout worker whose start and jobs report their CPU (this process, and below it)."""

    inner: RolloutWorkerSpec

    def __call__(self) -> TimedWorker:
        return TimedWorker(self.inner(), _cpu_now(), time.time())


class TimedWorker:
    def __init__(self, inner: Any, made: tuple[float, float, float], made_at: float) -> None:
        self.inner, self.made, self.start_cpu = inner, made, (0.0, 0.0, 0.0)
        self.times = (made_at, 0.0, 0.0)  # made, start begun, start done (epoch seconds)

    async def start(self) -> None:
        begun, a = time.time(), _cpu_now()
        await self.inner.start()
        b = _cpu_now()
        self.times = (self.times[0], begun, time.time())
        # made: the process's CPU when the worker was made (an actor: its imports and Ray's)
        self.start_cpu = (self.made[0], b[0] - a[0], b[2] - a[2] + b[1] - a[1])

    async def run(self, job: RolloutJob) -> dict[str, Any]:
        a = _cpu_now()
        result = await self.inner.run(job)
        b = _cpu_now()
        out = {
            "wall": result.record.wall_s, "self": b[0] - a[0],
            "below": b[2] - a[2] + b[1] - a[1], "start": self.start_cpu, "times": self.times,
        }  # fmt: skip
        self.start_cpu, self.times = (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)  # once per worker
        return out

    async def close(self) -> None:
        await self.inner.close()


class AsyncActorHost:
    """The actor as it was before it ran its jobs on its own loop: an ``async`` actor, which
    Ray runs on uvloop in a thread of its own (kind ``ray-uvloop``, for an A/B of that)."""

    def __init__(self, spec: Any) -> None:
        self.worker = spec()
        self.started = False

    async def run(self, job: Any) -> Any:
        if not self.started:
            await self.worker.start()
            self.started = True
        return await self.worker.run(job)

    async def close(self) -> None:
        if self.started:
            await self.worker.close()
            self.started = False


def _patch_ray_init(extra_config: dict[str, Any]) -> None:
    import ray

    real = ray.init

    def init(*args: Any, **kwargs: Any) -> Any:
        kwargs["_system_config"] = {**kwargs.get("_system_config", {}), **extra_config}
        return real(*args, **kwargs)

    ray.init = init  # type: ignore[assignment]


async def probe(args: argparse.Namespace) -> dict[str, Any]:
    from cuagym.exec import _ray
    from cuagym.exec._ray import ray_init

    stock_host = _ray._ActorHost

    kinds = args.kinds.split(",")
    ray_opts = RayOptions(num_cpus=args.workers)
    out: dict[str, Any] = {"load_avg": os.getloadavg()}
    if any(k.startswith("ray") for k in kinds):
        t0 = time.perf_counter()
        ray_init(ray_opts, args.workers)
        out["ray_init_s"] = round(time.perf_counter() - t0, 2)
    rows: dict[str, list[dict[str, Any]]] = {k: [] for k in kinds}
    async with serve_scripted(ScriptedChatApi(_plan)) as url:
        policy = PolicyConfig(policy="openai:scripted-double", base_url=f"{url}/v1")
        for _ in range(args.rounds):
            for kind in kinds:
                _ray._ActorHost = AsyncActorHost if kind == "ray-uvloop" else stock_host  # type: ignore[misc]
                spec = TimedSpec(RolloutWorkerSpec(policy, RolloutOptions(max_steps=6)))
                jobs = [RolloutJob(str(DESKTOP), k) for k in range(args.episodes)]
                batch_t0 = time.time()
                with TreeCpu() as cpu:
                    results = await run_pool(
                        spec, jobs, workers=args.workers, executor=kind.split("-")[0],  # type: ignore[arg-type]
                        ray=ray_opts,
                    )  # fmt: skip
                bad = [r for r in results if isinstance(r, BaseException)]
                assert not bad, bad
                jobs_cpu: list[dict[str, Any]] = results  # type: ignore[assignment]
                rows[kind].append({
                    "wall": cpu.wall, "inside": statistics.median(r["wall"] for r in jobs_cpu),
                    "job_self": statistics.median(r["self"] for r in jobs_cpu),
                    "job_below": statistics.median(r["below"] for r in jobs_cpu),
                    "starts": [[round(x, 2) for x in r["start"]] for r in jobs_cpu
                               if any(r["start"])],
                    # seconds after the batch began: worker made, its start begun, done
                    "start_times": [[round(t - batch_t0, 2) for t in r["times"]]
                                    for r in jobs_cpu if any(r["times"])],
                    "groups": cpu.by_group(), "threads": cpu.worker_threads(),
                })  # fmt: skip
    for kind, runs in rows.items():
        groups: dict[str, float] = {}
        threads: dict[str, float] = {}
        for run in runs:
            for g, s in run["groups"].items():
                groups[g] = groups.get(g, 0.0) + s / len(runs) / args.episodes
            for t, s in run["threads"].items():
                threads[t] = threads.get(t, 0.0) + s / len(runs) / args.episodes
        out[kind] = {
            "wall_s": round(statistics.median(r["wall"] for r in runs), 2),
            "walls_s": [round(r["wall"], 2) for r in runs],
            "episode_in_worker_s": round(statistics.median(r["inside"] for r in runs), 3),
            "job_cpu_self_s": round(statistics.median(r["job_self"] for r in runs), 3),
            "job_cpu_below_s": round(statistics.median(r["job_below"] for r in runs), 3),
            "worker_starts_cpu_s (made, start self, start below)": [r["starts"] for r in runs],
            "worker_start_times_s (made, start begun, started)": [r["start_times"] for r in runs],
            "cpu_per_episode_s": round(sum(groups.values()), 3),
            "cpu_per_episode_by_group_s": {g: round(s, 3) for g, s in sorted(groups.items())},
            "ray_worker_threads_cpu_per_episode_s": {
                t: round(s, 3) for t, s in sorted(threads.items(), key=lambda x: -x[1])[:12]
            },
        }
    out["load_avg_after"] = os.getloadavg()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--episodes", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--kinds", default="local,ray")
    parser.add_argument("--env", action="append", default=[], help="KEY=VALUE before ray.init")
    parser.add_argument("--system-config", default="{}", help="JSON merged into _system_config")
    args = parser.parse_args()
    # The actors import this module (its TimedSpec) by name, as the driver does.
    here = str(Path(__file__).resolve().parent)
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), here) if p)
    for item in args.env:
        key, _, value = item.partition("=")
        os.environ[key] = value
    extra = json.loads(args.system_config)
    if extra:
        _patch_ray_init(extra)
    result = asyncio.run(probe(args))
    if any(k.startswith("ray") for k in result):
        import ray

        ray.shutdown()
    sys.stdout.write(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()

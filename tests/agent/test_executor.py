"""Executors: workers hold what jobs reuse; on Ray a dead actor is replaced, its job re-run."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest

from cuagym.core import Bundle
from cuagym.exec import JobFailed, RayOptions, run_pool
from cuagym.synth import verify_bundles

CORPUS = Path(__file__).resolve().parents[1] / "synth" / "bundles" / "final" / "files-csv-dedupe"


@dataclass(frozen=True)
class Spec:
    """Workers that square numbers; job -1 raises; job -2 kills its process once; job -3
    answers its process's niceness; job -4 starts a subprocess and answers the loop it ran on."""

    folder: str

    def __call__(self) -> Worker:
        return Worker(Path(self.folder))


class Worker:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.pid = 0

    async def start(self) -> None:
        self.pid = os.getpid()
        (self.folder / f"started-{os.getpid()}-{id(self)}").touch()

    async def run(self, job: int) -> tuple[int, int]:
        if job == -1:
            raise ValueError("job -1 fails")
        if job == -3:
            return os.nice(0), self.pid
        if job == -4:
            proc = await asyncio.create_subprocess_exec("true")
            loop = type(asyncio.get_running_loop())
            on_main = threading.current_thread() is threading.main_thread()
            return (await proc.wait(), loop.__module__, on_main), self.pid
        if job == -2:
            marker = self.folder / "died-once"
            if not marker.exists():
                marker.touch()
                os._exit(1)  # the actor's process dies mid-job
        return job * job, self.pid

    async def close(self) -> None:
        (self.folder / f"closed-{os.getpid()}-{id(self)}").touch()


async def test_local_pool_runs_every_job_in_order_on_its_workers(tmp_path: Path) -> None:
    seen: list[int] = []
    results = await run_pool(
        Spec(str(tmp_path)), [3, -1, 4, 5], workers=2, on_result=lambda i, r: seen.append(i)
    )
    assert [r if not isinstance(r, Exception) else "err" for r in results] == [
        (9, os.getpid()), "err", (16, os.getpid()), (25, os.getpid())
    ]  # fmt: skip
    assert isinstance(results[1], ValueError) and sorted(seen) == [0, 1, 2, 3]
    assert len(list(tmp_path.glob("started-*"))) == 2 == len(list(tmp_path.glob("closed-*")))


async def test_local_pool_reports_why_no_worker_started(tmp_path: Path) -> None:
    results = await run_pool(Spec(str(tmp_path / "missing")), [1, 2], workers=2)
    assert all(isinstance(r, JobFailed) and "no worker could start" in str(r) for r in results)


@pytest.mark.slow
async def test_ray_actors_run_jobs_and_a_dead_one_is_replaced(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    from ray import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        results = await run_pool(
            Spec(str(tmp_path)), [2, -2, -1, 3, -3, -4], workers=2, executor="ray",
            ray=RayOptions(num_cpus=2),
        )  # fmt: skip
        # cuagym verify --executor ray: a consensus runner per actor (the cluster is up).
        (report,) = await verify_bundles([Bundle.load(CORPUS)], executor="ray")
    finally:
        ray.shutdown()
    assert report.passed and report.r_gold == 1.0 and report.r_init == 0.0
    assert results[0][0] == 4 and results[3][0] == 9  # type: ignore[index]
    assert results[1][0] == 4, "the job whose actor died ran again on a fresh one"  # type: ignore[index]
    assert isinstance(results[2], ValueError), "a job that raises is a result, not a dead actor"
    # Ray's default nice 15 would make every environment on an actor lose the cores to
    # anything else on the node: the local cluster starts its workers at the driver's priority.
    assert results[4][0] == os.nice(0), "an actor runs at the driver's niceness"  # type: ignore[index]
    # Ray runs async actors on uvloop, whose subprocess spawn forks the whole actor process
    # (~5x the CPU of asyncio's vfork): the job runs on a stock asyncio loop, as locally.
    assert results[5][0] == (0, "asyncio.unix_events", True), "stock asyncio, main thread"  # type: ignore[index]
    pids = {r[1] for r in results if isinstance(r, tuple)}
    assert os.getpid() not in pids, "jobs ran in actor processes"
    assert (tmp_path / "died-once").exists()
    assert len(list(tmp_path.glob("started-*"))) >= 3, "two actors, and the replacement"


def test_a_workers_import_leaves_the_hub_out() -> None:
    """Every Ray actor imports cuagym.agent when it unpickles its spec (a local executor once
    per process): the hub's server stack, a third of that import, is left to the web domains
    and the hub that need it."""
    import subprocess

    code = "import sys, cuagym.agent._worker; print('cuagym.hub' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )  # fmt: skip
    assert out.stdout.strip() == "False"

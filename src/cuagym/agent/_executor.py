"""Where jobs run: in this process (``local``) or on a Ray cluster (``ray``), one choice for
``cuagym rollout``, ``cuagym synth`` and ``cuagym verify``.

A job runs on a *worker*: an object that holds what jobs reuse (an environment and its display,
an embedded hub, a policy's client) and runs one job at a time. A :class:`WorkerSpec` is the
picklable recipe of a worker; the executor makes ``workers`` of them and feeds them the jobs.

* ``local``: the workers are coroutines of this process (``--workers`` at once).
* ``ray``: each worker is a Ray actor (one process, ``max_concurrency=1``: one environment per
  actor), started with ``ray.init(num_cpus=workers)`` unless a cluster address is given (or
  ``RAY_ADDRESS`` is set). An actor that dies is replaced by a fresh one and its job runs again
  (at most ``max_attempts`` times); a job that raises is a result, not a dead actor.

Results come back in job order, each a value or the exception its job raised.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

__all__ = [
    "EXECUTORS",
    "ExecutorName",
    "JobFailed",
    "PoolWorker",
    "RayOptions",
    "WorkerSpec",
    "run_pool",
]

ExecutorName = Literal["local", "ray"]
EXECUTORS: tuple[ExecutorName, ...] = ("local", "ray")
J = TypeVar("J")
R = TypeVar("R")
_LOCAL_START_ATTEMPTS = 3
J_contra = TypeVar("J_contra", contravariant=True)
R_co = TypeVar("R_co", covariant=True)


class PoolWorker(Protocol[J_contra, R_co]):
    """Holds what jobs reuse; runs one job at a time."""

    async def start(self) -> None: ...

    async def run(self, job: J_contra) -> R_co: ...

    async def close(self) -> None: ...


#: A picklable recipe (a class, a frozen dataclass with ``__call__``): calling it makes a (not
#: yet started) worker.
WorkerSpec = Callable[[], PoolWorker[J, R]]


class JobFailed(RuntimeError):
    """A job whose worker died every time it ran it (Ray), or that never ran."""


@dataclass(frozen=True)
class RayOptions:
    """``address``: an existing cluster (default: ``RAY_ADDRESS``, else a local one);
    ``num_cpus``: the local cluster's CPUs (default: the worker count);
    ``cpus_per_worker``: what each actor reserves; ``max_attempts``: runs of a job whose actor
    died before it is given up."""

    address: str | None = None
    num_cpus: int | None = None
    cpus_per_worker: float = 1.0
    max_attempts: int = 3


async def run_pool(
    spec: WorkerSpec[J, R],
    jobs: Sequence[J],
    *,
    workers: int,
    executor: ExecutorName = "local",
    ray: RayOptions | None = None,
    on_result: Callable[[int, R | BaseException], None] | None = None,
) -> list[R | BaseException]:
    """Run every job on ``workers`` workers of ``spec``; results in job order."""
    if executor not in EXECUTORS:
        raise ValueError(f"unknown executor {executor!r}: one of {', '.join(EXECUTORS)}")
    if not jobs:
        return []
    count = max(1, min(workers, len(jobs)))
    if executor == "local":
        return await _local(spec, jobs, count, on_result)
    return await _ray(spec, jobs, count, ray or RayOptions(), on_result)


async def _local(
    spec: WorkerSpec[J, R],
    jobs: Sequence[J],
    count: int,
    on_result: Callable[[int, R | BaseException], None] | None,
) -> list[R | BaseException]:
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(len(jobs)):
        queue.put_nowait(i)
    results: dict[int, R | BaseException] = {}
    start_errors: list[BaseException] = []

    async def lane() -> None:
        worker = spec()
        try:
            await worker.start()
        except Exception as exc:  # this lane runs nothing; lanes that started take the jobs
            start_errors.append(exc)
            with contextlib.suppress(Exception):  # release what the failed start left
                await worker.close()
            return
        try:
            while True:
                try:
                    i = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                try:
                    outcome: R | BaseException = await worker.run(jobs[i])
                except Exception as exc:
                    outcome = exc
                results[i] = outcome
                if on_result is not None:
                    on_result(i, outcome)
        finally:
            await worker.close()

    await asyncio.gather(*(lane() for _ in range(count)))
    why = f"no worker could start: {start_errors[0]}" if start_errors else "the job never ran"
    return [results.get(i, JobFailed(why)) for i in range(len(jobs))]


class _ActorHost(Generic[J, R]):
    """The Ray actor: one worker, started on its first job, its coroutines run on a stock
    asyncio loop in the actor's main thread, as a local worker's run in the driver's.

    Not an ``async`` actor: Ray runs those on uvloop (whenever it is installed; uvicorn's
    ``standard`` extra brings it) in a thread of its own, and uvloop starts a subprocess by a
    full ``fork`` of the actor's process (Ray's core worker: 8 GB of address space, two dozen
    threads) where asyncio's own loop uses ``vfork``: 10-17 ms and ~8 ms of CPU per spawn
    instead of ~2 and ~1, about 24 spawns an episode (xdotool, the sandbox's scripts), and an
    episode ran 10-16 % slower in an actor than on a local worker.
    """

    def __init__(self, spec: WorkerSpec[J, R]) -> None:
        self.runner = actor_runner()
        self.worker = spec()
        self.started = False

    # No ``async def`` here: one coroutine method makes Ray run the whole actor on its loop.
    def run(self, job: J) -> R:
        if not self.started:
            self.runner.run(self.worker.start())
            self.started = True
        return self.runner.run(self.worker.run(job))

    def close(self) -> None:
        try:
            if self.started:
                self.started = False
                self.runner.run(self.worker.close())
        finally:
            self.runner.close()


def actor_runner() -> asyncio.Runner:
    """A stock asyncio loop for a Ray actor to run its coroutines on, in its main thread (from
    sync methods only; see :class:`_ActorHost` for why)."""
    # Ray's worker process set uvloop's policy; an actor's process hosts that actor alone.
    asyncio.set_event_loop_policy(asyncio.DefaultEventLoopPolicy())
    return asyncio.Runner()


def ray_init(options: RayOptions, workers: int) -> None:
    """Connect to Ray (a local cluster of ``num_cpus`` when none is running or named)."""
    import ray

    if ray.is_initialized():
        return
    address = options.address or os.environ.get("RAY_ADDRESS")
    if address:
        # A cluster's nodes run their own installation of cuagym (a driver's PYTHONPATH means
        # nothing there); see Ray's runtime environments to ship a checkout.
        ray.init(address=address, log_to_driver=False)
        return
    # A local cluster's workers inherit this process's environment (src checkouts included);
    # a runtime_env would cost each actor seconds of setup for nothing.
    for attempt in range(1, _LOCAL_START_ATTEMPTS + 1):
        try:
            ray.init(
                num_cpus=options.num_cpus or max(1, int(workers * options.cpus_per_worker + 0.999)),
                include_dashboard=False,
                log_to_driver=False,
                # Ray starts its workers at nice 15 (so they never starve its raylet): an actor
                # and the display, browser and office suite it spawns would then lose every
                # contest for the cores, and an episode ran ~12-25 % slower on Ray than on a
                # local worker. An environment is as interactive as on a local worker.
                _system_config={"worker_niceness": 0},
            )
            return
        except Exception as exc:
            # Ray gives its raylet a fixed 30 s to register: a busy machine can miss that.
            if "timed out during startup" not in str(exc) or attempt == _LOCAL_START_ATTEMPTS:
                raise
            ray.shutdown()


async def _ray(
    spec: WorkerSpec[J, R],
    jobs: Sequence[J],
    count: int,
    options: RayOptions,
    on_result: Callable[[int, R | BaseException], None] | None,
) -> list[R | BaseException]:
    import ray
    from ray.exceptions import RayActorError

    ray_init(options, count)
    host: Any = ray.remote(_ActorHost).options(
        max_concurrency=1, num_cpus=options.cpus_per_worker, max_restarts=0
    )
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(len(jobs)):
        queue.put_nowait(i)
    attempts = [0] * len(jobs)
    results: dict[int, R | BaseException] = {}

    async def lane() -> None:
        actor: Any = host.remote(spec)
        try:
            while True:
                try:
                    i = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                attempts[i] += 1
                try:
                    outcome: R | BaseException = await actor.run.remote(jobs[i])
                except RayActorError as exc:
                    # The actor (its process, its environment) is gone: a fresh one, and the
                    # job again unless it has killed its actors too often.
                    ray.kill(actor, no_restart=True)
                    actor = host.remote(spec)
                    if attempts[i] < options.max_attempts:
                        queue.put_nowait(i)
                        continue
                    outcome = JobFailed(
                        f"its worker died {attempts[i]} times: {type(exc).__name__}: {exc}"
                    )
                except Exception as exc:
                    outcome = exc
                results[i] = outcome
                if on_result is not None:
                    on_result(i, outcome)
        finally:
            with contextlib.suppress(Exception):  # a dead actor has nothing left to close
                await actor.close.remote()
            ray.kill(actor, no_restart=True)

    await asyncio.gather(*(lane() for _ in range(count)))
    return [results.get(i, JobFailed("the job never ran")) for i in range(len(jobs))]

"""The ``ray`` executor: each worker is a Ray actor (one process, ``max_concurrency=1``: one
environment per actor), started with ``ray.init(num_cpus=workers)`` unless a cluster address is
given (or ``RAY_ADDRESS`` is set). An actor that dies is replaced by a fresh one and its job runs
again (at most ``max_attempts`` times); a job that raises is a result, not a dead actor."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from cuagym.exec._jobs import J, JobFailed, R, WorkerSpec

__all__ = ["RayOptions", "actor_runner", "ray_init", "run_on_ray"]

_LOCAL_START_ATTEMPTS = 3


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


async def run_on_ray(
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

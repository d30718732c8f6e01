"""Where jobs run: in this process (``local``) or on a Ray cluster (``ray``), one choice for
``cuagym rollout``, ``cuagym synth`` and ``cuagym verify``.

A job runs on a *worker*: an object that holds what jobs reuse (an environment and its display,
an embedded hub, a policy's client) and runs one job at a time. A :class:`WorkerSpec` is the
picklable recipe of a worker; the executor makes ``workers`` of them and feeds them the jobs.

* ``local``: the workers are coroutines of this process (``--workers`` at once).
* ``ray``: each worker is a Ray actor (:mod:`cuagym.exec._ray`).

Results come back in job order, each a value or the exception its job raised.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from typing import Literal

from cuagym.exec._jobs import J, JobFailed, R, WorkerSpec
from cuagym.exec._ray import RayOptions, run_on_ray

__all__ = ["EXECUTORS", "ExecutorName", "run_pool"]

ExecutorName = Literal["local", "ray"]
EXECUTORS: tuple[ExecutorName, ...] = ("local", "ray")


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
    return await run_on_ray(spec, jobs, count, ray or RayOptions(), on_result)


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

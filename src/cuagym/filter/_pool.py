"""A few tuples at a time, in input order, stopping when the machinery keeps failing."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence

from cuagym.filter._inputs import InputTuple
from cuagym.filter._records import Stage, TupleOutcome

__all__ = ["MAX_ERRORS_IN_A_ROW", "PoolStopped", "run_pool"]

# A provider that refuses every request (bad key, unknown model) should stop the command, not
# walk the whole corpus logging the same error.
MAX_ERRORS_IN_A_ROW = 8


class PoolStopped(RuntimeError):
    """Too many tuples in a row could not be processed; the rest were not attempted."""

    def __init__(self, message: str, outcomes: list[TupleOutcome]) -> None:
        super().__init__(message)
        self.outcomes = outcomes


async def run_pool(
    stage: Stage,
    items: Sequence[InputTuple],
    work: Callable[[InputTuple], Awaitable[TupleOutcome]],
    *,
    workers: int,
    on_done: Callable[[TupleOutcome], None] | None = None,
    max_errors_in_a_row: int = MAX_ERRORS_IN_A_ROW,
) -> list[TupleOutcome]:
    """``work`` on every item, ``workers`` at a time; outcomes in the order of ``items``.

    An exception of ``work`` becomes an ``error`` outcome for that tuple (it stays undecided).
    Raises :class:`PoolStopped` after ``max_errors_in_a_row`` consecutive errors.
    """
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(len(items)):
        queue.put_nowait(i)
    results: dict[int, TupleOutcome] = {}
    in_a_row = 0
    stop = asyncio.Event()

    async def worker() -> None:
        nonlocal in_a_row
        while not stop.is_set():
            try:
                i = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            item, t0 = items[i], time.perf_counter()
            try:
                outcome = await work(item)
            except Exception as exc:  # one tuple's failure never stops the others
                outcome = TupleOutcome(
                    task_id=item.task_id, stage=stage, status="error",
                    detail=f"{type(exc).__name__}: {exc}",
                    wall_s=round(time.perf_counter() - t0, 3),
                )  # fmt: skip
            results[i] = outcome
            if outcome.status != "error":
                in_a_row = 0
            elif outcome.systemic:
                in_a_row += 1
            if in_a_row >= max_errors_in_a_row:
                stop.set()
            if on_done is not None:
                on_done(outcome)

    await asyncio.gather(*(worker() for _ in range(max(1, workers))))
    done = [results[i] for i in sorted(results)]
    if stop.is_set():
        last = next((o.detail for o in reversed(done) if o.status == "error"), "")
        raise PoolStopped(
            f"stopped after {max_errors_in_a_row} tuples in a row could not be processed "
            f"({len(items) - len(done)} not attempted). Last error: {last}",
            done,
        )
    return done

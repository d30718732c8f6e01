"""What a pool runs: workers (made from a picklable recipe) that run one job at a time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

__all__ = ["JobFailed", "PoolWorker", "WorkerSpec"]

J = TypeVar("J")
R = TypeVar("R")
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

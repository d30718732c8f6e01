"""Group advantages and over-sampling (DESIGN.md §7).

The paper's appendix (C.3.3) centres each prompt's rewards on the group mean and deliberately
does *not* divide by the group's standard deviation: rewards in [0, 1] already share one scale,
and dividing by σ amplifies noise in nearly uniform groups. A group whose rewards are all equal
gets advantage 0 for every member, so it adds no gradient.

Over-sampling: each prompt is rolled out N_oversample = 20 times and the first G = 16 rollouts
that did not end in ``error`` (sampler failures, never scored) form the group.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol, TypeVar, cast

__all__ = ["group_advantages", "select_rollouts"]


def group_advantages(rewards: Sequence[float]) -> list[float]:
    """A_i = r_i − mean(r) over one prompt's group (no division by σ)."""
    values = list(rewards)
    if not values:
        raise ValueError("a group needs at least one reward")
    for i, r in enumerate(values):
        if r is None or isinstance(r, bool) or not isinstance(r, int | float):
            raise ValueError(f"reward {i} is {r!r}, not a number (an unscored episode?)")
        if not math.isfinite(r):
            raise ValueError(f"reward {i} is {r}, not a finite number")
    mean = math.fsum(values) / len(values)
    return [float(r) - mean for r in values]


class _StatusRecord(Protocol):
    @property
    def status(self) -> str: ...

    @property
    def k(self) -> int: ...


class _HasRecord(Protocol):
    @property
    def record(self) -> _StatusRecord: ...


T = TypeVar("T", bound="_HasRecord | _StatusRecord")


def _record_of(item: _HasRecord | _StatusRecord) -> _StatusRecord:
    record: object = getattr(item, "record", item)
    if not hasattr(record, "status") or not hasattr(record, "k"):
        raise TypeError(f"{type(item).__name__} is neither an Episode nor an EpisodeRecord")
    return cast(_StatusRecord, record)


def select_rollouts(episodes: Sequence[T], n: int = 16) -> list[T]:
    """Of one prompt's over-sampled rollouts (episodes or their records), the first ``n`` whose
    status is not ``error``, in rollout order (by ``k``).

    Returns fewer than ``n`` when fewer are valid; the caller decides whether such a group is
    still usable (verl's groups need exactly ``rollout.n``)."""
    if n <= 0:
        raise ValueError(f"n must be positive, got {n}")
    ordered = sorted(episodes, key=lambda e: _record_of(e).k)
    ks = [_record_of(e).k for e in ordered]
    if len(set(ks)) != len(ks):
        raise ValueError(f"rollout indices repeat ({ks}): pass the rollouts of one prompt")
    tasks = {getattr(_record_of(e), "task_id", None) for e in ordered}
    if len(tasks) > 1:
        raise ValueError(
            f"rollouts of several tasks ({sorted(map(str, tasks))}): pass one prompt's"
        )
    return [e for e in ordered if _record_of(e).status != "error"][:n]

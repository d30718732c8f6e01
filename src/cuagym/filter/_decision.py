"""The teacher decision over N_teach rollouts (DESIGN.md §9, a contract).

Each teacher rollout has a programmatic reward r ∈ [0, 1] (the bundle's reward.py on the
final state) and a binary VLM-judge score r_vlm ∈ {0, 1}. In this order:

1. both means 0 → ``drop`` (likely unsolvable);
2. every r and every r_vlm equal 1 → ``downsample`` (likely too easy);
3. |mean r − mean r_vlm| ≥ δ → ``refine`` (the reward and the judge disagree: back to the
   Discriminator with the disagreeing rollouts);
4. otherwise → ``accept``.

With the task families' GUI oracles as the teacher (:func:`oracle_decision`) the question is
another one: the oracle is a deterministic scripted solver, not a model whose success rate says
how hard a task is, so one rollout answers "is this tuple solvable through its GUI?" — all-1
scores mean solved (kept), not too easy (downsampled).

Means are exact sums over small lists of floats; the δ comparison allows 1e-9 of rounding so
that a difference that is δ on paper (0.8 vs 1.0 with δ = 0.2) counts as reaching it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

__all__ = [
    "DELTA_TOLERANCE",
    "TeacherDecision",
    "decision_without_judge",
    "mean",
    "oracle_decision",
    "teacher_decision",
]

TeacherDecision = Literal["drop", "downsample", "refine", "accept"]
DELTA_TOLERANCE = 1e-9


def mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)


def _check(r: Sequence[float], r_vlm: Sequence[float], delta: float) -> None:
    if not r:
        raise ValueError("teacher_decision needs at least one scored rollout")
    if len(r) != len(r_vlm):
        raise ValueError(
            f"r and r_vlm must come from the same rollouts: {len(r)} r, {len(r_vlm)} r_vlm"
        )
    for i, x in enumerate(r):
        if isinstance(x, bool) or not isinstance(x, int | float) or not 0.0 <= x <= 1.0:
            raise ValueError(f"r[{i}] = {x!r} is not a reward in [0, 1]")
    for i, x in enumerate(r_vlm):
        if isinstance(x, bool) or x not in (0, 1):
            raise ValueError(f"r_vlm[{i}] = {x!r} is not a binary judge score (0 or 1)")
    if isinstance(delta, bool) or not (isinstance(delta, int | float) and 0.0 < delta <= 1.0):
        raise ValueError(f"delta = {delta!r} must be in (0, 1]")


def teacher_decision(r: Sequence[float], r_vlm: Sequence[float], delta: float) -> TeacherDecision:
    """drop | downsample | refine | accept, in the order of DESIGN.md §9."""
    _check(r, r_vlm, delta)
    mean_r, mean_vlm = mean(r), mean(r_vlm)
    if mean_r == 0.0 and mean_vlm == 0.0:
        return "drop"
    if all(x == 1 for x in r) and all(x == 1 for x in r_vlm):
        return "downsample"
    if abs(mean_r - mean_vlm) >= delta - DELTA_TOLERANCE:
        return "refine"
    return "accept"


def decision_without_judge(r: Sequence[float]) -> TeacherDecision:
    """The same order with no judge (``--judge none``): r_vlm is unavailable, so it cannot
    disagree with r. Mean r 0 → drop; every r 1 → downsample; otherwise accept (never refine).
    """
    if not r:
        raise ValueError("the decision needs at least one scored rollout")
    for i, x in enumerate(r):
        if isinstance(x, bool) or not isinstance(x, int | float) or not 0.0 <= x <= 1.0:
            raise ValueError(f"r[{i}] = {x!r} is not a reward in [0, 1]")
    if mean(r) == 0.0:
        return "drop"
    if all(x == 1 for x in r):
        return "downsample"
    return "accept"


def oracle_decision(
    r: Sequence[float], r_vlm: Sequence[float] | None = None, delta: float = 0.2
) -> TeacherDecision:
    """The decision when the teacher is the family's GUI oracle (deterministic: solvability).

    Without a judge: every r 1 → ``accept`` (the oracle solves it), anything less → ``drop``
    (the oracle, written to solve it, does not: no proof the tuple is solvable). With a judge,
    :func:`teacher_decision`'s order, except that all-1 scores → ``accept``: nothing says a
    task is too easy when a script solved it.
    """
    if r_vlm is not None:
        decision = teacher_decision(r, r_vlm, delta)
        return "accept" if decision == "downsample" else decision
    if decision_without_judge(r) == "downsample":
        return "accept"
    return "drop"

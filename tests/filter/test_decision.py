"""The teacher decision of DESIGN.md §9 against a table covering each branch and its order."""

from __future__ import annotations

from typing import Any

import pytest

from cuagym.filter import teacher_decision

# (r, r_vlm, delta, expected, why)
CASES: list[tuple[list[float], list[int], float, str, str]] = [
    ([0, 0, 0, 0], [0, 0, 0, 0], 0.2, "drop", "both means 0"),
    ([0.0], [0], 0.2, "drop", "one rollout, both 0"),
    ([0, 0, 0, 0], [0, 0, 0, 1], 0.2, "refine", "judge passes one the reward fails all"),
    ([0.05, 0, 0, 0], [0, 0, 0, 0], 0.2, "accept", "mean r 0.0125 is not 0; gap < δ"),
    ([1, 1, 1, 1], [1, 1, 1, 1], 0.2, "downsample", "every score 1"),
    ([1.0], [1], 0.2, "downsample", "one rollout, both 1"),
    ([1, 1, 1, 1], [1, 1, 1, 0], 0.2, "refine", "gap 0.25 ≥ δ"),
    ([1, 1, 1, 0.999], [1, 1, 1, 1], 0.2, "accept", "not every r is 1; gap tiny"),
    ([1, 1, 1, 1], [1, 1, 1, 0], 0.3, "accept", "gap 0.25 < δ 0.3"),
    ([0.8, 0.8], [1, 1], 0.2, "refine", "gap exactly δ (float 0.19999...) counts"),
    ([0.81, 0.81], [1, 1], 0.2, "accept", "gap 0.19 < δ"),
    ([0.5, 0.5, 1, 1], [1, 0, 1, 1], 0.2, "accept", "means equal at 0.75"),
    ([0.25, 0.5, 0.75, 1], [0, 0, 1, 1], 0.2, "accept", "means 0.625 and 0.5: gap 0.125"),
    ([0.25, 0.5, 0.75, 1], [0, 0, 0, 1], 0.2, "refine", "means 0.625 and 0.25"),
    ([1, 1, 1, 1], [0, 0, 0, 0], 0.2, "refine", "reward passes all, judge none"),
    ([0, 0, 0, 0], [1, 1, 1, 1], 0.2, "refine", "judge passes all, reward none"),
    ([1], [0], 1.0, "refine", "gap 1 = δ 1"),
    ([0.5], [0], 1.0, "accept", "gap 0.5 < δ 1"),
    ([0.3, 0.3, 0.4], [0, 1, 0], 0.05, "accept", "means 1/3 each"),
]


@pytest.mark.parametrize(("r", "r_vlm", "delta", "expected"), [c[:4] for c in CASES],
                         ids=[c[4] for c in CASES])  # fmt: skip
def test_teacher_table(r: list[float], r_vlm: list[int], delta: float, expected: str) -> None:
    assert teacher_decision(r, r_vlm, delta) == expected


def test_every_branch_is_covered_by_the_table() -> None:
    assert {c[3] for c in CASES} == {"drop", "downsample", "refine", "accept"}


@pytest.mark.parametrize(
    ("r", "r_vlm", "delta", "needle"),
    [
        ([], [], 0.2, "at least one"),
        ([1, 1], [1], 0.2, "same rollouts"),
        ([1.2], [1], 0.2, "r[0]"),
        ([-0.1], [0], 0.2, "r[0]"),
        ([float("nan")], [0], 0.2, "r[0]"),
        ([True], [1], 0.2, "r[0]"),
        ([1], [0.5], 0.2, "r_vlm[0]"),
        ([1], [True], 0.2, "r_vlm[0]"),
        ([1], [1], 0.0, "delta"),
        ([1], [1], 1.5, "delta"),
    ],
)
def test_bad_inputs_are_named(r: list[Any], r_vlm: list[Any], delta: float, needle: str) -> None:
    with pytest.raises(ValueError, match=needle.replace("[", r"\[").replace("]", r"\]")):
        teacher_decision(r, r_vlm, delta)


@pytest.mark.parametrize(
    ("r", "r_vlm", "expected"),
    [
        ([1.0], None, "accept"),  # the oracle solves it: kept, never downsampled
        ([0.0], None, "drop"),
        ([0.5], None, "drop"),  # a partial score is no proof the tuple is solvable
        ([1.0], [1], "accept"),
        ([0.0], [0], "drop"),
        ([1.0], [0], "refine"),  # the judge disagrees with the reward on the oracle's state
    ],
)
def test_oracle_decision_is_solvability(
    r: list[float], r_vlm: list[int] | None, expected: str
) -> None:
    from cuagym.filter._decision import oracle_decision

    assert oracle_decision(r, r_vlm, 0.2) == expected

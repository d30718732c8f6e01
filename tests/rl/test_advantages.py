"""group_advantages (r − mean, no σ) and select_rollouts (first G valid, rollout order)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cuagym.rl import group_advantages, select_rollouts


def test_advantages_are_centred_not_scaled() -> None:
    adv = group_advantages([1.0, 0.0, 0.5, 0.5])
    assert adv == pytest.approx([0.5, -0.5, 0.0, 0.0])
    # No division by σ: doubling the spread doubles the advantages.
    assert group_advantages([0.0, 1.0]) == pytest.approx([-0.5, 0.5])
    assert group_advantages([0.25, 0.75]) == pytest.approx([-0.25, 0.25])


def test_zero_variance_group_is_all_zero() -> None:
    assert group_advantages([0.0] * 16) == [0.0] * 16
    assert group_advantages([1.0] * 16) == [0.0] * 16
    assert group_advantages([0.3]) == [0.0]


def test_bad_rewards_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one"):
        group_advantages([])
    with pytest.raises(ValueError, match="reward 1 is None"):
        group_advantages([1.0, None])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="not a finite"):
        group_advantages([float("nan")])


@dataclass
class _Record:
    task_id: str
    k: int
    status: str


def test_select_first_valid_in_rollout_order() -> None:
    # 20 rollouts, 4 of which ended in a sampler error.
    statuses = ["success", "error", "failure", "success", "failure"] * 4
    records = [_Record("t1", k, s) for k, s in enumerate(statuses)]
    chosen = select_rollouts(list(reversed(records)), n=16)
    assert len(chosen) == 16
    assert [r.k for r in chosen] == [k for k, s in enumerate(statuses) if s != "error"][:16]
    assert all(r.status != "error" for r in chosen)


def test_select_returns_fewer_when_too_many_errors() -> None:
    records = [_Record("t1", k, "error" if k % 2 else "success") for k in range(6)]
    assert [r.k for r in select_rollouts(records, n=16)] == [0, 2, 4]


def test_select_refuses_mixed_prompts_and_repeats() -> None:
    with pytest.raises(ValueError, match="several tasks"):
        select_rollouts([_Record("a", 0, "success"), _Record("b", 1, "success")])
    with pytest.raises(ValueError, match="repeat"):
        select_rollouts([_Record("a", 0, "success"), _Record("a", 0, "failure")])
    with pytest.raises(ValueError, match="positive"):
        select_rollouts([], n=0)

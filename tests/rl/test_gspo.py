"""GSPO loss: a hand-computed case, both clip sides, dummy sequences, and verl's own function."""

from __future__ import annotations

import math

import pytest

# Hand-computed values ignore the 1e-8 that guards the per-sequence token mean (as in verl).
REL = 1e-7

torch = pytest.importorskip("torch")

from cuagym.rl import group_advantages, gspo_loss  # noqa: E402
from cuagym.rl._gspo import gspo_loss_with_stats  # noqa: E402


def _t(rows: list[list[float]]) -> torch.Tensor:
    return torch.tensor(rows, dtype=torch.float64)


def test_hand_computed_value_and_gradient() -> None:
    # Sequence 0: two loss tokens with log-ratios 0.1 and -0.3 -> s = exp(-0.1); A = +1.
    # Sequence 1: one loss token (second masked) with log-ratio 0.05 -> s = exp(0.05); A = -0.5.
    old = _t([[-1.0, -2.0], [-0.5, -0.7]])
    logp = (old + _t([[0.1, -0.3], [0.05, 9.0]])).requires_grad_(True)
    mask = torch.tensor([[1, 1], [1, 0]])
    adv = torch.tensor([1.0, -0.5], dtype=torch.float64)
    loss = gspo_loss(logp, old, adv, mask)
    s0, s1 = math.exp(-0.1), math.exp(0.05)
    # Both ratios lie inside [0.8, 1.2]: loss_i = -s_i * A_i, mean over two sequences.
    expected = (-(s0 * 1.0) - (s1 * -0.5)) / 2
    assert loss.item() == pytest.approx(expected, rel=REL)
    loss.backward()
    assert logp.grad is not None
    # d loss / d logp_{0,t} = -(A_0 / 2) * s0 / |y_0|; the masked token gets nothing.
    assert logp.grad[0, 0].item() == pytest.approx(-0.5 * s0 / 2, rel=REL)
    assert logp.grad[0, 1].item() == pytest.approx(-0.5 * s0 / 2, rel=REL)
    assert logp.grad[1, 0].item() == pytest.approx(0.25 * s1, rel=REL)
    assert logp.grad[1, 1].item() == 0.0


def test_clipping_on_both_sides() -> None:
    old = _t([[0.0, 0.0], [0.0, 0.0]])
    mask = torch.ones(2, 2)
    # Sequence 0: ratio e^0.5 ≈ 1.65 > 1.2 with A > 0 -> clipped at 1.2, no gradient.
    # Sequence 1: ratio e^-0.5 ≈ 0.61 < 0.8 with A < 0 -> clipped at 0.8, no gradient.
    logp = _t([[0.5, 0.5], [-0.5, -0.5]]).requires_grad_(True)
    adv = torch.tensor([1.0, -1.0], dtype=torch.float64)
    stats = gspo_loss_with_stats(logp, old, adv, mask)
    assert stats.loss.item() == pytest.approx((-1.2 * 1.0 + 0.8 * 1.0) / 2, rel=REL)
    assert stats.clipped.tolist() == [True, True]
    stats.loss.backward()
    assert logp.grad is not None
    assert torch.count_nonzero(logp.grad).item() == 0
    # The other sides are *not* clipped (pessimistic bound): ratio above 1.2 with A < 0 and
    # below 0.8 with A > 0 keep the unclipped term and its gradient.
    logp2 = _t([[0.5, 0.5], [-0.5, -0.5]]).requires_grad_(True)
    adv2 = torch.tensor([-1.0, 1.0], dtype=torch.float64)
    stats2 = gspo_loss_with_stats(logp2, old, adv2, mask)
    assert stats2.clipped.tolist() == [False, False]
    expected = (math.exp(0.5) * 1.0 - math.exp(-0.5) * 1.0) / 2
    assert stats2.loss.item() == pytest.approx(expected, rel=REL)
    stats2.loss.backward()
    assert logp2.grad is not None
    assert torch.count_nonzero(logp2.grad).item() == 4


def test_asymmetric_clip_range() -> None:
    old = torch.zeros(1, 1, dtype=torch.float64)
    logp = torch.full((1, 1), math.log(1.3), dtype=torch.float64)
    adv = torch.tensor([1.0], dtype=torch.float64)
    mask = torch.ones(1, 1)
    assert gspo_loss(logp, old, adv, mask, 0.2, 0.28).item() == pytest.approx(-1.28)
    assert gspo_loss(logp, old, adv, mask, 0.2, 0.2).item() == pytest.approx(-1.2)


def test_fully_masked_sequence_adds_nothing() -> None:
    gen = torch.Generator().manual_seed(0)
    old = torch.randn(3, 5, generator=gen, dtype=torch.float64)
    logp = (old + 0.05 * torch.randn(3, 5, generator=gen, dtype=torch.float64)).requires_grad_()
    adv = torch.tensor([0.7, -0.3, 5.0], dtype=torch.float64)
    mask = torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1], [0, 0, 0, 0, 0]])
    with_dummy = gspo_loss(logp, old, adv, mask)
    without = gspo_loss(logp[:2], old[:2], adv[:2], mask[:2])
    assert with_dummy.item() == pytest.approx(without.item(), rel=REL)
    with_dummy.backward()
    assert logp.grad is not None
    assert torch.count_nonzero(logp.grad[2]).item() == 0
    assert torch.count_nonzero(logp.grad[0, 3:]).item() == 0


def test_all_masked_batch_is_zero_not_nan() -> None:
    logp = torch.zeros(2, 3, requires_grad=True)
    loss = gspo_loss(logp, torch.zeros(2, 3), torch.ones(2), torch.zeros(2, 3))
    assert loss.item() == 0.0
    loss.backward()
    assert logp.grad is not None and torch.count_nonzero(logp.grad).item() == 0


def test_zero_variance_group_gives_no_gradient() -> None:
    adv = torch.tensor(group_advantages([1.0, 1.0, 1.0, 1.0]), dtype=torch.float64)
    assert adv.tolist() == [0.0, 0.0, 0.0, 0.0]
    gen = torch.Generator().manual_seed(1)
    old = torch.randn(4, 6, generator=gen, dtype=torch.float64)
    logp = (old + 0.1 * torch.randn(4, 6, generator=gen, dtype=torch.float64)).requires_grad_()
    loss = gspo_loss(logp, old, adv, torch.ones(4, 6))
    loss.backward()
    assert loss.item() == 0.0
    assert logp.grad is not None and torch.count_nonzero(logp.grad).item() == 0


def test_shape_errors_name_the_problem() -> None:
    logp = torch.zeros(2, 3)
    with pytest.raises(ValueError, match="3 advantages for 2 sequences"):
        gspo_loss(logp, logp, torch.zeros(3), torch.ones(2, 3))
    with pytest.raises(ValueError, match="mask shape"):
        gspo_loss(logp, logp, torch.zeros(2), torch.ones(2, 4))
    with pytest.raises(ValueError, match="batch, tokens"):
        gspo_loss(torch.zeros(3), torch.zeros(3), torch.zeros(3), torch.ones(3))


def _verl_gspo(
    logp: torch.Tensor,
    old: torch.Tensor,
    adv_tokens: torch.Tensor,
    mask: torch.Tensor,
    clip_low: float,
    clip_high: float,
) -> torch.Tensor:
    core_algos = pytest.importorskip("verl.trainer.ppo.core_algos")
    from verl.workers.config import ActorConfig

    config = ActorConfig(
        strategy="fsdp",
        rollout_n=4,
        ppo_micro_batch_size_per_gpu=1,
        clip_ratio_low=clip_low,
        clip_ratio_high=clip_high,
        loss_agg_mode="seq-mean-token-mean",
    )
    loss, _ = core_algos.compute_policy_loss_gspo(
        old_log_prob=old,
        log_prob=logp,
        advantages=adv_tokens,
        response_mask=mask,
        loss_agg_mode="seq-mean-token-mean",
        config=config,
    )
    return loss


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize(("clip_low", "clip_high"), [(0.2, 0.2), (0.2, 0.28)])
def test_value_and_gradient_equal_verl(seed: int, clip_low: float, clip_high: float) -> None:
    pytest.importorskip("verl")
    gen = torch.Generator().manual_seed(seed)
    batch, tokens = 6, 9
    old = -torch.rand(batch, tokens, generator=gen, dtype=torch.float64) * 3
    # Spread of log-ratios wide enough that some sequences clip on each side.
    logp_init = old + 0.6 * torch.randn(batch, tokens, generator=gen, dtype=torch.float64)
    lengths = torch.randint(0, tokens + 1, (batch,), generator=gen)
    lengths[0] = 0  # one dummy slice in every batch
    mask = (torch.arange(tokens).unsqueeze(0) < lengths.unsqueeze(1)).to(torch.float64)
    adv = torch.tensor(
        group_advantages(torch.rand(batch, generator=gen).round().tolist()), dtype=torch.float64
    )
    ours_in = logp_init.clone().requires_grad_(True)
    ours = gspo_loss(ours_in, old, adv, mask, clip_low, clip_high)
    ours.backward()
    verl_in = logp_init.clone().requires_grad_(True)
    theirs = _verl_gspo(
        verl_in, old, adv.unsqueeze(-1).expand(batch, tokens), mask, clip_low, clip_high
    )
    theirs.backward()
    assert ours.item() == pytest.approx(theirs.item(), rel=1e-12, abs=1e-15)
    assert ours_in.grad is not None and verl_in.grad is not None
    torch.testing.assert_close(ours_in.grad, verl_in.grad, rtol=1e-12, atol=1e-15)

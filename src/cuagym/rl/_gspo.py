"""The GSPO policy loss (DESIGN.md §7), in torch.

GSPO takes the importance ratio per *sequence*: s_i = exp(mean over i's loss tokens of
(logp − old_logp)), the length-normalised (geometric-mean) likelihood ratio. Each sequence's loss
is the clipped surrogate −min(s_i·A_i, clip(s_i, 1−ε_low, 1+ε_high)·A_i), and the batch loss is
the mean over the sequences that have at least one loss token, so a dummy slice (every token
masked) adds nothing — neither to the sum nor to the count.

The computation is written the way verl's ``compute_policy_loss_gspo`` writes it
(``loss_agg_mode="seq-mean-token-mean"``), so the value *and* the gradient are the same
floating-point operations: the per-token ratio ``sg[s_i] · π_θ(y_t) / sg[π_θ(y_t)]`` equals s_i
in value and carries ∇s_i = s_i · mean_t ∇logp_t once averaged over the sequence's tokens, and
the log-ratio is clamped at 10 before ``exp`` (verl's guard against overflow; ratios that large
are clipped anyway whenever A > 0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import torch

__all__ = ["GspoStats", "gspo_loss", "gspo_loss_with_stats"]

#: verl clamps the per-token log-ratio here before ``exp``; kept so the two agree bit for bit.
LOG_RATIO_CAP = 10.0


class GspoStats(NamedTuple):
    """The loss and what a trainer logs next to it."""

    loss: torch.Tensor
    seq_ratio: torch.Tensor  # s_i per sequence (detached), shape (B,)
    clipped: torch.Tensor  # per sequence: the clipped branch was taken (bool, shape (B,))
    active: torch.Tensor  # per sequence: has at least one loss token (bool, shape (B,))


def _check(
    logp: torch.Tensor, old_logp: torch.Tensor, advantages: torch.Tensor, mask: torch.Tensor
) -> torch.Tensor:
    """Validate shapes; return the advantages broadcast to (B, T)."""
    if logp.dim() != 2:
        raise ValueError(f"logp must be (batch, tokens), got shape {tuple(logp.shape)}")
    if old_logp.shape != logp.shape:
        raise ValueError(
            f"old_logp shape {tuple(old_logp.shape)} differs from logp {tuple(logp.shape)}"
        )
    if mask.shape != logp.shape:
        raise ValueError(f"mask shape {tuple(mask.shape)} differs from logp {tuple(logp.shape)}")
    if advantages.dim() == 1:
        if advantages.shape[0] != logp.shape[0]:
            raise ValueError(
                f"{advantages.shape[0]} advantages for {logp.shape[0]} sequences: give one per "
                "sequence, or one per token"
            )
        return advantages.unsqueeze(-1).expand_as(logp)
    if advantages.shape != logp.shape:
        raise ValueError(
            f"advantages shape {tuple(advantages.shape)} is neither (batch,) nor logp's "
            f"{tuple(logp.shape)}"
        )
    return advantages


def gspo_loss_with_stats(
    logp: torch.Tensor,
    old_logp: torch.Tensor,
    advantages: torch.Tensor,
    mask: torch.Tensor,
    clip_low: float = 0.2,
    clip_high: float = 0.2,
) -> GspoStats:
    """:func:`gspo_loss`, plus the per-sequence ratio, clip flags and active flags."""
    import torch

    if not (0.0 <= clip_low < 1.0) or clip_high < 0.0:
        raise ValueError(
            f"clip range must satisfy 0 <= low < 1, high >= 0; got {clip_low}, {clip_high}"
        )
    adv = _check(logp, old_logp, advantages, mask).to(logp.dtype)
    m = mask.to(logp.dtype)
    tokens = m.sum(dim=-1)
    log_ratio = logp - old_logp
    seq_log_ratio = (log_ratio * m).sum(dim=-1) / tokens.clamp(min=1)
    # Per-token ratio whose value is s_i and whose gradient, averaged over the sequence's
    # tokens, is ∇s_i (verl's formulation; see the module docstring).
    token_log_ratio = logp - logp.detach() + seq_log_ratio.detach().unsqueeze(-1)
    token_ratio = torch.exp(torch.clamp(token_log_ratio, max=LOG_RATIO_CAP))
    unclipped = -adv * token_ratio
    clipped = -adv * torch.clamp(token_ratio, 1.0 - clip_low, 1.0 + clip_high)
    per_token = torch.maximum(unclipped, clipped)
    # Token mean within each sequence, then the mean over sequences with a loss token.
    seq_loss = (per_token * m).sum(dim=-1) / (tokens + 1e-8)
    active = tokens > 0
    n_active = active.to(logp.dtype).sum()
    loss = (seq_loss * active.to(logp.dtype)).sum() / n_active.clamp(min=1)
    with torch.no_grad():
        seq_ratio = torch.exp(torch.clamp(seq_log_ratio, max=LOG_RATIO_CAP))
        seq_adv = (adv * m).sum(dim=-1) / tokens.clamp(min=1)
        took_clip = (-seq_adv * torch.clamp(seq_ratio, 1.0 - clip_low, 1.0 + clip_high)) > (
            -seq_adv * seq_ratio
        )
    return GspoStats(loss=loss, seq_ratio=seq_ratio, clipped=took_clip & active, active=active)


def gspo_loss(
    logp: torch.Tensor,
    old_logp: torch.Tensor,
    advantages: torch.Tensor,
    mask: torch.Tensor,
    clip_low: float = 0.2,
    clip_high: float = 0.2,
) -> torch.Tensor:
    """GSPO's clipped sequence-level surrogate, averaged over sequences with a loss token.

    ``logp`` and ``old_logp`` are per-token log-probabilities of the response tokens under the
    current and the rollout policy, shape (B, T); ``mask`` (B, T) marks the loss tokens (0/1 or
    bool); ``advantages`` is one value per sequence (B,) or per token (B, T). A batch with no
    loss token at all gives a zero loss that is still connected to ``logp`` (zero gradient).
    """
    return gspo_loss_with_stats(logp, old_logp, advantages, mask, clip_low, clip_high).loss

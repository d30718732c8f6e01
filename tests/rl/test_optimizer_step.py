"""One real GSPO optimizer step of a tiny Qwen2-VL on real slices (screenshots included)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from cuagym.rl import Slice, group_advantages, gspo_loss, slice_episode
from cuagym.rl._chat import ChatEncoder
from cuagym.rl._tiny import tiny_vlm
from tests.rl.conftest import write_episode

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.slow


def _response_logp(model: Any, processor: Any, s: Slice) -> torch.Tensor:
    """log π(response token | everything before it) for one slice, shape (len(response),)."""
    from PIL import Image

    assert s.tokens is not None
    ids = torch.tensor([s.tokens.prompt_ids + s.tokens.response_ids])
    inputs: dict[str, Any] = {"input_ids": ids, "attention_mask": torch.ones_like(ids)}
    if s.tokens.image_sizes:
        images = [Image.open(io.BytesIO(i.png)).convert("RGB") for i in s.images]
        vision = processor.image_processor(images=images, return_tensors="pt")
        image_id = processor.tokenizer.convert_tokens_to_ids("<|image_pad|>")
        inputs |= {
            "pixel_values": vision["pixel_values"],
            "image_grid_thw": vision["image_grid_thw"],
            "mm_token_type_ids": (ids == image_id).long(),  # M-RoPE: which tokens are image
        }
    logits = model(**inputs).logits[0, :-1].float()
    logp = torch.log_softmax(logits, dim=-1).gather(-1, ids[0, 1:].unsqueeze(-1)).squeeze(-1)
    return logp[len(s.tokens.prompt_ids) - 1 :]


def _batch(model: Any, processor: Any, slices: list[Slice]) -> tuple[torch.Tensor, torch.Tensor]:
    rows = [_response_logp(model, processor, s) for s in slices]
    width = max(len(r) for r in rows)
    logp = torch.stack([torch.nn.functional.pad(r, (0, width - len(r))) for r in rows])
    mask = torch.zeros(len(slices), width)
    for i, s in enumerate(slices):
        assert s.tokens is not None
        mask[i, : len(s.tokens.response_mask)] = torch.tensor(
            s.tokens.response_mask, dtype=torch.float
        )
    return logp, mask


def test_one_gspo_step_trains_only_masked_tokens(tmp_path: Path, processor: Any) -> None:
    torch.manual_seed(0)
    encoder = ChatEncoder(processor)
    # A group of two rollouts of one task, rewards 1 and 0; the second's turn 1 has no logprobs.
    good = write_episode(tmp_path / "a", 12, k=0, reward=1.0)
    bad = write_episode(
        tmp_path / "b", 3, k=1, reward=0.0, logprobs=lambda t: None if t == 1 else [-1.0]
    )
    good_slices = slice_episode(good, tokenizer=encoder)
    first_prompt = good_slices[0].tokens.prompt_tokens if good_slices[0].tokens else 0
    # Slice 10 of the good episode is over this prompt budget: a dummy.
    good_slices = slice_episode(good, tokenizer=encoder, max_prompt=first_prompt + 10)
    assert [s.dummy for s in good_slices] == [False, True]
    slices = [*good_slices, *slice_episode(bad, tokenizer=encoder)]
    adv_by_k = dict(zip((0, 1), group_advantages([1.0, 0.0]), strict=True))
    advantages = torch.tensor([adv_by_k[s.k] for s in slices])

    model = tiny_vlm(processor, seed=0)
    model.train()
    with torch.no_grad():
        old_logp, mask = _batch(model, processor, slices)
    # The rollout policy differs a little from the current one, so ratios are not all 1.
    old_logp = old_logp + 0.01 * torch.randn_like(old_logp)

    logp, mask = _batch(model, processor, slices)
    logp.retain_grad()
    loss = gspo_loss(logp, old_logp, advantages, mask)
    loss.backward()
    assert logp.grad is not None
    # Only masked-in tokens get gradient: the prompt is not even in logp; user messages,
    # templates, screenshots, the untrained turn and the whole dummy slice get exactly zero.
    assert torch.count_nonzero(logp.grad[mask == 0]).item() == 0
    assert torch.count_nonzero(logp.grad[mask == 1]).item() == int(mask.sum().item())
    assert torch.count_nonzero(logp.grad[1]).item() == 0  # the dummy slice
    bad_slice = slices[2]
    assert bad_slice.loss_mask == [False, True, False, False, False, True]
    # The dummy slice adds nothing: the loss is the same without it.
    keep = [0, 2]
    without = gspo_loss(logp.detach()[keep], old_logp[keep], advantages[keep], mask[keep])
    assert loss.item() == pytest.approx(without.item(), rel=1e-6)

    params = {n: p.detach().clone() for n, p in model.named_parameters()}
    grads = {n: p.grad for n, p in model.named_parameters()}
    assert any(g is not None and torch.count_nonzero(g).item() > 0 for g in grads.values())
    optimizer = torch.optim.AdamW(
        model.parameters(), lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01
    )
    optimizer.step()
    changed = [n for n, p in model.named_parameters() if not torch.equal(p.detach(), params[n])]
    assert changed, "the optimizer step changed no parameter"
    # Nudging the good rollout up and the bad one down lowers the loss on the same batch.
    with torch.no_grad():
        after_logp, _ = _batch(model, processor, slices)
        after = gspo_loss(after_logp, old_logp, advantages, mask)
    assert after.item() < loss.item()

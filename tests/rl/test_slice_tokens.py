"""Token-level slices through a real Hugging Face processor (a tiny Qwen2-VL one built here)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from cuagym.agent.context import COLLAPSED
from cuagym.rl import slice_episode
from cuagym.rl._chat import ChatEncoder, to_hf_messages
from tests.rl.conftest import response, write_episode

pytest.importorskip("transformers")


def _pil(png: bytes) -> Any:
    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("RGB")


def test_ids_equal_the_processor_on_the_whole_slice(tmp_path: Path, processor: Any) -> None:
    episode = write_episode(tmp_path, 13, feedback=lambda t: "Error: x" if t == 11 else None)
    encoder = ChatEncoder(processor)
    for s in slice_episode(episode, tokenizer=encoder):
        assert s.tokens is not None
        text = processor.apply_chat_template(to_hf_messages(s.messages), tokenize=False)
        out = processor(text=[text], images=[_pil(i.png) for i in s.images])
        assert list(out["input_ids"][0]) == s.tokens.prompt_ids + s.tokens.response_ids
        assert s.tokens.image_sizes == [(i.width, i.height) for i in s.images]


def test_token_mask_is_exactly_the_generated_text(tmp_path: Path, processor: Any) -> None:
    episode = write_episode(tmp_path, 12, logprobs=lambda t: None if t == 1 else [-1.0])
    tok = processor.tokenizer
    image_id = tok.convert_tokens_to_ids("<|image_pad|>")
    for s in slice_episode(episode, tokenizer=processor):
        assert s.tokens is not None
        ids, mask = s.tokens.response_ids, s.tokens.response_mask
        assert len(mask) == len(ids)
        # Runs of trained tokens, in order: each is one trained turn's text and its <|im_end|>.
        runs: list[list[int]] = []
        for i, (tid, m) in enumerate(zip(ids, mask, strict=True)):
            if m and (i == 0 or not mask[i - 1]):
                runs.append([])
            if m:
                runs[-1].append(tid)
        trained = [t for t in range(s.collapsed_length, s.end) if t != 1]
        assert [tok.decode(r) for r in runs] == [response(t) + "<|im_end|>" for t in trained]
        assert not any(m for tid, m in zip(ids, mask, strict=True) if tid == image_id)
        # The prompt holds the collapsed turns and no image token.
        prompt_text = tok.decode(s.tokens.prompt_ids)
        assert prompt_text.count(COLLAPSED) == s.collapsed_length
        assert image_id not in s.tokens.prompt_ids


def test_logprobs_align_when_they_match_the_tokens(tmp_path: Path, processor: Any) -> None:
    tok = processor.tokenizer

    def generated(t: int) -> int:
        return len(tok(response(t) + "<|im_end|>", add_special_tokens=False)["input_ids"])

    episode = write_episode(
        tmp_path, 4, logprobs=lambda t: [-(t + 1) - i / 100 for i in range(generated(t))]
    )
    (s,) = slice_episode(episode, tokenizer=processor)
    assert s.tokens is not None and s.tokens.response_logprobs is not None
    lp, mask = s.tokens.response_logprobs, s.tokens.response_mask
    assert len(lp) == len(mask)
    kept = [x for x, m in zip(lp, mask, strict=True) if m]
    expected = [x for t in range(4) for x in episode.turns[t].logprobs or []]
    assert kept == expected
    assert all(x == 0.0 for x, m in zip(lp, mask, strict=True) if not m)
    # Logprobs of another tokenisation (wrong length) are dropped, not misaligned.
    other = write_episode(tmp_path / "other", 4, logprobs=lambda t: [-0.5])
    (s2,) = slice_episode(other, tokenizer=processor)
    assert s2.tokens is not None and s2.tokens.response_logprobs is None
    assert sum(s2.tokens.response_mask) == sum(mask)


def test_dummy_slices_over_the_budgets(tmp_path: Path, processor: Any) -> None:
    episode = write_episode(tmp_path, 25)
    encoder = ChatEncoder(processor)
    full = slice_episode(episode, tokenizer=encoder)
    assert not any(s.dummy for s in full)
    first = full[0].tokens
    assert first is not None
    # A prompt budget between the first slice's prompt and the second's: later slices dummy.
    budget = first.prompt_tokens + 5
    capped = slice_episode(episode, tokenizer=encoder, max_prompt=budget)
    assert [s.dummy for s in capped] == [False, True, True]
    for s in capped[1:]:
        assert s.tokens is not None
        assert s.tokens.response_mask == [0] and len(s.tokens.response_ids) == 1
        assert s.tokens.prompt_tokens > budget
        assert s.loss_mask == [False] * len(s.loss_mask)
        assert s.reward == 1.0  # kept for the batch shape, reward and all
    # A context budget below the shortest whole slice: every slice becomes a dummy.
    shortest = min(s.tokens.total_tokens for s in full if s.tokens is not None)
    assert all(s.dummy for s in slice_episode(episode, tokenizer=encoder, max_context=shortest - 1))
    assert not any(
        s.dummy for s in slice_episode(episode, tokenizer=encoder, max_context=shortest + 10**6)
    )


def test_text_tokenizer_cannot_hold_screenshots(tmp_path: Path, processor: Any) -> None:
    episode = write_episode(tmp_path, 2)
    with pytest.raises(ValueError, match="AutoProcessor"):
        slice_episode(episode, tokenizer=processor.tokenizer)


def test_template_that_is_not_message_by_message_is_refused(tmp_path: Path, processor: Any) -> None:
    import copy

    numbered = copy.deepcopy(processor)
    # Numbers every message: a message's text then depends on what came before it.
    numbered.chat_template = (
        "{% for message in messages %}<|im_start|>{{ loop.index }} {{ message['role'] }}\n"
        "{% if message['content'] is string %}{{ message['content'] }}{% endif %}<|im_end|>\n"
        "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
    )
    episode = write_episode(tmp_path, 2)
    with pytest.raises(ValueError, match="chat template"):
        slice_episode(episode, tokenizer=numbered)

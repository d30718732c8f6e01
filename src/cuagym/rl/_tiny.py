"""A tiny Qwen2-VL-style processor and model, built in code (nothing is downloaded).

For tests, benchmarks and the GPU smoke check: a byte-level BPE tokenizer trained on the fly on
cuagym's own texts (the system prompt, tool calls, the collapse placeholder) with Qwen2-VL's
special tokens and chat template, Qwen2-VL's image processor from a config, and a
``Qwen2VLForConditionalGeneration`` of a few small layers. It is a real Hugging Face processor
and model — every code path that takes a user's ``AutoProcessor`` takes this one — just small
and untrained.

Qwen2-VL's processor requires a video processor, which requires torchvision. Where torchvision
cannot be imported (a CPU-only torch without a matching torchvision build), the processor is an
image-only subclass of ``Qwen2VLProcessor`` with the same image handling; it is never used for
anything else.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

__all__ = [
    "QWEN2_VL_CHAT_TEMPLATE",
    "QWEN2_VL_SPECIAL_TOKENS",
    "save_tiny_vlm",
    "tiny_processor",
    "tiny_vlm",
]

#: Qwen2-VL-Instruct's chat template, verbatim.
QWEN2_VL_CHAT_TEMPLATE = (
    "{% set image_count = namespace(value=0) %}{% set video_count = namespace(value=0) %}"
    "{% for message in messages %}{% if loop.first and message['role'] != 'system' %}"
    "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n{% endif %}"
    "<|im_start|>{{ message['role'] }}\n{% if message['content'] is string %}"
    "{{ message['content'] }}<|im_end|>\n{% else %}{% for content in message['content'] %}"
    "{% if content['type'] == 'image' or 'image' in content or 'image_url' in content %}"
    "{% set image_count.value = image_count.value + 1 %}{% if add_vision_id %}Picture "
    "{{ image_count.value }}: {% endif %}<|vision_start|><|image_pad|><|vision_end|>"
    "{% elif content['type'] == 'video' or 'video' in content %}"
    "{% set video_count.value = video_count.value + 1 %}{% if add_vision_id %}Video "
    "{{ video_count.value }}: {% endif %}<|vision_start|><|video_pad|><|vision_end|>"
    "{% elif 'text' in content %}{{ content['text'] }}{% endif %}{% endfor %}<|im_end|>\n"
    "{% endif %}{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)

QWEN2_VL_SPECIAL_TOKENS = [
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<|vision_start|>",
    "<|vision_end|>",
    "<|vision_pad|>",
    "<|image_pad|>",
    "<|video_pad|>",
]


def _corpus() -> list[str]:
    from cuagym.agent.context import COLLAPSED, SYSTEM_PROMPT, system_prompt
    from cuagym.core._action import ACTION_NAMES

    calls = [
        "Action: "
        + name.replace("_", " ")
        + ' the target.\n<tool_call>\n{"name": "computer_use", "arguments": {"action": "'
        + name
        + '", "coordinate": [412, 87], "text": "Quarterly budget 2024", "keys": ["ctrl", "s"]}}'
        + "\n</tool_call>"
        for name in ACTION_NAMES
    ]
    prose = (
        "Open the spreadsheet, fill in the totals, save the file and send the report to the "
        "team channel. The cell is empty. Error: the click landed outside the window. "
        "0123456789 ,.;:!?()[]{}<>'\"-_/\\@#$%^&*+=|~`"
    )
    return [SYSTEM_PROMPT, system_prompt("norm1000"), COLLAPSED, prose, *calls] * 4


def _image_only_processor_class() -> type[Any]:
    from transformers import ProcessorMixin, Qwen2VLProcessor

    class Qwen2VLImageTextProcessor(Qwen2VLProcessor):  # type: ignore[misc]
        """Qwen2VLProcessor without its video processor (which needs torchvision)."""

        def __init__(
            self, image_processor: Any = None, tokenizer: Any = None, chat_template: Any = None
        ) -> None:
            self.image_token = "<|image_pad|>"
            self.video_token = "<|video_pad|>"
            self.image_token_id = tokenizer.convert_tokens_to_ids(self.image_token)
            self.video_token_id = tokenizer.convert_tokens_to_ids(self.video_token)
            ProcessorMixin.__init__(self, image_processor, tokenizer, chat_template=chat_template)

    return Qwen2VLImageTextProcessor


def _has_torchvision() -> bool:
    try:
        import torchvision  # noqa: F401
    except Exception:  # an import that fails for any reason (e.g. a CUDA-only build) counts
        return False
    return True


def tiny_processor(
    *, vocab_size: int = 1024, min_pixels: int = 65_536, max_pixels: int = 2_097_152
) -> Any:
    """A Qwen2-VL processor: a BPE tokenizer trained now on cuagym's texts, Qwen2-VL's special
    tokens and chat template, and ``Qwen2VLImageProcessor`` (patch 14, merge 2: the 28-pixel
    grid of ``ImageSpec(factor=28)``) with the given pixel bounds (default: ``ImageSpec``'s)."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast, Qwen2VLImageProcessor

    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=QWEN2_VL_SPECIAL_TOKENS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    bpe.train_from_iterator(_corpus(), trainer)
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=bpe,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        chat_template=QWEN2_VL_CHAT_TEMPLATE,
    )
    image_processor = Qwen2VLImageProcessor(
        min_pixels=min_pixels, max_pixels=max_pixels, patch_size=14, merge_size=2
    )
    if _has_torchvision():
        from transformers import Qwen2VLProcessor
        from transformers.models.qwen2_vl.video_processing_qwen2_vl import Qwen2VLVideoProcessor

        return Qwen2VLProcessor(
            image_processor=image_processor,
            tokenizer=tokenizer,
            video_processor=Qwen2VLVideoProcessor(),
            chat_template=QWEN2_VL_CHAT_TEMPLATE,
        )
    cls = _image_only_processor_class()
    return cls(
        image_processor=image_processor, tokenizer=tokenizer, chat_template=QWEN2_VL_CHAT_TEMPLATE
    )


def tiny_vlm(
    processor: Any, *, seed: int = 0, layers: int = 2, hidden: int = 64, heads: int = 4
) -> Any:
    """An untrained ``Qwen2VLForConditionalGeneration`` sized for ``processor``'s vocabulary
    (``hidden / heads`` is the head size; 64 suits every attention kernel of the engines)."""
    import torch
    from transformers import Qwen2VLConfig, Qwen2VLForConditionalGeneration

    head = hidden // heads
    if head * heads != hidden or head % 16:
        raise ValueError(f"hidden {hidden} / heads {heads} must be a multiple of 16")
    tok = processor.tokenizer
    ids = {t: int(tok.convert_tokens_to_ids(t)) for t in QWEN2_VL_SPECIAL_TOKENS}
    config = Qwen2VLConfig(
        text_config={
            "vocab_size": len(tok),
            "hidden_size": hidden,
            "intermediate_size": 2 * hidden,
            "num_hidden_layers": layers,
            "num_attention_heads": heads,
            "num_key_value_heads": max(1, heads // 2),
            "max_position_embeddings": 65_536,
            # M-RoPE's (time, height, width) split of the rotary half, Qwen2-VL's proportions.
            "rope_parameters": {
                "rope_type": "default",
                "rope_theta": 10_000.0,
                "mrope_section": [head // 8, 3 * head // 16, 3 * head // 16],
            },
            "bos_token_id": ids["<|endoftext|>"],
            "eos_token_id": ids["<|im_end|>"],
            "pad_token_id": ids["<|endoftext|>"],
        },
        vision_config={
            "depth": 1,
            "embed_dim": 32,
            "hidden_size": hidden,
            "num_heads": 2,
            "mlp_ratio": 2,
            "patch_size": 14,
            "spatial_merge_size": 2,
            "temporal_patch_size": 2,
        },
        image_token_id=ids["<|image_pad|>"],
        video_token_id=ids["<|video_pad|>"],
        vision_start_token_id=ids["<|vision_start|>"],
        vision_end_token_id=ids["<|vision_end|>"],
    )
    torch.manual_seed(seed)
    model = Qwen2VLForConditionalGeneration(config)
    model.eval()
    return model


def save_tiny_vlm(
    path: str | os.PathLike[str], *, seed: int = 0, hidden: int = 64, heads: int = 4
) -> Path:
    """Write a tiny model and its processor to ``path`` (a Hugging Face model folder)."""
    out = Path(path)
    out.mkdir(parents=True, exist_ok=True)
    processor = tiny_processor()
    model = tiny_vlm(processor, seed=seed, hidden=hidden, heads=heads)
    model.save_pretrained(out)
    processor.save_pretrained(out)
    # The chat template travels with the tokenizer too (engines read it from there).
    processor.tokenizer.save_pretrained(out)
    meta = {"built_by": "cuagym.rl.save_tiny_vlm", "seed": seed}
    (out / "cuagym_tiny.json").write_text(json.dumps(meta) + "\n", encoding="utf-8")
    return out

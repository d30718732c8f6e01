"""A scripted token server: a test double of verl's generation server (``server_manager``).

``ScriptedTokenServer`` is NOT a model: it answers each request with the next scripted text,
tokenised with the policy's own tokenizer and closed with the end-of-turn token, with made-up
logprobs, and records every request (prompt ids, images, sampling params) so tests can check
what the policy sent. It has the signature of verl's ``LLMServerClient.generate`` and returns
verl's own ``TokenOutput``. Used by the tests and benchmarks (like :mod:`cuagym.llm.scripted`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Request", "ScriptedTokenServer"]


@dataclass
class Request:
    request_id: str
    prompt_ids: list[int]
    sampling_params: dict[str, Any]
    images: int
    image_sizes: list[tuple[int, int]]


class ScriptedTokenServer:
    """A test double of verl's ``server_manager`` (scripted answers, recorded requests).

    A plain class, not a dataclass: verl hands the server to ``hydra.utils.instantiate``, which
    would take a dataclass for a structured config."""

    def __init__(
        self,
        tokenizer: Any,
        answers: Callable[[int], str] | Sequence[str],
        *,
        end_token: str = "<|im_end|>",
        version: int = 7,
        cut_off: set[int] | None = None,
    ) -> None:
        self.tokenizer = tokenizer
        self.answers = answers
        self.end_token = end_token
        self.version = version
        self.cut_off = set(cut_off or ())  # turns answered without the end token
        self.requests: list[Request] = []

    async def generate(
        self,
        request_id: str,
        *,
        prompt_ids: list[int],
        sampling_params: dict[str, Any],
        image_data: list[Any] | None = None,
        **kwargs: Any,
    ) -> Any:
        from verl.workers.rollout.replica import TokenOutput

        n = len(self.requests)
        self.requests.append(
            Request(
                request_id,
                list(prompt_ids),
                dict(sampling_params),
                len(image_data or []),
                [im.size for im in image_data or []],
            )
        )
        text = self.answers(n) if callable(self.answers) else self.answers[n]
        ids = list(self.tokenizer(text, add_special_tokens=False)["input_ids"])
        if n not in self.cut_off:
            ids.append(int(self.tokenizer.convert_tokens_to_ids(self.end_token)))
        return TokenOutput(
            token_ids=ids,
            log_probs=[-0.01 * (i + 1) - n for i in range(len(ids))],
            stop_reason="completed",
            extra_fields={"global_steps": self.version},
        )

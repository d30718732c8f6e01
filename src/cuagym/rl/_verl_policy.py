"""A cuagym policy whose answers come from verl's generation server, token for token.

At each turn the context is the one every cuagym policy gets
(:func:`cuagym.agent.context.build_messages`:
the fixed system prompt, old screenshots collapsed); it is tokenised by :class:`ChatEncoder` —
the tokeniser of the slices — with every earlier answer as the token ids the engine generated
(not its re-tokenised text), and sent as ``server_manager.generate(prompt_ids=…,
image_data=…)``. The ids, logprobs and weight versions of every answer are kept, so the episode's
slices train on exactly the tokens that were sampled, against exactly the context they were
sampled in.

The server is duck-typed (``generate(request_id, *, prompt_ids, sampling_params, image_data)``
returning an object with ``token_ids``, ``log_probs`` and ``extra_fields``): verl's
``LLMServerClient``, or a test double.
"""

from __future__ import annotations

import io
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cuagym.agent.context import DEFAULT_INTERVAL, SYSTEM_PROMPT, ImageCache, build_messages
from cuagym.core import Environment, ImageSpec, Observation, PolicyReply, TaskConfig
from cuagym.core.policy import CoordinateSpace, TurnInput
from cuagym.llm import ImagePart
from cuagym.rl._chat import ChatEncoder
from cuagym.rl._slice import SliceTurn

__all__ = ["GeneratedTurn", "TurnSink", "VerlPolicy"]


@dataclass(frozen=True)
class GeneratedTurn:
    """One answer as the engine produced it."""

    text: str
    token_ids: list[int]
    logprobs: list[float] | None
    policy_version: int | None
    prompt_ids: list[int]
    images: int


class TurnSink(Protocol):
    """Receives each answered turn (the verl agent loop's incremental slicer)."""

    def add(self, turn: SliceTurn, image: Any, version: int | None) -> None: ...


@dataclass
class VerlPolicy:
    """The :class:`cuagym.agent` policy protocol over verl's ``server_manager``."""

    server: Any
    encoder: ChatEncoder
    sampling_params: dict[str, Any]
    spec: ImageSpec = field(default_factory=ImageSpec)
    interval: int = DEFAULT_INTERVAL
    max_new_tokens: int = 2048
    system: str = SYSTEM_PROMPT
    model_name: str = "verl"
    request_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    turns: list[GeneratedTurn] = field(default_factory=list)
    sink: TurnSink | None = None
    _cache: ImageCache = field(default_factory=lambda: ImageCache(max_items=32))
    # Decoded screenshots, each sent in up to `interval` turns. Keyed by the identity of the
    # PNG bytes (the image cache hands back the same object), which the entry keeps alive.
    _decoded: dict[int, tuple[bytes, Any]] = field(default_factory=dict)

    def _pil(self, part: ImagePart) -> Any:
        from PIL import Image

        hit = self._decoded.get(id(part.png))
        if hit is not None and hit[0] is part.png:
            return hit[1]
        image = Image.open(io.BytesIO(part.png)).convert("RGB")
        if len(self._decoded) >= 2 * self.interval:
            self._decoded.pop(next(iter(self._decoded)))
        self._decoded[id(part.png)] = (part.png, image)
        return image

    @property
    def name(self) -> str:
        return f"verl:{self.model_name}"

    @property
    def coordinate_space(self) -> CoordinateSpace:
        return "pixels"

    @property
    def image(self) -> ImageSpec | None:
        return None if self.spec.mode == "native" else self.spec

    async def begin(self, task: TaskConfig, env: Environment) -> None:
        self.turns = []
        self.request_id = uuid.uuid4().hex  # sticky routing: one episode, one server

    async def end(self) -> None:
        return None

    async def step(self, observation: Observation) -> PolicyReply:
        """Answer an :class:`cuagym.core.Observation` with a ``PolicyReply``."""
        turn = await self.generate(observation.instruction, observation.turns)
        return PolicyReply(
            text=turn.text,
            logprobs=turn.logprobs,
            policy_version=turn.policy_version,
            model=self.model_name,
            tokens_in=len(turn.prompt_ids),
            tokens_out=len(turn.token_ids),
        )

    async def generate(self, instruction: str, turns: Sequence[TurnInput]) -> GeneratedTurn:
        """The next answer for the context of ``turns`` (the last one without a response)."""
        if len(turns) != len(self.turns) + 1:
            raise ValueError(
                f"turn {len(turns) - 1} asked of a policy that answered {len(self.turns)} turns"
            )
        messages = build_messages(
            instruction,
            turns,
            interval=self.interval,
            spec=self.spec,
            system=self.system,
            cache=self._cache,
        )
        prompt_ids = self.encoder.prompt_ids(messages, [t.token_ids for t in self.turns])
        images = [self._pil(part) for m in messages for part in m.images]
        params = dict(self.sampling_params)
        params["max_new_tokens"] = self.max_new_tokens
        out = await self.server.generate(
            self.request_id,
            prompt_ids=prompt_ids,
            sampling_params=params,
            image_data=images or None,
        )
        ids = [int(i) for i in out.token_ids]
        logprobs = [float(x) for x in out.log_probs] if out.log_probs else None
        body = ids[:-1] if ids and ids[-1] in self.encoder.end_tokens else ids
        text = self.encoder.tokenizer.decode(body, skip_special_tokens=False)
        version = (getattr(out, "extra_fields", None) or {}).get("global_steps")
        turn = GeneratedTurn(
            text=text,
            token_ids=ids,
            logprobs=logprobs if logprobs is not None and len(logprobs) == len(ids) else None,
            policy_version=int(version) if version is not None else None,
            prompt_ids=prompt_ids,
            images=len(images),
        )
        self.turns.append(turn)
        if self.sink is not None:
            shown = turns[-1]
            self.sink.add(
                SliceTurn(
                    t=len(self.turns) - 1,
                    screenshot=shown.screenshot,
                    sent_size=images[-1].size,
                    feedback=shown.feedback,
                    response=text,
                    logprobs=turn.logprobs,
                    generated_ids=ids,
                ),
                images[-1],
                turn.policy_version,
            )
        return turn

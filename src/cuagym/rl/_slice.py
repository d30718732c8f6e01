"""Trajectory slicing (DESIGN.md §7): one training sample per ``interval`` turns of an episode.

Slice c (c = 0, interval, 2·interval, … below the turn count T) has as its prompt the system
prompt and turns [0, c) with their screenshots collapsed, and as its response turns
[c, min(c + interval, T)) with their screenshots — what the policy saw while it generated them,
because the messages come from :func:`cuagym.agent.context.turn_messages`, the function the rollout
builds its context with (the collapse rule lives there and only there). Every slice carries the
episode's reward, undivided and undiscounted.

A slice is laid out first and filled in later: its token ids and masks need only the *sizes* of
the screenshots (an image's token count depends on nothing else), so they are computed from a
layout pass over the same ``turn_messages`` with blank images of the sizes sent; the messages
with the real, resized screenshots are built on first access of :attr:`Slice.prompt` /
:attr:`Slice.response`. Slicing a 100-turn episode thus decodes no screenshot.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from cuagym.agent.context import (
    DEFAULT_INTERVAL,
    SYSTEM_PROMPT,
    ImageCache,
    system_prompt,
    turn_messages,
)
from cuagym.core import Episode, ImageSpec, TaskConfig
from cuagym.core.policy import TurnInput
from cuagym.envs import encode_png, png_size
from cuagym.llm import ImagePart, Message
from cuagym.rl._chat import ChatEncoder

__all__ = [
    "MAX_CALLS_TRAINED",
    "EpisodeSource",
    "Slice",
    "SliceTokens",
    "SliceTurn",
    "episode_source",
    "slice_episode",
    "slice_turns",
]

#: An assistant message with more tool calls than this is not trained on (format guard).
MAX_CALLS_TRAINED = 10
_NATIVE = ImageSpec(mode="native")


@dataclass(frozen=True)
class SliceTurn:
    """One turn as the slicer needs it: the native screenshot (bytes or file), the size it was
    sent at, the feedback shown before it, the assistant's text, and — when known — the
    response's per-token logprobs and the token ids the engine generated."""

    t: int
    screenshot: bytes | Path
    sent_size: tuple[int, int]
    feedback: str | None
    response: str
    logprobs: list[float] | None = None
    generated_ids: list[int] | None = None

    @property
    def tool_calls(self) -> int:
        """Tool-call blocks in the response (counted in the text: a message with too many is
        malformed, so its parsed calls are empty)."""
        return self.response.count("<tool_call>")


@dataclass(frozen=True)
class SliceTokens:
    """A slice as token ids. ``response_mask`` is 1 on the tokens trained on; a dummy slice keeps
    only a one-token prompt and a one-token fully masked response, and ``prompt_tokens`` /
    ``total_tokens`` record the lengths that made it one."""

    prompt_ids: list[int]
    response_ids: list[int]
    response_mask: list[int]
    response_logprobs: list[float] | None
    image_sizes: list[tuple[int, int]]
    prompt_tokens: int
    total_tokens: int


@dataclass(eq=False)
class Slice:
    """One training sample of an episode (DESIGN.md §7)."""

    task_id: str
    k: int
    collapsed_length: int
    end: int  # the response holds turns [collapsed_length, end)
    reward: float
    loss_mask: list[bool]  # one per response message
    dummy: bool = False
    tokens: SliceTokens | None = None
    # Builds (prompt, response) with the real screenshots, on first access.
    _build: Callable[[], tuple[list[Message], list[Message]]] = field(repr=False, kw_only=True)

    @cached_property
    def _messages(self) -> tuple[list[Message], list[Message]]:
        return self._build()

    @property
    def prompt(self) -> list[Message]:
        """The system message and turns [0, c), screenshots collapsed."""
        return self._messages[0]

    @property
    def response(self) -> list[Message]:
        """Turns [c, end) with their screenshots, starting with turn c's user message."""
        return self._messages[1]

    @property
    def messages(self) -> list[Message]:
        return [*self.prompt, *self.response]

    @property
    def images(self) -> list[ImagePart]:
        """The screenshots of the slice in order (all in the response)."""
        return [img for m in self.messages for img in m.images]


@dataclass
class EpisodeSource:
    task_id: str
    k: int
    instruction: str
    system: str
    spec: ImageSpec
    reward: float
    turns: list[SliceTurn]
    cache: ImageCache = field(default_factory=lambda: ImageCache(max_items=64))


def _blank_png(size: tuple[int, int], blanks: dict[tuple[int, int], bytes]) -> bytes:
    png = blanks.get(size)
    if png is None:
        width, height = size
        png = blanks[size] = encode_png(width, height, bytes(width * height * 3))
    return png


def _trained(turn: SliceTurn, require_logprobs: bool) -> bool:
    if turn.tool_calls > MAX_CALLS_TRAINED:
        return False
    return not (require_logprobs and turn.logprobs is None)


def _real_messages(src: EpisodeSource, c: int, end: int) -> tuple[list[Message], list[Message]]:
    prompt = [Message(role="system", content=src.system)]
    for turn in src.turns[:c]:
        prompt += turn_messages(
            TurnInput(turn.screenshot, turn.feedback, turn.response),
            turn.t,
            instruction=src.instruction,
            collapsed=True,
        )
    response: list[Message] = []
    for turn in src.turns[c:end]:
        msgs = turn_messages(
            TurnInput(turn.screenshot, turn.feedback, turn.response),
            turn.t,
            instruction=src.instruction,
            collapsed=False,
            spec=src.spec,
            cache=src.cache,
        )
        sent = [(i.width, i.height) for m in msgs for i in m.images]
        if sent != [turn.sent_size]:
            raise ValueError(
                f"turn {turn.t}: the screenshot resizes to {sent} under {src.spec!r}, but the "
                f"policy was sent {list(turn.sent_size)}: pass the spec the rollout used"
            )
        response += msgs
    return prompt, response


def slice_turns(
    src: EpisodeSource,
    *,
    interval: int = DEFAULT_INTERVAL,
    encoder: ChatEncoder | None = None,
    max_prompt: int = 8192,
    max_context: int = 144_000,
    require_logprobs: bool = True,
    only: int | None = None,
) -> list[Slice]:
    """Slice an episode given as its turns (the verl agent loop slices in memory); ``only``:
    just the slice with that ``collapsed_length``."""
    if interval <= 0:
        raise ValueError(f"interval must be positive, got {interval}")
    turns = src.turns
    for i, turn in enumerate(turns):
        if turn.t != i:
            raise ValueError(f"turn {i} is numbered {turn.t}")
    blanks: dict[tuple[int, int], bytes] = {}

    def layout(t: int, collapsed: bool) -> list[Message]:
        turn = turns[t]
        shot = turn.screenshot if collapsed else _blank_png(turn.sent_size, blanks)
        return turn_messages(
            TurnInput(shot, turn.feedback, turn.response),
            t,
            instruction=src.instruction,
            collapsed=collapsed,
            spec=_NATIVE,
        )

    system = Message(role="system", content=src.system)
    slices: list[Slice] = []
    starts = range(0, len(turns), interval)
    if only is not None:
        if only not in starts:
            raise ValueError(
                f"no slice starts at turn {only} (interval {interval}, {len(turns)} turns)"
            )
        starts = range(only, only + 1)
    for c in starts:
        end = min(c + interval, len(turns))
        loss_mask: list[bool] = []
        for turn in turns[c:end]:
            loss_mask += [False, _trained(turn, require_logprobs)]
        tokens = None
        dummy = False
        if encoder is not None:
            prompt_msgs = [system] + [m for t in range(c) for m in layout(t, True)]
            response_msgs = [m for t in range(c, end) for m in layout(t, False)]
            encoder.check([*prompt_msgs, *response_msgs])
            tokens = _tokens(encoder, prompt_msgs, response_msgs, turns[c:end], loss_mask)
            if tokens.prompt_tokens > max_prompt or tokens.total_tokens > max_context:
                dummy = True
                loss_mask = [False] * len(loss_mask)
                tokens = SliceTokens(
                    prompt_ids=[encoder.pad_id],
                    response_ids=[encoder.pad_id],
                    response_mask=[0],
                    response_logprobs=None,
                    image_sizes=[],
                    prompt_tokens=tokens.prompt_tokens,
                    total_tokens=tokens.total_tokens,
                )

        def build(c: int = c, end: int = end) -> tuple[list[Message], list[Message]]:
            return _real_messages(src, c, end)

        slices.append(
            Slice(
                task_id=src.task_id,
                k=src.k,
                collapsed_length=c,
                end=end,
                reward=src.reward,
                loss_mask=loss_mask,
                dummy=dummy,
                tokens=tokens,
                _build=build,
            )
        )
    return slices


def _tokens(
    encoder: ChatEncoder,
    prompt_msgs: list[Message],
    response_msgs: list[Message],
    turns: Sequence[SliceTurn],
    loss_mask: list[bool],
) -> SliceTokens:
    prompt_ids: list[int] = list(encoder.encode(prompt_msgs[0], first=True).ids)
    for m in prompt_msgs[1:]:
        prompt_ids += encoder.encode(m).ids
    response_ids: list[int] = []
    mask: list[int] = []
    logprobs: list[float] | None = []
    sizes: list[tuple[int, int]] = []
    assistants = iter(turns)
    for m, trained in zip(response_msgs, loss_mask, strict=True):
        enc = encoder.encode(m)
        sizes += enc.image_sizes
        lp: list[float] | None = None
        if m.role == "assistant":
            turn = next(assistants)
            if turn.generated_ids is not None:
                enc = enc.with_generated(turn.generated_ids)
            lp = turn.logprobs
        start, stop = enc.generated
        mask += [0] * start + [int(trained)] * (stop - start) + [0] * (len(enc.ids) - stop)
        if logprobs is not None:
            if trained and (lp is None or len(lp) != stop - start):
                logprobs = None  # the rollout's tokens are not these: verl recomputes them
            else:
                span = list(lp) if trained and lp is not None else [0.0] * (stop - start)
                logprobs += [0.0] * start + span + [0.0] * (len(enc.ids) - stop)
        response_ids += enc.ids
    return SliceTokens(
        prompt_ids=prompt_ids,
        response_ids=response_ids,
        response_mask=mask,
        response_logprobs=logprobs,
        image_sizes=sizes,
        prompt_tokens=len(prompt_ids),
        total_tokens=len(prompt_ids) + len(response_ids),
    )


def _infer_spec(
    recorded: ImageSpec | None, turns: Sequence[tuple[tuple[int, int], tuple[int, int]]]
) -> ImageSpec:
    """The spec the rollout resized screenshots with: recorded, or the one that explains every
    (native size, sent size) pair."""
    if recorded is not None:
        return recorded
    candidates = [ImageSpec(), ImageSpec(factor=32), _NATIVE]
    for spec in candidates:
        if all(spec.size(*native) == sent for native, sent in turns):
            return spec
    raise ValueError(
        "no standard image spec (smart 28, smart 32, native) explains the sizes the screenshots "
        "were sent at: pass spec= (the one the rollout's policy declared)"
    )


def _instruction(episode: Episode) -> str:
    if episode.record.instruction is not None:
        return episode.record.instruction
    bundle = Path(episode.record.bundle)
    config = bundle / "task_config.json"
    if not config.is_file():
        raise ValueError(
            f"episode {episode.folder}: its bundle {bundle} has no task_config.json here; pass "
            "instruction= (the task's instruction)"
        )
    return TaskConfig.model_validate(json.loads(config.read_text(encoding="utf-8"))).instruction


def _native_size(path: Path) -> tuple[int, int]:
    with open(path, "rb") as fh:
        return png_size(fh.read(32))


def episode_source(
    episode: Episode,
    *,
    instruction: str | None = None,
    spec: ImageSpec | None = None,
    system: str | None = None,
) -> EpisodeSource:
    """An episode folder as the slicer's input, with everything checked that can be."""
    record = episode.record
    if record.reward is None:
        raise ValueError(
            f"episode {episode.folder} has status {record.status!r} and no reward: an unscored "
            "episode is never trained on"
        )
    natives = [_native_size(episode.screenshot_path(t)) for t in range(len(episode.turns))]
    sent = [tuple(turn.image_size) for turn in episode.turns]
    pairs = [(n, (s[0], s[1])) for n, s in zip(natives, sent, strict=True)]
    spec = spec or _infer_spec(record.image_spec, pairs)
    for t, (native, was_sent) in enumerate(pairs):
        if spec.size(*native) != was_sent:
            raise ValueError(
                f"turn {t}: a {native[0]}x{native[1]} screenshot resizes to "
                f"{spec.size(*native)} under {spec!r}, but {list(was_sent)} was sent"
            )
    if system is None:
        space = record.coordinate_space
        system = (
            record.system_prompt
            if record.system_prompt is not None
            else system_prompt(space)
            if space is not None
            else SYSTEM_PROMPT
        )
    turns = [
        SliceTurn(
            t=turn.t,
            screenshot=episode.screenshot_path(turn.t),
            sent_size=pairs[turn.t][1],
            feedback=turn.feedback,
            response=turn.response,
            logprobs=turn.logprobs,
        )
        for turn in episode.turns
    ]
    return EpisodeSource(
        task_id=record.task_id,
        k=record.k,
        instruction=instruction if instruction is not None else _instruction(episode),
        system=system,
        spec=spec,
        reward=record.reward,
        turns=turns,
    )


def _encoder_for(tokenizer: Any) -> ChatEncoder | None:
    if tokenizer is None or isinstance(tokenizer, ChatEncoder):
        return tokenizer
    return ChatEncoder(tokenizer)


def slice_episode(
    episode: Episode,
    interval: int = DEFAULT_INTERVAL,
    tokenizer: Any = None,
    max_prompt: int = 8192,
    max_context: int = 144_000,
    *,
    instruction: str | None = None,
    spec: ImageSpec | None = None,
    system: str | None = None,
) -> list[Slice]:
    """The slices of ``episode`` (DESIGN.md §7).

    ``tokenizer`` — a Hugging Face processor (``AutoProcessor.from_pretrained(model)``; a
    slice's response always holds screenshots, so a text-only tokenizer is refused), or a
    :class:`ChatEncoder` to share its caches across episodes — fills :attr:`Slice.tokens` and
    turns slices over the ``max_prompt`` / ``max_context`` token budgets into dummies.
    ``instruction``, ``spec`` and ``system`` default to what the episode records (or its
    bundle's task_config.json, the spec that explains the sizes sent, the fixed system
    prompt)."""
    src = episode_source(episode, instruction=instruction, spec=spec, system=system)
    return slice_turns(
        src,
        interval=interval,
        encoder=_encoder_for(tokenizer),
        max_prompt=max_prompt,
        max_context=max_context,
    )

"""An episode played against verl's server, as verl's agent-loop outputs (one per slice).

Pure functions between cuagym's episode (record, turns, screenshots, the engine's tokens) and
verl's ``AgentLoopOutput``: the slices of DESIGN.md §7 with the generated token ids in place,
the screenshots each slice shows as its ``multi_modal_data``, the episode's reward and
``reward_extra_info`` on the last output (verl copies both to the others; without the extra
field its post-processing fails), and the weight versions the episode was sampled with, which
verl's replay buffer reads to drop samples that lag the policy too far.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from cuagym.core import EpisodeRecord, ImageSpec, TurnRecord
from cuagym.rl._chat import ChatEncoder
from cuagym.rl._slice import EpisodeSource, Slice, SliceTurn, slice_turns
from cuagym.rl._verl_policy import GeneratedTurn

__all__ = ["episode_slices", "reward_extra_info", "slice_outputs"]


def episode_slices(
    record: EpisodeRecord,
    turns: Sequence[TurnRecord],
    screens: Mapping[str, bytes],
    generated: Sequence[GeneratedTurn],
    *,
    instruction: str,
    spec: ImageSpec,
    system: str,
    encoder: ChatEncoder,
    interval: int,
    max_prompt: int,
    max_context: int,
) -> list[Slice]:
    """The token-level slices of an episode whose every turn ``generated`` answered."""
    if record.reward is None:
        raise ValueError(f"episode {record.task_id}/{record.k} is unscored ({record.status})")
    if len(generated) != len(turns):
        raise ValueError(f"{len(turns)} turns but {len(generated)} generated answers")
    source = EpisodeSource(
        task_id=record.task_id,
        k=record.k,
        instruction=instruction,
        system=system,
        spec=spec,
        reward=record.reward,
        turns=[
            SliceTurn(
                t=turn.t,
                screenshot=screens[turn.screenshot],
                sent_size=(turn.image_size[0], turn.image_size[1]),
                feedback=turn.feedback,
                response=turn.response,
                logprobs=gen.logprobs,
                generated_ids=gen.token_ids,
            )
            for turn, gen in zip(turns, generated, strict=True)
        ],
    )
    return slice_turns(
        source,
        interval=interval,
        encoder=encoder,
        max_prompt=max_prompt,
        max_context=max_context,
    )


def reward_extra_info(record: EpisodeRecord) -> dict[str, float]:
    """What verl logs next to the reward (numbers only: verl stacks them into arrays)."""
    return {
        "reward": float(record.reward or 0.0),
        "success": float(record.status == "success"),
        "steps": float(record.steps),
        "format_errors": float(record.format_errors),
        "action_errors": float(record.action_errors),
    }


def slice_output(
    s: Slice,
    images: Sequence[Any],
    *,
    with_logprobs: bool,
    versions: Sequence[int] = (),
    t_model_s: float = 0.0,
    t_env_s: float = 0.0,
) -> Any:
    """verl's ``AgentLoopOutput`` of one slice; ``images`` are the slice's screenshots as sent
    (PIL images, in order)."""
    from verl.experimental.agent_loop.agent_loop import AgentLoopMetrics, AgentLoopOutput

    tokens = s.tokens
    if tokens is None:
        raise ValueError("slices for verl need token ids (slice with an encoder)")
    if s.dummy:
        images = []
    sizes = [(im.width, im.height) for im in images]
    if sizes != (tokens.image_sizes if not s.dummy else []):
        raise ValueError(
            f"slice {s.collapsed_length}: images of sizes {sizes} for image tokens of "
            f"{tokens.image_sizes}"
        )
    logprobs = None
    if with_logprobs:
        logprobs = tokens.response_logprobs or [0.0] * len(tokens.response_ids)
    return AgentLoopOutput(
        prompt_ids=tokens.prompt_ids,
        response_ids=tokens.response_ids,
        response_mask=tokens.response_mask,
        response_logprobs=logprobs,
        multi_modal_data={"images": list(images)} if images else {},
        num_turns=len(s.loss_mask),
        metrics=AgentLoopMetrics(generate_sequences=t_model_s, tool_calls=t_env_s),
        extra_fields={
            "turn_scores": [],
            "tool_rewards": [],
            "min_global_steps": min(versions) if versions else None,
            "max_global_steps": max(versions) if versions else None,
        },
    )


def finish_outputs(outputs: Sequence[Any], record: EpisodeRecord) -> list[Any]:
    """The episode's reward and its ``reward_extra_info`` on the last output (verl copies both
    to the others); every output gets the versions the whole episode was sampled with."""
    outputs = list(outputs)
    if not outputs:
        return outputs
    lows = [o.extra_fields["min_global_steps"] for o in outputs]
    highs = [o.extra_fields["max_global_steps"] for o in outputs]
    low = min((v for v in lows if v is not None), default=None)
    high = max((v for v in highs if v is not None), default=None)
    for o in outputs:
        o.extra_fields["min_global_steps"], o.extra_fields["max_global_steps"] = low, high
    outputs[-1].reward_score = float(record.reward or 0.0)
    outputs[-1].extra_fields["reward_extra_info"] = reward_extra_info(record)
    return outputs


def slice_outputs(
    slices: Sequence[Slice],
    record: EpisodeRecord,
    generated: Sequence[GeneratedTurn],
    *,
    with_logprobs: bool,
) -> list[Any]:
    """verl's outputs of an episode sliced after the fact (screenshots decoded from the slices)."""
    from PIL import Image

    versions = [g.policy_version for g in generated if g.policy_version is not None]
    outputs = [
        slice_output(
            s,
            [Image.open(io.BytesIO(p.png)).convert("RGB") for p in s.images] if not s.dummy else [],
            with_logprobs=with_logprobs,
            versions=versions,
        )
        for s in slices
    ]
    return finish_outputs(outputs, record)


class IncrementalSlicer:
    """Slices an episode while it is played: slice c is complete once turn c + interval − 1 is
    answered, and is turned into verl's output then, while its screenshots are still decoded;
    :meth:`finish` adds the last, partial slice and the reward. The result equals slicing the
    finished episode (the same :func:`slice_turns` on the same turns)."""

    def __init__(
        self,
        *,
        task_id: str,
        k: int,
        instruction: str,
        system: str,
        spec: ImageSpec,
        encoder: ChatEncoder,
        interval: int,
        max_prompt: int,
        max_context: int,
        with_logprobs: bool,
    ) -> None:
        self.source = EpisodeSource(
            task_id=task_id, k=k, instruction=instruction, system=system, spec=spec,
            reward=0.0, turns=[],
        )  # fmt: skip
        self.encoder = encoder
        self.interval = interval
        self.max_prompt = max_prompt
        self.max_context = max_context
        self.with_logprobs = with_logprobs
        self.outputs: list[Any] = []
        self.slices: list[Slice] = []
        self._images: dict[int, Any] = {}
        self._versions: list[int] = []

    def add(self, turn: SliceTurn, image: Any, version: int | None) -> None:
        """Turn ``turn.t`` was answered; ``image``: its screenshot as the engine got it."""
        if turn.t != len(self.source.turns):
            raise ValueError(f"turn {turn.t} added after {len(self.source.turns)} turns")
        self.source.turns.append(turn)
        self._images[turn.t] = image
        if version is not None:
            self._versions.append(version)
        if (turn.t + 1) % self.interval == 0:
            self._emit(turn.t + 1 - self.interval)

    def _emit(self, c: int) -> None:
        (s,) = slice_turns(
            self.source, interval=self.interval, encoder=self.encoder,
            max_prompt=self.max_prompt, max_context=self.max_context, only=c,
        )  # fmt: skip
        images = [self._images.pop(t) for t in range(c, s.end)]
        self.slices.append(s)
        self.outputs.append(
            slice_output(s, images, with_logprobs=self.with_logprobs, versions=self._versions)
        )

    def finish(self, record: EpisodeRecord) -> list[Any]:
        """Every slice's output, the reward on the last; the record must match the turns."""
        if record.steps != len(self.source.turns):
            raise ValueError(
                f"the episode has {record.steps} turns, the policy answered "
                f"{len(self.source.turns)}"
            )
        done = len(self.outputs) * self.interval
        if done < len(self.source.turns):
            self._emit(done)
        for s in self.slices:
            s.reward = float(record.reward or 0.0)
        return finish_outputs(self.outputs, record)

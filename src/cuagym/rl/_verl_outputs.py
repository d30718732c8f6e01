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

from cuagym.agent import ImageSpec
from cuagym.core import EpisodeRecord, TurnRecord
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


def slice_outputs(
    slices: Sequence[Slice],
    record: EpisodeRecord,
    generated: Sequence[GeneratedTurn],
    *,
    with_logprobs: bool,
    t_model_s: float = 0.0,
    t_env_s: float = 0.0,
) -> list[Any]:
    """verl's ``AgentLoopOutput`` per slice, the reward on the last."""
    from PIL import Image
    from verl.experimental.agent_loop.agent_loop import AgentLoopMetrics, AgentLoopOutput

    versions = [g.policy_version for g in generated if g.policy_version is not None]
    outputs = []
    for s in slices:
        tokens = s.tokens
        if tokens is None:
            raise ValueError("slices for verl need token ids (slice with an encoder)")
        images = (
            []
            if s.dummy
            else [Image.open(io.BytesIO(part.png)).convert("RGB") for part in s.images]
        )
        if [(im.width, im.height) for im in images] != (tokens.image_sizes if not s.dummy else []):
            raise ValueError(f"slice {s.collapsed_length}: images differ from its image tokens")
        logprobs = None
        if with_logprobs:
            logprobs = tokens.response_logprobs or [0.0] * len(tokens.response_ids)
        outputs.append(
            AgentLoopOutput(
                prompt_ids=tokens.prompt_ids,
                response_ids=tokens.response_ids,
                response_mask=tokens.response_mask,
                response_logprobs=logprobs,
                multi_modal_data={"images": images} if images else {},
                num_turns=len(s.loss_mask),
                metrics=AgentLoopMetrics(generate_sequences=t_model_s, tool_calls=t_env_s),
                extra_fields={
                    "turn_scores": [],
                    "tool_rewards": [],
                    "min_global_steps": min(versions) if versions else None,
                    "max_global_steps": max(versions) if versions else None,
                },
            )
        )
    if outputs:
        outputs[-1].reward_score = float(record.reward or 0.0)
        outputs[-1].extra_fields["reward_extra_info"] = reward_extra_info(record)
    return outputs

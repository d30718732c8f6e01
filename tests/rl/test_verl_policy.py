"""The verl-backed policy and its slices, token for token, against a scripted token server."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from cuagym.agent.context import SYSTEM_PROMPT
from cuagym.core import EpisodeRecord, ImageSpec, TurnRecord
from cuagym.core.episode import screen_name
from cuagym.core.policy import TurnInput
from cuagym.rl._chat import ChatEncoder
from cuagym.rl._verl_policy import VerlPolicy
from cuagym.rl.scripted import ScriptedTokenServer
from tests.rl.conftest import INSTRUCTION, SCREEN, response, screenshot

pytest.importorskip("verl")


async def _play(
    processor: Any,
    steps: int,
    *,
    cut_off: set[int] | None = None,
    reward: float = 1.0,
    sink: Any = None,
) -> tuple[VerlPolicy, ScriptedTokenServer, EpisodeRecord, list[TurnRecord], dict[str, bytes]]:
    """Drive the policy through ``steps`` turns as the rollout loop would."""
    encoder = sink.encoder if sink is not None else ChatEncoder(processor)
    server = ScriptedTokenServer(processor.tokenizer, response, cut_off=cut_off or set())
    policy = VerlPolicy(server, encoder, {"temperature": 1.0, "top_p": 1.0, "logprobs": True})
    policy.sink = sink
    await policy.begin(None, None)
    turns: list[TurnInput] = []
    records: list[TurnRecord] = []
    sent = ImageSpec().size(*SCREEN)
    for t in range(steps):
        feedback = "Error: the cell is locked" if t == 5 else None
        turn = await policy.generate(
            INSTRUCTION, [*turns, TurnInput(screenshot(t), feedback, None)]
        )
        turns.append(TurnInput(screenshot(t), feedback, turn.text))
        records.append(
            TurnRecord(
                t=t,
                screenshot=screen_name(t),
                image_size=sent,
                feedback=feedback,
                response=turn.text,
                logprobs=turn.logprobs,
                policy_version=turn.policy_version,
            )
        )
    record = EpisodeRecord(
        task_id="calc-budget-001",
        k=3,
        bundle="/nowhere",
        policy=policy.name,
        status=EpisodeRecord.status_for(reward),
        ended_by="terminate",
        steps=steps,
        reward=reward,
        started_at=datetime(2026, 1, 1, tzinfo=UTC),
        screen_size=SCREEN,
    )
    screens = {screen_name(t): screenshot(t) for t in range(steps)}
    return policy, server, record, records, screens


def _slices(processor: Any, policy: VerlPolicy, record: Any, turns: Any, screens: Any) -> Any:
    from cuagym.rl._verl_outputs import episode_slices

    return episode_slices(
        record,
        turns,
        screens,
        policy.turns,
        instruction=INSTRUCTION,
        spec=ImageSpec(),
        system=SYSTEM_PROMPT,
        encoder=policy.encoder,
        interval=10,
        max_prompt=8192,
        max_context=144_000,
    )


async def test_slices_hold_exactly_what_the_engine_saw_and_sampled(processor: Any) -> None:
    policy, server, record, turns, screens = await _play(processor, 13, cut_off={11})
    slices = _slices(processor, policy, record, turns, screens)
    assert [(s.collapsed_length, s.end) for s in slices] == [(0, 10), (10, 13)]
    header = list(policy.encoder.generation_prompt)
    for s in slices:
        assert s.tokens is not None
        ids = s.tokens.prompt_ids + s.tokens.response_ids
        mask = [0] * len(s.tokens.prompt_ids) + s.tokens.response_mask
        for t in range(s.collapsed_length, s.end):
            sent = server.requests[t].prompt_ids
            gen = policy.turns[t].token_ids
            # The engine's prompt at turn t is a prefix of the slice, followed by the tokens it
            # generated; exactly those are trained (the cut-off turn 11 has no end token).
            assert ids[: len(sent)] == sent
            assert sent[-len(header) :] == header
            assert ids[len(sent) : len(sent) + len(gen)] == gen
            assert all(mask[len(sent) : len(sent) + len(gen)])
            assert not any(mask[: len(sent)][len(s.tokens.prompt_ids) :][-len(header) :])
            # Screenshots sent at turn t: those of the slice's turns up to t (older ones collapsed).
            assert server.requests[t].images == t - s.collapsed_length + 1
        assert sum(mask) == sum(
            len(policy.turns[t].token_ids) for t in range(s.collapsed_length, s.end)
        )
        # Rollout logprobs sit on the trained tokens, zeros elsewhere.
        lp = s.tokens.response_logprobs
        assert lp is not None
        trained = [x for x, m in zip(lp, s.tokens.response_mask, strict=True) if m]
        assert trained == [
            x for t in range(s.collapsed_length, s.end) for x in policy.turns[t].logprobs or []
        ]
    assert all(r.sampling_params["max_new_tokens"] == 2048 for r in server.requests)
    assert len({r.request_id for r in server.requests}) == 1  # one episode, one sticky session


async def test_verl_outputs_one_per_slice_reward_on_the_last(processor: Any) -> None:
    from verl.experimental.agent_loop.agent_loop import AgentLoopOutput

    from cuagym.rl._verl_outputs import slice_outputs

    policy, _, record, turns, screens = await _play(processor, 12, reward=0.5)
    slices = _slices(processor, policy, record, turns, screens)
    outputs = slice_outputs(slices, record, policy.turns, with_logprobs=True)
    assert len(outputs) == 2 and all(isinstance(o, AgentLoopOutput) for o in outputs)
    assert [o.reward_score for o in outputs] == [None, 0.5]
    assert outputs[-1].extra_fields["reward_extra_info"]["reward"] == 0.5
    assert all(o.extra_fields["min_global_steps"] == 7 for o in outputs)
    for o, s in zip(outputs, slices, strict=True):
        assert len(o.response_ids) == len(o.response_mask) == len(o.response_logprobs or [])
        assert len(o.multi_modal_data["images"]) == s.end - s.collapsed_length
        d = o.as_dict()  # verl's own conversion to tensors
        assert d["responses"].shape == d["response_mask"].shape == d["rollout_log_probs"].shape
    assert outputs[-1].as_dict()["rm_scores"][-1].item() == 0.5


async def test_verls_multimodal_postprocessing_accepts_the_slices(processor: Any) -> None:
    """verl re-runs the processor on a slice's decoded ids and images: the image features it
    gets must match the slice's image tokens one for one."""
    import torch
    from verl.experimental.agent_loop.agent_loop import AgentLoopWorker

    from cuagym.rl._verl_outputs import slice_outputs

    policy, _, record, turns, screens = await _play(processor, 11)
    slices = _slices(processor, policy, record, turns, screens)
    outputs = slice_outputs(slices, record, policy.turns, with_logprobs=False)
    worker = AgentLoopWorker.__new__(AgentLoopWorker)  # verl's real method, no Ray actor
    worker.processor, worker.tokenizer, worker.mm_processor_kwargs = (
        processor,
        processor.tokenizer,
        {},
    )
    image_id = processor.tokenizer.convert_tokens_to_ids("<|image_pad|>")
    for o in outputs:
        ids = torch.tensor(o.prompt_ids + o.response_ids)
        mm = worker._compute_multi_modal_inputs(o, ids.unsqueeze(0))
        grid = mm["image_grid_thw"]
        assert int((grid.prod(dim=-1) // 4).sum()) == int((ids == image_id).sum())
        assert mm["pixel_values"].shape[0] == int(grid.prod(dim=-1).sum())


@pytest.mark.parametrize("steps", [10, 23])
async def test_incremental_slicing_equals_slicing_the_finished_episode(
    processor: Any, steps: int
) -> None:
    from cuagym.rl._verl_outputs import IncrementalSlicer, slice_outputs

    slicer = IncrementalSlicer(
        task_id="calc-budget-001", k=3, instruction=INSTRUCTION, system=SYSTEM_PROMPT,
        spec=ImageSpec(), encoder=ChatEncoder(processor), interval=10, max_prompt=8192,
        max_context=144_000, with_logprobs=True,
    )  # fmt: skip
    policy, _, record, turns, screens = await _play(processor, steps, sink=slicer, reward=0.0)
    assert len(slicer.outputs) == steps // 10  # complete slices are emitted during the episode
    live = slicer.finish(record)
    after = slice_outputs(
        _slices(processor, policy, record, turns, screens), record, policy.turns, with_logprobs=True
    )
    assert len(live) == len(after) == -(-steps // 10)
    for a, b in zip(live, after, strict=True):
        assert a.prompt_ids == b.prompt_ids and a.response_ids == b.response_ids
        assert a.response_mask == b.response_mask and a.response_logprobs == b.response_logprobs
        assert [im.tobytes() for im in a.multi_modal_data["images"]] == [
            im.tobytes() for im in b.multi_modal_data["images"]
        ]
        assert a.reward_score == b.reward_score and a.extra_fields == b.extra_fields
    assert live[-1].reward_score == 0.0

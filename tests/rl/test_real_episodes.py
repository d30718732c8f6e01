"""Real episodes: oracle rollouts of a corpus bundle in a real environment (browser, hub) →
slices that are byte for byte the policy's contexts → export verl / export sft → a GSPO step
of a tiny VLM on them and a TRL SFT step."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

import cuagym.agent
from cuagym.agent.context import build_messages
from cuagym.core import Episode
from cuagym.core.policy import TurnInput
from cuagym.rl import slice_episode
from cuagym.rl._chat import ChatEncoder
from cuagym.rl._slice import episode_source

pytestmark = [pytest.mark.slow, pytest.mark.gui, pytest.mark.browser]

BUNDLE = (
    Path(__file__).parents[1] / "synth" / "bundles" / "final" / "team-chat--set-channel-topic--0"
)
INTERVAL = 2  # the oracle needs 4 turns: two slices per episode


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not hasattr(cuagym.agent, "run_rollouts"):
        pytest.skip("cuagym.agent's rollout loop (issue 9) is not on this branch yet")
    for tool in ("bwrap", "Xvfb", "chromium"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed")
    import asyncio

    from cuagym.agent import PolicyConfig, RolloutBatch, RolloutOptions, run_rollouts

    out = tmp_path_factory.mktemp("run")
    batch = RolloutBatch(out=out, n=2, options=RolloutOptions(max_steps=10))
    summary = asyncio.run(run_rollouts([BUNDLE], PolicyConfig(policy="oracle"), batch))
    assert summary.json_line()["episodes"] == 2, summary.failures
    return out


def _episodes(run: Path) -> list[Episode]:
    return [Episode.load(p.parent) for p in sorted(run.rglob("episode.json"))]


def test_slices_of_real_episodes_are_the_contexts_the_policy_saw(run: Path) -> None:
    from cuagym.core import TaskConfig

    instruction = TaskConfig.model_validate_json(
        (BUNDLE / "task_config.json").read_bytes()
    ).instruction
    for episode in _episodes(run):
        assert episode.record.reward == 1.0
        slices = slice_episode(episode, interval=INTERVAL)
        steps = len(episode.turns)
        assert [s.collapsed_length for s in slices] == list(range(0, steps, INTERVAL))
        assert all(s.reward == 1.0 for s in slices)
        spec = episode_source(episode).spec  # the spec the oracle's screenshots were sent at
        turns = [
            TurnInput(episode.screenshot_path(t), tr.feedback, tr.response)
            for t, tr in enumerate(episode.turns)
        ]
        for s in slices:
            for t in range(s.collapsed_length, s.end):
                context = build_messages(
                    instruction,
                    [*turns[:t], TurnInput(turns[t].screenshot, turns[t].feedback, None)],
                    interval=INTERVAL,
                    spec=spec,
                )
                mine = [*s.prompt, *s.response[: 2 * (t - s.collapsed_length) + 1]]
                assert [m.model_dump_json() for m in mine] == [m.model_dump_json() for m in context]


def test_real_slices_tokenise_like_the_processor(run: Path, processor: Any) -> None:
    import io

    from PIL import Image

    from cuagym.rl._chat import to_hf_messages

    encoder = ChatEncoder(processor)
    episode = _episodes(run)[0]
    for s in slice_episode(episode, interval=INTERVAL, tokenizer=encoder):
        assert s.tokens is not None and not s.dummy
        text = processor.apply_chat_template(to_hf_messages(s.messages), tokenize=False)
        images = [Image.open(io.BytesIO(i.png)).convert("RGB") for i in s.images]
        out = processor(text=[text], images=images)
        assert list(out["input_ids"][0]) == s.tokens.prompt_ids + s.tokens.response_ids
        # The oracle's turns carry no logprobs: RL trains none of them (DESIGN.md §7).
        assert s.loss_mask == [False] * len(s.loss_mask) and not any(s.tokens.response_mask)


def test_exports_and_training_steps_on_real_episodes(
    run: Path, processor: Any, tmp_path: Path
) -> None:
    import torch
    from datasets import load_dataset
    from trl import SFTConfig, SFTTrainer

    from cuagym.rl import gspo_loss
    from cuagym.rl._export import export_sft, export_verl
    from cuagym.rl._slice import slice_turns
    from cuagym.rl._tiny import tiny_vlm
    from tests.rl.test_optimizer_step import _batch

    corpus = tmp_path / "corpus"
    shutil.copytree(BUNDLE, corpus / BUNDLE.name)
    assert export_verl(corpus, tmp_path / "verl", val=0).rows == 1  # one task: no val split
    sft = export_sft(run, tmp_path / "sft")
    steps = sum(len(e.turns) for e in _episodes(run))
    assert sft.rows == steps  # every oracle turn of the two r = 1 episodes
    # GSPO: the real slices with every assistant turn trained (the oracle has no logprobs, so
    # the SFT rule), old logprobs from the model itself, a group of the two rollouts.
    encoder = ChatEncoder(processor)
    slices = [  # the first slice of each rollout keeps the step short
        slice_turns(episode_source(e), interval=INTERVAL, encoder=encoder, require_logprobs=False)[
            0
        ]
        for e in _episodes(run)
    ]
    model = tiny_vlm(processor)
    with torch.no_grad():
        old, mask = _batch(model, processor, slices)
    logp, mask = _batch(model, processor, slices)
    # The oracle's two rollouts are alike: advantages of opposite sign would cancel exactly.
    advantages = torch.tensor([1.0, 0.5])
    loss = gspo_loss(logp, old + 0.01, advantages, mask)
    loss.backward()
    assert torch.isfinite(loss) and mask.sum() > 0
    assert any(p.grad is not None and p.grad.abs().sum() > 0 for p in model.parameters())
    # SFT: TRL reads the export and takes a step.
    ds = load_dataset("parquet", data_files=str(sft.files[0]), split="train")
    args = SFTConfig(
        output_dir=str(tmp_path / "sft-out"), max_steps=1, per_device_train_batch_size=1,
        report_to=[], use_cpu=True, save_strategy="no", max_length=None,
    )  # fmt: skip
    result = SFTTrainer(
        model=tiny_vlm(processor), args=args, train_dataset=ds, processing_class=processor
    ).train()
    assert torch.isfinite(torch.tensor(result.training_loss))


async def test_slices_are_the_requests_an_openai_policy_sent(tmp_path: Path) -> None:
    """An ``openai:`` policy on the scripted chat double (a test double of the chat API) plays
    a desktop bundle: every request it sent is, byte for byte, a slice's prompt followed by the
    slice's turns up to that turn's screenshot (mapped to OpenAI's format the same way)."""
    if not hasattr(cuagym.agent, "RolloutEnv"):
        pytest.skip("cuagym.agent's rollout loop (issue 9) is not on this branch yet")
    from cuagym.agent import PolicyConfig, RolloutEnv, RolloutOptions, make_policies
    from cuagym.core import Bundle
    from cuagym.llm._openai import messages_to_openai
    from cuagym.llm.scripted import Reply, ScriptedChatApi

    def block(arguments: str) -> str:
        return f'\n<tool_call>\n{{"name": "computer_use", "arguments": {arguments}}}\n</tool_call>'

    answers = [
        "Action: look." + block('{"action": "screenshot"}'),
        "Action: oops, no block.",  # malformed: the parser's error comes back as feedback
        "Action: wait." + block('{"action": "wait", "time": 0.1}'),
        "Action: give up." + block('{"action": "terminate", "status": "failure"}'),
    ]
    api = ScriptedChatApi([Reply(text=a, logprobs=[-0.5, -0.25]) for a in answers])
    config = PolicyConfig(
        policy="openai:scripted-double", base_url="http://double.invalid/v1", interval=INTERVAL
    )
    made = make_policies(config, http_client=api.client(), api_key="test")
    bundle_path = BUNDLE.parent / "files-csv-dedupe"
    bundle = Bundle.load(bundle_path)
    try:
        async with RolloutEnv() as env:
            result = await env.episode(
                bundle, made(bundle.task), options=RolloutOptions(max_steps=6),
                bundle_path=str(bundle_path),
            )  # fmt: skip
    finally:
        await made.aclose()
    episode = Episode.load(result.write(tmp_path))
    assert episode.record.steps == 4 and episode.turns[2].feedback  # the parser's message
    slices = slice_episode(episode, interval=INTERVAL)
    assert [s.loss_mask for s in slices] == [[False, True, False, True]] * 2
    for s in slices:
        for t in range(s.collapsed_length, s.end):
            mine = [*s.prompt, *s.response[: 2 * (t - s.collapsed_length) + 1]]
            assert messages_to_openai("", mine) == api.requests[t].body["messages"]

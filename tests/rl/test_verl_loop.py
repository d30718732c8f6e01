"""The verl agent loop: the over-sampling gate, and a whole episode with verl's real classes, a
scripted token server (a test double of the generation server) and a real environment."""

from __future__ import annotations

import asyncio
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

import cuagym.agent
from cuagym.rl.scripted import ScriptedTokenServer

pytest.importorskip("verl")

from cuagym.rl._verl_loop import CuagymAgentLoop, _GroupGate

BUNDLES = Path(__file__).parents[1] / "synth" / "bundles" / "final"


async def test_gate_keeps_the_first_valid_sessions_in_session_order() -> None:
    gate = _GroupGate(keep=16)
    errors = {1, 4, 5, 13}
    sessions = list(range(20))
    for s in sessions:
        gate.joined.add(s)

    async def session(s: int) -> tuple[int, bool]:
        await asyncio.sleep(random.Random(s).random() / 100)  # finish in a scrambled order
        return s, await gate.admit(s, s not in errors)

    results = dict(await asyncio.gather(*(session(s) for s in reversed(sessions))))
    kept = sorted(s for s, admitted in results.items() if admitted)
    assert kept == [s for s in sessions if s not in errors][:16]
    assert not any(results[s] for s in errors)


async def test_gate_with_fewer_valid_than_the_group_keeps_all() -> None:
    gate = _GroupGate(keep=16)
    gate.joined.update({0, 1, 2})
    admitted = await asyncio.gather(gate.admit(0, True), gate.admit(1, False), gate.admit(2, True))
    assert admitted == [True, False, True]


def _needs_rollout_loop() -> None:
    if not hasattr(cuagym.agent, "RolloutEnv"):
        pytest.skip("cuagym.agent's rollout loop (issue 9) is not on this branch yet")
    for tool in ("bwrap", "Xvfb", "pcmanfm"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed")


def _loop(processor: Any, server: Any, **options: Any) -> CuagymAgentLoop:
    from omegaconf import OmegaConf
    from verl.experimental.agent_loop.agent_loop import DictConfigWrap
    from verl.utils.dataset.rl_dataset import RLHFDataset

    config = OmegaConf.create(
        {
            "actor_rollout_ref": {
                "model": {"path": "tiny-qwen2-vl"},
                "rollout": {
                    "prompt_length": 8192,
                    "response_length": 135_808,
                    "max_model_len": 144_000,
                    "calculate_log_probs": True,
                },
            },
            "data": {"apply_chat_template_kwargs": {}, "mm_processor_kwargs": {}},
        }
    )
    return CuagymAgentLoop(
        trainer_config=DictConfigWrap(config),
        server_manager=server,
        tokenizer=processor.tokenizer,
        processor=processor,
        dataset_cls=RLHFDataset,
        data_config=DictConfigWrap(config.data),
        hf_model_type="qwen2_vl",
        **options,
    )


@pytest.mark.slow
@pytest.mark.gui
async def test_one_episode_in_a_real_environment(processor: Any) -> None:
    _needs_rollout_loop()
    from verl.experimental.agent_loop.agent_loop import AgentLoopOutput

    answers = [
        'Action: look.\n<tool_call>\n{"name": "computer_use", "arguments": {"action": '
        '"screenshot"}}\n</tool_call>',
        'Action: give up.\n<tool_call>\n{"name": "computer_use", "arguments": {"action": '
        '"terminate", "status": "failure"}}\n</tool_call>',
    ]
    server = ScriptedTokenServer(processor.tokenizer, answers)
    loop = _loop(processor, server, interval=1, max_steps=5, group_size=1, env_workers=1)
    bundle = BUNDLES / "files-csv-dedupe"
    outputs = await loop.run(
        {"temperature": 1.0, "top_p": 1.0, "logprobs": True},
        bundle=str(bundle),
        uid="u-1",
        session_id=0,
        raw_prompt=[{"role": "user", "content": "..."}],
    )
    assert len(outputs) == 2 and all(isinstance(o, AgentLoopOutput) for o in outputs)
    assert [o.reward_score for o in outputs] == [None, 0.0]  # terminated without doing the task
    assert outputs[-1].extra_fields["reward_extra_info"]["steps"] == 2.0
    end = processor.tokenizer.convert_tokens_to_ids("<|im_end|>")
    for o, answer, request in zip(outputs, answers, server.requests, strict=True):
        generated = [t for t, m in zip(o.response_ids, o.response_mask, strict=True) if m]
        assert processor.tokenizer.decode(generated[:-1]) == answer and generated[-1] == end
        assert len(o.multi_modal_data["images"]) == 1  # interval 1: one screenshot per slice
        assert o.prompt_ids + o.response_ids[: len(request.prompt_ids) - len(o.prompt_ids)] == (
            request.prompt_ids
        )
        assert o.response_logprobs is not None and len(o.response_logprobs) == len(o.response_ids)


def test_loop_is_registered_and_built_by_verls_base_class(processor: Any) -> None:
    from verl.experimental.agent_loop.agent_loop import _agent_loop_registry

    assert _agent_loop_registry["cuagym"]["_target_"].endswith("CuagymAgentLoop")
    server = ScriptedTokenServer(processor.tokenizer, ["x"])
    loop = _loop(processor, server, interval=5, max_steps=7, image_spec={"factor": 32})
    assert (loop.interval, loop.max_steps, loop.spec.factor) == (5, 7, 32)
    assert (loop.max_prompt, loop.max_context, loop.with_logprobs) == (8192, 144_000, True)
    assert loop.server_manager is server and loop.encoder.image_token == "<|image_pad|>"


@pytest.mark.slow
@pytest.mark.gui
async def test_one_episode_on_a_ray_actor_environment(processor: Any) -> None:
    """The same episode with ``executor: ray``: the environment lives in a Ray actor, the
    policy (and its slicer) travel there and back."""
    _needs_rollout_loop()
    import ray

    from cuagym.rl._verl_loop import EnvPool

    answers = [
        'Action: give up.\n<tool_call>\n{"name": "computer_use", "arguments": {"action": '
        '"terminate", "status": "failure"}}\n</tool_call>'
    ]
    orphans_before = _orphaned_displays()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    pool = EnvPool(size=1, executor="ray", screen=(1280, 800))
    try:
        server = ScriptedTokenServer(processor.tokenizer, answers)
        loop = _loop(processor, server, pool=pool)
        outputs = await loop.run(
            {"temperature": 1.0}, bundle=str(BUNDLES / "files-csv-dedupe"), uid="u-ray",
            session_id=0, raw_prompt=[],
        )  # fmt: skip
    finally:
        await pool.close()
        ray.shutdown()
    # The actor closed its desktop before it died: no display of it is left to the machine's
    # init (Ray kills a worker's direct children only, which would orphan the X server).
    await asyncio.sleep(1.0)
    assert _orphaned_displays() <= orphans_before
    assert len(outputs) == 1 and outputs[0].reward_score == 0.0
    assert outputs[0].extra_fields["reward_extra_info"]["steps"] == 1.0
    generated = [
        t for t, m in zip(outputs[0].response_ids, outputs[0].response_mask, strict=True) if m
    ]
    assert processor.tokenizer.decode(generated[:-1]) == answers[0]


def test_agent_loop_file_is_what_verls_workers_load(processor: Any, tmp_path: Path) -> None:
    """cuagym train's agent_loop.yaml, loaded and instantiated the way verl's AgentLoopWorker
    does it (OmegaConf.load, then hydra.utils.instantiate with the worker's arguments)."""
    import hydra
    from omegaconf import OmegaConf
    from verl.experimental.agent_loop.agent_loop import DictConfigWrap, ToolListWrap
    from verl.utils.dataset.rl_dataset import RLHFDataset

    from cuagym.rl._verl_config import LoopOptions, write_agent_loop_config

    path = write_agent_loop_config(
        tmp_path / "agent_loop.yaml",
        LoopOptions(max_steps=7, group_size=4, image_spec={"factor": 32}),
    )
    (entry,) = OmegaConf.load(path)
    assert entry.name == "cuagym"
    config = _loop(processor, None).config
    loop = hydra.utils.instantiate(
        config=entry,
        trainer_config=DictConfigWrap(config=config),
        server_manager=ScriptedTokenServer(processor.tokenizer, ["x"]),
        tokenizer=processor.tokenizer,
        processor=processor,
        hf_model_type="qwen2_vl",
        dataset_cls=RLHFDataset,
        data_config=DictConfigWrap(config.data),
        tools=ToolListWrap([]),
    )
    assert isinstance(loop, CuagymAgentLoop)
    assert (loop.max_steps, loop.group_size, loop.spec.factor) == (7, 4, 32)


def _orphaned_displays() -> set[int]:
    """Xvfb processes whose parent is init: a desktop whose reaper was killed."""
    found = set()
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.find("(") + 1 : stat.rfind(")")]
        if name == "Xvfb" and stat[stat.rfind(")") + 2 :].split()[1] == "1":
            found.add(int(proc.name))
    return found

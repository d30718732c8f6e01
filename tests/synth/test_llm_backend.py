"""The llm role backend: its factory, a role turn over a fake session, and (slow) the whole
loop through the real orchestrator with the scripted chat double playing both roles.

The scripted double is a test double, not a model: its tool calls are written below (the
scripts it "writes" come from the domain's procedural family)."""

from __future__ import annotations

import json
import re
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

from cuagym.core import Bundle, TaskConfig
from cuagym.domains import load_domains
from cuagym.llm import PriceTable
from cuagym.llm.scripted import Call, Reply, ScriptedChatApi, ScriptedRequest
from cuagym.synth import UnknownBackend, make_backend
from cuagym.synth import _backends as backends_module
from cuagym.synth._llm_backend import LlmBackend, make_llm_backend
from cuagym.synth._tasklog import TaskLog
from tests.llm.fakes import scripted_client, session
from tests.synth.synth_helpers import events, requires_jail, run, team_chat

PRICES = PriceTable(models={"scripted-double": {"input": 3.0, "output": 15.0}})  # type: ignore[dict-item]


# -- factory -----------------------------------------------------------------------------------
def test_factory_takes_the_cli_options(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-factory-test")
    backend = make_llm_backend(
        model="openai:gpt-4.1", base_url=None, generator_cmd="", discriminator_cmd="", pass_env=(),
        max_turns=7,
    )  # fmt: skip
    assert backend.name == "llm" and backend.max_turns == 7 and not backend.needs_package
    assert "openai:gpt-4.1" in backend.describe() and "sk-" not in repr(backend.client)
    local = make_llm_backend(model="openai:Qwen/Qwen3-32B", base_url="http://127.0.0.1:9/v1")
    assert "no price" in local.describe()
    with pytest.raises(ValueError, match="--model"):
        make_llm_backend(model=None, base_url=None)
    with pytest.raises(ValueError, match="generator_cmd"):
        make_llm_backend(model="openai:gpt-4.1", generator_cmd="claude -p")
    with pytest.raises(ValueError, match="unexpected keyword"):
        make_llm_backend(model="openai:gpt-4.1", colour="blue")
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(ValueError, match="OPENAI_API_KEY"):
        make_llm_backend(model="openai:gpt-4.1")


def test_make_backend_finds_it_through_the_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    """What `make_backend("llm", ...)` does once pyproject registers the entry point."""
    ep = EntryPoint("llm", "cuagym.synth._llm_backend:make_llm_backend", "cuagym.synth_backends")
    monkeypatch.setattr(
        backends_module, "entry_points", lambda group: [ep] if group == ep.group else []
    )
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    backend = make_backend("llm", model="anthropic:claude-sonnet-4", base_url=None,
                           generator_cmd="", discriminator_cmd="", pass_env=())  # fmt: skip
    assert isinstance(backend, LlmBackend)
    with pytest.raises(UnknownBackend):
        make_backend("nope")


# -- one role turn over a fake session ------------------------------------------------------------
async def test_role_turn_reports_usage_and_missing_outputs(tmp_path: Path) -> None:
    sess, _ = session("generator", TaskLog(None), {"task_config.json": "{}", "SKILL.md": "s"})
    api = ScriptedChatApi(lambda req: Reply(text="I am done", tokens_in=1000, tokens_out=100))
    backend = LlmBackend("openai:scripted-double", client=scripted_client(api), prices=PRICES)
    turn = await backend.run_role(sess)  # type: ignore[arg-type]
    # It never wrote its scripts: reminded twice, then the turn fails naming what is missing.
    assert len(api.requests) == 3
    assert "You have not written initial_setup.py and golden_patch.py" in json.dumps(
        api.requests[1].body
    )
    assert turn.exit_code == 1 and not turn.timed_out
    last = turn.transcript.splitlines()[-1]
    assert last.startswith("[llm] the model finished after 3 turns")
    assert "missing initial_setup.py, golden_patch.py" in last
    assert turn.usage.tokens_in == 3000 and turn.usage.tokens_out == 300
    assert turn.usage.cost_usd == pytest.approx((3000 * 3 + 300 * 15) / 1e6)
    assert turn.usage.model == "openai:scripted-double"


async def test_role_turn_ok_and_the_prompt_carries_the_workspace(tmp_path: Path) -> None:
    files = {"task_config.json": '{"task_id": "t-1"}', "SKILL.md": "# SKILL\nbitter lessons",
             "REVIEW.md": "- verdict: **FAIL**\nC3 failed"}  # fmt: skip
    sess, _ = session("generator", TaskLog(None), files)
    api = ScriptedChatApi([
        Reply(calls=[Call("write_file", {"name": "initial_setup.py", "content": "print(1)\n"}),
                     Call("write_file", {"name": "golden_patch.py", "content": "print(2)\n"})]),
        Reply(text="done"),
    ])  # fmt: skip
    backend = LlmBackend(
        "anthropic:scripted-double", client=scripted_client(api, "anthropic:scripted-double")
    )
    turn = await backend.run_role(sess)  # type: ignore[arg-type]
    assert turn.exit_code == 0 and sess.writes == ["initial_setup.py", "golden_patch.py"]
    first = api.requests[0]
    assert first.system.startswith("You are the Generator")
    prompt = first.body["messages"][0]["content"][0]["text"]
    assert '"task_id": "t-1"' in prompt and "bitter lessons" in prompt and "C3 failed" in prompt
    assert set(first.tools) == {"read_file", "write_file", "read_state", "run_script", "reset_env"}


async def test_discriminator_never_gets_a_review_in_its_prompt() -> None:
    sess, _ = session(
        "discriminator", TaskLog(None), {"task_config.json": "{}", "REVIEW.md": "old"}
    )
    api = ScriptedChatApi([
        Reply(calls=[Call("write_file", {"name": "reward.py", "content": "print('REWARD: 0.0')\n"}),
                     Call("write_file", {"name": "REVIEW.md", "content": "FAIL"})]),
        Reply(text="done"),
    ])  # fmt: skip
    backend = LlmBackend("openai:scripted-double", client=scripted_client(api))
    turn = await backend.run_role(sess)  # type: ignore[arg-type]
    assert turn.exit_code == 0
    assert "REVIEW.md (last round)" not in json.dumps(api.requests[0].body)
    assert api.requests[0].system.startswith("You are the Discriminator")


# -- the whole loop, real orchestrator and jails ---------------------------------------------------
_FENCE = re.compile(r"```json\n(.*?)\n```", re.S)


def _task_and_round(req: ScriptedRequest) -> tuple[TaskConfig, int]:
    messages = req.body["messages"]
    first = messages[1]["content"] if req.provider == "openai" else messages[0]["content"]
    if isinstance(first, list):
        first = first[0]["text"]
    match = _FENCE.search(first)
    assert match, first[:200]
    return TaskConfig.model_validate_json(match.group(1)), int(first.split(".")[0].split()[-1])


def two_role_script(req: ScriptedRequest) -> Reply:
    """The double's side of both conversations, as a function of the request (stateless).

    Round 1 the Generator hands in a golden patch that does nothing, so C3 fails; round 2 it
    reads REVIEW.md from its prompt and writes the family's real patch."""
    task, round_ = _task_and_round(req)
    family = load_domains()[task.domain].family(str(task.family))
    errors = [text for text, is_error in req.tool_results if is_error]
    if req.system.startswith("You are the Generator"):
        scripts = family.generate(task)
        patch = scripts.golden_patch if round_ > 1 else "print('nothing to do')\n"
        steps = [
            [Call("read_file", {"name": "task_config.json"})],
            [Call("write_file", {"name": "initial_setup.py", "content": scripts.initial_setup}),
             Call("write_file", {"name": "golden_patch.py", "content": patch})],
            [Call("run_script", {"env": "init", "script": "initial_setup"}),
             Call("run_script", {"env": "gold", "script": "initial_setup"}),
             Call("run_script", {"env": "gold", "script": "golden_patch"})],
            [Call("read_state", {"env": "gold", "paths": ["nothing"], "hub": "diff"})],
        ]  # fmt: skip
    else:
        steps = [
            [Call("read_state", {"env": "gold", "paths": ["nothing"]}),
             # a barrier probe: the Discriminator may not run the Generator's scripts
             Call("run_script", {"env": "gold", "script": "golden_patch", "code": "print(1)"})],
            [Call("write_file", {"name": "reward.py", "content": family.write_reward(task)})],
            [Call("run_reward", {"env": "gold"}), Call("run_reward", {"env": "init"})],
            [Call("write_file", {"name": "REVIEW.md",
                                 "content": _review(req) if req.turn == 4 else ""})],
        ]  # fmt: skip
    if (
        req.turn > 1
        and errors
        and not (req.turn == 2 and len(errors) == 1 and "denied" in errors[0])
    ):
        return Reply(text="tool error: " + errors[0][:200])
    if req.turn <= len(steps):
        return Reply(text=f"step {req.turn}", calls=steps[req.turn - 1])
    return Reply(text="finished")


def _review(req: ScriptedRequest) -> str:
    # The previous turn's results are the two run_reward answers (gold, init).
    scores = [json.loads(text)["reward"]["reward"] for text, _ in req.tool_results]
    verdict = "PASS" if scores == [1.0, 0.0] else "FAIL"
    return (f"verdict: {verdict}\n\nobserved: r(gold) = {scores[0]}, r(init) = {scores[1]}\n"
            "forbidden patterns: none\n\nfeedback: the golden state must carry out the "
            "instruction; the initial state must not.\n")  # fmt: skip


@requires_jail
@pytest.mark.slow
async def test_scripted_model_plays_both_roles_to_an_accepted_bundle(tmp_path: Path) -> None:
    out = tmp_path / "out"
    specs = team_chat(1)
    api = ScriptedChatApi(two_role_script)
    backend = LlmBackend("openai:scripted-double", client=scripted_client(api), prices=PRICES)
    summary, outcomes = await run(specs, backend, out, workers=1, role_timeout_s=300)
    (outcome,) = outcomes
    assert outcome.status == "accepted", (outcome.detail, _logs(out))
    assert outcome.rounds == 2 and summary.accepted == 1
    assert outcome.bundle is not None
    bundle = Bundle.load(outcome.bundle)
    meta = bundle.meta
    assert meta.backend == "llm" and meta.model == "openai:scripted-double" and meta.rounds == 2
    # four role turns, each with several model calls: every token and cent was summed
    per_call = [r for r in api.requests]
    assert len(per_call) >= 16
    assert meta.tokens_in > 0 and meta.tokens_out > 0
    assert meta.cost_usd == pytest.approx(
        (meta.tokens_in * 3 + meta.tokens_out * 15) / 1e6, abs=1e-5
    )
    assert summary.tokens_in == meta.tokens_in and summary.cost_usd == pytest.approx(meta.cost_usd)
    assert bundle.reward == load_domains()["team-chat"].family(
        str(bundle.task.family)).write_reward(bundle.task)  # fmt: skip
    # Round 2's Generator was shown round 1's REVIEW.md (C3 failed) in its prompt.
    gen_prompts = [json.dumps(r.body["messages"][:2]) for r in api.requests
                   if r.system.startswith("You are the Generator") and r.turn == 1]  # fmt: skip
    assert len(gen_prompts) == 2 and "REVIEW.md (last round)" in gen_prompts[1]
    assert "REVIEW.md (last round)" not in gen_prompts[0]
    # The Discriminator's barrier probe was refused, logged, and counted in its role run.
    log = events(out, bundle.task_id)
    denied = [e for e in log if e["event"] == "denied"]
    assert [e["what"] for e in denied] == ["run golden_patch on gold"] * 2
    roles = [e for e in log if e["event"] == "role" and e["role"] == "discriminator"]
    assert [r["denied"] for r in roles] == [1, 1]
    transcript = (out / "logs" / bundle.task_id / "round-2-generator.log").read_text()
    assert "-> run_script" in transcript and transcript.splitlines()[-1].startswith(
        "[llm] the model finished"
    )
    assert "sk-test-secret" not in "".join(p.read_text() for p in (out / "logs").rglob("*.*"))


def _logs(out: Path) -> dict[str, Any]:
    return {p.name: p.read_text()[-1500:] for p in (out / "logs").rglob("*.log")}

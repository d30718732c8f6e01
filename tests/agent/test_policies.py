"""The openai and anthropic policies speak the real SDKs to the scripted test double."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cuagym.agent import NoOracle, PolicyConfig, make_policies, parse_response
from cuagym.agent._policies import oracle_policy
from cuagym.agent.context import COLLAPSED
from cuagym.core import Observation, PolicyReply, TaskConfig
from cuagym.core.policy import PolicyError, SamplerError, TurnInput
from cuagym.domains import load_domain
from cuagym.envs import encode_png
from cuagym.llm.scripted import Call, Reply, ScriptedChatApi, ScriptedRequest

TASK = TaskConfig(
    task_id="t-1", instruction="Save the file.", domain="calc", apps=["calc"], difficulty="easy"
)
SCREEN = (640, 400)


def shot(n: int) -> bytes:
    return encode_png(*SCREEN, bytes([n % 256, 40, 90]) * (SCREEN[0] * SCREEN[1]))


def tool_call(arguments: dict[str, Any]) -> str:
    return (
        "<tool_call>"
        + json.dumps({"name": "computer_use", "arguments": arguments})
        + ("</tool_call>")
    )


def observation(t: int, *, results: tuple[str, ...] = (), error: str | None = None,
                feedback: str | None = None, image_size: tuple[int, int] = SCREEN,
                history: list[TurnInput] | None = None) -> Observation:  # fmt: skip
    turns = [*(history or []), TurnInput(screenshot=shot(t), feedback=feedback)]
    return Observation(
        t=t, instruction=TASK.instruction, screenshot=shot(t), screen_size=SCREEN,
        image_size=image_size, feedback=feedback, turns=turns, results=results,
        previous_error=error,
    )  # fmt: skip


def policies(api: ScriptedChatApi, policy: str, **config: Any) -> Any:
    base = "http://double.invalid/v1" if policy.startswith("openai") else "http://double.invalid"
    cfg = PolicyConfig(policy=policy, base_url=base, **config)
    return make_policies(cfg, http_client=api.client(), api_key="sk-test-secret")


# -- openai -----------------------------------------------------------------------------------
async def test_openai_sends_the_context_and_keeps_logprobs() -> None:
    answer = "Action: save.\n" + tool_call({"action": "key", "keys": ["ctrl", "s"]})
    api = ScriptedChatApi([Reply(text=answer, logprobs=[-0.5, -0.25, -1.0])])
    made = policies(api, "openai:scripted-double", temperature=1.0, top_p=0.95, max_tokens=64)
    policy = made(TASK)
    await policy.begin(TASK, None)
    wait = tool_call({"action": "wait", "time": 1})
    history = [TurnInput(screenshot=shot(t), response=f"Action: {t}.\n{wait}") for t in range(11)]
    reply = await policy.step(observation(11, history=history, feedback="Action 1 failed."))
    await made.aclose()
    assert isinstance(reply, PolicyReply)
    assert reply.text == answer and reply.logprobs == [-0.5, -0.25, -1.0]
    assert reply.model == "scripted-double"
    body = api.requests[0].body
    assert body["model"] == "scripted-double" and body["logprobs"] is True
    assert (body["temperature"], body["top_p"], body["max_tokens"]) == (1.0, 0.95, 64)
    assert "tools" not in body, "the tool lives in the system prompt: the model writes blocks"
    messages = body["messages"]
    assert messages[0]["role"] == "system" and "computer_use" in messages[0]["content"]
    users = [m for m in messages if m["role"] == "user"]
    assert len(users) == 12 and users[0]["content"][0] == {"type": "text", "text": TASK.instruction}
    images = [p for m in users for p in m["content"] if p["type"] == "image_url"]
    collapsed = [p for m in users for p in m["content"] if p.get("text") == COLLAPSED]
    # Turn 11: the screenshots of turns 0-9 are collapsed, 10 and 11 are images.
    assert len(collapsed) == 10 and len(images) == 2
    assert images[0]["image_url"]["url"].startswith("data:image/png;base64,")
    assert users[-1]["content"][0] == {"type": "text", "text": "Action 1 failed."}


async def test_openai_sampler_failures_are_classified() -> None:
    script = [Reply(status=500), Reply(fault="reset"), Reply(status=429), Reply(status=400)]
    api = ScriptedChatApi(script)
    made = policies(api, "openai:scripted-double")
    policy = made(TASK)
    for expected in (SamplerError, SamplerError, SamplerError, PolicyError):
        with pytest.raises(expected) as caught:
            await policy.step(observation(0))
        assert "sk-test-secret" not in str(caught.value)
    await made.aclose()


def test_a_policy_name_must_be_known() -> None:
    for bad in ("gpt-4", "openai:", "local:model"):
        with pytest.raises(ValueError, match="oracle, openai:MODEL"):
            PolicyConfig(policy=bad).kind()


# -- anthropic --------------------------------------------------------------------------------
def _answer_text(reply: PolicyReply) -> list[dict[str, Any]]:
    parsed = parse_response(reply.text)
    assert parsed.error is None, (parsed.error, reply.text)
    return [c.model_dump(exclude_none=True) for c in parsed.calls]


async def test_anthropic_toolset_round_trip() -> None:
    def script(req: ScriptedRequest) -> Reply:
        if req.turn == 1:
            return Reply(
                text="I'll click, then type.",
                calls=[
                    Call("left_click", {"coordinate": [100, 50]}, toolset="computer"),
                    Call("type", {"text": "42"}, toolset="computer"),
                ],
            )
        if req.turn == 2:
            return Reply(calls=[Call("key", {"text": "ctrl+s"}, toolset="computer")])
        return Reply(text="DONE: saved.")

    api = ScriptedChatApi(script)
    made = policies(api, "anthropic:scripted-double")
    policy = made(TASK)
    await policy.begin(TASK, None)
    first = await policy.step(observation(0))
    assert _answer_text(first) == [
        {"action": "left_click", "coordinate": (100, 50)},
        {"action": "type", "text": "42"},
    ]
    body = api.requests[0].body
    assert body["tools"] == [
        {"type": "computer_toolset_20260801",
         "configs": {"zoom": {"enabled": False}, "cursor_position": {"enabled": False}}}
    ]  # fmt: skip
    assert body["messages"][0]["content"][0] == {"type": "text", "text": TASK.instruction}
    # The click ran, the typing failed: two tool results, the second an error, the new
    # screenshot in the last one.
    second = await policy.step(observation(1, results=("ok", "error: no focus")))
    assert _answer_text(second) == [{"action": "key", "keys": ["ctrl", "s"]}]
    results = api.requests[1].body["messages"][-1]["content"]
    assert [r["type"] for r in results] == ["tool_result", "tool_result"]
    assert results[0]["is_error"] is False and results[1]["is_error"] is True
    assert results[1]["content"][0]["text"] == "no focus"
    assert results[1]["content"][-1]["type"] == "image"
    assert all(r["toolset_name"] == "computer" for r in results)
    done = await policy.step(observation(2, results=("ok",)))
    assert _answer_text(done) == [{"action": "terminate", "status": "success"}]
    await made.aclose()


async def test_anthropic_parser_error_and_fail_answer() -> None:
    def script(req: ScriptedRequest) -> Reply:
        if req.turn == 1:
            return Reply(calls=[Call("zoom", {"region": [0, 0, 9, 9]}, toolset="computer")])
        return Reply(text="FAIL: the file is read-only.")

    api = ScriptedChatApi(script)
    made = policies(api, "anthropic:scripted-double")
    policy = made(TASK)
    await policy.begin(TASK, None)
    first = await policy.step(observation(0))
    error = parse_response(first.text).error
    assert error is not None and "zoom" in error
    done = await policy.step(observation(1, error=error, feedback=error))
    assert _answer_text(done) == [{"action": "terminate", "status": "failure"}]
    result = api.requests[1].body["messages"][-1]["content"][0]
    assert result["is_error"] is True and result["content"][0]["text"] == error
    await made.aclose()


async def test_anthropic_classic_tool_declares_the_display_size() -> None:
    api = ScriptedChatApi(
        [Reply(calls=[Call("computer", {"action": "double_click", "coordinate": [5, 6]})])]
    )
    made = policies(api, "anthropic:scripted-double", tool_version="computer_20251124")
    policy = made(TASK)
    await policy.begin(TASK, None)
    reply = await policy.step(observation(0, image_size=(320, 200)))
    assert _answer_text(reply) == [{"action": "double_click", "coordinate": (5, 6)}]
    (tool,) = api.requests[0].body["tools"]
    assert tool == {
        "type": "computer_20251124", "name": "computer",
        "display_width_px": 320, "display_height_px": 200,
    }  # fmt: skip
    await made.aclose()


async def test_a_retried_anthropic_step_sends_the_same_request() -> None:
    api = ScriptedChatApi([Reply(status=503), Reply(text="DONE")])
    made = policies(api, "anthropic:scripted-double")
    policy = made(TASK)
    await policy.begin(TASK, None)
    with pytest.raises(SamplerError):
        await policy.step(observation(0))
    await policy.step(observation(0))
    assert api.requests[0].body["messages"] == api.requests[1].body["messages"]
    await made.aclose()


# -- oracle -----------------------------------------------------------------------------------
def test_oracle_lookup_names_families_without_one(monkeypatch: pytest.MonkeyPatch) -> None:
    chat = load_domain("team-chat").family("set-channel-topic").sample(0)
    assert oracle_policy(chat).name == "oracle"
    # Every family gets an oracle in the end: take one away to see the lookup say so.
    family = load_domain("mail").family("star-thread")
    monkeypatch.setattr(type(family), "oracle", lambda self, task: None)
    other = family.sample(0)
    with pytest.raises(NoOracle, match="family star-thread of domain mail has no GUI oracle yet"):
        oracle_policy(other)
    with pytest.raises(NoOracle, match="names no task family"):
        oracle_policy(TASK)

"""Tool schemas and messages mapped to each SDK's format and back, through the real SDKs."""

from __future__ import annotations

import pytest

from cuagym.llm import ImagePart, Message, TextPart, ToolSpec
from cuagym.llm._anthropic import messages_to_anthropic, tool_from_anthropic, tool_to_anthropic
from cuagym.llm._openai import messages_to_openai, tool_from_openai, tool_to_openai
from cuagym.llm._types import ToolCall, ToolResult
from cuagym.llm.scripted import Call, Reply, ScriptedChatApi
from tests.llm.fakes import scripted_client

TOOL = ToolSpec(
    name="write_file",
    description="Create or replace a workspace file.",
    parameters={
        "type": "object",
        "properties": {"name": {"type": "string"}, "content": {"type": "string"}},
        "required": ["name", "content"],
    },
)
HISTORY = [
    Message(role="user", content="go"),
    Message(
        role="assistant",
        content="writing",
        tool_calls=[
            ToolCall(id="a", name="write_file", arguments={"name": "x.py", "content": "pass"}),
            ToolCall(id="b", name="read_file", raw_arguments="{oops", error="invalid JSON"),
        ],
    ),
    Message(
        role="tool",
        tool_results=[
            ToolResult(call_id="a", name="write_file", content="wrote x.py"),
            ToolResult(call_id="b", name="read_file", content="bad arguments", is_error=True),
        ],
    ),
]


def test_tool_schema_round_trips() -> None:
    oa = tool_to_openai(TOOL)
    assert oa == {
        "type": "function",
        "function": {
            "name": "write_file",
            "description": TOOL.description,
            "parameters": TOOL.parameters,
        },
    }
    an = tool_to_anthropic(TOOL)
    assert an == {
        "name": "write_file",
        "description": TOOL.description,
        "input_schema": TOOL.parameters,
    }
    assert tool_from_openai(oa) == TOOL
    assert tool_from_anthropic(an) == TOOL


def test_tool_spec_validates() -> None:
    with pytest.raises(ValueError, match="tool name"):
        ToolSpec(name="bad name", description="")
    with pytest.raises(ValueError, match="object"):
        ToolSpec(name="t", description="", parameters={"type": "string"})


def test_history_to_openai() -> None:
    out = messages_to_openai("SYS", HISTORY)
    assert out[0] == {"role": "system", "content": "SYS"}
    calls = out[2]["tool_calls"]
    assert calls[0]["function"] == {
        "name": "write_file",
        "arguments": '{"name": "x.py", "content": "pass"}',
    }
    assert calls[1]["function"]["arguments"] == "{oops"  # replayed verbatim
    assert out[3] == {"role": "tool", "tool_call_id": "a", "content": "wrote x.py"}
    assert out[4] == {"role": "tool", "tool_call_id": "b", "content": "ERROR: bad arguments"}


def test_history_to_anthropic_merges_results_in_one_user_turn() -> None:
    out = messages_to_anthropic([Message(role="system", content="ignored"), *HISTORY])
    assert [m["role"] for m in out] == ["user", "assistant", "user"]
    assert out[1]["content"][1] == {
        "type": "tool_use",
        "id": "a",
        "name": "write_file",
        "input": {"name": "x.py", "content": "pass"},
    }
    results = out[2]["content"]
    assert [r["tool_use_id"] for r in results] == ["a", "b"]
    assert [r["is_error"] for r in results] == [False, True]


@pytest.mark.parametrize("model", ["openai:scripted-double", "anthropic:scripted-double"])
async def test_responses_parsed_through_the_real_sdk(model: str) -> None:
    api = ScriptedChatApi(
        [
            Reply(
                text="let me look",
                calls=[
                    Call("read_file", {"name": "SKILL.md"}),
                    Call("write_file", {"name": "a.py", "content": "x=1"}),
                ],
                tokens_in=120,
                tokens_out=30,
                cached_in=20,
            ),
            Reply(text="done", tokens_in=200, tokens_out=5),
        ]
    )
    client = scripted_client(api, model)
    first = await client.complete("SYS", [Message(role="user", content="hi")], [TOOL])
    assert first.stop == "tool_calls" and first.message.content == "let me look"
    assert [(c.name, c.arguments) for c in first.message.tool_calls] == [
        ("read_file", {"name": "SKILL.md"}),
        ("write_file", {"name": "a.py", "content": "x=1"}),
    ]
    assert (first.usage.tokens_in, first.usage.tokens_out, first.usage.cached_in) == (120, 30, 20)
    assert first.model == "scripted-double" and first.attempts == 1
    second = await client.complete(
        "SYS", [Message(role="user", content="hi"), first.message], [TOOL]
    )
    assert second.stop == "end" and not second.message.tool_calls
    sent = api.requests[0]
    assert sent.system == "SYS" and sent.tools == ["write_file"] and sent.turn == 1
    assert api.requests[1].turn == 2
    await client.aclose()


async def test_invalid_json_arguments_are_kept_not_dropped() -> None:
    api = ScriptedChatApi([Reply(calls=[Call("read_file", "{not json")])])
    client = scripted_client(api)
    got = await client.complete("", [Message(role="user", content="hi")], [TOOL])
    (call,) = got.message.tool_calls
    assert (
        call.arguments is None
        and call.raw_arguments == "{not json"
        and "invalid JSON" in (call.error or "")
    )


def _screenshot_message() -> Message:
    from cuagym.envs import encode_png

    png = encode_png(2, 1, bytes([255, 0, 0, 0, 0, 255]))
    return Message(
        role="user",
        content=[
            TextPart(text="Open the report."),
            ImagePart(png=png, width=2, height=1),
            TextPart(text="<image collapsed>"),
        ],
    )


def test_image_parts_to_openai_and_anthropic() -> None:
    message = _screenshot_message()
    image = message.images[0]
    assert message.text == "Open the report.\n<image collapsed>"
    (oa,) = messages_to_openai("", [message])
    assert oa["content"] == [
        {"type": "text", "text": "Open the report."},
        {"type": "image_url", "image_url": {"url": "data:image/png;base64," + image.base64()}},
        {"type": "text", "text": "<image collapsed>"},
    ]
    (an,) = messages_to_anthropic([message])
    assert an["content"][1] == {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": image.base64()},
    }
    assert Message.model_validate_json(message.model_dump_json()) == message


@pytest.mark.parametrize("model", ["openai:scripted-double", "anthropic:scripted-double"])
async def test_images_reach_the_server_through_the_real_sdk(model: str) -> None:
    api = ScriptedChatApi([Reply(text="Action: looking.")])
    client = scripted_client(api, model)
    reply = await client.complete("SYS", [_screenshot_message()], [])
    assert reply.message.text == "Action: looking."
    body = api.requests[0].body
    user = next(m for m in body["messages"] if m["role"] == "user")
    kinds = [part["type"] for part in user["content"]]
    assert kinds == (
        ["text", "image_url", "text"] if model.startswith("openai") else ["text", "image", "text"]
    )
    await client.aclose()

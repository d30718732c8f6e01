"""The model-output contract (DESIGN.md §6): every well-formed shape and every malformed kind."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cuagym.agent import parse_response


def block(arguments: Any, name: Any = "computer_use") -> str:
    return "<tool_call>" + json.dumps({"name": name, "arguments": arguments}) + "</tool_call>"


CLICK = {"action": "left_click", "coordinate": [640, 360]}
TYPE = {"action": "type", "text": "quarterly report\n"}
ENTER = {"action": "key", "keys": ["ctrl", "s"]}
DONE = {"action": "terminate", "status": "success"}


def test_one_call_with_a_thought() -> None:
    parsed = parse_response("Action: click the Save button.\n" + block(CLICK))
    assert parsed.ok and parsed.error is None
    assert parsed.thought == "Action: click the Save button."
    assert [c.model_dump() for c in parsed.calls] == [
        {"action": "left_click", "coordinate": (640, 360)}
    ]


def test_batched_calls_run_in_order_and_whitespace_around_json_is_allowed() -> None:
    text = (
        "Action: type the name and save.\n<tool_call>\n  "
        + json.dumps({"name": "computer_use", "arguments": TYPE})
        + "\n</tool_call>\n"
        + block(ENTER)
        + "\n\n"
        + block(DONE)
        + "\n  "
    )
    parsed = parse_response(text)
    assert parsed.ok
    assert [c.action for c in parsed.calls] == ["type", "key", "terminate"]
    assert parsed.calls[0].text == "quarterly report\n"


def test_no_thought_is_an_empty_string() -> None:
    parsed = parse_response(block(CLICK))
    assert parsed.ok and parsed.thought == ""


def test_max_calls_is_inclusive() -> None:
    ten = "".join(block(CLICK) for _ in range(10))
    assert parse_response(ten).ok
    assert len(parse_response(ten, max_calls=10).calls) == 10
    eleven = ten + block(CLICK)
    parsed = parse_response(eleven)
    assert not parsed.ok and parsed.calls == []
    assert parsed.error == "Block 11: more than 10 tool calls in one message."
    assert parse_response(block(CLICK) * 3, max_calls=2).error is not None


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("I will click the button now.", "No tool call found"),
        ("", "No tool call found"),
        ("<tool_call>" + json.dumps({"name": "computer_use", "arguments": CLICK}), "Block 1: "),
        (block(CLICK) + "<tool_call>{}", "Block 2: <tool_call> is not closed"),
        ("<tool_call>{" + block(CLICK), "Block 1: <tool_call> is not closed"),
        ("<tool_call>{'name': 'computer_use'}</tool_call>", "Block 1: the content is not valid"),
        ("<tool_call></tool_call>", "Block 1: the content is not valid JSON"),
        (
            "<tool_call>" + json.dumps({"name": "computer_use", "arguments": CLICK}) + " {}"
            "</tool_call>",
            "Block 1: the content must be one JSON object",
        ),
        ("<tool_call>[1, 2]</tool_call>", "must be a JSON object, not an array"),
        (block(CLICK, name="click"), 'Block 1: "name" must be "computer_use", got "click"'),
        (
            "<tool_call>" + json.dumps({"arguments": CLICK}) + "</tool_call>",
            '"name" must be "computer_use", got missing',
        ),
        (
            "<tool_call>"
            + json.dumps({"name": "computer_use", "arguments": CLICK, "id": 1})
            + "</tool_call>",
            "unexpected key 'id'",
        ),
        (block("left_click"), '"arguments" must be a JSON object, got a string'),
        (block({"coordinate": [1, 2]}), '"arguments" needs an "action"'),
        (block({"action": "clik"}), 'unknown action "clik"'),
        (block({"action": "left_click", "coordinate": [1]}), "coordinate must be [x, y]"),
        (block({"action": "left_click", "coordinate": [1.5, 2]}), "coordinate must be [x, y]"),
        (block({"action": "type"}), 'type: missing argument "text"'),
        (block({"action": "type", "text": "a", "speed": 2}), 'unexpected argument "speed"'),
        (block({"action": "key", "keys": ["hyper"]}), "unknown key 'hyper'"),
        (block({"action": "wait", "time": 61}), "wait: time:"),
        (block({"action": "terminate", "status": "done"}), "terminate: status:"),
        (block(DONE) + block(CLICK), "Block 2: no call may follow terminate"),
        (block(CLICK) + " and then I am done", "Text after block 1: nothing may follow"),
    ],
)
def test_malformed_messages_execute_nothing(text: str, fragment: str) -> None:
    parsed = parse_response("Action: try.\n" + text)
    assert not parsed.ok
    assert parsed.calls == []
    assert parsed.error is not None and fragment in parsed.error
    assert parsed.thought == (
        "Action: try." if "<tool_call>" in text else ("Action: try.\n" + text).strip()
    )


def test_the_first_problem_is_reported_with_its_block_index() -> None:
    text = block(CLICK) + block({"action": "nope"}) + block({"action": "type"})
    assert parse_response(text).error == (
        'Block 2: unknown action "nope"; use one of the tool\'s actions '
        "(left_click, type, key, scroll, ...)."
    )


def test_error_messages_are_short() -> None:
    cases = [block({"action": "clik"}), "nothing", block(CLICK) + " tail", block({"action": "x"})]
    for text in cases:
        error = parse_response(text).error
        assert error is not None and len(error) < 140 and "\n" not in error

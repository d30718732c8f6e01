"""Model output (DESIGN.md §6): the tool calls of one assistant message.

A call is a block ``<tool_call>{"name": "computer_use", "arguments": {...}}</tool_call>``;
several blocks in one message are several calls, executed in order (the paper's action
batching). A malformed message executes nothing: ``error`` names its first problem and the
block's 1-based index. The error text is what the model reads on its next turn, so it is one
short sentence that says what to change.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from cuagym.core._action import ACTION_NAMES, Action, parse_action

__all__ = ["CLOSE_TAG", "OPEN_TAG", "TOOL_NAME", "ParsedResponse", "parse_response"]

OPEN_TAG = "<tool_call>"
CLOSE_TAG = "</tool_call>"
TOOL_NAME = "computer_use"
_TAG = re.compile(r"</?tool_call>")
_POINTS = ("coordinate", "start_coordinate")
_SOME_ACTIONS = "left_click, type, key, scroll, ..."
_EXAMPLE = '<tool_call>{"name": "computer_use", "arguments": {"action": ...}}</tool_call>'


@dataclass(frozen=True)
class ParsedResponse:
    """``thought``: the text before the first block (stripped); ``calls``: the validated
    actions in order; ``error``: None, or the first problem (then ``calls`` is empty)."""

    thought: str
    calls: list[Action] = field(default_factory=list)
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def parse_response(text: str, max_calls: int = 10) -> ParsedResponse:
    """Parse an assistant message into its ``computer_use`` calls (DESIGN.md §6)."""
    first = text.find(OPEN_TAG)
    thought = (text if first < 0 else text[:first]).strip()

    def fail(message: str) -> ParsedResponse:
        return ParsedResponse(thought=thought, calls=[], error=message)

    if first < 0:
        return fail(f"No tool call found: end your message with {_EXAMPLE}.")
    calls: list[Action] = []
    pos, index, terminated = first, 0, False
    while True:
        start = text.find(OPEN_TAG, pos)
        if start < 0:
            break
        index += 1
        if index > max_calls:
            return fail(f"Block {index}: more than {max_calls} tool calls in one message.")
        body_start = start + len(OPEN_TAG)
        tag = _TAG.search(text, body_start)
        if tag is None or tag.group() != CLOSE_TAG:
            return fail(f"Block {index}: <tool_call> is not closed with </tool_call>.")
        if terminated:
            return fail(f"Block {index}: no call may follow terminate.")
        action, problem = _parse_block(text[body_start : tag.start()])
        if problem is not None:
            return fail(f"Block {index}: {problem}")
        calls.append(action)
        terminated = getattr(action, "action", None) == "terminate"
        pos = tag.end()
    if text[pos:].strip():
        return fail(
            f"Text after block {index}: nothing may follow the last </tool_call>; "
            "put your reasoning before the tool calls."
        )
    return ParsedResponse(thought=thought, calls=calls, error=None)


def _parse_block(body: str) -> tuple[Any, str | None]:
    """The action of one block's content, or the reason it has none."""
    stripped = body.strip()
    try:
        obj, end = json.JSONDecoder().raw_decode(stripped)
    except ValueError as exc:
        return None, f"the content is not valid JSON ({_short(exc)})."
    if stripped[end:].strip():
        return None, "the content must be one JSON object; found more after it."
    if not isinstance(obj, dict):
        return None, f"the content must be a JSON object, not {_json_type(obj)}."
    extra = sorted(set(obj) - {"name", "arguments"})
    if extra:
        return None, f'unexpected key {extra[0]!r}: a call has only "name" and "arguments".'
    name = obj.get("name")
    if name != TOOL_NAME:
        shown = json.dumps(name, ensure_ascii=False) if "name" in obj else "missing"
        return None, f'"name" must be "{TOOL_NAME}", got {shown}.'
    arguments = obj.get("arguments")
    if not isinstance(arguments, dict):
        got = "missing" if "arguments" not in obj else _json_type(arguments)
        return None, f'"arguments" must be a JSON object, got {got}.'
    action = arguments.get("action")
    if not isinstance(action, str) or action not in ACTION_NAMES:
        if "action" not in arguments:
            return None, '"arguments" needs an "action", e.g. "left_click".'
        shown = json.dumps(action, ensure_ascii=False)
        return None, f"unknown action {shown}; use one of the tool's actions ({_SOME_ACTIONS})."
    try:
        return parse_action(arguments), None
    except ValidationError as exc:
        return None, f"{action}: {_validation_message(exc)}."


def _validation_message(exc: ValidationError) -> str:
    """The first validation error as ``field: what is wrong`` (the union tag dropped)."""
    err = exc.errors(include_url=False)[0]
    loc = [str(p) for p in err["loc"][1:]]  # [0] is the discriminated union's tag
    if loc and loc[0] in _POINTS and err["type"] != "extra_forbidden":
        return f"{loc[0]} must be [x, y], two integers"
    where = ".".join(loc) or "arguments"
    if err["type"] == "extra_forbidden":
        return f'unexpected argument "{where}"'
    if err["type"] == "missing":
        return f'missing argument "{where}"'
    message = str(err["msg"])
    if message.startswith("Value error, "):
        message = message[len("Value error, ") :]
    return f"{where}: {message}"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _short(exc: ValueError) -> str:
    text = str(exc)
    return text if len(text) <= 80 else text[:77] + "..."

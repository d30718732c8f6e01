"""Structured answers from chat models: one JSON object, validated, re-asked once if malformed.

Critics, the checklist deriver and the VLM judge all answer with one JSON object that a
pydantic model validates. A malformed answer gets one more request that quotes it and names
its problems; a second malformed answer is the caller's to handle (a critic counts it as a
reject, the judge leaves the tuple undecided). Provider errors propagate as ``LlmError``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from cuagym.llm import ChatClient, Message, TokenUsage

__all__ = ["Asked", "ask_json", "extract_object", "validate_object"]

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")
_FENCE = re.compile(r"^```[A-Za-z]*\s*\n(.*?)\n?```$", re.S)
RAW_KEEP = 4000  # characters of a malformed answer kept for analysis


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def extract_object(text: str) -> tuple[dict[str, Any] | None, str]:
    """The JSON object an answer holds, or None and why not.

    A Markdown fence around it, or prose before and after a single object, is tolerated
    (transport, not content); the object itself is returned as parsed.
    """
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    try:
        data = json.loads(body, parse_constant=_no_constant)
    except ValueError:
        start, end = body.find("{"), body.rfind("}")
        if start < 0 or end <= start:
            return None, "- the answer holds no JSON object"
        try:
            data = json.loads(body[start : end + 1], parse_constant=_no_constant)
        except ValueError as exc:
            return None, f"- the answer is not valid JSON: {exc}"
    if not isinstance(data, dict):
        return None, f"- the answer must be one JSON object, not {type(data).__name__}"
    return data, ""


def validate_object(model: type[M], text: str) -> tuple[M | None, str]:
    """``text``'s JSON object validated by ``model``; problems one per line, naming fields."""
    data, problem = extract_object(text)
    if data is None:
        return None, problem
    try:
        return model.model_validate(data), ""
    except ValidationError as exc:
        lines = []
        for err in exc.errors(include_url=False):
            where = ".".join(str(p) for p in err["loc"])
            msg = err["msg"].removeprefix("Value error, ")
            lines.append(f"- {where}: {msg}" if where else f"- {msg}")
        return None, "\n".join(lines)


@dataclass
class Asked(Generic[T]):
    """What asking took: the value (None if malformed twice), the problems, the spend."""

    value: T | None
    problems: str = ""
    asked: int = 1
    malformed: list[str] = field(default_factory=list)
    usage: TokenUsage = field(default_factory=TokenUsage)
    model: str = ""
    latency_s: float = 0.0


async def ask_json(
    client: ChatClient,
    system: str,
    messages: Sequence[Message],
    parse: Callable[[str], tuple[T | None, str]],
    retry_message: Callable[[str], str],
) -> Asked[T]:
    """Ask; if ``parse`` finds the answer malformed, ask once more with ``retry_message``."""
    history = list(messages)
    result: Asked[T] = Asked(value=None)
    for attempt in (1, 2):
        result.asked = attempt
        response = await client.complete(system, history)
        result.usage = result.usage + response.usage
        result.latency_s += response.latency_s
        result.model = response.model or result.model
        text = response.message.text
        value, problems = parse(text)
        if value is not None:
            result.value, result.problems = value, ""
            return result
        result.problems = problems
        result.malformed.append(text[:RAW_KEEP])
        history += [
            Message(role="assistant", content=text or "(empty answer)"),
            Message(role="user", content=retry_message(problems)),
        ]
    return result

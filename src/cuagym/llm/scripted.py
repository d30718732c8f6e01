"""A scripted test double of the chat APIs, for offline tests and benchmarks.

:class:`ScriptedChatApi` is an ``httpx2`` transport that answers OpenAI Chat Completions and
Anthropic Messages requests with canned JSON, so the real SDK clients run their real code paths
(request building, response parsing, errors) without a network. Its replies come from a script:
a list consumed in order, or a function of the request (stateless, so concurrent conversations
each get the reply their history calls for). It is not a model: what it says is what a test
wrote, and the model name it reports is ``scripted-double`` unless a test sets another.

    api = ScriptedChatApi([Reply(calls=[Call("read_file", {"name": "SKILL.md"})]),
                           Reply(text="done")])
    client = make_client("openai:scripted-double", api_key="test", http_client=api.client())
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import httpx2

__all__ = ["Call", "Reply", "ScriptedChatApi", "ScriptedRequest"]


@dataclass(frozen=True)
class Call:
    """A tool call the double makes; ``arguments`` as a string is sent verbatim (bad JSON)."""

    name: str
    arguments: dict[str, Any] | str = field(default_factory=dict)


@dataclass(frozen=True)
class Reply:
    """One scripted answer: text and/or tool calls, or an HTTP error (``status`` != 200).

    Token counts default to an estimate (4 characters a token) of the request and the reply, so
    accounting tests see plausible, deterministic numbers.
    """

    text: str = ""
    calls: Sequence[Call] = ()
    tokens_in: int | None = None
    tokens_out: int | None = None
    cached_in: int = 0
    status: int = 200
    error: str = "scripted error"
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ScriptedRequest:
    """A request as the script sees it, provider-neutral."""

    provider: Literal["openai", "anthropic"]
    body: dict[str, Any]
    system: str
    turn: int  # 1 + the assistant turns already in the conversation
    tool_results: list[tuple[str, bool]]  # the last turn's results: (content, is_error)
    tools: list[str]


Script = Sequence[Reply] | Callable[[ScriptedRequest], Reply]


class ScriptedChatApi:
    def __init__(self, script: Script, *, model: str = "scripted-double") -> None:
        self.script = script
        self.model = model
        self.requests: list[ScriptedRequest] = []
        self._next = 0
        self._ids = itertools.count(1)

    def transport(self) -> httpx2.MockTransport:
        return httpx2.MockTransport(self._handle)

    def client(self) -> httpx2.AsyncClient:
        return httpx2.AsyncClient(transport=self.transport())

    # -- the handler --------------------------------------------------------------------------
    def _handle(self, request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        path = request.url.path
        if path.endswith("/chat/completions"):
            seen = _openai_request(body)
        elif path.endswith("/messages"):
            seen = _anthropic_request(body)
        else:
            return httpx2.Response(404, json={"error": {"message": f"no route {path}"}})
        self.requests.append(seen)
        reply = self._reply(seen)
        if reply.status != 200:
            payload = {"type": "error", "error": {"type": "scripted", "message": reply.error}}
            return httpx2.Response(reply.status, json=payload, headers=reply.headers)
        tokens_in = reply.tokens_in
        if tokens_in is None:
            tokens_in = max(1, len(request.content) // 4)
        tokens_out = reply.tokens_out
        if tokens_out is None:
            size = len(reply.text) + sum(len(json.dumps(c.arguments)) for c in reply.calls)
            tokens_out = max(1, size // 4)
        build = _openai_response if seen.provider == "openai" else _anthropic_response
        return httpx2.Response(200, json=build(self, reply, tokens_in, tokens_out))

    def _reply(self, seen: ScriptedRequest) -> Reply:
        if callable(self.script):
            return self.script(seen)
        if self._next >= len(self.script):
            return Reply(status=500, error="the script has no more replies")
        reply = self.script[self._next]
        self._next += 1
        return reply

    def call_id(self) -> str:
        return f"call_{next(self._ids)}"


def _openai_request(body: dict[str, Any]) -> ScriptedRequest:
    msgs = body.get("messages", [])
    system = "\n".join(m.get("content") or "" for m in msgs if m.get("role") == "system")
    results: list[tuple[str, bool]] = []
    for m in reversed(msgs):
        if m.get("role") != "tool":
            break
        text = m.get("content") or ""
        results.insert(0, (text, text.startswith("ERROR: ")))
    return ScriptedRequest(
        provider="openai", body=body, system=system,
        turn=1 + sum(m.get("role") == "assistant" for m in msgs), tool_results=results,
        tools=[t["function"]["name"] for t in body.get("tools", [])],
    )  # fmt: skip


def _anthropic_request(body: dict[str, Any]) -> ScriptedRequest:
    msgs = body.get("messages", [])
    results: list[tuple[str, bool]] = []
    if msgs and msgs[-1]["role"] == "user" and isinstance(msgs[-1]["content"], list):
        results = [
            (str(b.get("content", "")), bool(b.get("is_error")))
            for b in msgs[-1]["content"]
            if b.get("type") == "tool_result"
        ]
    system = body.get("system") or ""
    if isinstance(system, list):
        system = "\n".join(b.get("text", "") for b in system)
    return ScriptedRequest(
        provider="anthropic", body=body, system=system,
        turn=1 + sum(m["role"] == "assistant" for m in msgs), tool_results=results,
        tools=[t["name"] for t in body.get("tools", [])],
    )  # fmt: skip


def _openai_response(api: ScriptedChatApi, reply: Reply, t_in: int, t_out: int) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
    if reply.calls:
        message["tool_calls"] = [
            {"id": api.call_id(), "type": "function", "function": {
                "name": c.name,
                "arguments": c.arguments if isinstance(c.arguments, str)
                else json.dumps(c.arguments),
            }}
            for c in reply.calls
        ]  # fmt: skip
    usage: dict[str, Any] = {"prompt_tokens": t_in, "completion_tokens": t_out,
                             "total_tokens": t_in + t_out}  # fmt: skip
    if reply.cached_in:
        usage["prompt_tokens_details"] = {"cached_tokens": reply.cached_in}
    return {
        "id": f"chatcmpl-{api.call_id()}", "object": "chat.completion", "created": 0,
        "model": api.model, "usage": usage,
        "choices": [{"index": 0, "message": message,
                     "finish_reason": "tool_calls" if reply.calls else "stop"}],
    }  # fmt: skip


def _anthropic_response(
    api: ScriptedChatApi, reply: Reply, t_in: int, t_out: int
) -> dict[str, Any]:
    content: list[dict[str, Any]] = [{"type": "text", "text": reply.text}] if reply.text else []
    for c in reply.calls:
        args = c.arguments if isinstance(c.arguments, dict) else {"_raw": c.arguments}
        content.append({"type": "tool_use", "id": api.call_id(), "name": c.name, "input": args})
    return {
        "id": f"msg_{api.call_id()}", "type": "message", "role": "assistant",
        "model": api.model, "content": content,
        "stop_reason": "tool_use" if reply.calls else "end_turn", "stop_sequence": None,
        "usage": {"input_tokens": t_in - reply.cached_in, "output_tokens": t_out,
                  "cache_read_input_tokens": reply.cached_in},
    }  # fmt: skip

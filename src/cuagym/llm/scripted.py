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

import asyncio
import contextlib
import itertools
import json
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from cuagym._extras import needs_extra

with needs_extra("llm"):  # the double is an httpx2 transport
    import httpx2

__all__ = [
    "PLANS",
    "Call",
    "Reply",
    "ScriptedChatApi",
    "ScriptedRequest",
    "demo_plan",
    "main",
    "serve_scripted",
]


@dataclass(frozen=True)
class Call:
    """A tool call the double makes; ``arguments`` as a string is sent verbatim (bad JSON).
    ``toolset``: an Anthropic toolset member's family (its ``tool_use.toolset_name``)."""

    name: str
    arguments: dict[str, Any] | str = field(default_factory=dict)
    toolset: str | None = None


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
    #: OpenAI: per-token logprobs of the reply, returned as ``choices[0].logprobs.content``
    logprobs: Sequence[float] | None = None
    #: a transport fault instead of an answer: ``reset`` (the connection drops) or ``hang``
    #: (no answer for ``hang_s`` seconds; a client's timeout should end the wait)
    fault: Literal["reset", "hang"] | None = None
    hang_s: float = 3600.0


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
        return httpx2.MockTransport(self._handle_async)

    def client(self) -> httpx2.AsyncClient:
        return httpx2.AsyncClient(transport=self.transport())

    # -- the handler --------------------------------------------------------------------------
    async def _handle_async(self, request: httpx2.Request) -> httpx2.Response:
        try:
            return self._handle(request)
        except _Hang as hang:
            await asyncio.sleep(hang.seconds)
            return httpx2.Response(504, json={"error": {"message": "the scripted hang ended"}})

    def _handle(self, request: httpx2.Request) -> httpx2.Response:
        path = request.url.path
        if request.method == "GET" and path.endswith("/models"):
            # What a real server lists (and what a command's start-up probe asks for).
            listing = [{"id": "scripted-double", "object": "model", "owned_by": "cuagym"}]
            return httpx2.Response(200, json={"object": "list", "data": listing})
        body = json.loads(request.content)
        if path.endswith("/chat/completions"):
            seen = _openai_request(body)
        elif path.endswith("/messages"):
            seen = _anthropic_request(body)
        else:
            return httpx2.Response(404, json={"error": {"message": f"no route {path}"}})
        self.requests.append(seen)
        reply = self._reply(seen)
        if reply.fault == "reset":
            raise httpx2.ConnectError("connection reset by peer (scripted)", request=request)
        if reply.fault == "hang":
            raise _Hang(reply.hang_s)
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


class _Hang(Exception):
    def __init__(self, seconds: float) -> None:
        super().__init__(f"hang {seconds} s")
        self.seconds = seconds


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
        tools=[t.get("name") or t.get("type", "") for t in body.get("tools", [])],
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
    choice: dict[str, Any] = {
        "index": 0,
        "message": message,
        "finish_reason": "tool_calls" if reply.calls else "stop",
    }
    if reply.logprobs is not None:
        choice["logprobs"] = {
            "content": [
                {"token": f"t{i}", "logprob": lp, "bytes": None, "top_logprobs": []}
                for i, lp in enumerate(reply.logprobs)
            ]
        }
    return {
        "id": f"chatcmpl-{api.call_id()}", "object": "chat.completion", "created": 0,
        "model": api.model, "usage": usage, "choices": [choice],
    }  # fmt: skip


def _anthropic_response(
    api: ScriptedChatApi, reply: Reply, t_in: int, t_out: int
) -> dict[str, Any]:
    content: list[dict[str, Any]] = [{"type": "text", "text": reply.text}] if reply.text else []
    for c in reply.calls:
        args = c.arguments if isinstance(c.arguments, dict) else {"_raw": c.arguments}
        use = {"type": "tool_use", "id": api.call_id(), "name": c.name, "input": args}
        if c.toolset:
            use["toolset_name"] = c.toolset
        content.append(use)
    return {
        "id": f"msg_{api.call_id()}", "type": "message", "role": "assistant",
        "model": api.model, "content": content,
        "stop_reason": "tool_use" if reply.calls else "end_turn", "stop_sequence": None,
        "usage": {"input_tokens": t_in - reply.cached_in, "output_tokens": t_out,
                  "cache_read_input_tokens": reply.cached_in},
    }  # fmt: skip


# -- the double behind a real HTTP port ----------------------------------------------------------
# For what cannot take an in-process transport: another process (``cuagym rollout --base-url``,
# a Ray actor) reaching the double over the network. A minimal HTTP/1.1 server (keep-alive,
# Content-Length bodies), so that a ``reset`` fault really drops the TCP connection.


async def _read_request(reader: asyncio.StreamReader) -> tuple[str, str, dict[str, str], bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, target, _version = lines[0].split(" ", 2)
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if ":" in line:
            key, value = line.split(":", 1)
            headers[key.strip().lower()] = value.strip()
    body = await reader.readexactly(int(headers.get("content-length", "0") or 0))
    return method, target, headers, body


def _connection(api: ScriptedChatApi) -> Callable[..., Any]:
    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                try:
                    method, target, headers, body = await _read_request(reader)
                except (asyncio.IncompleteReadError, ConnectionError, ValueError):
                    return
                request = httpx2.Request(
                    method, f"http://{headers.get('host', 'scripted')}{target}",
                    headers=headers, content=body,
                )  # fmt: skip
                try:
                    response = api._handle(request)
                except httpx2.ConnectError:
                    writer.transport.abort()  # the scripted reset: no answer, a dropped socket
                    return
                except _Hang as hang:
                    await asyncio.sleep(hang.seconds)
                    writer.transport.abort()
                    return
                payload = response.content
                reason = "OK" if response.status_code == 200 else "Scripted"
                head = [f"HTTP/1.1 {response.status_code} {reason}"]
                for key, value in response.headers.items():
                    if key.lower() not in ("content-length", "connection"):
                        head.append(f"{key}: {value}")
                head += [f"content-length: {len(payload)}", "connection: keep-alive", "", ""]
                writer.write("\r\n".join(head).encode("latin-1") + payload)
                await writer.drain()
        finally:
            with contextlib.suppress(Exception):
                writer.close()

    return serve


@contextlib.asynccontextmanager
async def serve_scripted(
    api: ScriptedChatApi, host: str = "127.0.0.1", port: int = 0
) -> AsyncIterator[str]:
    """Serve ``api`` over HTTP in the running event loop; yields its root URL (no ``/v1``)."""
    handle = _connection(api)
    live: set[asyncio.Task[Any]] = set()

    async def tracked(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        live.add(task)
        try:
            await handle(reader, writer)
        finally:
            live.discard(task)

    server = await asyncio.start_server(tracked, host, port)
    bound = server.sockets[0].getsockname()
    try:
        yield f"http://{bound[0]}:{bound[1]}"
    finally:
        server.close()
        for task in list(live):  # a connection still hanging on a scripted ``hang``
            task.cancel()
        await asyncio.gather(*live, return_exceptions=True)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(server.wait_closed(), 5)


def _tool_call(arguments: dict[str, Any]) -> str:
    return (
        "<tool_call>"
        + json.dumps({"name": "computer_use", "arguments": arguments})
        + ("</tool_call>")
    )


def demo_plan(request: ScriptedRequest) -> Reply:
    """The ``demo`` script: the same few turns for any task, to exercise a rollout end to end.

    Turn 1 clicks the middle of the screen; turn 2 answers without a tool call (the loop's
    parser error comes back); turn 3 scrolls and presses a key in one message (action
    batching); turn 4 terminates with ``failure``. Not a model: it never reads the screen.
    An Anthropic request gets the same turns as native computer-tool calls.
    """
    turn = request.turn
    if request.provider == "anthropic":
        if turn == 1:
            return Reply(text="Clicking the middle.", calls=[
                Call("left_click", {"coordinate": [640, 400]}, toolset="computer")])  # fmt: skip
        if turn == 2:
            return Reply(text="Scrolling.", calls=[Call("scroll", {
                "coordinate": [640, 400], "scroll_direction": "down", "scroll_amount": 2,
            }, toolset="computer")])  # fmt: skip
        return Reply(text="FAIL: the scripted double does not solve tasks.")
    if turn == 1:
        return Reply(
            text="Action: click the middle of the screen.\n"
            + _tool_call({"action": "left_click", "coordinate": [640, 400]})
        )
    if turn == 2:
        return Reply(text="Action: I forgot the tool call.")
    if turn == 3:
        return Reply(
            text="Action: scroll down, then press Escape.\n"
            + _tool_call({"action": "scroll", "coordinate": [640, 400], "pixels": -100})
            + _tool_call({"action": "key", "keys": ["esc"]})
        )
    return Reply(
        text="Action: give up.\n" + _tool_call({"action": "terminate", "status": "failure"})
    )


PLANS: dict[str, Callable[[ScriptedRequest], Reply]] = {"demo": demo_plan}


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m cuagym.llm.scripted --port 8901 [--plan demo]``: serve the scripted test
    double of an OpenAI-compatible (and Anthropic) API until interrupted."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m cuagym.llm.scripted",
        description="Serve a scripted test double of the chat APIs (not a model).",
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8901)
    parser.add_argument("--plan", choices=sorted(PLANS), default="demo")
    parser.add_argument("--model", default="scripted-double")
    args = parser.parse_args(argv)

    async def run() -> None:
        api = ScriptedChatApi(PLANS[args.plan], model=args.model)
        async with serve_scripted(api, args.host, args.port) as url:
            print(f"scripted test double ({args.plan}) on {url}/v1", flush=True)
            await asyncio.Event().wait()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run())


if __name__ == "__main__":
    main()

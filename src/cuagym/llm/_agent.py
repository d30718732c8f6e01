"""The tool-calling agent loop: ask the model, run the tools it calls, feed the results back.

Budgets: at most ``max_turns`` model calls, and a wall-clock ``time_budget_s`` that bounds model
calls (retries included: no backoff sleep may cross it) and tool runs alike. The loop ends when
the model answers without a tool call — unless ``on_idle`` has a reminder (say, an output file
still missing), which goes back to the model as a user message.

Tool calls are never dropped: invalid JSON, an unknown tool, arguments that do not fit the
schema, a tool that raises (including an environment-API denial) all come back to the model as
error results, so it can correct itself. ``hidden`` tools are dispatched but not offered: a
model that guesses another role's tool reaches the environment API, which refuses and logs the
attempt (the API, not the tool list, is the barrier).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

from cuagym.llm._client import ChatClient
from cuagym.llm._prices import PriceTable
from cuagym.llm._types import LlmError, Message, TokenUsage, ToolCall, ToolResult, ToolSpec

__all__ = ["AgentLoop", "AgentResult", "Tool", "ToolError", "check_arguments"]

ToolHandler = Callable[[dict[str, Any]], Awaitable[str]]
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
    "object": (dict,),
}


class ToolError(Exception):
    """A tool's refusal or failure, told to the model as an error result."""


@dataclass(frozen=True)
class Tool:
    spec: ToolSpec
    handler: ToolHandler


class AgentResult(BaseModel):
    """How a run of the loop ended and what it cost."""

    stop: Literal["done", "max_turns", "time_budget", "error"]
    turns: int = Field(0, description="model calls made")
    usage: TokenUsage = Field(default_factory=TokenUsage)
    cost_usd: float = 0.0
    tool_calls: int = 0
    tool_errors: int = 0
    retries: int = 0
    error: str | None = None
    model_s: float = Field(0.0, description="wall time inside model calls (retries included)")
    tool_s: float = Field(0.0, description="wall time inside tool handlers")
    tool_time_s: dict[str, float] = Field(default_factory=dict, description="per tool name")
    wall_s: float = 0.0
    transcript: str = ""


def check_arguments(schema: Mapping[str, Any], args: Mapping[str, Any]) -> str | None:
    """A light JSON-schema check (required, unknown keys, scalar types, enums) of a tool's
    top-level arguments: enough to give the model a precise error; handlers check the rest."""
    props: Mapping[str, Any] = schema.get("properties", {})
    missing = [k for k in schema.get("required", ()) if k not in args]
    if missing:
        return f"missing required argument(s): {', '.join(missing)}"
    if schema.get("additionalProperties") is False:
        extra = sorted(set(args) - set(props))
        if extra:
            return f"unknown argument(s): {', '.join(extra)} (known: {', '.join(props)})"
    for key, value in args.items():
        prop = props.get(key, {})
        want = prop.get("type")
        types = _JSON_TYPES.get(want) if isinstance(want, str) else None
        bad_bool = isinstance(value, bool) and want in ("integer", "number")
        if types is not None and (not isinstance(value, types) or bad_bool):
            return f"argument {key!r} must be of type {want}, got {type(value).__name__}"
        if "enum" in prop and value not in prop["enum"]:
            return f"argument {key!r} must be one of {prop['enum']}, got {value!r}"
    return None


def _clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n[... {len(text) - limit} more characters cut]"


@dataclass
class _Run:
    transcript: list[str] = field(default_factory=list)
    usage: TokenUsage = field(default_factory=TokenUsage)
    cost: float = 0.0
    turns: int = 0
    tool_calls: int = 0
    tool_errors: int = 0
    retries: int = 0
    model_s: float = 0.0
    tool_s: float = 0.0
    tool_time: dict[str, float] = field(default_factory=dict)

    def note(self, line: str) -> None:
        self.transcript.append(line)


class AgentLoop:
    """Runs one conversation. Holds no per-run state: one instance may serve many runs."""

    def __init__(
        self,
        client: ChatClient,
        *,
        prices: PriceTable | None = None,
        max_turns: int = 40,
        time_budget_s: float = 600.0,
        max_tool_output: int = 24_000,
        transcript_clip: int = 400,
    ) -> None:
        if max_turns < 1:
            raise ValueError("max_turns must be at least 1")
        self.client = client
        self.prices = prices or PriceTable()
        self.max_turns = max_turns
        self.time_budget_s = time_budget_s
        self.max_tool_output = max_tool_output
        self.transcript_clip = transcript_clip

    async def run(
        self,
        system: str,
        prompt: str,
        tools: Sequence[Tool],
        *,
        hidden: Sequence[Tool] = (),
        on_idle: Callable[[], Awaitable[str | None]] | None = None,
    ) -> AgentResult:
        clock = self.client.clock
        start = clock.now()
        deadline = start + self.time_budget_s
        offered = {t.spec.name: t for t in tools}
        known = {**{t.spec.name: t for t in hidden}, **offered}
        specs = [t.spec for t in tools]
        messages = [Message(role="user", content=prompt)]
        run = _Run()
        run.note(f"model {self.client.spec}; tools: {', '.join(offered)}")
        stop: Literal["done", "max_turns", "time_budget", "error"] = "max_turns"
        error: str | None = None
        while run.turns < self.max_turns:
            remaining = deadline - clock.now()
            if remaining <= 0:
                stop = "time_budget"
                break
            run.turns += 1
            t0 = time.perf_counter()
            try:
                response = await asyncio.wait_for(
                    self.client.complete(system, messages, specs, deadline=deadline), remaining
                )
            except TimeoutError:
                stop, error = "time_budget", "the time budget ran out during a model call"
                break
            except LlmError as exc:
                stop, error = "error", str(exc)
                break
            except Exception as exc:  # an SDK or server oddity: end the run, keep its usage
                stop, error = "error", self.client.scrub(f"{type(exc).__name__}: {exc}")
                break
            finally:
                run.model_s += time.perf_counter() - t0
            run.usage += response.usage
            run.cost += self.prices.cost(self.client.spec, response.usage)
            run.retries += response.attempts - 1
            reply = response.message
            messages.append(reply)
            u = response.usage
            tries = f", {response.attempts} attempts" if response.attempts > 1 else ""
            run.note(f"\n## turn {run.turns} ({u.tokens_in} in / {u.tokens_out} out{tries})")
            if reply.text:
                run.note(_clip(reply.text, self.transcript_clip * 4))
            if not reply.tool_calls:
                reminder = await on_idle() if on_idle is not None else None
                if reminder is None:
                    stop = "done"
                    break
                run.note(f"[reminder] {reminder}")
                messages.append(Message(role="user", content=reminder))
                continue
            results = []
            for call in reply.tool_calls:
                t1 = time.perf_counter()
                result = await self._dispatch(call, known, deadline - clock.now())
                spent = time.perf_counter() - t1
                run.tool_s += spent
                run.tool_time[call.name] = run.tool_time.get(call.name, 0.0) + spent
                run.tool_calls += 1
                run.tool_errors += result.is_error
                args = call.raw_arguments or json.dumps(call.arguments, ensure_ascii=False)
                run.note(f"-> {call.name}({_clip(args, self.transcript_clip)})")
                tag = "<- ERROR " if result.is_error else "<- "
                run.note(tag + _clip(result.content, self.transcript_clip))
                results.append(result)
            messages.append(Message(role="tool", tool_results=results))
        if stop == "max_turns":
            run.note(f"\n[stopped: max_turns={self.max_turns} reached]")
        elif error:
            run.note(f"\n[stopped: {stop}] {error}")
        return AgentResult(
            stop=stop, turns=run.turns, usage=run.usage, cost_usd=round(run.cost, 8),
            tool_calls=run.tool_calls, tool_errors=run.tool_errors, retries=run.retries,
            error=error, model_s=round(run.model_s, 6), tool_s=round(run.tool_s, 6),
            tool_time_s={k: round(v, 6) for k, v in run.tool_time.items()},
            wall_s=round(clock.now() - start, 6), transcript="\n".join(run.transcript),
        )  # fmt: skip

    async def _dispatch(self, call: ToolCall, known: dict[str, Tool], budget: float) -> ToolResult:
        def fail(text: str) -> ToolResult:
            return ToolResult(call_id=call.id, name=call.name, content=text, is_error=True)

        if call.error is not None or call.arguments is None:
            return fail(f"could not read the arguments of {call.name}: {call.error}; "
                        "send one JSON object that matches the tool's schema")  # fmt: skip
        tool = known.get(call.name)
        if tool is None:
            return fail(f"unknown tool {call.name!r}; available: {', '.join(known)}")
        problem = check_arguments(tool.spec.parameters, call.arguments)
        if problem is not None:
            return fail(f"{call.name}: {problem}")
        if budget <= 0:
            return fail("not run: the time budget is spent")
        try:
            text = await asyncio.wait_for(tool.handler(dict(call.arguments)), budget)
        except ToolError as exc:
            return fail(_clip(str(exc), self.max_tool_output))
        except TimeoutError:
            return fail(f"{call.name} did not finish within the role's time budget")
        except Exception as exc:  # a tool bug or a refusal: the model hears it, the run goes on
            return fail(_clip(describe_error(exc), self.max_tool_output))
        return ToolResult(
            call_id=call.id, name=call.name, content=_clip(text, self.max_tool_output)
        )


def describe_error(exc: BaseException) -> str:
    """An exception as the model should read it (environment-API refusals say so)."""
    status = getattr(exc, "status", None)
    why = getattr(exc, "why", None) or str(exc)
    if isinstance(status, int) and type(exc).__name__ == "ApiDenied":
        return f"denied by the environment API (HTTP {status}): {why}"
    return f"{type(exc).__name__}: {why}"

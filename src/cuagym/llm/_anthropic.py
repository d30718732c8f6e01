"""Anthropic Messages through the ``anthropic`` SDK.

Wire format: the system prompt is its own parameter; tools are ``{name, description,
input_schema}``; an assistant turn is a list of ``text`` and ``tool_use`` blocks (``input`` is
a JSON *object*); all results of one turn go back in a single user message of ``tool_result``
blocks with an ``is_error`` flag. ``max_tokens`` is required by the API.
"""

from __future__ import annotations

from typing import Any

import anthropic
import httpx2

from cuagym.llm._client import ChatClient
from cuagym.llm._openai import classify_status
from cuagym.llm._retry import Transient
from cuagym.llm._types import (
    ChatResponse,
    ImagePart,
    Message,
    ModelSpec,
    StopReason,
    TokenUsage,
    ToolCall,
    ToolSpec,
)

__all__ = [
    "AnthropicChatClient",
    "messages_to_anthropic",
    "response_from_anthropic",
    "tool_from_anthropic",
    "tool_to_anthropic",
]

_STOP: dict[str, StopReason] = {
    "end_turn": "end",
    "stop_sequence": "end",
    "tool_use": "tool_calls",
    "max_tokens": "max_tokens",
}


def tool_to_anthropic(tool: ToolSpec) -> dict[str, Any]:
    return {"name": tool.name, "description": tool.description, "input_schema": tool.parameters}


def tool_from_anthropic(data: dict[str, Any]) -> ToolSpec:
    return ToolSpec(
        name=data["name"],
        description=data.get("description", ""),
        parameters=data.get("input_schema") or {"type": "object", "properties": {}},
    )


def content_to_anthropic(m: Message) -> list[dict[str, Any]]:
    """A user message's blocks: text, and images as base64 PNG sources, in order."""
    if isinstance(m.content, str):
        return [{"type": "text", "text": m.content}]
    blocks: list[dict[str, Any]] = []
    for part in m.content:
        if isinstance(part, ImagePart):
            blocks.append(
                {
                    "type": "image",
                    "source": {"type": "base64", "media_type": "image/png", "data": part.base64()},
                }
            )
        else:
            blocks.append({"type": "text", "text": part.text})
    return blocks


def messages_to_anthropic(messages: list[Message]) -> list[dict[str, Any]]:
    """The conversation as Messages-API turns (system messages belong in ``system``)."""
    out: list[dict[str, Any]] = []

    def push(role: str, blocks: list[dict[str, Any]]) -> None:
        # The API wants user/assistant alternation: merge consecutive same-role turns.
        if out and out[-1]["role"] == role:
            out[-1]["content"].extend(blocks)
        else:
            out.append({"role": role, "content": blocks})

    for m in messages:
        if m.role == "system":
            continue
        if m.role == "user":
            push("user", content_to_anthropic(m))
        elif m.role == "assistant":
            blocks: list[dict[str, Any]] = []
            if m.text:
                blocks.append({"type": "text", "text": m.text})
            for c in m.tool_calls:
                # A call whose JSON was invalid is replayed with empty input; its error
                # result (below) tells the model what went wrong.
                blocks.append(
                    {"type": "tool_use", "id": c.id, "name": c.name, "input": c.arguments or {}}
                )
            push("assistant", blocks or [{"type": "text", "text": "(no content)"}])
        else:
            push(
                "user",
                [
                    {
                        "type": "tool_result",
                        "tool_use_id": r.call_id,
                        "content": r.content,
                        "is_error": r.is_error,
                    }
                    for r in m.tool_results
                ],
            )
    return out


def response_from_anthropic(message: Any) -> ChatResponse:
    """A Messages-API ``Message`` (SDK object) as a provider-neutral response."""
    texts: list[str] = []
    calls: list[ToolCall] = []
    for block in message.content:
        if block.type == "text":
            texts.append(block.text)
        elif block.type == "tool_use":
            if isinstance(block.input, dict):
                calls.append(ToolCall(id=block.id, name=block.name, arguments=block.input))
            else:
                calls.append(
                    ToolCall(id=block.id, name=block.name, error="input must be a JSON object")
                )
    u = message.usage
    cache_read = u.cache_read_input_tokens or 0
    # input_tokens excludes cache reads and writes; ours counts every prompt token.
    tokens_in = u.input_tokens + (u.cache_creation_input_tokens or 0) + cache_read
    return ChatResponse(
        message=Message(role="assistant", content="\n".join(texts), tool_calls=calls),
        stop=_STOP.get(message.stop_reason or "", "other"),
        usage=TokenUsage(tokens_in=tokens_in, tokens_out=u.output_tokens, cached_in=cache_read),
        model=message.model or "",
    )


class AnthropicChatClient(ChatClient):
    def __init__(
        self,
        spec: ModelSpec,
        *,
        api_key: str,
        base_url: str | None = None,
        http_client: httpx2.AsyncClient | None = None,
        **options: Any,
    ) -> None:
        super().__init__(spec, api_key=api_key, **options)
        self.sdk = anthropic.AsyncAnthropic(
            api_key=api_key,
            base_url=base_url,
            http_client=http_client,
            max_retries=0,  # our policy is the only one (backoff, jitter, deadline)
            timeout=self.request_timeout_s,
        )

    async def _call(
        self, system: str, messages: list[Message], tools: list[ToolSpec]
    ) -> ChatResponse:
        kwargs: dict[str, Any] = {
            "model": self.spec.name,
            "messages": messages_to_anthropic(messages),
            "max_tokens": self.max_tokens,
        }
        if system:
            kwargs["system"] = system
        if tools:
            kwargs["tools"] = [tool_to_anthropic(t) for t in tools]
        if self.temperature is not None:
            kwargs["temperature"] = self.temperature
        try:
            message = await self.sdk.messages.create(**kwargs)
        except anthropic.APIStatusError as exc:
            raise classify_status(
                exc.status_code, self.scrub(exc.message), exc.response.headers
            ) from None
        except anthropic.APIConnectionError as exc:  # timeouts are a subclass
            raise Transient(self.scrub(f"{type(exc).__name__}: {exc}")) from None
        return response_from_anthropic(message)

    async def aclose(self) -> None:
        await self.sdk.close()

"""OpenAI Chat Completions through the ``openai`` SDK: hosted OpenAI and every compatible
server (vLLM, SGLang, Ollama, LiteLLM...) via ``base_url``.

Wire format: tools are ``{"type": "function", "function": {name, description, parameters}}``;
an assistant turn carries ``tool_calls`` whose ``arguments`` is a JSON *string*; each result
goes back as its own ``{"role": "tool", "tool_call_id", "content"}`` message (the API has no
error flag, so an error result is prefixed ``ERROR:``).
"""

from __future__ import annotations

import json
from typing import Any

import httpx2
import openai

from cuagym.llm._client import ChatClient
from cuagym.llm._retry import Transient
from cuagym.llm._types import (
    ChatResponse,
    ImagePart,
    LlmRequestError,
    Message,
    ModelSpec,
    StopReason,
    TokenUsage,
    ToolCall,
    ToolSpec,
)

__all__ = [
    "OpenAIChatClient",
    "messages_to_openai",
    "response_from_openai",
    "tool_from_openai",
    "tool_to_openai",
]

ERROR_PREFIX = "ERROR: "
_STOP: dict[str, StopReason] = {"stop": "end", "tool_calls": "tool_calls", "length": "max_tokens"}


def tool_to_openai(tool: ToolSpec) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": tool.name,
            "description": tool.description,
            "parameters": tool.parameters,
        },
    }


def tool_from_openai(data: dict[str, Any]) -> ToolSpec:
    fn = data["function"]
    return ToolSpec(
        name=fn["name"],
        description=fn.get("description", ""),
        parameters=fn.get("parameters") or {"type": "object", "properties": {}},
    )


def _arguments_text(call: ToolCall) -> str:
    # Send back exactly what the model wrote, even if it was not valid JSON.
    if call.raw_arguments:
        return call.raw_arguments
    return json.dumps(call.arguments or {}, ensure_ascii=False)


def messages_to_openai(system: str, messages: list[Message]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
    for m in messages:
        if m.role in ("system", "user"):
            out.append({"role": m.role, "content": _content_to_openai(m)})
        elif m.role == "assistant":
            entry: dict[str, Any] = {"role": "assistant", "content": m.text or None}
            if m.tool_calls:
                entry["tool_calls"] = [
                    {
                        "id": c.id,
                        "type": "function",
                        "function": {"name": c.name, "arguments": _arguments_text(c)},
                    }
                    for c in m.tool_calls
                ]
            out.append(entry)
        else:
            for r in m.tool_results:
                text = ERROR_PREFIX + r.content if r.is_error else r.content
                out.append({"role": "tool", "tool_call_id": r.call_id, "content": text})
    return out


def _content_to_openai(m: Message) -> str | list[dict[str, Any]]:
    """A plain string, or content parts with images as base64 data URLs (vLLM and SGLang
    accept the same form)."""
    if isinstance(m.content, str):
        return m.content
    parts: list[dict[str, Any]] = []
    for part in m.content:
        if isinstance(part, ImagePart):
            parts.append({"type": "image_url", "image_url": {"url": part.data_url()}})
        else:
            parts.append({"type": "text", "text": part.text})
    return parts


def parse_arguments(call_id: str, name: str, raw: str) -> ToolCall:
    try:
        args = json.loads(raw) if raw.strip() else {}
    except ValueError as exc:
        return ToolCall(id=call_id, name=name, raw_arguments=raw, error=f"invalid JSON: {exc}")
    if not isinstance(args, dict):
        return ToolCall(
            id=call_id, name=name, raw_arguments=raw, error="arguments must be a JSON object"
        )
    return ToolCall(id=call_id, name=name, arguments=args, raw_arguments=raw)


def response_from_openai(completion: Any) -> ChatResponse:
    """A ``ChatCompletion`` (SDK object) as a provider-neutral response."""
    if not completion.choices:
        raise Transient("the server answered with no choices")
    choice = completion.choices[0]
    msg = choice.message
    calls = [
        parse_arguments(tc.id, tc.function.name, tc.function.arguments or "")
        for tc in (msg.tool_calls or [])
        if getattr(tc, "type", "function") == "function"
    ]
    usage = TokenUsage()
    if completion.usage is not None:
        details = getattr(completion.usage, "prompt_tokens_details", None)
        usage = TokenUsage(
            tokens_in=completion.usage.prompt_tokens or 0,
            tokens_out=completion.usage.completion_tokens or 0,
            cached_in=(getattr(details, "cached_tokens", None) or 0) if details else 0,
        )
    stop = _STOP.get(choice.finish_reason or "", "other")
    if calls and stop == "other":
        stop = "tool_calls"  # some compatible servers report "stop" or nothing with tool calls
    return ChatResponse(
        message=Message(role="assistant", content=msg.content or "", tool_calls=calls),
        stop=stop,
        usage=usage,
        model=completion.model or "",
    )


class OpenAIChatClient(ChatClient):
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
        self.sdk = openai.AsyncOpenAI(
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
            "messages": messages_to_openai(system, messages),
            "max_completion_tokens": self.max_tokens,
        }
        if tools:
            kwargs["tools"] = [tool_to_openai(t) for t in tools]
        if self.temperature is not None:
            kwargs["temperature"] = self.temperature
        try:
            completion = await self.sdk.chat.completions.create(**kwargs)
        except openai.APIStatusError as exc:
            raise self._classify(exc.status_code, exc.message, exc.response.headers) from None
        except openai.APIConnectionError as exc:  # timeouts are a subclass
            raise Transient(self.scrub(f"{type(exc).__name__}: {exc}")) from None
        return response_from_openai(completion)

    def _classify(self, status: int, message: str, headers: Any) -> Exception:
        return classify_status(status, self.scrub(message), headers)

    async def aclose(self) -> None:
        await self.sdk.close()


def classify_status(status: int, message: str, headers: Any) -> Exception:
    """An HTTP error as Transient (408, 429, 5xx, Anthropic's 529) or LlmRequestError."""
    why = f"HTTP {status}: {message}"
    if status in (408, 409, 429) or status >= 500:
        return Transient(why, retry_after=_retry_after(headers))
    return LlmRequestError(why, status)


def _retry_after(headers: Any) -> float | None:
    try:
        if headers.get("retry-after-ms"):
            return float(headers["retry-after-ms"]) / 1000
        if headers.get("retry-after"):
            return float(headers["retry-after"])
    except (TypeError, ValueError):  # an HTTP date: fall back to our own backoff
        return None
    return None

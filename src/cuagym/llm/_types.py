"""The provider-neutral vocabulary of a chat: model specs, messages, tools, usage, errors.

Each client maps these to and from its SDK's wire format, so the agent loop, the accounting
and the tests never depend on which provider answered.
"""

from __future__ import annotations

import base64
import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "PROVIDERS",
    "ChatResponse",
    "ContentPart",
    "ImagePart",
    "LlmError",
    "LlmRequestError",
    "LlmRetriesExhausted",
    "Message",
    "ModelSpec",
    "Provider",
    "StopReason",
    "TextPart",
    "TokenUsage",
    "ToolCall",
    "ToolResult",
    "ToolSpec",
]

Provider = Literal["openai", "anthropic"]
PROVIDERS: tuple[Provider, ...] = ("openai", "anthropic")
StopReason = Literal["end", "tool_calls", "max_tokens", "other"]
# Function names both SDKs accept (Anthropic's rule is the narrower one).
_TOOL_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class LlmError(RuntimeError):
    """A chat call that failed for good; the message never contains an API key."""


class LlmRequestError(LlmError):
    """The provider refused the request (4xx other than 408/429): retrying cannot help."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class LlmRetriesExhausted(LlmError):
    """Every attempt failed with a transient error (rate limit, 5xx, timeout, connection)."""

    def __init__(self, message: str, attempts: int) -> None:
        super().__init__(message)
        self.attempts = attempts


class ModelSpec(BaseModel):
    """``provider:name``, e.g. ``openai:gpt-4.1`` or ``anthropic:claude-sonnet-4``.

    The name may itself contain ``:`` or ``/`` (``openai:Qwen/Qwen3-32B`` on a vLLM server,
    ``openai:llama3:70b`` on Ollama): only the first ``:`` separates the provider.
    """

    model_config = ConfigDict(frozen=True)

    provider: Provider
    name: str = Field(min_length=1)

    @classmethod
    def parse(cls, text: str) -> ModelSpec:
        raw = text.strip()
        provider, sep, name = raw.partition(":")
        if not sep or not name.strip():
            raise ValueError(
                f"model {text!r} must be PROVIDER:NAME with PROVIDER one of "
                f"{', '.join(PROVIDERS)} (e.g. openai:gpt-4.1, anthropic:claude-sonnet-4)"
            )
        provider = provider.strip().lower()
        if provider not in PROVIDERS:
            raise ValueError(
                f"model {text!r}: unknown provider {provider!r} (known: {', '.join(PROVIDERS)}); "
                "OpenAI-compatible servers (vLLM, SGLang, Ollama) use openai:NAME --base-url URL"
            )
        return cls.model_validate({"provider": provider, "name": name.strip()})

    def __str__(self) -> str:
        return f"{self.provider}:{self.name}"


class ToolSpec(BaseModel):
    """A function tool: its name, what it does, and a JSON schema of its arguments."""

    model_config = ConfigDict(frozen=True)

    name: str
    description: str
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})

    def model_post_init(self, _context: Any) -> None:
        if not _TOOL_NAME.match(self.name):
            raise ValueError(f"tool name {self.name!r} must match {_TOOL_NAME.pattern}")
        if self.parameters.get("type") != "object":
            raise ValueError(f"tool {self.name}: parameters must be a JSON schema of an object")


class ToolCall(BaseModel):
    """One call the model asked for. ``arguments`` is None when the model's JSON was invalid
    (``error`` says why); the loop answers such a call with a tool error, never drops it."""

    id: str
    name: str
    arguments: dict[str, Any] | None = None
    raw_arguments: str = ""
    error: str | None = None


class ToolResult(BaseModel):
    """The answer to one tool call, sent back to the model."""

    call_id: str
    name: str
    content: str
    is_error: bool = False


class TextPart(BaseModel):
    """A run of text inside a multi-part message."""

    model_config = ConfigDict(frozen=True)

    type: Literal["text"] = "text"
    text: str


class ImagePart(BaseModel):
    """A PNG image inside a multi-part message, at the size it is sent to the model."""

    # JSON carries the bytes as base64 (a message round-trips through model_dump_json).
    model_config = ConfigDict(frozen=True, ser_json_bytes="base64", val_json_bytes="base64")

    type: Literal["image"] = "image"
    png: bytes = Field(repr=False)
    width: int = Field(gt=0)
    height: int = Field(gt=0)

    def data_url(self) -> str:
        return "data:image/png;base64," + self.base64()

    def base64(self) -> str:
        return base64.b64encode(self.png).decode("ascii")


ContentPart = Annotated[TextPart | ImagePart, Field(discriminator="type")]


class Message(BaseModel):
    """One entry of the conversation, provider-neutral.

    ``system`` and ``user`` carry text, and a ``user`` message may instead carry a list of
    text and image parts in order (a screenshot after the feedback it follows); ``assistant``
    carries text and/or tool calls; ``tool`` carries the results of the previous assistant
    message's calls (one message, all results: Anthropic needs them in a single user turn,
    OpenAI gets one ``tool`` message each).
    """

    role: Literal["system", "user", "assistant", "tool"]
    content: str | list[ContentPart] = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    tool_results: list[ToolResult] = Field(default_factory=list)

    @property
    def text(self) -> str:
        """The message's text: its string content, or its text parts joined by newlines."""
        if isinstance(self.content, str):
            return self.content
        return "\n".join(p.text for p in self.content if isinstance(p, TextPart))

    @property
    def images(self) -> list[ImagePart]:
        if isinstance(self.content, str):
            return []
        return [p for p in self.content if isinstance(p, ImagePart)]


class TokenUsage(BaseModel):
    """Tokens of one or more calls. ``cached_in`` is the part of ``tokens_in`` served from
    the provider's prompt cache (priced separately when the price table says so)."""

    model_config = ConfigDict(frozen=True)

    tokens_in: int = Field(0, ge=0)
    tokens_out: int = Field(0, ge=0)
    cached_in: int = Field(0, ge=0)

    def __add__(self, other: TokenUsage) -> TokenUsage:
        return TokenUsage(
            tokens_in=self.tokens_in + other.tokens_in,
            tokens_out=self.tokens_out + other.tokens_out,
            cached_in=self.cached_in + other.cached_in,
        )


class ChatResponse(BaseModel):
    """What one chat call returned, plus what it cost to get it."""

    message: Message
    stop: StopReason
    usage: TokenUsage = Field(default_factory=TokenUsage)
    model: str = Field("", description="the model name the provider reported")
    attempts: int = Field(1, ge=1, description="tries it took (retries + 1)")
    latency_s: float = Field(0.0, ge=0.0, description="wall time including retries")

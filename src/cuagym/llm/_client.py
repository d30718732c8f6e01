"""The one interface every chat model is used through, and the factory that picks a client.

A :class:`ChatClient` turns (system prompt, messages, tools) into a :class:`ChatResponse`. The
base class owns what is common: the retry policy, the time deadline, the redaction of the API
key from any error text, and latency/attempt bookkeeping. A subclass only maps to and from its
SDK (``_call``) and classifies its SDK's exceptions (raising :class:`Transient` or
:class:`LlmRequestError`).
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cuagym._extras import needs_extra
from cuagym.llm._retry import Clock, RetryPolicy, with_retries
from cuagym.llm._types import ChatResponse, Message, ModelSpec, ToolSpec

if TYPE_CHECKING:  # the llm extra's SDKs; imported where a client is made
    import httpx2

    from cuagym.llm._anthropic import AnthropicChatClient
    from cuagym.llm._openai import OpenAIChatClient

__all__ = ["DEFAULT_KEY_ENV", "ChatClient", "make_client", "resolve_api_key"]

DEFAULT_KEY_ENV = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}
# What OpenAI-compatible servers that check no key (vLLM, SGLang, Ollama) conventionally get.
_NO_KEY = "EMPTY"


class ChatClient(ABC):
    """A chat model with function tools. Safe to share between concurrent tasks."""

    def __init__(
        self,
        spec: ModelSpec,
        *,
        api_key: str,
        max_tokens: int = 8192,
        temperature: float | None = None,
        retry: RetryPolicy | None = None,
        clock: Clock | None = None,
        request_timeout_s: float = 300.0,
    ) -> None:
        self.spec = spec
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.retry = retry or RetryPolicy()
        self.clock = clock or Clock()
        self.request_timeout_s = request_timeout_s
        # Kept only to scrub it from error texts; never logged, never in a repr.
        self._secret = api_key if api_key not in ("", _NO_KEY) else None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.spec})"

    async def complete(
        self,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec] = (),
        *,
        deadline: float | None = None,
    ) -> ChatResponse:
        """One model turn, retried on transient failures until ``deadline`` (clock time)."""
        start = self.clock.now()
        response, attempts = await with_retries(
            lambda: self._call(system, list(messages), list(tools)),
            self.retry,
            self.clock,
            what=str(self.spec),
            deadline=deadline,
        )
        return response.model_copy(
            update={"attempts": attempts, "latency_s": round(self.clock.now() - start, 6)}
        )

    def scrub(self, text: str) -> str:
        """``text`` without the API key (subclasses pass every SDK error text through it)."""
        return text.replace(self._secret, "***") if self._secret else text

    @abstractmethod
    async def _call(
        self, system: str, messages: list[Message], tools: list[ToolSpec]
    ) -> ChatResponse:
        """One attempt; raise Transient (retry) or LlmRequestError (give up)."""

    async def aclose(self) -> None:
        """Release the HTTP connections."""


def resolve_api_key(
    spec: ModelSpec,
    *,
    api_key_env: str | None = None,
    base_url: str | None = None,
    environ: dict[str, str] | None = None,
) -> str:
    """The key from the environment variable ``api_key_env`` (default: the provider's own).

    A custom ``base_url`` of an OpenAI-compatible server may need no key; it then gets the
    placeholder those servers expect. A hosted endpoint without a key is an error that names
    the variable (and never shows any value).
    """
    env = os.environ if environ is None else environ
    name = api_key_env or DEFAULT_KEY_ENV[spec.provider]
    key = env.get(name, "").strip()
    if key:
        return key
    if api_key_env is None and base_url and spec.provider == "openai":
        return _NO_KEY
    raise ValueError(
        f"model {spec}: no API key — set the environment variable {name}"
        + ("" if api_key_env else " (or name another one with api_key_env)")
    )


def make_client(
    model: str | ModelSpec,
    *,
    base_url: str | None = None,
    api_key_env: str | None = None,
    api_key: str | None = None,
    http_client: httpx2.AsyncClient | None = None,
    **options: Any,
) -> ChatClient:
    """A client for ``model`` (``openai:NAME`` or ``anthropic:NAME``).

    ``http_client`` replaces the SDK's transport (tests pass one whose transport answers from a
    script); ``options`` go to :class:`ChatClient` (max_tokens, temperature, retry, clock,
    request_timeout_s).
    """
    spec = ModelSpec.parse(model) if isinstance(model, str) else model
    # The SDK first: a machine without the llm extra hears that before anything about keys.
    client_class: type[OpenAIChatClient] | type[AnthropicChatClient]
    with needs_extra("llm"):
        if spec.provider == "openai":
            from cuagym.llm._openai import OpenAIChatClient as client_class
        else:
            from cuagym.llm._anthropic import AnthropicChatClient as client_class
    key = api_key or resolve_api_key(spec, api_key_env=api_key_env, base_url=base_url)
    return client_class(spec, api_key=key, base_url=base_url, http_client=http_client, **options)

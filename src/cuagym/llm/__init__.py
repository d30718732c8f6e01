"""Chat-model clients, the tool-calling agent loop, and token/cost accounting.

* :func:`make_client` — ``openai:NAME`` (OpenAI and every compatible server: vLLM, SGLang,
  Ollama... through ``base_url``) or ``anthropic:NAME``, behind one :class:`ChatClient`
  interface, with retries (exponential backoff + jitter, bounded, deadline-aware);
* :class:`AgentLoop` — tool calling with a turn budget and a time budget; tool errors and
  refusals go back to the model;
* :class:`PriceTable` — USD per million tokens, defaults for a few hosted models, loadable from
  TOML/JSON; unknown models cost 0 and are reported as unknown;
* :mod:`cuagym.llm.scripted` — a scripted test double of the chat APIs (offline tests).

Needs the ``llm`` extra (``openai``, ``anthropic``).
"""

from cuagym.llm._agent import AgentLoop, AgentResult, Tool, ToolError, check_arguments
from cuagym.llm._client import DEFAULT_KEY_ENV, ChatClient, make_client, resolve_api_key
from cuagym.llm._prices import DEFAULT_PRICES, ModelPrice, PriceTable
from cuagym.llm._retry import Clock, RetryPolicy, Transient, with_retries
from cuagym.llm._types import (
    PROVIDERS,
    ChatResponse,
    ContentPart,
    ImagePart,
    LlmError,
    LlmRequestError,
    LlmRetriesExhausted,
    Message,
    ModelSpec,
    TextPart,
    TokenUsage,
    ToolCall,
    ToolResult,
    ToolSpec,
)

__all__ = [
    "DEFAULT_KEY_ENV",
    "DEFAULT_PRICES",
    "PROVIDERS",
    "AgentLoop",
    "AgentResult",
    "ChatClient",
    "ChatResponse",
    "Clock",
    "ContentPart",
    "ImagePart",
    "LlmError",
    "LlmRequestError",
    "LlmRetriesExhausted",
    "Message",
    "ModelPrice",
    "ModelSpec",
    "PriceTable",
    "RetryPolicy",
    "TextPart",
    "TokenUsage",
    "Tool",
    "ToolCall",
    "ToolError",
    "ToolResult",
    "ToolSpec",
    "Transient",
    "check_arguments",
    "make_client",
    "resolve_api_key",
    "with_retries",
]

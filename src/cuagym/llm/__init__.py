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

from cuagym.llm._agent import AgentLoop, AgentResult, Tool, ToolError
from cuagym.llm._client import ChatClient, make_client
from cuagym.llm._prices import PriceTable
from cuagym.llm._retry import RetryPolicy
from cuagym.llm._types import (
    ImagePart,
    LlmError,
    Message,
    ModelSpec,
    TextPart,
    TokenUsage,
    ToolSpec,
)

__all__ = [
    "AgentLoop",
    "AgentResult",
    "ChatClient",
    "ImagePart",
    "LlmError",
    "Message",
    "ModelSpec",
    "PriceTable",
    "RetryPolicy",
    "TextPart",
    "TokenUsage",
    "Tool",
    "ToolError",
    "ToolSpec",
    "make_client",
]

"""``openai:MODEL``: a chat model behind any OpenAI-compatible server, in the text protocol.

vLLM, SGLang, Ollama, LiteLLM or OpenAI itself: the context is the one of DESIGN.md §6
(:func:`build_messages`: the fixed system prompt, the instruction, screenshots as base64
``image_url`` parts, old ones collapsed), sent through the ``openai`` SDK's Chat Completions;
the answer's text is parsed by the loop. No ``tools`` parameter is sent: the tool lives in the
system prompt and the model writes ``<tool_call>`` blocks, as Qwen-VL models are trained to.

One request per step, no SDK retries: a transient failure raises :class:`SamplerError` and the
loop retries with its own backoff (and counts it in episode.json). Token logprobs are requested
(``logprobs=True``) and kept when the server returns them; the RL slices need them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cuagym.agent._context import DEFAULT_INTERVAL, build_messages
from cuagym.agent._images import ImageCache
from cuagym.agent._prompt import system_prompt
from cuagym.core import Environment, ImageSpec, Observation, PolicyReply, TaskConfig
from cuagym.core.policy import CoordinateSpace, PolicyError, SamplerError

if TYPE_CHECKING:
    import httpx2

__all__ = ["OpenAIPolicy", "OpenAISampler"]


class OpenAISampler:
    """The SDK client shared by the episodes of one rollout batch (safe to share)."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str = "EMPTY",
        http_client: httpx2.AsyncClient | None = None,
        temperature: float | None = None,
        top_p: float | None = None,
        max_tokens: int = 2048,
        logprobs: bool = True,
        request_timeout_s: float = 300.0,
    ) -> None:
        import openai

        self.model = model
        self.temperature, self.top_p, self.max_tokens = temperature, top_p, max_tokens
        self.logprobs = logprobs
        self.sdk = openai.AsyncOpenAI(
            api_key=api_key,
            base_url=base_url,
            http_client=http_client,
            max_retries=0,  # the loop's backoff is the only retry policy (DESIGN.md §6)
            timeout=request_timeout_s,
        )
        self._secret = api_key if api_key not in ("", "EMPTY") else None

    def _scrub(self, text: str) -> str:
        return text.replace(self._secret, "***") if self._secret else text

    async def complete(self, messages: list[dict[str, Any]]) -> PolicyReply:
        import openai

        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "max_tokens": self.max_tokens,
        }
        if self.temperature is not None:
            kwargs["temperature"] = self.temperature
        if self.top_p is not None:
            kwargs["top_p"] = self.top_p
        if self.logprobs:
            kwargs["logprobs"] = True
        try:
            completion = await self.sdk.chat.completions.create(**kwargs)
        except openai.APIStatusError as exc:
            why = self._scrub(f"HTTP {exc.status_code}: {exc.message}")
            if exc.status_code in (408, 409, 429) or exc.status_code >= 500:
                raise SamplerError(why) from None
            raise PolicyError(why) from None
        except openai.APIConnectionError as exc:  # timeouts are a subclass
            raise SamplerError(self._scrub(f"{type(exc).__name__}: {exc}")) from None
        if not completion.choices:
            raise SamplerError("the server answered with no choices")
        choice = completion.choices[0]
        text = choice.message.content or ""
        logprobs: list[float] | None = None
        content = getattr(choice.logprobs, "content", None) if choice.logprobs else None
        if content:
            logprobs = [float(tok.logprob) for tok in content]
        usage = completion.usage
        return PolicyReply(
            text=text,
            logprobs=logprobs,
            model=completion.model or None,
            tokens_in=(usage.prompt_tokens or 0) if usage else 0,
            tokens_out=(usage.completion_tokens or 0) if usage else 0,
        )

    async def aclose(self) -> None:
        await self.sdk.close()


class OpenAIPolicy:
    """One episode of ``openai:MODEL``: rebuilds the context each turn from the turns so far."""

    def __init__(
        self,
        sampler: OpenAISampler,
        *,
        image: ImageSpec | None = None,
        coordinate_space: CoordinateSpace = "pixels",
        interval: int = DEFAULT_INTERVAL,
    ) -> None:
        self.sampler = sampler
        self._image = image if image is not None else ImageSpec()
        self._space: CoordinateSpace = coordinate_space
        self.interval = interval
        self._system = system_prompt(coordinate_space)
        self._cache = ImageCache()
        self._instruction = ""

    @property
    def name(self) -> str:
        return f"openai:{self.sampler.model}"

    @property
    def coordinate_space(self) -> CoordinateSpace:
        return self._space

    @property
    def image(self) -> ImageSpec | None:
        return self._image

    async def begin(self, task: TaskConfig, env: Environment) -> None:
        self._instruction = task.instruction
        self._cache = ImageCache()

    async def step(self, observation: Observation) -> PolicyReply:
        from cuagym.llm._openai import messages_to_openai

        obs: Observation = observation
        messages = build_messages(
            obs.instruction,
            obs.turns,
            interval=self.interval,
            spec=self._image,
            system=self._system,
            cache=self._cache,
        )
        # The system prompt is the first message already: no separate system argument.
        return await self.sampler.complete(messages_to_openai("", messages))

    async def end(self) -> None:
        self._cache = ImageCache()

"""``anthropic:MODEL``: Claude with Anthropic's native computer-use tool (the paper's teacher).

The request declares the tool the installed SDK knows (``tool_version``):
``computer_toolset_20260801`` (the toolset of the Messages API: one member per action, default)
or ``computer_20251124`` (the single ``computer`` tool of the beta API, which declares the
display's size). Either way the screenshots are sent at the size the policy declares (its
:class:`ImageSpec`; native for a 1280x800 display, which fits the model's image limits), and
the model's coordinates are pixels of that image — the loop converts them to the screen.

Each answer's tool calls are translated into ``computer_use`` primitives
(:mod:`._computer_tool`) and written as the text protocol's ``<tool_call>`` blocks after the
model's own text, so the episode records, and the loop parses, executes and counts, exactly
what every other policy produces. The results come back the next turn as ``tool_result``
blocks (an error result for a failed or refused call, the new screenshot on the last one).
An answer without a tool call ends the episode: ``terminate`` with ``failure`` if it starts with
``FAIL`` (the system prompt asks for that), else ``success``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from cuagym.agent._computer_tool import translate
from cuagym.agent._context import COLLAPSED, DEFAULT_INTERVAL, collapse_boundary
from cuagym.agent._images import ImageCache, prepare_image
from cuagym.agent._parse import CLOSE_TAG, OPEN_TAG, TOOL_NAME
from cuagym.core import Environment, ImageSpec, Observation, PolicyReply, TaskConfig
from cuagym.core.policy import CoordinateSpace, PolicyError, SamplerError

if TYPE_CHECKING:
    import httpx2

__all__ = ["ANTHROPIC_SYSTEM", "TOOL_VERSIONS", "AnthropicPolicy", "AnthropicSampler"]

ToolVersion = Literal["computer_toolset_20260801", "computer_20251124"]
TOOL_VERSIONS: tuple[ToolVersion, ...] = ("computer_toolset_20260801", "computer_20251124")
_BETA = {"computer_20251124": "computer-use-2025-11-24"}
# Members without a faithful primitive are not offered (a call to one is still answered).
_OFF = {"zoom": {"enabled": False}, "cursor_position": {"enabled": False}}

ANTHROPIC_SYSTEM = (
    "You operate a Linux desktop through the computer tool to complete the user's task. "
    "Each action's result comes back with a new screenshot. Work step by step, check the "
    "screen after each action, and save files where the task says. Several windows may be "
    "open, one over the other; input goes to the one on top, and alt+Tab brings the next one "
    "to the top. When the task is complete, "
    "answer without a tool call and start that answer with DONE; if it cannot be completed, "
    "start it with FAIL and say why."
)


class AnthropicSampler:
    """The SDK client shared by the episodes of one rollout batch."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str = "",
        http_client: httpx2.AsyncClient | None = None,
        temperature: float | None = None,
        top_p: float | None = None,
        max_tokens: int = 2048,
        tool_version: ToolVersion = "computer_toolset_20260801",
        request_timeout_s: float = 300.0,
    ) -> None:
        import anthropic

        if tool_version not in TOOL_VERSIONS:
            raise ValueError(f"unknown computer tool {tool_version!r} (known: {TOOL_VERSIONS})")
        self.model = model
        self.temperature, self.top_p, self.max_tokens = temperature, top_p, max_tokens
        self.tool_version: ToolVersion = tool_version
        self.sdk = anthropic.AsyncAnthropic(
            api_key=api_key,
            base_url=base_url,
            http_client=http_client,
            max_retries=0,  # the loop's backoff is the only retry policy (DESIGN.md §6)
            timeout=request_timeout_s,
        )
        self._secret = api_key or None

    def tools(self, display: tuple[int, int]) -> list[dict[str, Any]]:
        if self.tool_version == "computer_toolset_20260801":
            return [{"type": self.tool_version, "configs": _OFF}]
        width, height = display
        return [
            {
                "type": self.tool_version,
                "name": "computer",
                "display_width_px": width,
                "display_height_px": height,
            }
        ]

    async def create(self, messages: list[dict[str, Any]], display: tuple[int, int]) -> Any:
        import anthropic

        kwargs: dict[str, Any] = {
            "model": self.model,
            "system": ANTHROPIC_SYSTEM,
            "messages": messages,
            "max_tokens": self.max_tokens,
            "tools": self.tools(display),
        }
        if self.temperature is not None:
            kwargs["temperature"] = self.temperature
        if self.top_p is not None:
            kwargs["top_p"] = self.top_p
        try:
            if self.tool_version in _BETA:
                return await self.sdk.beta.messages.create(
                    betas=[_BETA[self.tool_version]], **kwargs
                )
            return await self.sdk.messages.create(**kwargs)
        except anthropic.APIStatusError as exc:
            why = f"HTTP {exc.status_code}: {exc.message}"
            why = why.replace(self._secret, "***") if self._secret else why
            if exc.status_code in (408, 409, 429) or exc.status_code >= 500:
                raise SamplerError(why) from None
            raise PolicyError(why) from None
        except anthropic.APIConnectionError as exc:  # timeouts are a subclass
            raise SamplerError(f"{type(exc).__name__}: {exc}") from None

    async def aclose(self) -> None:
        await self.sdk.close()


@dataclass
class _ToolUse:
    id: str
    calls: int  # how many primitives it became
    toolset_name: str | None


class AnthropicPolicy:
    """One episode of ``anthropic:MODEL``: a native tool-use conversation, kept here."""

    def __init__(
        self,
        sampler: AnthropicSampler,
        *,
        image: ImageSpec | None = None,
        interval: int = DEFAULT_INTERVAL,
    ) -> None:
        self.sampler = sampler
        self._image = image if image is not None else ImageSpec(mode="native")
        self.interval = interval
        self._turns: list[tuple[list[dict[str, Any]], list[dict[str, Any]]]] = []
        self._pending: list[_ToolUse] = []
        self._shots: dict[int, bytes] = {}
        self._cache = ImageCache()

    @property
    def name(self) -> str:
        return f"anthropic:{self.sampler.model}"

    @property
    def coordinate_space(self) -> CoordinateSpace:
        return "pixels"

    @property
    def image(self) -> ImageSpec | None:
        return self._image

    async def begin(self, task: TaskConfig, env: Environment) -> None:
        self._turns, self._pending, self._shots, self._cache = [], [], {}, ImageCache()

    async def end(self) -> None:
        self._turns, self._pending, self._shots, self._cache = [], [], {}, ImageCache()

    # -- one turn ----------------------------------------------------------------------------
    async def step(self, observation: Observation) -> PolicyReply:
        obs: Observation = observation
        # Nothing is committed before the answer arrives: a retried step sends the same request.
        user = self._user_blocks(obs)
        message = await self.sampler.create(self._request(obs.t, user), obs.image_size)
        thought: list[str] = []
        content: list[dict[str, Any]] = []
        calls: list[dict[str, Any]] = []
        pending: list[_ToolUse] = []
        for block in message.content:
            if block.type == "text":
                thought.append(block.text)
                content.append({"type": "text", "text": block.text})
            elif block.type == "tool_use":
                inp = block.input if isinstance(block.input, dict) else {}
                translated = translate(block.name, inp)
                calls += translated
                toolset = getattr(block, "toolset_name", None)
                pending.append(_ToolUse(block.id, len(translated), toolset))
                use = {"type": "tool_use", "id": block.id, "name": block.name, "input": inp}
                content.append(use)
        text = "\n".join(t.strip() for t in thought if t.strip())
        if not pending:
            status = "failure" if text.lstrip().upper().startswith("FAIL") else "success"
            calls = [{"action": "terminate", "status": status}]
        self._turns.append((user, content or [{"type": "text", "text": text or "."}]))
        self._pending = pending
        blocks = "\n".join(
            OPEN_TAG
            + json.dumps({"name": TOOL_NAME, "arguments": c}, ensure_ascii=False)
            + CLOSE_TAG
            for c in calls
        )
        usage = getattr(message, "usage", None)
        return PolicyReply(
            text=f"{text}\n{blocks}" if text else blocks,
            model=getattr(message, "model", None) or None,
            tokens_in=int(getattr(usage, "input_tokens", 0) or 0),
            tokens_out=int(getattr(usage, "output_tokens", 0) or 0),
        )

    def _user_blocks(self, obs: Observation) -> list[dict[str, Any]]:
        """Turn t's user content: the results of the last answer's tool uses (the screenshot
        in the last one), or at t = 0 the instruction and the first screenshot."""
        image = {"type": "image", "source": None}  # filled (or collapsed) per request
        self._shots[obs.t] = obs.screenshot
        if not self._pending:
            head = [{"type": "text", "text": obs.instruction}] if obs.t == 0 else []
            if obs.feedback:
                head.append({"type": "text", "text": obs.feedback})
            return [*head, {**image, "turn": obs.t}]
        blocks: list[dict[str, Any]] = []
        done = 0
        for i, use in enumerate(self._pending):
            mine = list(obs.results[done : done + use.calls])
            done += use.calls
            if obs.previous_error:
                text, is_error = obs.previous_error, True
            elif any(r.startswith("error") for r in mine):
                text = next(r for r in mine if r.startswith("error"))[len("error: ") :]
                is_error = True
            elif len(mine) < use.calls:
                text, is_error = "not executed: an earlier action of this turn failed", True
            else:
                text, is_error = "ok", False
            parts: list[dict[str, Any]] = [{"type": "text", "text": text}]
            if i == len(self._pending) - 1:
                parts.append({**image, "turn": obs.t})
            block: dict[str, Any] = {
                "type": "tool_result",
                "tool_use_id": use.id,
                "content": parts,
                "is_error": is_error,
            }
            if use.toolset_name:
                block["toolset_name"] = use.toolset_name
            blocks.append(block)
        return blocks

    def _request(self, t: int, user: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The conversation for turn ``t``, screenshots before the collapse boundary as text."""
        boundary = collapse_boundary(t, self.interval)
        for old in [k for k in self._shots if k < boundary]:
            del self._shots[old]  # collapsed for good: the boundary never moves back
        out: list[dict[str, Any]] = []
        for asked, answered in self._turns:
            out.append({"role": "user", "content": [self._resolve(b, boundary) for b in asked]})
            out.append({"role": "assistant", "content": answered})
        out.append({"role": "user", "content": [self._resolve(b, boundary) for b in user]})
        return out

    def _resolve(self, block: dict[str, Any], boundary: int) -> dict[str, Any]:
        if block.get("type") == "tool_result":
            parts = [self._resolve(p, boundary) for p in block["content"]]
            return {**block, "content": parts}
        if block.get("type") != "image":
            return block
        turn = int(block["turn"])
        if turn < boundary:
            return {"type": "text", "text": COLLAPSED}
        part = prepare_image(self._shots[turn], self._image, self._cache)
        source = {"type": "base64", "media_type": "image/png", "data": part.base64()}
        return {"type": "image", "source": source}

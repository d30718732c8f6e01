"""The policy protocol: what acts in an episode, one turn at a time.

A policy sees an :class:`Observation` (the screenshot, the error text before it, the turns so
far) and answers in the text protocol of DESIGN.md §6: a short thought and ``<tool_call>``
blocks. The loop parses that answer, executes it and records it, whatever produced it:

* ``openai:MODEL`` — a chat model behind any OpenAI-compatible server (``_openai_policy``);
* ``anthropic:MODEL`` — Anthropic's native computer-use tool, its calls translated into the
  same blocks (``_anthropic_policy``);
* ``oracle`` — a task family's GUI solver (``TaskFamily.oracle``), which acts through
  ``computer_use`` only;
* anything else that has these members, e.g. an RL trainer's token generator.

A policy object serves one episode at a time (``begin`` … ``step``\\* … ``end``); a
:data:`PolicyFactory` makes one per episode, so concurrent episodes never share state.
The protocol lives in core, so that the agent layer, the task families and the RL trainer name
the same type without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from cuagym.core._environment import Environment
from cuagym.core._image_spec import CoordinateSpace, ImageSpec
from cuagym.core._task import TaskConfig

__all__ = [
    "Observation",
    "Policy",
    "PolicyError",
    "PolicyFactory",
    "PolicyReply",
    "SamplerError",
    "TurnInput",
]


@dataclass(frozen=True)
class TurnInput:
    """One turn as the context needs it: its screenshot (native PNG bytes, or the file), the
    error text shown before it, and the assistant's answer (None for the turn being
    generated)."""

    screenshot: bytes | Path
    feedback: str | None = None
    response: str | None = None

    def png(self) -> bytes:
        if isinstance(self.screenshot, Path):
            return self.screenshot.read_bytes()
        return self.screenshot


@dataclass(frozen=True)
class Observation:
    """What the loop gives a policy at turn ``t``.

    ``screenshot`` is the native PNG of this turn (``screen_size`` pixels); the policy receives
    it at ``image_size``, the size its declared :class:`ImageSpec` gives (the loop converts the
    coordinates it answers with from that space). ``feedback`` is the error text shown before
    the screenshot (the parser's message after a malformed answer, or the failed actions'
    errors). ``turns`` holds turns 0..t for the text-protocol context (turn t without its
    response). ``results`` are the previous turn's per-call results (``"ok"`` or
    ``"error: ..."``; empty when it was malformed, ``previous_error`` then says why).
    """

    t: int
    instruction: str
    screenshot: bytes
    screen_size: tuple[int, int]
    image_size: tuple[int, int]
    feedback: str | None = None
    turns: Sequence[TurnInput] = ()
    results: Sequence[str] = ()
    previous_error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PolicyReply:
    """An answer with what the sampler knows about it. A policy may return plain text instead.

    ``logprobs``: one per response token when the server returned them (the RL slices mask
    turns without them); ``policy_version``: the weights' version that sampled it (RL).
    """

    text: str
    logprobs: list[float] | None = None
    policy_version: int | None = None
    model: str | None = None
    tokens_in: int = 0
    tokens_out: int = 0


class SamplerError(RuntimeError):
    """A transient failure of the sampler (timeout, connection reset, HTTP 5xx or 429): the loop
    retries the same request with exponential backoff (DESIGN.md §6 recovery)."""


class PolicyError(RuntimeError):
    """A failure retrying cannot fix (a refused request, a missing oracle, a bad answer type):
    the episode ends with status ``error``."""


@runtime_checkable
class Policy(Protocol):
    """What acts in an episode. Members are read-only; ``step`` answers in the text protocol."""

    @property
    def name(self) -> str:
        """What episode.json records as ``policy``: ``oracle``, ``openai:MODEL``, ..."""
        ...

    @property
    def coordinate_space(self) -> CoordinateSpace:
        """``pixels`` (of the image sent) or ``norm1000`` (a 0-1000 grid)."""
        ...

    @property
    def image(self) -> ImageSpec | None:
        """How screenshots are sent: None means native resolution."""
        ...

    async def begin(self, task: TaskConfig, env: Environment) -> None:
        """A new episode of ``task`` on ``env`` (an oracle may read its screen or DOM; it acts
        only through the actions it answers with)."""
        ...

    async def step(self, observation: Observation) -> str | PolicyReply:
        """The answer to one :class:`Observation`: a thought and ``<tool_call>`` blocks."""
        ...

    async def end(self) -> None:
        """The episode is over (success, failure or error); release what it held."""
        ...


#: Makes the policy of one episode of a task.
PolicyFactory = Callable[[TaskConfig], Policy]

"""What the policy sees (DESIGN.md §6): the messages of turn t, with old screenshots collapsed.

Turn t's messages are the system prompt; the first user message, holding the instruction and
screenshot 0; then for each earlier turn its assistant text and the next user message (the new
screenshot, preceded by the parser's or the action's error text when there was one).
Screenshots of turns before ``c_t = interval * floor(t / interval)`` are replaced by the text
``<image collapsed>``.

This module is the only place the collapse rule lives: the rollout builds the inference context
with :func:`build_messages`, and the RL slices (DESIGN.md §7) are built from
:func:`turn_messages`, so a slice's prompt is byte for byte what the policy saw at its first
turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from cuagym.agent._images import ImageCache, prepare_image
from cuagym.agent._prompt import SYSTEM_PROMPT
from cuagym.core import ImageSpec
from cuagym.core.policy import TurnInput
from cuagym.llm import Message, TextPart
from cuagym.llm._types import ContentPart

__all__ = [
    "COLLAPSED",
    "DEFAULT_INTERVAL",
    "TurnInput",
    "build_messages",
    "collapse_boundary",
    "turn_messages",
]

COLLAPSED = "<image collapsed>"
DEFAULT_INTERVAL = 10


def collapse_boundary(t: int, interval: int = DEFAULT_INTERVAL) -> int:
    """``c_t``: the first turn whose screenshot is still an image at turn ``t``."""
    if interval <= 0:
        raise ValueError(f"collapse interval must be positive, got {interval}")
    if t < 0:
        raise ValueError(f"turn index {t} is negative")
    return interval * (t // interval)


def turn_messages(
    turn: TurnInput,
    t: int,
    *,
    instruction: str,
    collapsed: bool,
    spec: ImageSpec | None = None,
    cache: ImageCache | None = None,
) -> list[Message]:
    """Turn ``t``'s user message (t = 0: the instruction first; then the feedback, if any; then
    the screenshot, or ``<image collapsed>``), and its assistant message when it has one."""
    parts: list[ContentPart] = []
    if t == 0:
        parts.append(TextPart(text=instruction))
    if turn.feedback:
        parts.append(TextPart(text=turn.feedback))
    if collapsed:
        parts.append(TextPart(text=COLLAPSED))
    else:
        parts.append(prepare_image(turn.png(), spec or ImageSpec(), cache))
    messages = [Message(role="user", content=parts)]
    if turn.response is not None:
        messages.append(Message(role="assistant", content=turn.response))
    return messages


def build_messages(
    instruction: str,
    turns: Sequence[TurnInput],
    *,
    interval: int = DEFAULT_INTERVAL,
    spec: ImageSpec | None = None,
    system: str = SYSTEM_PROMPT,
    cache: ImageCache | None = None,
) -> list[Message]:
    """The context for generating turn ``T = len(turns) - 1``: the system prompt, then turns
    0..T, the screenshots of turns before ``collapse_boundary(T)`` collapsed. Every turn but
    the last carries its response; the last (the one being generated) carries none."""
    if not turns:
        raise ValueError("a context needs at least turn 0 (the first screenshot)")
    last = len(turns) - 1
    for t, turn in enumerate(turns):
        if (turn.response is None) != (t == last):
            which = "the turn being generated" if t == last else f"turn {t}"
            state = "has a response" if turn.response is not None else "has no response"
            raise ValueError(f"{which} {state}: earlier turns need theirs, the last none")
    boundary = collapse_boundary(last, interval)
    messages = [Message(role="system", content=system)]
    for t, turn in enumerate(turns):
        messages += turn_messages(
            turn, t, instruction=instruction, collapsed=t < boundary, spec=spec, cache=cache
        )
    return messages

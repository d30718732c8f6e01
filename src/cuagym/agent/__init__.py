"""Rollouts: an agent acts on a tuple through ``computer_use`` (DESIGN.md §6).

* :func:`parse_response` — the tool calls of one assistant message (the model-output contract);
* :data:`SYSTEM_PROMPT`, :func:`build_messages`, :func:`turn_messages` — what the policy sees,
  with old screenshots collapsed (the one place that rule lives; the RL slices reuse it);
* :class:`ImageSpec`, :func:`smart_resize`, :func:`prepare_image`, :func:`to_screen` — the
  screenshots' resolution as the policy declares it, and its coordinates back to the screen.
"""

from cuagym.agent._context import (
    COLLAPSED,
    DEFAULT_INTERVAL,
    TurnInput,
    build_messages,
    collapse_boundary,
    turn_messages,
)
from cuagym.agent._images import (
    CoordinateSpace,
    ImageCache,
    ImageSpec,
    prepare_image,
    smart_resize,
    to_screen,
)
from cuagym.agent._parse import TOOL_NAME, ParsedResponse, parse_response
from cuagym.agent._prompt import SYSTEM_PROMPT, TOOL_SCHEMA, system_prompt, tool_schema

__all__ = [
    "COLLAPSED",
    "DEFAULT_INTERVAL",
    "SYSTEM_PROMPT",
    "TOOL_NAME",
    "TOOL_SCHEMA",
    "CoordinateSpace",
    "ImageCache",
    "ImageSpec",
    "ParsedResponse",
    "TurnInput",
    "build_messages",
    "collapse_boundary",
    "parse_response",
    "prepare_image",
    "smart_resize",
    "system_prompt",
    "to_screen",
    "tool_schema",
    "turn_messages",
]

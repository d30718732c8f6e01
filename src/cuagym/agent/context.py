"""The policy context (DESIGN.md §6): the system prompt, the turn messages with the screenshot
collapse, and the images as a policy receives them. Public because RL's trajectory slices must
rebuild exactly what the policy saw (``cuagym.rl``)."""

from cuagym.agent._context import COLLAPSED, DEFAULT_INTERVAL, build_messages, turn_messages
from cuagym.agent._images import ImageCache, prepare_image
from cuagym.agent._prompt import SYSTEM_PROMPT, system_prompt

__all__ = [
    "COLLAPSED",
    "DEFAULT_INTERVAL",
    "SYSTEM_PROMPT",
    "ImageCache",
    "build_messages",
    "prepare_image",
    "system_prompt",
    "turn_messages",
]

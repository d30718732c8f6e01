"""The fixed system prompt (DESIGN.md §6): the ``computer_use`` tool, the response rules and
termination — the same for every task and rollout, with nothing task-specific in it.

The tool is described as a JSON schema inside ``<tools>`` and called as ``<tool_call>`` blocks,
the convention Qwen-VL models are trained on. The schema lists the 19 primitives of §4 and their
arguments; a test keeps it in step with the action models.
"""

from __future__ import annotations

import json
from typing import Any

from cuagym.core._action import ACTION_NAMES, KEY_NAMES
from cuagym.core.policy import CoordinateSpace

__all__ = ["SYSTEM_PROMPT", "TOOL_SCHEMA", "system_prompt", "tool_schema"]

_ACTION_DOC: dict[str, str] = {
    "left_click": "click the left button at `coordinate` (default: where the pointer is)",
    "right_click": "click the right button at `coordinate`",
    "middle_click": "click the middle button at `coordinate`",
    "double_click": "double-click the left button at `coordinate`",
    "triple_click": "triple-click the left button at `coordinate` (selects a line or paragraph)",
    "left_click_drag": "press the left button at `start_coordinate` (default: where the pointer "
    "is), move to `coordinate`, release",
    "mouse_move": "move the pointer to `coordinate`",
    "left_mouse_down": "press the left button (at `coordinate` if given) and keep it down",
    "left_mouse_up": "release the left button (at `coordinate` if given)",
    "type": "type `text` on the keyboard (a newline presses Enter)",
    "key": 'press the keys of `keys` together as one chord, e.g. ["ctrl", "s"]',
    "key_down": "press and hold the keys of `keys`",
    "key_up": "release the keys of `keys`",
    "scroll": "scroll vertically by `pixels` at `coordinate` (> 0 up, < 0 down)",
    "hscroll": "scroll horizontally by `pixels` at `coordinate` (> 0 right, < 0 left)",
    "screenshot": "take a new screenshot without acting",
    "wait": "wait `time` seconds (at most 60), then take a screenshot",
    "terminate": "end the task, declaring `status` success or failure",
    "call_user": "ask the user the clarifying question `text` (only when the task cannot be "
    "done without an answer)",
}


def tool_schema(coordinate_space: CoordinateSpace = "pixels") -> dict[str, Any]:
    """The ``computer_use`` function as a JSON schema (name, description, parameters)."""
    if coordinate_space == "pixels":
        where = "[x, y] in pixels of the latest screenshot (x from the left, y from the top)"
    else:
        where = (
            "[x, y] on a 0-1000 grid over the latest screenshot "
            "(0 = the left/top edge, 1000 = the right/bottom edge)"
        )
    point = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}
    doc = "\n".join(f"* `{name}`: {_ACTION_DOC[name]}" for name in ACTION_NAMES)
    fkeys = sorted(
        (k for k in KEY_NAMES if k[0] == "f" and k[1:].isdigit()), key=lambda k: int(k[1:])
    )
    named = ", ".join([*sorted(set(KEY_NAMES) - set(fkeys)), *fkeys])
    return {
        "name": "computer_use",
        "description": "Use a mouse and keyboard to interact with the computer. The actions:\n"
        + doc,
        "parameters": {
            "type": "object",
            "properties": {
                "action": {"type": "string", "enum": list(ACTION_NAMES)},
                "coordinate": {**point, "description": where},
                "start_coordinate": {**point, "description": "left_click_drag's start, " + where},
                "text": {"type": "string", "description": "for type and call_user"},
                "keys": {
                    "type": "array",
                    "items": {"type": "string"},
                    "minItems": 1,
                    "description": "for key, key_down, key_up: key names "
                    f"({named}) or single characters",
                },
                "pixels": {"type": "integer", "description": "for scroll and hscroll"},
                "time": {"type": "number", "description": "for wait: seconds (0-60)"},
                "status": {"type": "string", "enum": ["success", "failure"]},
            },
            "required": ["action"],
        },
    }


TOOL_SCHEMA = tool_schema("pixels")


def system_prompt(coordinate_space: CoordinateSpace = "pixels") -> str:
    """The system prompt for a policy whose coordinates are in ``coordinate_space``."""
    tools = json.dumps({"type": "function", "function": tool_schema(coordinate_space)})
    example = json.dumps(
        {"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [320, 240]}}
    )
    return "\n".join(
        [
            "You are a computer-use agent. You see a computer's screen as screenshots and "
            "operate it with the mouse and keyboard to complete the user's task.",
            "",
            "# Tools",
            "",
            "You may call one function to act on the computer:",
            "",
            "<tools>",
            tools,
            "</tools>",
            "",
            "# The screen",
            "",
            "The computer may show several application windows, one over the other; your "
            "input goes to the window on top. To bring the next window to the top, press "
            'alt and tab together ({"action": "key", "keys": ["alt", "tab"]}) and look at '
            "the new screenshot.",
            "",
            "# How to respond",
            "",
            'Write one short sentence that starts with "Action:" and says what you do next, '
            "then the tool call(s), each in its own block:",
            "<tool_call>",
            example,
            "</tool_call>",
            "Several blocks in one message run in order, at most 10. Put several calls in one "
            "message only when you can predict their outcome without looking at the screen in "
            "between. Write nothing after the last </tool_call>.",
            "",
            "After your calls have run you receive a new screenshot. If your message could not "
            "be parsed, or an action failed, an error message comes before the screenshot: fix "
            "the problem and go on.",
            "",
            "# Finishing",
            "",
            'When the task is done, and only then, call {"action": "terminate", "status": '
            '"success"}. If it cannot be done, call {"action": "terminate", "status": '
            '"failure"}. Nothing after terminate runs.',
        ]
    )


SYSTEM_PROMPT = system_prompt("pixels")

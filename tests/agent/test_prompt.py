"""The fixed system prompt: one for every task, and its tool schema in step with §4."""

from __future__ import annotations

import json
import re
import typing

from cuagym.agent._prompt import TOOL_SCHEMA
from cuagym.agent.context import SYSTEM_PROMPT, system_prompt
from cuagym.core._action import ACTION_NAMES, Action, parse_action


def test_schema_lists_every_primitive_and_every_argument() -> None:
    props = TOOL_SCHEMA["parameters"]["properties"]
    assert props["action"]["enum"] == list(ACTION_NAMES) and len(ACTION_NAMES) == 19
    union = typing.get_args(typing.get_args(Action)[0])
    fields = {name for model in union for name in model.model_fields} - {"action"}
    assert fields == set(props) - {"action"}
    for name in ACTION_NAMES:
        assert f"`{name}`" in TOOL_SCHEMA["description"]


def test_prompt_embeds_the_schema_and_the_rules() -> None:
    tools = re.search(r"<tools>\n(.*)\n</tools>", SYSTEM_PROMPT)
    assert tools is not None
    assert json.loads(tools.group(1))["function"] == TOOL_SCHEMA
    for rule in (
        '"Action:"',
        "<tool_call>",
        "Write nothing after the last </tool_call>",
        "terminate",
    ):
        assert rule in SYSTEM_PROMPT
    assert system_prompt("pixels") == SYSTEM_PROMPT


def test_normalized_space_changes_only_the_coordinate_wording() -> None:
    norm = system_prompt("norm1000")
    assert "0-1000 grid" in norm and "0-1000 grid" not in SYSTEM_PROMPT
    strip = lambda text: re.sub(r'"description": "[^"]*\[x, y\][^"]*"', "", text)  # noqa: E731
    assert strip(norm) == strip(SYSTEM_PROMPT)


def test_prompt_says_how_to_switch_windows_with_a_valid_action() -> None:
    # Cross-app tasks open several windows; the agent must know how to reach the others.
    screen = SYSTEM_PROMPT.split("# The screen", 1)[1].split("# How to respond", 1)[0]
    chord = json.loads(re.search(r"\(({.*?})\)", screen, re.S).group(1))  # type: ignore[union-attr]
    action = parse_action(chord)
    assert action.action == "key" and action.keys == ["alt", "tab"]
    assert "tab" in screen and "on top" in screen

"""Anthropic computer-tool calls become computer_use primitives the parser accepts."""

from __future__ import annotations

import json

import pytest

from cuagym.agent import parse_response
from cuagym.agent._computer_tool import key_names, translate


def _parses(calls: list[dict[str, object]]) -> list[dict[str, object]]:
    text = "".join(
        "<tool_call>" + json.dumps({"name": "computer_use", "arguments": c}) + "</tool_call>"
        for c in calls
    )
    parsed = parse_response(text)
    assert parsed.error is None, parsed.error
    return [c.model_dump(exclude_none=True) for c in parsed.calls]


@pytest.mark.parametrize(
    ("chord", "keys"),
    [
        ("ctrl+s", ["ctrl", "s"]),
        ("Return", ["enter"]),
        ("ctrl+shift+Escape", ["ctrl", "shift", "esc"]),
        ("Page_Down", ["pagedown"]),
        ("alt+Tab", ["alt", "tab"]),
        ("super", ["super"]),
        ("ctrl+plus", ["ctrl", "+"]),
        ("F5", ["f5"]),
        ("BackSpace", ["backspace"]),
    ],
)
def test_xdotool_key_names_map_to_the_contracts(chord: str, keys: list[str]) -> None:
    assert key_names(chord) == keys
    _parses([{"action": "key", "keys": keys}])


def test_each_member_of_the_toolset_translates_to_valid_primitives() -> None:
    cases: list[tuple[str, dict[str, object], list[str]]] = [
        ("left_click", {"coordinate": [10, 20]}, ["left_click"]),
        ("right_click", {"coordinate": [10, 20]}, ["right_click"]),
        ("middle_click", {}, ["middle_click"]),
        ("double_click", {"coordinate": [1, 2]}, ["double_click"]),
        ("triple_click", {"coordinate": [1, 2]}, ["triple_click"]),
        ("left_click", {"coordinate": [5, 5], "text": "shift"},
         ["key_down", "left_click", "key_up"]),
        ("left_click_drag", {"start_coordinate": [1, 1], "coordinate": [9, 9]},
         ["left_click_drag"]),
        ("mouse_move", {"coordinate": [3, 4]}, ["mouse_move"]),
        ("left_mouse_down", {}, ["left_mouse_down"]),
        ("left_mouse_up", {"coordinate": [3, 4]}, ["left_mouse_up"]),
        ("type", {"text": "héllo\n"}, ["type"]),
        ("key", {"text": "ctrl+a", "repeat": 3}, ["key", "key", "key"]),
        ("hold_key", {"text": "shift", "duration": 2}, ["key_down", "wait", "key_up"]),
        ("scroll", {"coordinate": [5, 5], "scroll_direction": "down", "scroll_amount": 3},
         ["scroll"]),
        ("scroll", {"scroll_direction": "left", "scroll_amount": 2}, ["hscroll"]),
        ("wait", {"duration": 2}, ["wait"]),
        ("screenshot", {}, ["screenshot"]),
    ]  # fmt: skip
    for name, inp, actions in cases:
        calls = translate(name, inp)
        assert [c["action"] for c in calls] == actions, name
        _parses(calls)


def test_scroll_direction_and_amount_become_signed_pixels() -> None:
    (down,) = translate("scroll", {"scroll_direction": "down", "scroll_amount": 3})
    (up,) = translate("scroll", {"scroll_direction": "up", "scroll_amount": 1})
    (right,) = translate("scroll", {"scroll_direction": "right", "scroll_amount": 2})
    assert (down["pixels"], up["pixels"], right["pixels"]) == (-150, 50, 100)


def test_the_classic_computer_tool_form_is_the_same_member() -> None:
    classic = translate("computer", {"action": "left_click", "coordinate": [7, 8]})
    assert classic == translate("left_click", {"coordinate": [7, 8]})


def test_members_without_a_primitive_are_refused_by_the_parser_not_dropped() -> None:
    for name, inp in (("zoom", {"region": [0, 0, 10, 10]}), ("cursor_position", {})):
        calls = translate(name, inp)
        text = "<tool_call>" + json.dumps({"name": "computer_use", "arguments": calls[0]})
        parsed = parse_response(text + "</tool_call>")
        assert parsed.error is not None and name in parsed.error

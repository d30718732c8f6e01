"""The computer_use action contract: 19 primitives, each validating its own arguments."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.core._action import ACTION_NAMES, parse_action, to_pixels

VALID: list[dict[str, Any]] = [
    {"action": "left_click", "coordinate": [10, 20]},
    {"action": "left_click"},
    {"action": "right_click", "coordinate": [1, 2]},
    {"action": "middle_click"},
    {"action": "double_click", "coordinate": [5, 5]},
    {"action": "triple_click", "coordinate": [5, 5]},
    {"action": "left_click_drag", "coordinate": [100, 100], "start_coordinate": [0, 0]},
    {"action": "mouse_move", "coordinate": [3, 4]},
    {"action": "left_mouse_down"},
    {"action": "left_mouse_up", "coordinate": [9, 9]},
    {"action": "type", "text": "héllo\nworld"},
    {"action": "key", "keys": ["ctrl", "s"]},
    {"action": "key_down", "keys": ["Shift"]},
    {"action": "key_up", "keys": ["shift"]},
    {"action": "scroll", "pixels": -300, "coordinate": [400, 300]},
    {"action": "hscroll", "pixels": 120},
    {"action": "screenshot"},
    {"action": "wait", "time": 1.5},
    {"action": "terminate", "status": "success"},
    {"action": "call_user", "text": "Which sheet?"},
]


def test_every_primitive_has_a_valid_example() -> None:
    assert len(ACTION_NAMES) == 19
    assert sorted({a["action"] for a in VALID}) == sorted(ACTION_NAMES)


@pytest.mark.parametrize("arguments", VALID, ids=lambda a: a["action"])
def test_valid_actions_parse(arguments: dict[str, Any]) -> None:
    action = parse_action(arguments)
    assert action.action == arguments["action"]


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"action": "fly"}, "action"),
        ({"action": "type"}, "text"),
        ({"action": "key", "keys": []}, "keys"),
        ({"action": "key", "keys": ["ctrlx"]}, "keys"),
        ({"action": "left_click", "coordinate": [1]}, "coordinate"),
        ({"action": "left_click", "coordinate": ["a", 2]}, "coordinate"),
        ({"action": "mouse_move"}, "coordinate"),
        ({"action": "terminate", "status": "done"}, "status"),
        ({"action": "wait", "time": -1}, "time"),
        ({"action": "screenshot", "extra": 1}, "extra"),
    ],
)
def test_malformed_actions_name_the_field(arguments: dict[str, Any], field: str) -> None:
    with pytest.raises(ValidationError) as info:
        parse_action(arguments)
    assert field in str(info.value)


def test_key_names_are_normalized_to_lower_case() -> None:
    assert parse_action({"action": "key", "keys": ["CTRL", "Enter", "A"]}).keys == [
        "ctrl",
        "enter",
        "A",
    ]


def test_norm1000_coordinates_convert_to_pixels_and_clamp() -> None:
    assert to_pixels((500, 500), (1920, 1080), "norm1000") == (960, 540)
    assert to_pixels((1000, 1000), (1920, 1080), "norm1000") == (1919, 1079)
    assert to_pixels((5000, -3), (800, 600), "pixels") == (799, 0)

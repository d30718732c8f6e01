"""The action -> xdotool mapping, without a display."""

from __future__ import annotations

from typing import Any

import pytest

from cuagym.core._action import parse_action
from cuagym.envs._desktop import KEYSYMS, key_chord, keysym, wheel_clicks, xdotool_commands
from cuagym.envs._desktop._keymap import Keymap, char_keysym

SCREEN = (1280, 800)


def cmds(arguments: dict[str, Any], space: str = "pixels") -> list[list[str]]:
    return xdotool_commands(parse_action(arguments), SCREEN, space)  # type: ignore[arg-type]


def test_every_contract_key_has_a_keysym() -> None:
    from cuagym.core._action import KEY_NAMES

    assert set(KEY_NAMES) <= set(KEYSYMS)
    assert keysym("esc", False) == "Escape"
    assert keysym("enter", False) == "Return"
    assert keysym("backspace", False) == "BackSpace"
    assert keysym("pageup", False) == "Prior"
    assert keysym("pagedown", False) == "Next"
    assert keysym("super", False) == "super"


def test_chords_and_characters() -> None:
    assert key_chord(["ctrl", "shift", "s"]) == "ctrl+shift+s"
    assert key_chord(["ctrl", "S"]) == "ctrl+s"  # shift must be named to be pressed
    assert key_chord(["A"]) == "A"
    assert key_chord(["ctrl", "+"]) == "ctrl+plus"
    assert key_chord(["€"]) == "U20AC"


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (
            {"action": "left_click", "coordinate": [10, 20]},
            [["mousemove", "10", "20", "click", "1"]],
        ),
        ({"action": "right_click"}, [["click", "3"]]),
        ({"action": "middle_click", "coordinate": [1, 2]}, [["mousemove", "1", "2", "click", "2"]]),
        (
            {"action": "double_click", "coordinate": [5, 5]},
            [["mousemove", "5", "5", "click", "--repeat", "2", "--delay", "60", "1"]],
        ),
        ({"action": "triple_click"}, [["click", "--repeat", "3", "--delay", "60", "1"]]),
        ({"action": "mouse_move", "coordinate": [9999, -5]}, [["mousemove", "1279", "0"]]),
        ({"action": "left_mouse_down"}, [["mousedown", "1"]]),
        (
            {"action": "left_mouse_up", "coordinate": [3, 4]},
            [["mousemove", "3", "4", "mouseup", "1"]],
        ),
        ({"action": "key", "keys": ["ctrl", "s"]}, [["key", "--delay", "12", "ctrl+s"]]),
        ({"action": "key_down", "keys": ["shift"]}, [["keydown", "shift"]]),
        ({"action": "key_up", "keys": ["shift", "A"]}, [["keyup", "shift", "a"]]),
        ({"action": "screenshot"}, []),
        ({"action": "wait", "time": 1}, []),
        ({"action": "terminate", "status": "success"}, []),
        ({"action": "call_user", "text": "?"}, []),
    ],
)
def test_pointer_and_key_mapping(arguments: dict[str, Any], expected: list[list[str]]) -> None:
    assert cmds(arguments) == expected


def test_norm1000_coordinates() -> None:
    assert cmds({"action": "left_click", "coordinate": [500, 1000]}, "norm1000") == [
        ["mousemove", "640", "799", "click", "1"]
    ]


def test_scroll_conversion() -> None:
    assert wheel_clicks(0) == 0
    assert wheel_clicks(10) == 1  # any scroll moves at least one click
    assert wheel_clicks(-260) == 5
    assert wheel_clicks(10**6) == 100
    up = cmds({"action": "scroll", "pixels": 100, "coordinate": [50, 60]})
    assert up == [["mousemove", "50", "60", "click", "--repeat", "2", "--delay", "10", "4"]]
    assert cmds({"action": "scroll", "pixels": -50})[0][-1] == "5"
    assert cmds({"action": "hscroll", "pixels": 50})[0][-1] == "7"
    assert cmds({"action": "hscroll", "pixels": -50})[0][-1] == "6"


def test_drag_moves_in_steps() -> None:
    (argv,) = cmds(
        {"action": "left_click_drag", "start_coordinate": [0, 0], "coordinate": [80, 40]}
    )
    assert argv[:3] == ["mousemove", "0", "0"]
    assert argv.count("mousemove") == 5 and argv[-2:] == ["mouseup", "1"]
    assert argv.index("mousedown") < argv.index("mouseup")


def test_type_keeps_leading_dash_as_text() -> None:
    assert cmds({"action": "type", "text": "-x"}) == [["type", "--delay", "8", "--", "-x"]]


def test_keymap_chunks_by_spare_capacity() -> None:
    keymap = Keymap(present={char_keysym(c) for c in "abc"}, spare=[200, 201], loaded=True)
    assert char_keysym("é") == 0xE9 and char_keysym("✓") == 0x1002713
    text = "aé✓日本語x"  # 5 missing characters, 4 fit on two keycodes
    assert keymap.chunks(text) == ["aé✓日本", "語x"]
    assert keymap.chunks("abc") == ["abc"]

"""xdotool command chains as in-process XTEST events, without a display."""

from __future__ import annotations

from typing import Any

import pytest

from cuagym.core._action import parse_action
from cuagym.envs._desktop import xdotool_commands
from cuagym.envs._desktop._xproto import (
    BUTTON_PRESS,
    BUTTON_RELEASE,
    KEY_PRESS,
    KEY_RELEASE,
    MOTION_NOTIFY,
    Keymap,
    keysym_of,
)
from cuagym.envs._desktop._xtest import Event, plan

pytestmark = pytest.mark.skipif(keysym_of(["a"]) is None, reason="libX11 is not installed")

# A keymap of 7 keysyms per keycode, as Xvfb's: keycode 10 = 1/!, 21 = equal/plus,
# 37 = Control_L, 38 = a/A, 39 = s/S, 50 = Shift_L, 116 = Down.
_ROWS = {
    10: [0x31, 0x21],
    21: [0x3D, 0x2B],
    37: [0xFFE3],
    38: [0x61, 0x41],
    39: [0x73, 0x53],
    50: [0xFFE1],
    64: [0xFFE9],
    116: [0xFF54],
}
KEYMAP = Keymap(8, 7, [s for code in range(8, 256) for s in (_ROWS.get(code, []) + [0] * 7)[:7]])
SCREEN = (1280, 800)


def events(arguments: dict[str, Any]) -> list[Event] | None:
    (argv,) = xdotool_commands(parse_action(arguments), SCREEN)
    return plan(argv, KEYMAP)


def press(code: int) -> Event:
    return Event(KEY_PRESS, code)


def release(code: int) -> Event:
    return Event(KEY_RELEASE, code)


def pause(ms: float) -> Event:
    return Event(0, pause_s=ms / 1000)


def test_a_key_is_pressed_and_released_with_no_pause_after_the_release() -> None:
    # xdotool's --delay 12 gives 6 ms after each event, the last release's included; the
    # pause between the two events stays, the one after them goes.
    assert events({"action": "key", "keys": ["down"]}) == [press(116), pause(6), release(116)]


def test_a_chord_presses_in_order_and_releases_in_reverse() -> None:
    assert events({"action": "key", "keys": ["ctrl", "s"]}) == [
        press(37), pause(6), press(39), pause(6), release(39), pause(6), release(37),
    ]  # fmt: skip


def test_a_shifted_keysym_brings_its_shift_along() -> None:
    assert events({"action": "key", "keys": ["A"]}) == [
        press(50), press(38), pause(6), release(38), release(50),
    ]  # fmt: skip
    assert events({"action": "key", "keys": ["ctrl", "+"]}) == [
        press(37), pause(6), press(50), press(21), pause(6), release(21), release(50),
        pause(6), release(37),
    ]  # fmt: skip


def test_what_the_keymap_lacks_and_typing_are_left_to_xdotool() -> None:
    assert events({"action": "key", "keys": ["é"]}) is None  # xdotool binds a scratch keycode
    assert events({"action": "key", "keys": ["f5"]}) is None  # not on this keymap
    assert events({"action": "type", "text": "as"}) is None
    assert plan(["key", "--delay", "12", "NoSuchKeyName"], KEYMAP) is None
    assert plan(["windowactivate", "1"], KEYMAP) is None
    assert plan(["mousemove", "1"], KEYMAP) is None  # malformed


def test_pointer_actions() -> None:
    move = Event(MOTION_NOTIFY, 0, 100, 200)
    assert events({"action": "mouse_move", "coordinate": [100, 200]}) == [move]
    assert events({"action": "left_click", "coordinate": [100, 200]}) == [
        move, Event(BUTTON_PRESS, 1), Event(BUTTON_RELEASE, 1),
    ]  # fmt: skip
    click3 = [Event(BUTTON_PRESS, 3), Event(BUTTON_RELEASE, 3)]
    assert events({"action": "right_click"}) == click3
    # Repeated clicks: the pause between two clicks, none after the last.
    double = [Event(BUTTON_PRESS, 1), Event(BUTTON_RELEASE, 1)]
    assert events({"action": "double_click", "coordinate": [100, 200]}) == [
        move, *double, pause(60), *double,
    ]  # fmt: skip
    wheel_down = [Event(BUTTON_PRESS, 5), Event(BUTTON_RELEASE, 5)]
    assert events({"action": "scroll", "coordinate": [100, 200], "pixels": -100}) == [
        move, *wheel_down, pause(10), *wheel_down,
    ]  # fmt: skip


def test_a_drag_keeps_its_pauses() -> None:
    planned = events(
        {"action": "left_click_drag", "start_coordinate": [0, 0], "coordinate": [400, 40]}
    )
    assert planned is not None
    assert planned[:4] == [
        Event(MOTION_NOTIFY, 0, 0, 0), pause(50), Event(BUTTON_PRESS, 1), pause(50),
    ]  # fmt: skip
    assert planned[-3:] == [Event(MOTION_NOTIFY, 0, 400, 40), pause(50), Event(BUTTON_RELEASE, 1)]
    moves = [e for e in planned if e.kind == MOTION_NOTIFY]
    assert [(e.x, e.y) for e in moves] == [(0, 0), (100, 10), (200, 20), (300, 30), (400, 40)]
    nudge = events({"action": "left_click_drag", "coordinate": [400, 40]})
    assert nudge is not None and Event(MOTION_NOTIFY, 1, 2, 2) in nudge


def test_keys_held_and_released() -> None:
    assert events({"action": "key_down", "keys": ["shift", "a"]}) == [
        press(50), pause(12), press(38),
    ]  # fmt: skip
    assert events({"action": "key_up", "keys": ["shift", "a"]}) == [
        release(50), pause(12), release(38),
    ]  # fmt: skip

"""``computer_use`` actions (DESIGN.md §4) as xdotool command chains.

xdotool drives the X server through XTEST, as a real keyboard and mouse would (pynput's
keyboard does not work under Xvfb). One action is one xdotool command chain: its commands run
in order on one connection, so no ``--sync`` is needed between them (``mousemove --sync`` even
hangs when the pointer is already there). The desktop plays most chains itself over its own
XTEST connection with xdotool's semantics (``_xtest.py``); ``type`` and keys the keymap lacks
still run xdotool.

Pure functions: ``xdotool_commands(action, screen)`` maps a parsed action to argv lists, so the
mapping is testable without a display.

Conventions (documented for policies):

* Key names of the contract map to X keysyms (``KEYSYMS``); a single character maps to its
  keysym (``a``, ``plus``, ``U20AC``). In a chord with other keys a letter is taken lower-case
  (``["ctrl", "S"]`` is ctrl+s, not ctrl+shift+s: the shift must be named to be pressed);
  alone, ``"A"`` types a capital A.
* ``scroll``/``hscroll``: ``pixels`` become wheel clicks of ``PIXELS_PER_CLICK`` (50) pixels,
  rounded, at least one, at most ``MAX_CLICKS``. One click scrolls 3 rows in LibreOffice and
  about 50-100 px in Chromium, so 50 px a click keeps "pixels" roughly honest.
  X buttons: 4 up, 5 down, 6 left, 7 right.
* ``type``: xdotool types any Unicode (it maps a spare keycode to each character it cannot
  find on the keymap); ``\\n`` is Return, ``\\t`` is Tab.
* Drags move in steps with short pauses: many apps ignore a press-move-release that arrives
  in a single burst.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from cuagym.core._action import to_pixels

CoordinateSpace = Literal["pixels", "norm1000"]
PIXELS_PER_CLICK = 50
MAX_CLICKS = 100
TYPE_DELAY_MS = 8  # per character; 0 lets LibreOffice drop characters under load
DRAG_STEPS = 4
CLICK_DELAY_MS = 60  # between the clicks of a double/triple click (< any double-click time)
# Between the events of one key chord: xdotool's own default. Sending a chord's events with no
# pause (as pyautogui does) saved ~12 ms a key step, but under load LibreOffice then dropped
# keys sent back to back (a calc oracle's typed totals), so the pause stays.
KEY_DELAY_MS = 12

KEYSYMS: dict[str, str] = {
    "ctrl": "ctrl",
    "shift": "shift",
    "alt": "alt",
    "super": "super",
    "enter": "Return",
    "tab": "Tab",
    "esc": "Escape",
    "backspace": "BackSpace",
    "delete": "Delete",
    "space": "space",
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    "home": "Home",
    "end": "End",
    "pageup": "Prior",
    "pagedown": "Next",
    "insert": "Insert",
    "capslock": "Caps_Lock",
    "menu": "Menu",
    **{f"f{i}": f"F{i}" for i in range(1, 13)},
}
_MODIFIERS = frozenset({"ctrl", "shift", "alt", "super"})

# ASCII punctuation as X keysym names (xdotool's key command takes names, not characters).
_PUNCTUATION: dict[str, str] = {
    " ": "space", "!": "exclam", '"': "quotedbl", "#": "numbersign", "$": "dollar",
    "%": "percent", "&": "ampersand", "'": "apostrophe", "(": "parenleft",
    ")": "parenright", "*": "asterisk", "+": "plus", ",": "comma", "-": "minus",
    ".": "period", "/": "slash", ":": "colon", ";": "semicolon", "<": "less", "=": "equal",
    ">": "greater", "?": "question", "@": "at", "[": "bracketleft", "\\": "backslash",
    "]": "bracketright", "^": "asciicircum", "_": "underscore", "`": "grave",
    "{": "braceleft", "|": "bar", "}": "braceright", "~": "asciitilde",
    "\n": "Return", "\t": "Tab",
}  # fmt: skip

_BUTTONS = {"left_click": "1", "middle_click": "2", "right_click": "3"}
_REPEATS = {"double_click": 2, "triple_click": 3}
# Actions the caller handles: they do nothing to the display.
NOT_INPUT = frozenset({"screenshot", "wait", "terminate", "call_user"})


def keysym(key: str, chord: bool) -> str:
    """X keysym name of one contract key name or single character."""
    if len(key) != 1:
        try:
            return KEYSYMS[key.lower()]
        except KeyError:
            raise ValueError(f"unknown key {key!r}") from None
    if key.isascii() and key.isalnum():
        return key.lower() if chord and key.isalpha() else key
    if key in _PUNCTUATION:
        return _PUNCTUATION[key]
    return f"U{ord(key):04X}"


def key_chord(keys: Sequence[str]) -> str:
    """``["ctrl", "shift", "s"]`` -> ``ctrl+shift+s``: pressed in order, released reversed."""
    chord = len(keys) > 1
    return "+".join(keysym(k, chord) for k in keys)


def wheel_clicks(pixels: int) -> int:
    if pixels == 0:
        return 0
    return min(MAX_CLICKS, max(1, round(abs(pixels) / PIXELS_PER_CLICK)))


def _point(
    coordinate: tuple[int, int] | None, screen: tuple[int, int], space: CoordinateSpace
) -> list[str]:
    if coordinate is None:
        return []
    x, y = to_pixels(coordinate, screen, space)
    return ["mousemove", str(x), str(y)]


def xdotool_commands(
    action: Any,
    screen: tuple[int, int],
    space: CoordinateSpace = "pixels",
    type_delay_ms: int = TYPE_DELAY_MS,
) -> list[list[str]]:
    """The xdotool invocations (argv without the program) that perform ``action``.

    ``action``: a parsed action (``cuagym.core.parse_action``). Returns ``[]`` for the actions
    that need no input (screenshot, wait, terminate, call_user).
    """
    name: str = action.action
    if name in NOT_INPUT:
        return []
    if name in _BUTTONS:
        return [[*_point(action.coordinate, screen, space), "click", _BUTTONS[name]]]
    if name in _REPEATS:
        repeat = str(_REPEATS[name])
        move = _point(action.coordinate, screen, space)
        return [[*move, "click", "--repeat", repeat, "--delay", str(CLICK_DELAY_MS), "1"]]
    if name == "mouse_move":
        return [_point(action.coordinate, screen, space)]
    if name == "left_mouse_down":
        return [[*_point(action.coordinate, screen, space), "mousedown", "1"]]
    if name == "left_mouse_up":
        return [[*_point(action.coordinate, screen, space), "mouseup", "1"]]
    if name == "left_click_drag":
        return [_drag(action.start_coordinate, action.coordinate, screen, space)]
    if name == "type":
        if not action.text:
            return []
        # "--" ends options: a text starting with "-" is still text.
        return [["type", "--delay", str(type_delay_ms), "--", action.text]]
    if name == "key":
        return [["key", "--delay", str(KEY_DELAY_MS), key_chord(action.keys)]]
    if name in ("key_down", "key_up"):
        chord = len(action.keys) > 1
        return [[name.replace("_", ""), *(keysym(k, chord) for k in action.keys)]]
    if name in ("scroll", "hscroll"):
        clicks = wheel_clicks(action.pixels)
        if clicks == 0:
            return [_point(action.coordinate, screen, space)] if action.coordinate else []
        if name == "scroll":
            button = "4" if action.pixels > 0 else "5"
        else:
            button = "7" if action.pixels > 0 else "6"
        move = _point(action.coordinate, screen, space)
        return [[*move, "click", "--repeat", str(clicks), "--delay", "10", button]]
    raise ValueError(f"action {name!r} has no input mapping")


def _drag(
    start: tuple[int, int] | None,
    end: tuple[int, int],
    screen: tuple[int, int],
    space: CoordinateSpace,
) -> list[str]:
    x1, y1 = to_pixels(end, screen, space)
    cmd: list[str] = []
    if start is not None:
        x0, y0 = to_pixels(start, screen, space)
        cmd += ["mousemove", str(x0), str(y0), "sleep", "0.05"]
    cmd += ["mousedown", "1", "sleep", "0.05"]
    if start is not None:
        for step in range(1, DRAG_STEPS):
            x = x0 + (x1 - x0) * step // DRAG_STEPS
            y = y0 + (y1 - y0) * step // DRAG_STEPS
            cmd += ["mousemove", str(x), str(y), "sleep", "0.02"]
    else:
        # Unknown start: nudge first, so the app sees a motion with the button held.
        cmd += ["mousemove_relative", "--", "2", "2", "sleep", "0.02"]
    cmd += ["mousemove", str(x1), str(y1), "sleep", "0.05", "mouseup", "1"]
    return cmd

"""Anthropic's computer-use tool calls as ``computer_use`` primitives (DESIGN.md §4).

Both of the SDK's forms are understood: the ``computer_toolset_20260801`` toolset (one
``tool_use`` per member: ``name`` is the member, e.g. ``left_click``, ``input`` its
parameters) and the single ``computer`` tool of ``computer_20251124`` (``input.action`` names
the member). A member becomes one or more primitives:

==================  ========================================================================
``key``             ``key`` with the chord split on ``+`` and xdotool names mapped to ours
                    (``Return`` → ``enter``, ``Page_Up`` → ``pageup``), ``repeat`` times
``hold_key``        ``key_down``, ``wait`` ``duration``, ``key_up``
``*_click`` + text  the modifiers of ``text`` held (``key_down``/``key_up``) around the click
``scroll``          ``scroll``/``hscroll`` of ``scroll_amount`` wheel clicks (50 px each)
``wait``            ``wait`` (at most 60 s)
==================  ========================================================================

``zoom`` and ``cursor_position`` are switched off in the tool declaration; a member that has
no translation becomes a call the parser rejects, so the model reads why (never dropped).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["MEMBER_NAMES", "key_names", "translate"]

PIXELS_PER_CLICK = 50  # as the desktop layer's wheel mapping
MEMBER_NAMES: frozenset[str] = frozenset(
    {
        "key", "hold_key", "type", "cursor_position", "mouse_move", "left_mouse_down",
        "left_mouse_up", "left_click", "left_click_drag", "right_click", "middle_click",
        "double_click", "triple_click", "scroll", "wait", "screenshot", "zoom",
    }
)  # fmt: skip
_CLICKS = ("left_click", "right_click", "middle_click", "double_click", "triple_click")
# xdotool / X keysym names (what Claude writes) -> the contract's key names (KEY_NAMES).
_KEYS: dict[str, str] = {
    "return": "enter", "enter": "enter", "kp_enter": "enter", "escape": "esc", "esc": "esc",
    "backspace": "backspace", "tab": "tab", "iso_left_tab": "tab", "delete": "delete",
    "del": "delete", "space": "space", "up": "up", "down": "down", "left": "left",
    "right": "right", "home": "home", "end": "end", "page_up": "pageup", "prior": "pageup",
    "pageup": "pageup", "page_down": "pagedown", "next": "pagedown", "pagedown": "pagedown",
    "insert": "insert", "caps_lock": "capslock", "capslock": "capslock", "menu": "menu",
    "ctrl": "ctrl", "control": "ctrl", "control_l": "ctrl", "control_r": "ctrl",
    "shift": "shift", "shift_l": "shift", "shift_r": "shift", "alt": "alt", "alt_l": "alt",
    "alt_r": "alt", "super": "super", "super_l": "super", "super_r": "super", "meta": "super",
    "cmd": "super", "win": "super",
    "plus": "+", "minus": "-", "equal": "=", "comma": ",", "period": ".", "slash": "/",
    "backslash": "\\", "semicolon": ";", "apostrophe": "'", "grave": "`",
    "bracketleft": "[", "bracketright": "]", "underscore": "_", "colon": ":",
    "question": "?", "exclam": "!", "at": "@", "numbersign": "#", "dollar": "$",
    "percent": "%", "asciicircum": "^", "ampersand": "&", "asterisk": "*",
    "parenleft": "(", "parenright": ")", "less": "<", "greater": ">", "quotedbl": '"',
    "bar": "|", "braceleft": "{", "braceright": "}", "asciitilde": "~",
    **{f"f{i}": f"f{i}" for i in range(1, 13)},
}  # fmt: skip


def key_names(chord: str) -> list[str]:
    """``"ctrl+shift+Escape"`` -> ``["ctrl", "shift", "esc"]`` (unknown names kept as given:
    the action's validation then names them)."""
    parts = [p.strip() for p in chord.split("+")] if chord.strip() != "+" else ["+"]
    keys: list[str] = []
    for part in parts:
        if not part:
            continue
        keys.append(part if len(part) == 1 else _KEYS.get(part.lower(), part))
    return keys


def _point(value: Any) -> Any:
    # [x, y] as the model wrote it; a malformed one is passed on for the parser to name.
    return list(value) if isinstance(value, list | tuple) else value


def _seconds(value: Any) -> Any:
    # At most the contract's 60 s; a value that is no number is passed on to be named.
    return min(float(value), 60.0) if isinstance(value, int | float) else value


def _modifiers(inp: Mapping[str, Any]) -> list[str]:
    text = inp.get("text")
    return key_names(text) if isinstance(text, str) and text.strip() else []


def translate(name: str, inp: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ``computer_use`` arguments of one Anthropic member call (``name``, ``input``)."""
    if name == "computer" and isinstance(inp.get("action"), str):  # computer_20251124
        member = str(inp["action"])
        return translate(member, {k: v for k, v in inp.items() if k != "action"})
    if name == "type":
        return [{"action": "type", "text": inp.get("text", "")}]
    if name == "key":
        keys = key_names(str(inp.get("text", "")))
        repeat = inp.get("repeat") or 1
        times = repeat if isinstance(repeat, int) and 1 <= repeat <= 10 else 1
        return [{"action": "key", "keys": keys}] * times
    if name == "hold_key":
        keys = key_names(str(inp.get("text", "")))
        return [
            {"action": "key_down", "keys": keys},
            {"action": "wait", "time": _seconds(inp.get("duration", 1))},
            {"action": "key_up", "keys": keys},
        ]
    if name in _CLICKS or name == "left_click_drag":
        call: dict[str, Any] = {"action": name}
        if "coordinate" in inp and inp["coordinate"] is not None:
            call["coordinate"] = _point(inp["coordinate"])
        if name == "left_click_drag" and inp.get("start_coordinate") is not None:
            call["start_coordinate"] = _point(inp["start_coordinate"])
        held = _modifiers(inp)
        if not held:
            return [call]
        return [{"action": "key_down", "keys": held}, call, {"action": "key_up", "keys": held}]
    if name in ("mouse_move", "left_mouse_down", "left_mouse_up"):
        call = {"action": name}
        if inp.get("coordinate") is not None:
            call["coordinate"] = _point(inp["coordinate"])
        return [call]
    if name == "scroll":
        direction = inp.get("scroll_direction")
        amount = inp.get("scroll_amount", 3)
        clicks = amount if isinstance(amount, int) and amount > 0 else 3
        pixels = clicks * PIXELS_PER_CLICK
        if direction in ("up", "down"):
            call = {"action": "scroll", "pixels": pixels if direction == "up" else -pixels}
        elif direction in ("left", "right"):
            call = {"action": "hscroll", "pixels": pixels if direction == "right" else -pixels}
        else:
            return [{"action": "scroll", "direction": direction}]  # rejected: names the field
        if inp.get("coordinate") is not None:
            call["coordinate"] = _point(inp["coordinate"])
        held = _modifiers(inp)
        if not held:
            return [call]
        return [{"action": "key_down", "keys": held}, call, {"action": "key_up", "keys": held}]
    if name == "wait":
        return [{"action": "wait", "time": _seconds(inp.get("duration", 1))}]
    if name == "screenshot":
        return [{"action": "screenshot"}]
    # zoom, cursor_position or an unknown member: a call the parser refuses, naming it.
    return [{"action": name}]

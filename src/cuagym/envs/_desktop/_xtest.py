"""xdotool command chains (``_input.xdotool_commands``) performed in process, over XTEST.

The mapping from a ``computer_use`` action to input stays the one tested in ``_input.py``
(xdotool argv lists); this module plays those lists on the desktop's own X connection
(``_xproto.XConnection``) with xdotool's semantics, minus its costs:

* no process per action (fork/exec, a connection and a keymap download: 3-5 ms of CPU);
* xdotool pauses ``--delay``/2 after *every* key event of ``key``, the chord's last release
  included, and a full ``--delay`` after every press of ``keydown``/``keyup``. The pauses
  between two events stay (LibreOffice dropped keys sent back to back under load, see
  ``_input.KEY_DELAY_MS``); the one after the last event, which nothing waits for, goes.
  Likewise between the clicks of a repeated ``click``, not after the last.
* Each event that a pause follows is synced first (a round trip, as xdotool's ``XSync``): the
  server has processed it before the pause starts, so a pause really separates two events.

A chain it cannot play exactly is left to xdotool (``plan`` returns None): ``type`` (it binds
characters the keymap lacks, see ``_keymap.py``), and a key whose keysym is not on the keymap's
first group (xdotool binds a scratch keycode for it).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from cuagym.envs._desktop._xproto import (
    BUTTON_PRESS,
    BUTTON_RELEASE,
    KEY_PRESS,
    KEY_RELEASE,
    MOTION_NOTIFY,
    Keymap,
    XConnection,
    keysym_of,
)

# xdotool's aliases of key names (its symbol_map), matched case-insensitively.
_ALIASES = {
    "alt": "Alt_L",
    "ctrl": "Control_L",
    "control": "Control_L",
    "meta": "Meta_L",
    "super": "Super_L",
    "shift": "Shift_L",
}
_SHIFT_L = 0xFFE1
_XDOTOOL_KEY_DELAY_MS = 12  # xdotool's default --delay of key, keydown and keyup


@dataclass(frozen=True)
class Event:
    """One XTEST event (``kind``: an ``_xproto`` event type) or, with ``kind`` 0, a pause of
    ``pause_s`` seconds."""

    kind: int
    detail: int = 0
    x: int = 0
    y: int = 0
    pause_s: float = 0.0


def _pause(seconds: float) -> Event:
    return Event(0, pause_s=seconds)


def _int(token: str) -> int:
    return int(token, 10)


def _keys(names: Sequence[str], keymap: Keymap, shift_code: int) -> list[list[int]] | None:
    """Per key name, the keycodes to press in order (a key on the shifted level gets the
    shift key first, as xdotool sends the modifiers a keysym needs); None if one is not on
    the keymap."""
    syms = keysym_of(_ALIASES.get(name.lower(), name) for name in names)
    if syms is None:
        return None
    out: list[list[int]] = []
    for sym in syms:
        found = keymap.find(sym)
        if found is None:
            return None
        code, shifted = found
        out.append([shift_code, code] if shifted and code != shift_code else [code])
    return out


def _chord_events(codes: list[list[int]], gap_s: float) -> list[Event]:
    """Press each key in order, release in reverse, ``gap_s`` between two keys."""
    events: list[Event] = []
    for group in codes:
        if events:
            events.append(_pause(gap_s))
        events += [Event(KEY_PRESS, c) for c in group]
    for group in reversed(codes):
        events.append(_pause(gap_s))
        events += [Event(KEY_RELEASE, c) for c in reversed(group)]
    return events


def plan(argv: Sequence[str], keymap: Keymap) -> list[Event] | None:
    """The events (and pauses) of one xdotool argv list, or None if it is left to xdotool."""
    shift = keymap.find(_SHIFT_L)
    shift_code = shift[0] if shift is not None else 0
    events: list[Event] = []
    i = 0
    try:
        while i < len(argv):
            cmd = argv[i]
            i += 1
            if cmd == "mousemove":
                events.append(Event(MOTION_NOTIFY, 0, _int(argv[i]), _int(argv[i + 1])))
                i += 2
            elif cmd == "mousemove_relative":
                if argv[i] == "--":
                    i += 1
                events.append(Event(MOTION_NOTIFY, 1, _int(argv[i]), _int(argv[i + 1])))
                i += 2
            elif cmd in ("mousedown", "mouseup"):
                kind = BUTTON_PRESS if cmd == "mousedown" else BUTTON_RELEASE
                events.append(Event(kind, _int(argv[i])))
                i += 1
            elif cmd == "click":
                repeat, delay_ms = 1, 100  # xdotool's defaults
                while argv[i] in ("--repeat", "--delay"):
                    if argv[i] == "--repeat":
                        repeat = _int(argv[i + 1])
                    else:
                        delay_ms = _int(argv[i + 1])
                    i += 2
                button = _int(argv[i])
                i += 1
                for n in range(repeat):
                    if n:
                        events.append(_pause(delay_ms / 1000))
                    events += [Event(BUTTON_PRESS, button), Event(BUTTON_RELEASE, button)]
            elif cmd == "sleep":
                events.append(_pause(float(argv[i])))
                i += 1
            elif cmd == "key":
                delay_ms = _XDOTOOL_KEY_DELAY_MS
                if argv[i] == "--delay":
                    delay_ms = _int(argv[i + 1])
                    i += 2
                for n, chord in enumerate(argv[i:]):
                    codes = _keys(chord.split("+"), keymap, shift_code)
                    if codes is None:
                        return None
                    if n:
                        events.append(_pause(delay_ms / 2000))
                    events += _chord_events(codes, delay_ms / 2000)
                i = len(argv)
            elif cmd in ("keydown", "keyup"):
                codes = _keys(argv[i:], keymap, shift_code)
                if codes is None:
                    return None
                kind = KEY_PRESS if cmd == "keydown" else KEY_RELEASE
                for n, group in enumerate(codes):
                    if n:
                        events.append(_pause(_XDOTOOL_KEY_DELAY_MS / 1000))
                    ordered = group if kind == KEY_PRESS else list(reversed(group))
                    events += [Event(kind, c) for c in ordered]
                i = len(argv)
            else:
                return None  # type, or anything new: xdotool plays it
    except (IndexError, ValueError):
        return None
    return events


async def play(conn: XConnection, events: Sequence[Event]) -> None:
    """Send the events in order; before each pause, a round trip (the server has processed
    what came before); at the end, one more (an X error raises DesktopError)."""
    for event in events:
        if event.kind == 0:
            await conn.sync()
            await asyncio.sleep(event.pause_s)
        else:
            conn.fake_input(event.kind, event.detail, event.x, event.y)
    await conn.sync()

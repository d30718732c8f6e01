"""Typing characters the keyboard map lacks (é, ✓, 日本) reliably.

``xdotool type`` types such a character by binding it to a scratch keycode, sending the key
and restoring the keycode at once. GTK apps (LibreOffice, Chromium) read every pending event
before translating keys, so they often see the restore before the key and drop the character.
Instead, the desktop binds missing characters *permanently* (for the display's lifetime) to the
keycodes the keymap leaves empty, two per keycode (plain and shifted), before xdotool types:
xdotool then finds them on the keymap and never remaps. The 19 empty keycodes of Xvfb's
default map hold 38 characters; longer alphabets are typed in chunks, rebinding in between.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from cuagym.envs._desktop._proc import DesktopError, run_quiet

XMODMAP = "/usr/bin/xmodmap"
_ROW = re.compile(r"^\s*(\d+)\s*(.*)$")
_SYM = re.compile(r"0x([0-9a-fA-F]+)")


def char_keysym(char: str) -> int:
    """The X keysym of a character: Latin-1 is its own code, the rest 0x01000000 + code."""
    cp = ord(char)
    if 0x20 <= cp <= 0x7E or 0xA0 <= cp <= 0xFF:
        return cp
    return 0x01000000 + cp


def _needs_map(char: str) -> bool:
    return not (char.isascii() and (char.isprintable() or char in "\n\t"))


@dataclass
class Keymap:
    """The display's keymap as far as typing needs it (one per display)."""

    present: set[int] = field(default_factory=set)
    spare: list[int] = field(default_factory=list)  # keycodes we may bind, least recent first
    bound: dict[int, tuple[int, int]] = field(default_factory=dict)  # keycode -> 2 keysyms
    loaded: bool = False

    async def load(self, env: Mapping[str, str]) -> None:
        rc, out, err = await run_quiet([XMODMAP, "-pk"], env)
        if rc != 0:
            raise DesktopError(f"xmodmap -pk failed: {err.strip()}")
        for line in out.splitlines():
            row = _ROW.match(line)
            if row is None:
                continue
            syms = [int(s, 16) for s in _SYM.findall(row.group(2))]
            syms = [s for s in syms if s != 0]
            if syms:
                self.present.update(syms)
            else:
                self.spare.append(int(row.group(1)))
        self.loaded = True

    def chunks(self, text: str) -> list[str]:
        """Split ``text`` so that each piece's missing characters fit on the spare keycodes."""
        capacity = 2 * len(self.spare)
        pieces: list[str] = []
        current: list[str] = []
        missing: set[str] = set()
        for char in text:
            new = _needs_map(char) and char_keysym(char) not in self.present and char not in missing
            if new and len(missing) >= capacity:
                pieces.append("".join(current))
                current, missing = [], set()
            if new:
                missing.add(char)
            current.append(char)
        if current:
            pieces.append("".join(current))
        return pieces

    async def bind_for(self, text: str, env: Mapping[str, str]) -> bool:
        """Bind the characters of ``text`` missing from the keymap; True if any was bound."""
        if not any(_needs_map(c) for c in text):
            return False
        if not self.loaded:
            await self.load(env)
        wanted: list[int] = []
        for char in dict.fromkeys(text):
            sym = char_keysym(char)
            if _needs_map(char) and sym not in self.present and sym not in wanted:
                wanted.append(sym)
        if not wanted:
            return False
        if not self.spare:
            raise DesktopError("no spare keycode to type non-keyboard characters with")
        if len(wanted) > 2 * len(self.spare):
            raise DesktopError("too many distinct characters for one chunk (use chunks())")
        edits: list[str] = []
        while wanted:
            code = self.spare.pop(0)
            self.spare.append(code)  # least recently bound is reused first
            old = self.bound.pop(code, None)
            if old is not None:
                self.present.difference_update(old)
            pair = (wanted.pop(0), wanted.pop(0) if wanted else 0)
            pair = (pair[0], pair[1] or pair[0])
            self.bound[code] = pair
            self.present.update(pair)
            edits += ["-e", f"keycode {code} = 0x{pair[0]:x} 0x{pair[1]:x}"]
        rc, _out, err = await run_quiet([XMODMAP, *edits], env)
        if rc != 0:
            raise DesktopError(f"xmodmap failed: {err.strip()}")
        return True

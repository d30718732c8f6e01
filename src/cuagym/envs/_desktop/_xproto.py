"""A minimal X11 client on the display's socket: XTEST input and DAMAGE change notices.

Why a protocol client of our own, in pure Python:

* Input without a process per action. ``xdotool`` costs a fork/exec, an X connection and a
  keymap download per action (3-5 ms of CPU, more of wall time), and sleeps its ``--delay``
  after a chord's last key too. Here one connection per desktop sends XTEST ``FakeInput``
  requests, and the desktop decides the pauses (see ``_xtest.py``).
* Screen changes as events. A DAMAGE object on the root window reports each time drawing
  makes the screen non-empty-damaged, so the settle wait (``Desktop.wait_rendered``) learns of
  a change when it happens, instead of finding it up to one polling interval later, and
  captures the screen only when something was drawn.
* No Xlib: Xlib's default I/O error handler exits the process when a server goes away, and
  its error handler is process-global; python-xlib is not a dependency. The few requests we
  need (QueryExtension, GetKeyboardMapping, GetInputFocus, XTEST FakeInput, DAMAGE
  QueryVersion/Create/Subtract) are a few struct layouts; errors come back as exceptions.

The connection uses the display's abstract socket (as Xlib and XCB do; its filesystem socket
where the abstract one is out of reach) with no authorization: the server lets our uid in
through its ``localuser`` entry (``_display.py``). Not thread-safe: one desktop, one event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import functools
import struct
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cuagym.envs._desktop._proc import DesktopError

# X protocol constants (X11 protocol, XTEST 2.2 and DAMAGE 1.1 specifications).
KEY_PRESS, KEY_RELEASE, BUTTON_PRESS, BUTTON_RELEASE, MOTION_NOTIFY = 2, 3, 4, 5, 6
_MAPPING_NOTIFY = 34
_GENERIC_EVENT = 35
_QUERY_EXTENSION, _GET_INPUT_FOCUS, _GET_KEYBOARD_MAPPING = 98, 43, 101
_XTEST_FAKE_INPUT = 2
_DAMAGE_QUERY_VERSION, _DAMAGE_CREATE, _DAMAGE_SUBTRACT = 0, 1, 3
_DAMAGE_REPORT_NON_EMPTY = 3  # one event each time the damage goes from empty to non-empty
_CONNECT_TIMEOUT_S = 5.0
_REPLY_TIMEOUT_S = 5.0


def _pad(n: int) -> int:
    return (4 - n % 4) % 4


@dataclass
class Keymap:
    """The core keyboard mapping: keysym -> (keycode, needs shift), as xdotool finds keys:
    lowest keycode first, its unshifted then its shifted keysym (the first group only)."""

    first: int
    per_keycode: int
    syms: list[int]
    lookup: dict[int, tuple[int, bool]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for index in range(len(self.syms) // max(1, self.per_keycode)):
            row = self.syms[index * self.per_keycode : (index + 1) * self.per_keycode]
            for level, sym in enumerate(row[:2]):
                if sym != 0 and sym not in self.lookup:
                    self.lookup[sym] = (self.first + index, level == 1)

    def find(self, keysym: int) -> tuple[int, bool] | None:
        return self.lookup.get(keysym)


class XConnection:
    """One client connection to display ``:N`` (see the module docstring)."""

    def __init__(self, number: int) -> None:
        self.number = number
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None
        self._seq = 0  # sequence number of the last request sent (16 bits on the wire)
        self._replies: dict[int, asyncio.Future[bytes]] = {}
        self._errors: list[tuple[int, int, int]] = []  # (sequence, code, major opcode)
        self._closed_why: str | None = None
        self.root = 0
        self._id_base = self._id_mask = 0
        self._next_id = 1
        self._min_keycode = self._max_keycode = 0
        self._xtest: int | None = None
        self._damage_opcode: int | None = None
        self._damage_event = -1
        self._damage_id = 0
        self._keymap: Keymap | None = None
        self._keymap_stale = False
        #: set when the screen was drawn on since the last ``clear_damage``
        self.damaged = asyncio.Event()

    # -- lifecycle -----------------------------------------------------------------------------
    async def open(self) -> None:
        try:
            try:
                self._reader, self._writer = await asyncio.wait_for(
                    asyncio.open_unix_connection(f"\0/tmp/.X11-unix/X{self.number}"),
                    _CONNECT_TIMEOUT_S,
                )
            except ConnectionRefusedError:
                # Not in the server's network namespace: its filesystem socket, as Xlib does.
                self._reader, self._writer = await asyncio.wait_for(
                    asyncio.open_unix_connection(f"/tmp/.X11-unix/X{self.number}"),
                    _CONNECT_TIMEOUT_S,
                )
            await asyncio.wait_for(self._setup(), _CONNECT_TIMEOUT_S)
        except (OSError, TimeoutError, asyncio.IncompleteReadError) as exc:
            await self.close()
            raise DesktopError(f"cannot connect to display :{self.number}: {exc}") from None
        self._task = asyncio.ensure_future(self._read_loop())
        try:
            xtest = await self._query_extension(b"XTEST")
            self._xtest = xtest[0] if xtest is not None else None
            damage = await self._query_extension(b"DAMAGE")
            if damage is not None:
                self._damage_opcode, self._damage_event = damage
                # The version must be agreed before any other DAMAGE request.
                await self._request(
                    struct.pack("<BBHII", self._damage_opcode, _DAMAGE_QUERY_VERSION, 3, 1, 1),
                    reply=True,
                )
                self._damage_id = self._new_id()
                create = (self._damage_opcode, _DAMAGE_CREATE, 4, self._damage_id, self.root)
                self._send(struct.pack("<BBHIIB3x", *create, _DAMAGE_REPORT_NON_EMPTY))
            await self.sync()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError, ConnectionError):
                await writer.wait_closed()
        self._closed_why = self._closed_why or "closed"
        for future in self._replies.values():
            if not future.done():
                future.set_exception(DesktopError(f"display :{self.number}: connection closed"))
        self._replies.clear()

    @property
    def has_xtest(self) -> bool:
        return self._xtest is not None

    @property
    def has_damage(self) -> bool:
        return self._damage_opcode is not None

    # -- requests ------------------------------------------------------------------------------
    def _send(self, data: bytes) -> int:
        if self._writer is None or self._closed_why is not None:
            raise DesktopError(f"display :{self.number}: {self._closed_why or 'not connected'}")
        self._writer.write(data)
        self._seq += 1
        return self._seq

    async def _request(self, data: bytes, *, reply: bool) -> bytes:
        seq = self._send(data)
        if not reply:
            return b""
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._replies[seq & 0xFFFF] = future
        try:
            return await asyncio.wait_for(future, _REPLY_TIMEOUT_S)
        except TimeoutError:
            raise DesktopError(f"display :{self.number} did not answer") from None
        finally:
            self._replies.pop(seq & 0xFFFF, None)

    async def sync(self) -> None:
        """A round trip: every request sent before has been processed; raises DesktopError
        if one of them failed."""
        await self._request(struct.pack("<BxH", _GET_INPUT_FOCUS, 1), reply=True)
        failed, self._errors = self._errors, []
        if failed:
            _seq, code, major = failed[0]
            raise DesktopError(f"display :{self.number}: X error {code} (request {major})")

    def _new_id(self) -> int:
        shift = (self._id_mask & -self._id_mask).bit_length() - 1
        xid = self._id_base | ((self._next_id << shift) & self._id_mask)
        self._next_id += 1
        return xid

    async def _query_extension(self, name: bytes) -> tuple[int, int] | None:
        """(major opcode, first event code) of an extension, None if the server lacks it."""
        length = 2 + (len(name) + _pad(len(name))) // 4
        data = struct.pack("<BxHH2x", _QUERY_EXTENSION, length, len(name))
        reply = await self._request(data + name + b"\0" * _pad(len(name)), reply=True)
        present, major, first_event = reply[8], reply[9], reply[10]
        if not present:
            return None
        return major, first_event

    # -- input (XTEST) -------------------------------------------------------------------------
    def fake_input(self, kind: int, detail: int, x: int = 0, y: int = 0) -> None:
        """Send one XTEST event: a key (keycode) or button press/release, or a pointer motion
        (``detail`` 0: to x, y on the root; 1: by x, y). ``sync`` waits until it is processed."""
        if self._xtest is None:
            raise DesktopError(f"display :{self.number} has no XTEST extension")
        root = self.root if kind == MOTION_NOTIFY and detail == 0 else 0
        # type, detail, pad, time (0: now), root, 2 pads, rootX, rootY, 3 pads, device id
        event = (kind, detail, 0, 0, root, 0, 0, x, y, 0, 0, 0, 0)
        self._send(struct.pack("<BBHBBHIIIIhhIHBB", self._xtest, _XTEST_FAKE_INPUT, 9, *event))

    async def keymap(self) -> Keymap:
        """The core keyboard mapping (downloaded again after a MappingNotify)."""
        if self._keymap is None or self._keymap_stale:
            self._keymap_stale = False
            count = self._max_keycode - self._min_keycode + 1
            data = struct.pack("<BxHBB2x", _GET_KEYBOARD_MAPPING, 2, self._min_keycode, count)
            reply = await self._request(data, reply=True)
            per = reply[1]
            n = struct.unpack_from("<I", reply, 4)[0]
            syms = list(struct.unpack_from(f"<{n}I", reply, 32))
            self._keymap = Keymap(self._min_keycode, per, syms)
        return self._keymap

    # -- screen changes (DAMAGE) ---------------------------------------------------------------
    async def clear_damage(self) -> None:
        """Forget the damage so far (the next drawing raises ``damaged`` again), and make sure
        the server has done so before this returns: a capture taken after it shows every
        drawing that no later ``damaged`` reports."""
        if self._damage_opcode is None:
            return
        self.damaged.clear()
        self._send(
            struct.pack("<BBHIII", self._damage_opcode, _DAMAGE_SUBTRACT, 4, self._damage_id, 0, 0)
        )
        await self.sync()

    # -- the server's side ---------------------------------------------------------------------
    async def _setup(self) -> None:
        assert self._reader is not None and self._writer is not None
        self._writer.write(struct.pack("<BxHHHH2x", 0x6C, 11, 0, 0, 0))  # "l": little endian
        head = await self._reader.readexactly(8)
        status, extra = head[0], struct.unpack_from("<H", head, 6)[0]
        body = await self._reader.readexactly(4 * extra)
        if status != 1:
            reason = body[: head[1]].decode(errors="replace") if status == 0 else "auth needed"
            raise OSError(f"connection refused: {reason.strip()}")
        self._id_base, self._id_mask = struct.unpack_from("<II", body, 4)
        vendor_len = struct.unpack_from("<H", body, 16)[0]
        formats = body[21]
        self._min_keycode, self._max_keycode = body[26], body[27]
        screens = 32 + vendor_len + _pad(vendor_len) + 8 * formats
        self.root = struct.unpack_from("<I", body, screens)[0]

    async def _read_loop(self) -> None:
        assert self._reader is not None
        try:
            while True:
                packet = await self._reader.readexactly(32)
                kind = packet[0]
                if kind == 1 or (kind & 0x7F) == _GENERIC_EVENT:
                    extra = struct.unpack_from("<I", packet, 4)[0]
                    if extra:
                        packet += await self._reader.readexactly(4 * extra)
                self._dispatch(packet)
        except (asyncio.IncompleteReadError, OSError) as exc:
            self._closed_why = f"connection lost ({type(exc).__name__})"
            for future in self._replies.values():
                if not future.done():
                    future.set_exception(DesktopError(f"display :{self.number}: connection lost"))

    def _dispatch(self, packet: bytes) -> None:
        kind = packet[0]
        seq = struct.unpack_from("<H", packet, 2)[0]
        if kind == 1:
            future = self._replies.get(seq)
            if future is not None and not future.done():
                future.set_result(packet)
        elif kind == 0:
            code, major = packet[1], packet[10]
            future = self._replies.get(seq)
            if future is not None and not future.done():
                future.set_exception(DesktopError(f"X error {code} (request {major})"))
            else:
                self._errors.append((seq, code, major))
        elif (kind & 0x7F) == self._damage_event:
            self.damaged.set()
        elif (kind & 0x7F) == _MAPPING_NOTIFY:
            self._keymap_stale = True


def keysym_of(names: Iterable[str]) -> list[int] | None:
    """X keysyms of keysym names (``Return``, ``a``, ``U20AC``), by libX11's own table (as
    xdotool resolves them); None when a name is unknown or libX11 is missing."""
    lib = _libx11()
    if lib is None:
        return None
    out: list[int] = []
    for name in names:
        sym = int(lib.XStringToKeysym(name.encode()))
        if sym == 0:
            return None
        out.append(sym)
    return out


@functools.cache
def _libx11() -> Any:
    """libX11 for ``XStringToKeysym`` only: a table lookup that opens no connection."""
    path = ctypes.util.find_library("X11")
    if path is None:
        return None
    lib = ctypes.CDLL(path)
    lib.XStringToKeysym.argtypes = [ctypes.c_char_p]
    lib.XStringToKeysym.restype = ctypes.c_ulong
    return lib

"""The desktop's own X connection on a real Xvfb: XTEST input, DAMAGE notices, errors, and the
settle wait built on them."""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path

import pytest

from cuagym.envs._desktop import Desktop, DesktopError
from cuagym.envs._desktop._proc import run_quiet
from cuagym.envs._desktop._xproto import MOTION_NOTIFY, XConnection, keysym_of

from .conftest import needs_gui, needs_root

pytestmark = [pytest.mark.gui, needs_gui, needs_root]


async def _root_colour(desktop: Desktop, colour: str) -> None:
    rc, _out, err = await run_quiet(["xsetroot", "-solid", colour], desktop._display().host_env())
    assert rc == 0, err


async def _pointer(desktop: Desktop) -> str:
    argv = ["/usr/bin/xdotool", "getmouselocation"]
    _rc, out, _err = await run_quiet(argv, desktop._display().host_env())
    return " ".join(out.split()[:2])


async def test_xtest_moves_the_pointer_and_the_keymap_is_the_servers(home: Path) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        x = desktop._x
        assert x is not None and x.has_xtest and x.has_damage
        x.fake_input(MOTION_NOTIFY, 0, 321, 222)
        await x.sync()
        assert await _pointer(desktop) == "x:321 y:222"
        x.fake_input(MOTION_NOTIFY, 1, 10, -20)  # relative
        await x.sync()
        assert await _pointer(desktop) == "x:331 y:202"
        # Through act: the same place xdotool would have put it.
        await desktop.act({"action": "mouse_move", "coordinate": [640, 400]})
        assert await _pointer(desktop) == "x:640 y:400"
        keymap = await x.keymap()
        (down, capital_a) = keysym_of(["Down", "A"]) or []
        assert keymap.find(down) == (116, False)
        assert keymap.find(capital_a) == (38, True)


async def test_damage_reports_drawing_and_only_drawing(home: Path) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        x = desktop._x
        assert x is not None
        await x.clear_damage()
        await _root_colour(desktop, "#c03020")
        await asyncio.wait_for(x.damaged.wait(), 5)
        await x.clear_damage()
        # Nothing drawn: no notice (a pointer motion draws nothing on the captured screen).
        await desktop.act({"action": "mouse_move", "coordinate": [10, 10]})
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(x.damaged.wait(), 0.3)
        await _root_colour(desktop, "#2030c0")
        await asyncio.wait_for(x.damaged.wait(), 5)


async def test_an_x_error_and_a_gone_server_raise(home: Path) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        x = desktop._x
        assert x is not None
        x.fake_input(2, 3)  # a key press of keycode 3: below the server's minimum, BadValue
        with pytest.raises(DesktopError, match="X error 2"):
            await x.sync()
        await x.sync()  # the error was reported once; the connection still works
        number = desktop._display().number
        assert number is not None
        other = XConnection(number)
        await other.open()
        await desktop._display().stop()  # the server goes away under a live connection
        with pytest.raises(DesktopError):
            for _ in range(50):
                other.fake_input(MOTION_NOTIFY, 0, 1, 1)
                await other.sync()
        await other.close()
    # No server: a number no Xvfb holds (the stopped one's number may already be another
    # test's new display, since Xvfb -displayfd takes the lowest free number).
    free = next(n for n in range(900, 1000) if not Path(f"/tmp/.X{n}-lock").exists())
    with pytest.raises(DesktopError, match="cannot connect"):
        await XConnection(free).open()


async def _paint_root(x: XConnection, pixel: int) -> None:
    """Another client paints the root window (as xsetroot does: ChangeWindowAttributes with a
    background pixel, then ClearArea of the whole window); landed when this returns."""
    x._send(struct.pack("<BxHIII", 2, 4, x.root, 0x2, pixel))
    x._send(struct.pack("<BBHIhhHH", 61, 0, 4, x.root, 0, 0, 0, 0))
    await x.sync()


@pytest.mark.parametrize("damage", [True, False], ids=["damage", "polling"])
async def test_the_settle_wait_keeps_the_quiet_period(home: Path, damage: bool) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        loop = asyncio.get_running_loop()
        assert desktop._x is not None
        if not damage:  # a server without DAMAGE: the wait polls
            desktop._x._damage_opcode = None
        painter = XConnection(desktop._display().number or 0)
        await painter.open()
        await desktop.wait_rendered(stable_s=0.1, timeout=10)
        landed: list[tuple[float, float, int]] = []  # (sent, done, pixel) of each change

        async def flicker() -> None:
            for i in range(40):  # every paint a colour of its own: no A-B-A to miss
                sent = loop.time()
                pixel = 0x102030 + 0x040404 * i
                await _paint_root(painter, pixel)
                landed.append((sent, loop.time(), pixel))
                await asyncio.sleep(0.02)

        task = asyncio.ensure_future(flicker())
        await asyncio.sleep(0.05)
        desktop._settled = None  # the screen changes behind the desktop's back
        frame = await desktop.wait_rendered(stable_s=0.05, timeout=10)
        returned = loop.time()
        await task
        await painter.close()
        # Changes every 20 ms (more under load): the wait ends only in a gap of at least
        # 50 ms (the flicker's end on a quiet machine). What it returned is one paint's colour,
        # sent at least 50 ms before the wait ended ...
        shown = int.from_bytes(frame.bgra[:3], "little")
        (index,) = [i for i, c in enumerate(landed) if c[2] == shown]
        assert returned - landed[index][0] >= 0.05
        # ... and no later paint had surely landed (done) 50 ms before that.
        assert not [c for c in landed[index + 1 :] if c[1] <= returned - 0.05]

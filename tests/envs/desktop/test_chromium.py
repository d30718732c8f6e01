"""Real Chromium: every pointer and keyboard primitive produces its DOM event."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from cuagym.envs._desktop import Desktop

from .conftest import EventPage, needs_chromium, needs_gui, needs_root, save_shot

pytestmark = [pytest.mark.gui, needs_gui, needs_chromium, needs_root]


async def test_pointer_keyboard_and_wheel(home: Path, event_page: EventPage) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        app = await desktop.open("chromium", event_page.url)
        assert app.window is not None
        assert "cuagym events" in await desktop.window_name(app.window)
        load = await asyncio.to_thread(event_page.wait_for, type="load")
        # outer - inner size: the page's origin on the screen, to a pixel or two (borders).
        left, top = load["left"], load["top"]

        async def expect(**match: object) -> dict[str, Any]:
            return await asyncio.to_thread(event_page.wait_for, **match)

        await desktop.act({"action": "left_click", "coordinate": [left + 250, top + 200]})
        click = await expect(type="click", button=0, detail=1)
        assert abs(click["x"] - 250) <= 2 and abs(click["y"] - 200) <= 2
        # Exact from now on: the click's screen minus page coordinates.
        left, top = click["sx"] - click["x"], click["sy"] - click["y"]

        def at(x: int, y: int) -> list[int]:
            return [left + x, top + y]

        pad = at(250, 200)
        await desktop.act({"action": "double_click", "coordinate": pad})
        await expect(type="dblclick")
        await desktop.act({"action": "triple_click", "coordinate": pad})
        await expect(type="click", detail=3)
        await desktop.act({"action": "right_click", "coordinate": pad})
        await expect(type="contextmenu", button=2)
        await desktop.act({"action": "middle_click", "coordinate": pad})
        await expect(type="auxclick", button=1)

        event_page.clear()
        await desktop.act(
            {
                "action": "left_click_drag",
                "start_coordinate": at(120, 120),
                "coordinate": at(700, 500),
            }
        )
        await expect(type="mousedown", x=120, y=120)
        await expect(type="dragend", x=700, y=500)

        await desktop.act({"action": "left_mouse_down", "coordinate": at(150, 150)})
        await desktop.act({"action": "left_mouse_up", "coordinate": at(160, 160)})
        await expect(type="mouseup", x=160, y=160)

        await desktop.act({"action": "scroll", "coordinate": at(600, 400), "pixels": -100})
        await expect(type="wheel", dy=1)  # pixels < 0: down
        await desktop.act({"action": "scroll", "coordinate": at(600, 400), "pixels": 100})
        await expect(type="wheel", dy=-1)
        await desktop.act({"action": "hscroll", "coordinate": at(600, 400), "pixels": 100})
        await expect(type="wheel", dx=1)  # pixels > 0: right
        await desktop.act({"action": "hscroll", "coordinate": at(600, 400), "pixels": -100})
        await expect(type="wheel", dx=-1)

        # Keyboard: focus the field (scroll back first: the wheel moved the page).
        await desktop.act({"action": "key", "keys": ["ctrl", "home"]})
        await desktop.wait_rendered(stable_s=0.2)
        await desktop.act({"action": "left_click", "coordinate": at(650, 112)})
        await desktop.act({"action": "type", "text": "héllo ✓ 日本 -x"})
        await expect(type="input", value="héllo ✓ 日本 -x")
        await desktop.act({"action": "key", "keys": ["ctrl", "a"]})
        await expect(type="keydown", key="a", ctrl=True)
        await desktop.act({"action": "key", "keys": ["backspace"]})
        await expect(type="input", value="")
        await desktop.act({"action": "key_down", "keys": ["shift"]})
        await desktop.act({"action": "key", "keys": ["q"]})
        await desktop.act({"action": "key_up", "keys": ["shift"]})
        await desktop.act({"action": "key", "keys": ["q"]})
        await expect(type="input", value="Qq")
        await desktop.act({"action": "key", "keys": ["alt", "shift", "z"]})
        await expect(type="keydown", key="Z", alt=True, shift=True)
        save_shot("chromium-events", await desktop.screenshot())


async def test_the_page_read_is_the_one_in_the_focused_window(
    home: Path, event_page: EventPage
) -> None:
    """Two browser windows (a task on two web apps): the DevTools view follows the focus,
    which the window manager's alt+tab moves, not the order the windows were opened in."""
    async with Desktop(home=home, uid=1000) as desktop:
        await desktop.open("chromium", event_page.url + "?first")
        await desktop.open("chromium", event_page.url + "?second")
        assert (await desktop.page_url()).endswith("?second")
        await desktop.act({"action": "key", "keys": ["alt", "tab"]})
        seen = ""
        for _ in range(100):
            seen = await desktop.page_url()
            if seen.endswith("?first"):
                break
            await asyncio.sleep(0.05)
        assert seen.endswith("?first"), seen
        await desktop.act({"action": "key", "keys": ["alt", "tab"]})
        for _ in range(100):
            seen = await desktop.page_url()
            if seen.endswith("?second"):
                break
            await asyncio.sleep(0.05)
        assert seen.endswith("?second"), seen

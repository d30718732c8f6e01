"""Real Xvfb + real LibreOffice Calc: the window shows the file, typing and saving reach it."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

import openpyxl
import pytest

from cuagym.envs._desktop import Desktop, DesktopError

from .conftest import needs_gui, needs_office, needs_root, save_shot

pytestmark = [pytest.mark.gui, needs_gui, needs_office, needs_root]


async def wait_active(desktop: Desktop, part: str, timeout: float = 10.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        name = await desktop.active_window_name()
        if part in name:
            return name
        await asyncio.sleep(0.05)
    raise AssertionError(f"no active window named *{part}*; last: {name!r}")


async def wait_saved(path: Path, since: float, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.stat().st_mtime > since:
            await asyncio.sleep(0.3)  # LibreOffice writes in several steps
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{path.name} was not saved")


async def test_calc_opens_the_file_and_renders(home: Path) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        app = await desktop.open("calc", "budget.xlsx")
        assert app.window is not None
        assert await desktop.window_name(app.window) == "budget.xlsx - LibreOffice Calc"
        png = await desktop.screenshot()
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        save_shot("calc-open", png)
        frame = desktop.frame()
        assert (frame.width, frame.height) == (1280, 800)
        # The grid area holds gridlines and the file's text: many colours, not a blank window.
        assert frame.colors((0, 150, 1280, 700)) > 20
        # The toolbar is painted too (the readiness criterion).
        assert frame.colors((0, 0, 1280, 100)) > 150


async def test_type_into_a_cell_and_save_as_xlsx(home: Path) -> None:
    doc = home / "budget.xlsx"
    async with Desktop(home=home, uid=1000) as desktop:
        await desktop.open("calc", "budget.xlsx")
        # As the rollout loop does between the calls of one answer: let each key's effect be
        # drawn before the next (LibreOffice dispatches ctrl+home asynchronously, and under
        # load a key sent before its effect landed can apply first).
        for keys in (["ctrl", "home"], ["right"], ["right"]):  # C1
            await desktop.act({"action": "key", "keys": keys})
            with contextlib.suppress(DesktopError):
                await desktop.wait_rendered(stable_s=0.05, timeout=1.0)
        await desktop.act({"action": "type", "text": "42\nNaïve ✓\n"})  # C1, C2
        before = doc.stat().st_mtime
        await desktop.act({"action": "key", "keys": ["ctrl", "s"]})
        # OSWorld's LibreOffice asks whether to keep the xlsx format; its default is "keep".
        await wait_active(desktop, "Confirm File Format")
        save_shot("calc-keep-format", await desktop.screenshot())
        await desktop.act({"action": "key", "keys": ["enter"]})
        await wait_saved(doc, before)
        assert (home / ".~lock.budget.xlsx#").exists()  # LibreOffice holds the document
        save_shot("calc-saved", await desktop.screenshot())
    assert not (home / ".~lock.budget.xlsx#").exists()  # cleaned when the app was killed
    sheet = openpyxl.load_workbook(doc)["Data"]
    assert sheet["C1"].value == 42
    assert sheet["C2"].value == "Naïve ✓"  # autocorrect on, as in OSWorld
    assert sheet["B5"].value == 50

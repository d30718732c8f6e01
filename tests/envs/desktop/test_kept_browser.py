"""The desktop's kept Chromium: one browser across episodes, nothing of one window in the next.

Each browser window opens in a browser context of its own; closing every window (what a
restore does) disposes them. These tests drive a real Chromium on a real display.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from cuagym.envs._desktop import Desktop, DesktopConfig
from cuagym.envs._desktop._devtools import evaluate

from .conftest import EventPage, needs_chromium, needs_gui, needs_root

pytestmark = [pytest.mark.gui, needs_gui, needs_chromium, needs_root]

# Everything a page can leave for a later visit of its origin, read in one go.
_READ = """JSON.stringify({cookie: document.cookie, local: localStorage.getItem("episode"),
session: sessionStorage.getItem("episode")})"""
_WRITE = """(() => { document.cookie = "episode=one; max-age=3600; path=/";
localStorage.setItem("episode", "one"); sessionStorage.setItem("episode", "one");
return document.cookie; })()"""


async def _page(desktop: Desktop, expression: str) -> str:
    app = desktop.apps[-1]
    assert app.page is not None and desktop._browser_host is not None
    return str(await evaluate(desktop._browser_host.port, expression, target_id=app.page.target_id))


async def _shown(desktop: Desktop) -> list[int]:
    return await desktop._windows("chromium")


async def _until_shown(desktop: Desktop, count: int, timeout: float = 15.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while len(await _shown(desktop)) < count:
        assert loop.time() < deadline, f"fewer than {count} browser windows"
        await asyncio.sleep(0.05)
    assert len(await _shown(desktop)) == count


async def test_a_later_episode_sees_no_cookie_or_storage_of_an_earlier_one(
    home: Path, event_page: EventPage
) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        await desktop.open("chromium", event_page.url)
        browser = desktop._browser_host
        assert browser is not None
        assert await _page(desktop, _WRITE) == "episode=one"
        written = await _page(desktop, _READ)
        assert '"local":"one"' in written and '"cookie":"episode=one"' in written
        await desktop.close_apps(discard=True)  # what a restore does
        await desktop.open("chromium", event_page.url)
        # The same browser process (the test tests the kept path), a clean origin.
        assert desktop._browser_host is browser and browser.running
        assert await _page(desktop, _READ) == '{"cookie":"","local":null,"session":null}'


async def test_after_a_reset_the_new_window_is_the_only_one(
    home: Path, event_page: EventPage
) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        first = await desktop.open("chromium", event_page.url)
        # The agent opens more: a window of the same context, then an Incognito window (each
        # chord once the window before has come up: keys sent while the focus moves are lost).
        for count, keys in ((2, ["ctrl", "n"]), (3, ["ctrl", "shift", "n"])):
            await desktop.act({"action": "key", "keys": keys})
            await _until_shown(desktop, count)
        await desktop.close_apps(discard=True)
        assert await _shown(desktop) == []
        second = await desktop.open("chromium", event_page.url + "&again")
        assert await _shown(desktop) == [second.window] != [first.window]
        assert second.proc is first.proc  # still the kept browser
        assert await desktop.page_url() == event_page.url + "&again"


#: How far two screenshots of the same start screen may differ: anti-aliasing noise only.
#: Under load, the browser frame's rounded top-right toolbar corner (a few pixels at about
#: (1272..1276, 40..41) on a 1280-wide screen) is sometimes anti-aliased a level or two
#: differently (seen: 1 run in 8, 10 channel values off by at most 2): the frame is drawn in
#: a different order relative to the window's mapping, which timing decides. A real difference
#: (a first-run bubble, an infobar, another page, zoom or scroll) changes hundreds of pixels or
#: changes them by far more.
_AA_LEVELS = 8
_AA_PIXELS = 64


def _differences(first: bytes, second: bytes) -> tuple[int, int]:
    """(pixels that differ, the largest channel difference) of two same-size PNGs."""
    import io

    from PIL import Image, ImageChops

    a = Image.open(io.BytesIO(first)).convert("RGB")
    b = Image.open(io.BytesIO(second)).convert("RGB")
    assert a.size == b.size
    diff = ImageChops.difference(a, b)
    worst = max(high for _low, high in diff.getextrema())  # type: ignore[misc]
    changed = sum(1 for pixel in diff.convert("L").getdata() if pixel)
    return changed, worst


def test_the_tolerance_tells_noise_from_a_difference() -> None:
    import io

    from PIL import Image, ImageDraw

    def png(draw: bool, noise: bool) -> bytes:
        image = Image.new("RGB", (1280, 800), "white")
        if noise:  # the corner seen flaking: a level or two off
            image.putpixel((1273, 40), (253, 254, 255))
        if draw:  # a bubble's worth of pixels
            ImageDraw.Draw(image).rectangle((900, 60, 1200, 140), fill=(240, 240, 240))
        out = io.BytesIO()
        image.save(out, "PNG")
        return out.getvalue()

    changed, worst = _differences(png(False, False), png(False, True))
    assert changed <= _AA_PIXELS and worst <= _AA_LEVELS
    changed, worst = _differences(png(False, False), png(True, False))
    assert changed > _AA_PIXELS


async def test_the_first_window_and_a_later_one_look_the_same(
    home: Path, event_page: EventPage
) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        shots = []
        for _ in range(2):
            await desktop.open("chromium", event_page.url)
            await desktop.wait_rendered(stable_s=0.3)
            shots.append(await desktop.screenshot())
            await desktop.close_apps(discard=True)
        changed, worst = _differences(shots[0], shots[1])
        assert changed <= _AA_PIXELS and worst <= _AA_LEVELS, (changed, worst)


async def test_a_dead_browser_is_replaced_by_the_next_open(
    home: Path, event_page: EventPage
) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        first = await desktop.open("chromium", event_page.url)
        os.killpg(first.proc.pid, 9)
        await first.proc.process.wait()
        await desktop.close_apps(discard=True)
        second = await desktop.open("chromium", event_page.url)
        assert second.proc is not first.proc and second.proc.running
        assert await _shown(desktop) == [second.window]


async def test_a_process_per_window_when_not_kept(home: Path, event_page: EventPage) -> None:
    config = DesktopConfig(keep_browser=False)
    async with Desktop(home=home, uid=1000, config=config) as desktop:
        first = await desktop.open("chromium", event_page.url)
        second = await desktop.open("chromium", event_page.url)
        assert first.page is None and first.proc is not second.proc
        assert len(await _shown(desktop)) == 2
        await desktop.close_apps(discard=True)
        assert not first.running and not second.running


# A page that keeps drawing for ~1.2 s (a new colour every 100 ms, as a page loading in
# stages does), then settles on red: the window counts as rendered only once it has.
_STAGED = (
    "data:text/html,<title>staged</title><body style='margin:0'><script>"
    "let n = 0; const t = setInterval(() => { n += 1; document.body.style.background ="
    " n < 12 ? `rgb(0,${n * 20},255)` : 'rgb(255,0,0)'; if (n >= 12) clearInterval(t);"
    " }, 100);</script></body>"
)


async def test_a_warm_window_is_awaited_until_its_page_has_drawn(
    home: Path, event_page: EventPage
) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        await desktop.open("chromium", event_page.url)  # the browser is warm from now on
        await desktop.close_apps(discard=True)
        await desktop.open("chromium", _STAGED)
        frame = desktop.frame()
        # The middle of the page, well below the toolbars: BGRA of the final red.
        offset = ((frame.height // 2) * frame.width + frame.width // 2) * 4
        assert frame.bgra[offset : offset + 3] == b"\x00\x00\xff"


async def test_a_bookmark_of_one_episode_is_not_in_the_next(
    home: Path, event_page: EventPage
) -> None:
    """A bookmark is saved to the browser's own profile, which every context shares: once it
    is on disk, the reset restarts the browser (a bookmark of the last ~2.5 s is not caught,
    see _browser)."""
    async with Desktop(home=home, uid=1000) as desktop:
        first = await desktop.open("chromium", event_page.url)
        host = desktop._browser_host
        assert host is not None and not host.profile_changed()
        await desktop.act({"action": "key", "keys": ["ctrl", "d"]})  # bookmark this page
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 20
        while not host.profile_changed():  # Chromium saves bookmarks a few seconds later
            assert loop.time() < deadline, "chromium never saved the bookmark"
            await asyncio.sleep(0.2)
        await desktop.close_apps(discard=True)
        second = await desktop.open("chromium", event_page.url)
        assert second.proc is not first.proc  # a fresh browser, without the bookmark
        assert desktop._browser_host is not None
        assert not desktop._browser_host.profile_changed()


async def test_plain_episodes_keep_the_browser(home: Path, event_page: EventPage) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        first = await desktop.open("chromium", event_page.url)
        for _ in range(3):
            await asyncio.sleep(1.0)  # longer than Chromium's delay before it saves a profile
            await desktop.close_apps(discard=True)
            again = await desktop.open("chromium", event_page.url)
            assert again.proc is first.proc

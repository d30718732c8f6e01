"""A closed desktop leaves nothing behind; only its own clients may connect."""

from __future__ import annotations

import asyncio
import os
import subprocess
from pathlib import Path

import pytest

from cuagym.envs._desktop import Desktop, DesktopConfig

from .conftest import needs_chromium, needs_gui, needs_office, needs_root, save_shot

pytestmark = [pytest.mark.gui, needs_gui, needs_root]


def session_members(pids: list[int]) -> list[str]:
    """Live processes (not zombies) in the sessions the reapers started."""
    out = subprocess.run(["ps", "-eo", "pid,sid,stat,args"], capture_output=True, text=True)
    found = []
    for line in out.stdout.splitlines()[1:]:
        pid, sid, stat, *args = line.split(maxsplit=3)
        if int(sid) in pids and not stat.startswith("Z"):
            found.append(f"{pid} {args}")
    return found


@needs_office
@needs_chromium
async def test_close_leaves_no_process_lock_or_socket(home: Path) -> None:
    desktop = Desktop(home=home, uid=1000, config=DesktopConfig(window_manager="matchbox"))
    await desktop.start()
    assert desktop.display is not None and desktop.runtime_dir is not None
    number = desktop.display.number
    runtime = desktop.runtime_dir
    assert Path(f"/tmp/.X11-unix/X{number}").exists()
    await desktop.open("calc", "budget.xlsx")
    await desktop.open("chromium", "about:blank")
    save_shot("two-apps", await desktop.screenshot())
    sessions = [app.proc.pid for app in desktop.apps]
    assert session_members(sessions)  # soffice.bin, chromium and its helpers
    await desktop.close()
    assert session_members(sessions) == []
    assert not Path(f"/tmp/.X11-unix/X{number}").exists()
    assert not Path(f"/tmp/.X{number}-lock").exists()
    assert not runtime.exists()
    assert not list(home.glob(".~lock.*"))
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert f":{number} " not in ps and str(runtime) not in ps


async def test_concurrent_displays_get_distinct_numbers(home: Path) -> None:
    desktops = [Desktop(home=home, uid=1000) for _ in range(4)]
    try:
        await asyncio.gather(*(d.start() for d in desktops))
        names = [d.display.name for d in desktops if d.display is not None]
        assert len(set(names)) == 4
    finally:
        await asyncio.gather(*(d.close() for d in desktops))


async def test_display_refuses_clients_without_the_cookie(home: Path) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        assert desktop.display is not None
        drop = ["setpriv", "--reuid=1000", "--regid=1000", "--clear-groups"]
        base = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent"}
        without = {**base, "DISPLAY": desktop.display.name}
        refused = subprocess.run([*drop, "xdpyinfo"], env=without, capture_output=True)
        assert refused.returncode != 0
        with_cookie = {**base, **desktop.display.client_env()}
        allowed = subprocess.run([*drop, "xdpyinfo"], env=with_cookie, capture_output=True)
        assert allowed.returncode == 0
        # The cookie file is the app uid's alone.
        stat = desktop.display.xauthority.stat()
        assert (stat.st_uid, stat.st_mode & 0o777) == (1000, 0o600)


async def test_a_dead_app_takes_its_helpers_along(home: Path) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        app = (
            await desktop.open("chromium", "about:blank")
            if Path("/usr/bin/chromium").exists()
            else None
        )
        if app is None:
            pytest.skip("chromium is not installed")
        # Kill the browser's main process only: the reaper must end its helpers too.
        out = subprocess.run(
            ["ps", "-o", "pid=,args=", "--ppid", str(app.proc.pid)], capture_output=True, text=True
        )
        main = int(out.stdout.split()[0])
        os.kill(main, 9)
        await app.proc.process.wait()
        assert session_members([app.proc.pid]) == []


async def test_a_discarded_app_is_killed_at_once_with_its_tree() -> None:
    # An app that ignores SIGTERM, with a helper: a graceful stop waits out the grace period,
    # a discarding one (the environment is being restored) kills the whole tree at once.
    from cuagym.envs._desktop._proc import HostLauncher

    launcher = HostLauncher(uid=None, gid=None, grace_s=5.0)
    argv = ["/bin/sh", "-c", "trap '' TERM; sleep 60 & sleep 60; wait"]
    env = {"PATH": "/usr/bin:/bin"}
    procs = [await launcher.spawn(argv, env, as_user=False) for _ in range(2)]
    await asyncio.sleep(0.3)  # the reapers have forked the shells, the shells their sleeps
    assert all(len(session_members([p.pid])) >= 2 for p in procs)
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    assert await procs[0].stop(kill=True) == 137  # the command's status: SIGKILL
    assert loop.time() - t0 < 2.0
    assert session_members([procs[0].pid]) == []
    t0 = loop.time()
    await procs[1].stop()
    assert loop.time() - t0 >= 4.5  # TERM was ignored: KILL came after the grace period
    assert session_members([procs[1].pid]) == []


async def test_a_wait_right_after_a_settled_one_needs_no_new_quiet_period(home: Path) -> None:
    async with Desktop(home=home, uid=1000) as desktop:
        loop = asyncio.get_running_loop()
        await desktop.wait_rendered(stable_s=0.6, timeout=20)
        t0 = loop.time()
        await desktop.wait_rendered(stable_s=0.6, timeout=20)  # nothing happened since
        assert loop.time() - t0 < 0.5
        # Input makes the screen's past irrelevant: the quiet period is watched again.
        await desktop.act({"action": "mouse_move", "coordinate": [10, 10]})
        t0 = loop.time()
        await desktop.wait_rendered(stable_s=0.6, timeout=20)
        assert loop.time() - t0 >= 0.6


async def test_a_settled_screen_is_encoded_ahead_and_never_served_stale(home: Path) -> None:
    from cuagym.agent.context import prepare_image
    from cuagym.core import ImageSpec
    from cuagym.envs._desktop._proc import run_quiet

    async with Desktop(home=home, uid=1000) as desktop:
        desktop.prepare_sizes([(1288, 812)])  # Qwen's grid of 28 for a 1280x800 screen
        await desktop.wait_rendered(stable_s=0.2, timeout=20)
        # The wait began encoding the quiet screen before it returned: that PNG is the one
        # the screenshot serves, byte for byte what encoding the frame now gives.
        pending = desktop._encoding
        assert pending is not None and pending[0] == desktop.frame().bgra
        png = await desktop.screenshot()
        assert png == await pending[1] == desktop.frame().png()
        # The policy's image made from the raw screen is the one made later from the PNG.
        made = getattr(png, "resized", {}).get((1288, 812))
        assert made is not None and made == prepare_image(bytes(png), ImageSpec()).png
        # The screen changes after the wait, with no input through the desktop: the PNG
        # encoded ahead no longer matches and is not served.
        rc, _out, err = await run_quiet(
            ["xsetroot", "-solid", "#c03020"], desktop._display().host_env()
        )
        assert rc == 0, err
        await asyncio.sleep(0.2)
        fresh = await desktop.screenshot()
        assert fresh != png and fresh == desktop.frame().png()


async def test_a_screen_encoded_ahead_that_changes_is_abandoned_not_served(home: Path) -> None:
    from cuagym.envs._desktop._desktop import _Stale

    async with Desktop(home=home, uid=1000) as desktop:
        desktop.prepare_sizes([(1288, 812)])
        frame = await desktop.wait_rendered(stable_s=0.1, timeout=20)
        desktop._encoding = None
        desktop._encode_ahead(frame)
        pending = desktop._encoding
        assert pending is not None
        desktop._encoding = None  # as the wait does when it sees the screen change
        with pytest.raises(_Stale):
            await pending[1]
        # The screen is back to those pixels and the abandoned encoding is still the pending
        # one: the screenshot encodes afresh, the same bytes a fresh encoding gives.
        desktop._encoding = pending
        png = await desktop.screenshot()
        assert png == frame.png()
        assert getattr(png, "resized", {}).get((1288, 812)) is not None

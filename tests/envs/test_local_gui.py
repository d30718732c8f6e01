"""A local environment with gui=True: its own display, Calc on the jail's overlay home."""

from __future__ import annotations

import shutil

import pytest

from cuagym.core.environment import NotAGUIEnvironment
from cuagym.envs import LocalEnvironment

pytestmark = [
    pytest.mark.gui,
    pytest.mark.skipif(
        not (shutil.which("Xvfb") and shutil.which("soffice") and shutil.which("xdotool")),
        reason="needs xvfb, xdotool and LibreOffice (make test installs them)",
    ),
]

SETUP = """
import openpyxl
wb = openpyxl.Workbook()
wb.active["A1"] = "Quarter"
wb.active["B1"] = "Revenue"
wb.save("/home/user/report.xlsx")
"""

REWARD = """
import openpyxl
ws = openpyxl.load_workbook("/home/user/report.xlsx").active
ok = ws["A2"].value == 42
print(f"CHECK a2 1 {'PASS' if ok else 'FAIL'} A2={ws['A2'].value!r}")
print(f"REWARD: {1.0 if ok else 0.0}")
"""


async def test_an_agent_edits_the_jails_home_through_the_display() -> None:
    env = LocalEnvironment(gui=True)
    await env.start()
    try:
        assert (await env.run_script(SETUP, "initial_setup")).exit_code == 0
        await env.open_app("calc", "report.xlsx")
        png = await env.screenshot()
        assert png.startswith(b"\x89PNG") and len(png) > 10_000
        for action in (
            {"action": "key", "keys": ["ctrl", "home"]},
            {"action": "key", "keys": ["down"]},
            {"action": "type", "text": "42\n"},
            {"action": "key", "keys": ["ctrl", "s"]},
            {"action": "wait", "time": 1.0},
            {"action": "key", "keys": ["enter"]},  # "Keep current format"
            {"action": "wait", "time": 1.5},
        ):
            if action["action"] == "wait":
                import asyncio

                await asyncio.sleep(float(action["time"]))
            else:
                await env.act(action)
        result = await env.run_script(REWARD, "reward")
        assert "REWARD: 1.0" in result.stdout, (result.stdout, result.stderr)
    finally:
        await env.close()


async def test_a_scripts_only_environment_says_it_has_no_display() -> None:
    env = LocalEnvironment()
    await env.start()
    try:
        with pytest.raises(NotAGUIEnvironment):
            await env.screenshot()
    finally:
        await env.close()


@pytest.mark.skipif(not shutil.which("chromium"), reason="needs chromium")
async def test_the_kept_browser_lives_across_restores_outside_the_home() -> None:
    """A restore remounts /home/user: the browser (kept across episodes) must not sit in the
    old mount (that would pin it, and show it to a file dialog), and must still work."""
    import os

    env = LocalEnvironment(gui=True)
    await env.start()
    try:
        await env.snapshot("clean")
        await env.open_app("chromium", "data:text/html,<title>one</title>one")
        browser = env.desktop._browser_host
        assert browser is not None
        # The browser's jail: every process of its PID namespace (its reaper is the init).
        assert browser.proc.reaper_pid is not None
        jail_ns = os.readlink(f"/proc/{browser.proc.reaper_pid}/ns/pid")
        members = [int(pid) for pid in os.listdir("/proc") if pid.isdigit() and _ns(pid) == jail_ns]
        assert len(members) > 3  # the reaper, the browser and its helpers
        cwds = {_cwd(pid) for pid in members} - {None}  # None: a helper that just exited
        assert cwds == {"/"}, cwds
        await env.restore("clean")
        assert env.desktop._browser_host is browser and browser.running
        await env.open_app("chromium", "data:text/html,<title>two</title>two")
        assert await env.window_title() == "two - Chromium"
    finally:
        await env.close()


def _ns(pid: str) -> str | None:
    import os

    try:
        return os.readlink(f"/proc/{pid}/ns/pid")
    except OSError:
        return None


def _cwd(pid: int) -> str | None:
    import os

    try:
        return os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        return None

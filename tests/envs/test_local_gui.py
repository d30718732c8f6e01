"""A local environment with gui=True: its own display, Calc on the jail's overlay home."""

from __future__ import annotations

import shutil

import pytest

from cuagym.envs import LocalEnvironment, NotAGUIEnvironment

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

"""Xournal++ (the ``pdf`` launcher): opened on a PDF of the jail's home with its quiet settings,
and, like every app an agent drives (issue 22's GUI attacks), unable to write outside its
jail through its own dialogs: an export typed to a host folder fails, one to /tmp lands in the
jail's /tmp and is gone after a restore, with the app's settings."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

import cuagym
from cuagym.envs import LocalEnvironment, StateQuery
from cuagym.envs._tool_apps import XOURNALPP_SETTINGS

pytestmark = [
    pytest.mark.gui,
    pytest.mark.skipif(
        not all(shutil.which(t) for t in ("Xvfb", "xdotool", "xournalpp")),
        reason="needs xvfb, xdotool and xournalpp (make test installs them)",
    ),
]

SOURCE = str(Path(cuagym.__file__).resolve().parents[1])  # the project's src folder
SETUP = """
import os
import pymupdf

doc = pymupdf.open()
for number in (1, 2):
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 90), f"Quarterly review page {number}", fontsize=18)
os.makedirs("/home/user/Documents", exist_ok=True)
doc.save("/home/user/Documents/review.pdf")
"""
#: the Export settings dialog's OK button (the dialog is centred on the 1280x800 screen)
EXPORT_OK = [797, 523]


async def _title(env: LocalEnvironment, wanted: str, timeout: float = 20.0) -> None:
    for _ in range(int(timeout / 0.1)):
        if await env.window_title() == wanted:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"no {wanted!r} window: {await env.window_title()!r}")


async def _export_to(env: LocalEnvironment, path: str) -> None:
    """ctrl+E, the path in the file chooser's Name field, Enter."""
    await env.act({"action": "key", "keys": ["ctrl", "e"]})
    await _title(env, "Export PDF")
    await env.act({"action": "key", "keys": ["ctrl", "a"]})
    await env.act({"action": "type", "text": path + "\n"})
    await asyncio.sleep(1.5)


async def test_xournalpp_opens_a_pdf_quietly_and_its_dialogs_stay_in_the_jail() -> None:
    env = LocalEnvironment(gui=True)
    await env.start()
    try:
        assert (await env.run_script(SETUP, "initial_setup")).exit_code == 0
        await env.snapshot("clean")
        await env.open_app("pdf", "/home/user/Documents/review.pdf")
        assert await env.window_title() == "review.pdf - Xournal++"
        assert env.desktop is not None and env.desktop.runtime_dir is not None
        config = env.desktop.runtime_dir / "user" / "config"
        # Xournal++ rewrites its settings at start (every default spelled out): ours held.
        settings = (config / "xournalpp" / "settings.xml").read_text()
        for kept in ('"autosaveEnabled" value="false"', '"autoloadPdfXoj" value="false"',
                     '"displayDpi" value="72"', '"snapGrid" value="false"'):  # fmt: skip
            assert kept in settings and kept in XOURNALPP_SETTINGS, kept
        # A host folder typed into the chooser: no such folder in the jail, nothing written.
        await _export_to(env, f"{SOURCE}/leak.pdf")
        assert await env.window_title() != "Export"
        for _ in range(3):
            await env.act({"action": "key", "keys": ["esc"]})
        await _title(env, "review.pdf - Xournal++")
        assert not Path(SOURCE, "leak.pdf").exists()
        # /tmp is the jail's own: the export lands there and a restore takes it away.
        await _export_to(env, "/tmp/leak.pdf")
        await _title(env, "Export")
        await env.act({"action": "left_click", "coordinate": EXPORT_OK})
        for _ in range(100):
            if (env._jail_dir("tmp") / "leak.pdf").exists():
                break
            await asyncio.sleep(0.2)
        else:
            raise AssertionError("the export to the jail's /tmp never appeared")
        assert not Path("/tmp/leak.pdf").exists()
        state = await env.read_state(StateQuery(paths=("*",), parse=False, hub=False))
        files = [f.path for f in state.files if f.kind == "file" and not f.path.startswith(".")]
        assert sorted(files) == ["Documents/review.pdf"]
        await env.restore("clean")
        assert [p.name for p in env._jail_dir("tmp").iterdir()] == [".X11-unix"]
        assert list(config.iterdir()) == []
    finally:
        await env.close()

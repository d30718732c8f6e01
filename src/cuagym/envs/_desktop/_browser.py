"""One Chromium per desktop, kept across episodes; every window in a fresh browser context.

Starting Chromium is most of a web task's reset (spawn to a rendered page: ~1.2-1.8 s and
~1.3 s of CPU on a 2-core VM), while a new window in a running browser takes ~0.1 s. So a
desktop starts Chromium once (``--no-startup-window``: it has no window of its own and stays
alive when the last one closes) and opens each browser window through the DevTools protocol
in a browser context of its own (``Target.createBrowserContext``): an in-memory profile with
its own cookies, storage, cache and history, which ``Target.disposeBrowserContext`` throws
away with its windows. A page never sees another window's (or an earlier episode's) data,
and every window, the first one included, is made the same way, so every start screen looks
the same.

Closing every window (a restore) also closes any page the agent opened outside those
contexts (an Incognito window) and checks with the X server that no browser window is left;
the desktop restarts the browser when one is (see ``Desktop.close_apps``).

What a context shares with the browser's own (unused, on-disk) profile outlives it: Chromium
saves a bookmark made in any window to that profile, so a star set in one episode would show
in the next. The desktop restarts the browser when that profile's bookmarks file has changed
(``profile_changed``). Chromium writes it ~2.5 s after the change: a bookmark made in the last
seconds before a reset is not caught. Other state Chromium lets an Incognito-like window
persist (a few browser settings, saved passwords) is not watched; ``keep_browser=False`` gives
every window a browser process and profile of its own.

The browser's working folder is ``/``, not the home: a restore remounts the home, and a
process sitting in it would pin the old mount (and show it to a file dialog).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from cuagym.envs._desktop import _apps
from cuagym.envs._desktop._devtools import devtools_port
from cuagym.envs._desktop._proc import DesktopError, Launcher, Proc

__all__ = ["BrowserWindow", "KeptBrowser"]

_CDP_TIMEOUT_S = 10.0
#: one DevTools call on an open connection: (method, params) -> its result
Call = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]


@dataclass(frozen=True)
class BrowserWindow:
    """A window of the kept browser: its own browser context and the page it shows."""

    context_id: str
    target_id: str


@dataclass
class KeptBrowser:
    """A running Chromium without windows of its own; see the module docstring."""

    proc: Proc
    workdir: Path  # its user-data folder (DevToolsActivePort, the unused default profile)
    port: int
    socket_url: str  # the browser's DevTools endpoint (fixed for the process's life)
    contexts: set[str] = field(default_factory=set)
    _profile_seen: tuple[int, int] | None = field(default=None, repr=False)

    @classmethod
    async def start(
        cls,
        launcher: Launcher,
        env: Mapping[str, str],
        workdir: Path,
        size: tuple[int, int],
        log: Path,
        timeout: float = 30.0,
    ) -> KeptBrowser:
        proc = await launcher.spawn(
            _apps.kept_chromium_argv(workdir, size), env, as_user=True, cwd="/", log=log,
            network=True, private_dir=workdir,
        )  # fmt: skip
        try:
            port = await devtools_port(workdir, timeout=timeout, alive=lambda: proc.running)
            async with httpx.AsyncClient(timeout=_CDP_TIMEOUT_S) as client:
                resp = await client.get(f"http://127.0.0.1:{port}/json/version")
                resp.raise_for_status()
                socket_url = str(resp.json()["webSocketDebuggerUrl"])
        except BaseException:
            await proc.stop(kill=True)
            raise
        browser = cls(proc=proc, workdir=workdir, port=port, socket_url=socket_url)
        browser._profile_seen = browser._bookmarks_stamp()
        return browser

    @property
    def running(self) -> bool:
        return self.proc.running

    def _bookmarks_stamp(self) -> tuple[int, int] | None:
        try:
            stat = (self.workdir / "Default" / "Bookmarks").stat()
        except OSError:
            return None
        return stat.st_mtime_ns, stat.st_size

    def profile_changed(self) -> bool:
        """Has a window saved something to the browser's own profile since it started (a
        bookmark: see the module docstring)?"""
        return self._bookmarks_stamp() != self._profile_seen

    @asynccontextmanager
    async def _session(self) -> AsyncIterator[Call]:
        """One connection to the browser's endpoint for a few calls made one after the other
        (a connection costs a few ms; the endpoint's URL is known from the start)."""
        from websockets.asyncio.client import connect

        counter = iter(range(1, 1 << 30))
        async with asyncio.timeout(_CDP_TIMEOUT_S):
            async with connect(self.socket_url, max_size=16 << 20) as ws:

                async def call(method: str, params: dict[str, Any]) -> dict[str, Any]:
                    n = next(counter)
                    await ws.send(json.dumps({"id": n, "method": method, "params": params}))
                    while True:  # no domain is enabled: no events, only replies
                        reply = json.loads(await ws.recv())
                        if reply.get("id") == n:
                            break
                    if "error" in reply:
                        message = reply["error"].get("message", reply["error"])
                        raise DesktopError(f"devtools {method}: {message}")
                    result: dict[str, Any] = reply.get("result", {})
                    return result

                yield call

    async def open_window(self, url: str) -> BrowserWindow:
        """A new window showing ``url`` in a new, empty browser context."""
        async with self._session() as call:
            created = await call("Target.createBrowserContext", {})
            context = str(created["browserContextId"])
            self.contexts.add(context)
            params = {"url": url, "browserContextId": context, "newWindow": True}
            target = await call("Target.createTarget", params)
        return BrowserWindow(context_id=context, target_id=str(target["targetId"]))

    async def close_window(self, window: BrowserWindow) -> None:
        """Close the window with its context (cookies, storage, cache, history gone)."""
        if window.context_id in self.contexts:
            self.contexts.discard(window.context_id)
            async with self._session() as call:
                await call("Target.disposeBrowserContext", {"browserContextId": window.context_id})

    async def close_all(self) -> None:
        """Dispose every context this browser made and close every other page (an Incognito
        or settings window the agent opened): no window of the browser is left."""
        contexts, self.contexts = list(self.contexts), set()
        async with self._session() as call:
            for context in contexts:
                await call("Target.disposeBrowserContext", {"browserContextId": context})
            targets = await call("Target.getTargets", {})
            for info in targets.get("targetInfos", []):
                if info.get("type") == "page":
                    await call("Target.closeTarget", {"targetId": info["targetId"]})

    async def stop(self) -> None:
        await self.proc.stop(kill=True)

"""``Desktop``: one environment's display, apps, input and screenshots (async).

    async with Desktop(home=Path("/run/cuagym/m"), uid=1000) as desktop:
        await desktop.open("calc", "report.xlsx")        # relative to the home
        await desktop.act({"action": "left_click", "coordinate": [200, 180]})
        png = await desktop.screenshot()

Everything the desktop owns lives in a private runtime folder (auth files, app profiles,
Chromium's user data, XDG folders) outside the home, so that app bookkeeping never shows up in
the home's state diff, and is removed on ``close()``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from cuagym.core._action import parse_action
from cuagym.envs._desktop import _apps
from cuagym.envs._desktop._appjail import AppJail
from cuagym.envs._desktop._apps import App, AppName
from cuagym.envs._desktop._browser import KeptBrowser
from cuagym.envs._desktop._browser_policy import (
    POLICY_FILE,
    app_browser_policy,
    jail_binds,
    write_chromium_etc,
)
from cuagym.envs._desktop._devtools import ElementBox, devtools_port, evaluate, find_elements
from cuagym.envs._desktop._display import Display, WindowManager
from cuagym.envs._desktop._input import TYPE_DELAY_MS, CoordinateSpace, xdotool_commands
from cuagym.envs._desktop._keymap import Keymap
from cuagym.envs._desktop._proc import (
    DesktopError,
    HostLauncher,
    JailLauncher,
    Launcher,
    run_quiet,
)
from cuagym.envs._desktop._screen import Frame, Screen, menubar_drawn
from cuagym.envs._desktop._xproto import XConnection
from cuagym.envs._desktop._xtest import plan, play
from cuagym.envs._png import Screenshot, encode_png, resized_image_png
from cuagym.envs._tool_apps import TOOL_APPS, write_config_files

XDOTOOL = "/usr/bin/xdotool"
_LINE_BREAKS = re.compile(r"(\r\n|\r|\n|\t)")
_BREAK_KEYS = {"\r\n": "Return", "\r": "Return", "\n": "Return", "\t": "Tab"}
_WINDOW_CLASS: dict[str, str] = {
    "calc": "libreoffice|soffice",
    "writer": "libreoffice|soffice",
    "impress": "libreoffice|soffice",
    "chromium": "chromium",
    **{name: tool.window_class for name, tool in TOOL_APPS.items()},
}
# When is a new window "rendered"? LibreOffice paints the document grid ~0.8 s before its
# menus and toolbars: require a busy top strip (menus + toolbar icons: ~280 colours on a 4x
# downsample; the grid alone: ~65) and a quiet screen. Chromium: a quiet screen.
_TOP_STRIP_PX = 100
#: the kept browser's profiles, in the desktop's runtime folder but outside ``user/`` (the
#: part bound into every app's jail)
KEPT_BROWSER_DIR = "kept-browser"
# How long before a wait's quiet period ends its screen starts being encoded as PNG (an encode
# takes 15-20 ms): early enough to be done when the wait returns, late enough that a screen
# still loading is rarely encoded for nothing.
_ENCODE_AHEAD_S = 0.05
_READY_TOP_COLORS: dict[str, int] = {
    "calc": 150, "writer": 150, "impress": 150, "chromium": 0,
    **{name: tool.ready_top_colors for name, tool in TOOL_APPS.items()},
}  # fmt: skip
# 0.4 s: LibreOffice sets the document's cursor after its first full paint; keys sent before
# that land at the file's saved cursor. Under CPU contention a 0.2 s pause was seen to pass.
_READY_STABLE_S: dict[str, float] = {
    "calc": 0.4, "writer": 0.4, "impress": 0.4, "chromium": 0.3,
    **{name: tool.ready_stable_s for name, tool in TOOL_APPS.items()},
}  # fmt: skip


#: the apps' settings folders under the runtime folder's ``user`` (see ``reset_config``)
CONFIG_DIRS = ("xdg-runtime", "config", "cache", "data", "state")


class _Stale(Exception):
    """The screen changed while its PNG was being made ahead: the rest of the work is skipped."""


def _png_of(image: Any, check: Callable[[], None]) -> bytes:
    """The screenshot PNG of an RGB image (as ``Frame.png``); ``check`` before the deflate."""
    rgb = image.tobytes()
    check()
    return encode_png(image.width, image.height, rgb)


def default_cache_dir() -> Path:
    system = Path("/var/cache/cuagym")
    if os.geteuid() == 0:
        return system / "desktop"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cuagym" / "desktop"


class DesktopConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    width: int = Field(1280, ge=64, le=7680)
    height: int = Field(800, ge=64, le=4320)
    depth: int = Field(24, description="bits per pixel of the screen (16 or 24)")
    window_manager: WindowManager = "matchbox"
    office_vcl: str = Field("gtk3", description="LibreOffice's toolkit: gtk3 (as OSWorld) or gen")
    warn_alien_format: bool = Field(
        True, description="LibreOffice asks 'Keep current format?' on saving xlsx/docx/pptx"
    )
    coordinate_space: CoordinateSpace = "pixels"
    type_delay_ms: int = Field(TYPE_DELAY_MS, ge=0, le=200)
    app_timeout_s: float = Field(60.0, gt=0, description="launch to rendered window")
    keep_browser: bool = Field(
        True,
        description="one Chromium per desktop, kept across restores; each browser window "
        "opens in a fresh browser context of its own (see _browser). False: a Chromium "
        "process (and profile folder) per window",
    )
    cache_dir: Path | None = Field(None, description="LibreOffice profile templates")
    runtime_parent: Path | None = Field(None, description="where runtime folders go (/tmp)")
    grace_s: float = Field(
        1.0,
        ge=0,
        description="SIGTERM to SIGKILL when stopping an app (no app keeps unsaved state we "
        "want: recovery and autosave are off, so a short grace is enough)",
    )


class Desktop:
    """One environment's GUI: Xvfb display, window manager, apps, input, screenshots.

    ``home``: the home as the apps see it (a path in their mount namespace).
    ``host_home``: the same folder as this process sees it (default: ``home``); used only to
    clean LibreOffice lock files. ``uid``/``gid``: the apps' identity (``None``: ours).
    ``mount_ns``: ``/proc/PID/ns/mnt`` the apps enter (the sandbox's), see ``HostLauncher``.
    ``launcher``: replaces the default ``HostLauncher``. ``jail``: run every app in this
    jail instead (a ``JailLauncher`` over the desktop's runtime folder; ``mount_ns`` and
    ``launcher`` are then unused); ``jail_binds``: extra mounts of every app's jail.
    """

    def __init__(
        self,
        home: Path,
        *,
        uid: int | None = 1000,
        gid: int | None = None,
        host_home: Path | None = None,
        mount_ns: str | None = None,
        config: DesktopConfig | None = None,
        launcher: Launcher | None = None,
        jail: AppJail | None = None,
        jail_binds: tuple[tuple[str, str, bool], ...] = (),
    ) -> None:
        self.config = config or DesktopConfig()
        self.home = home
        self.host_home = host_home or home
        self.uid = uid if os.geteuid() == 0 else None
        self.gid = (gid if gid is not None else uid) if self.uid is not None else None
        self.launcher: Launcher = launcher or HostLauncher(
            uid=self.uid, gid=self.gid, mount_ns=mount_ns, grace_s=self.config.grace_s
        )
        self.jail = jail
        self.jail_binds = jail_binds
        self.apps: list[App] = []
        self.runtime_dir: Path | None = None
        self._browser_host: KeptBrowser | None = None
        self.display: Display | None = None
        self._screen: Screen | None = None
        # Our own connection to the display: XTEST input and DAMAGE change notices.
        self._x: XConnection | None = None
        self._keymap = Keymap()
        self._app_count = 0
        # The last settled screen and since when it has been unchanged; forgotten whenever the
        # desktop sends input or starts or stops an app (see wait_rendered).
        self._settled: tuple[bytes, float] | None = None
        # A PNG of the screen being watched, started as soon as it looked quiet: a settled
        # screenshot is what a caller asks for next, and encoding it (15-20 ms) while the wait
        # watches the rest of the quiet period takes it off the step's critical path.
        self._encoding: tuple[bytes, asyncio.Future[Screenshot]] | None = None
        # Sizes of the image a policy is sent, made from each screenshot's raw pixels next to
        # its PNG (see prepare_sizes).
        self._policy_sizes: tuple[tuple[int, int], ...] = ()

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        if self.runtime_dir is not None:
            raise DesktopError("desktop already started")
        cfg = self.config
        parent = cfg.runtime_parent or Path(tempfile.gettempdir())
        parent.mkdir(mode=0o711, parents=True, exist_ok=True)
        self.runtime_dir = Path(tempfile.mkdtemp(prefix="cuagym-desktop-", dir=parent))
        try:
            # Root-owned and traversable: the server's and the apps' folders below are private.
            os.chmod(self.runtime_dir, 0o711)
            user = self.runtime_dir / "user"
            user.mkdir(mode=0o700)
            if self.uid is not None:
                os.chown(user, self.uid, self.gid if self.gid is not None else self.uid)
            self._make_config_dirs()
            if self.jail is not None:
                self.launcher = JailLauncher(
                    self.jail, runtime=user, grace_s=cfg.grace_s, binds=self.jail_binds
                )
            self.display = Display(
                self.runtime_dir, self.launcher, width=cfg.width, height=cfg.height,
                depth=cfg.depth, window_manager=cfg.window_manager,
                app_uid=self.uid, app_gid=self.gid,
            )  # fmt: skip
            await self.display.start()
            self._screen = Screen(self.display.name)
            assert self.display.number is not None
            self._x = XConnection(self.display.number)
            await self._x.open()
        except BaseException:
            await self.close()
            raise

    def _make_config_dirs(self) -> None:
        assert self.runtime_dir is not None
        user = self.runtime_dir / "user"
        for sub in CONFIG_DIRS:
            (user / sub).mkdir(mode=0o700, exist_ok=True)
            if self.uid is not None:
                os.chown(user / sub, self.uid, self.gid if self.gid is not None else self.uid)

    async def reset_config(self) -> None:
        """Empty the folders the apps keep their settings in (XDG config, cache, data, state,
        runtime): whatever an episode changed there (the file manager's terminal command, an
        app's preferences) is gone, as the home's edits are after a restore. Call with no app
        running but the kept browser (its profile is its own folder, see ``_browser``)."""
        if self.runtime_dir is None:
            return
        user = self.runtime_dir / "user"

        def wipe() -> None:
            for sub in CONFIG_DIRS:
                shutil.rmtree(user / sub, ignore_errors=True)
            self._make_config_dirs()

        await asyncio.to_thread(wipe)

    async def close(self) -> None:
        """Stop every app, the WM and the server; remove lock files and the runtime folder."""
        # The environment is going away: nothing its apps hold is wanted (the browser goes
        # first: closing its windows one by one would be work for nothing).
        await self._stop_browser_host()
        await self.close_apps(discard=True)
        if self._screen is not None:
            self._screen.close()
            self._screen = None
        x, self._x = self._x, None
        if x is not None:
            await x.close()
        self._encoding = None
        if self.display is not None:
            await self.display.stop()
            self.display = None
        self._keymap = Keymap()
        runtime, self.runtime_dir = self.runtime_dir, None
        if runtime is not None:
            await asyncio.to_thread(shutil.rmtree, runtime, True)

    async def __aenter__(self) -> Desktop:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @property
    def size(self) -> tuple[int, int]:
        return self.config.width, self.config.height

    def sessions(self) -> list[int]:
        """Session ids of every process tree of the desktop (each runs in its own session)."""
        display = self.display.sessions() if self.display is not None else []
        host = self._browser_host
        browser = [host.proc.pid] if host is not None and host.running else []
        apps = [app.proc.pid for app in self.apps if app.running and app.page is None]
        return [*display, *browser, *apps]

    def _display(self) -> Display:
        if self.display is None or self.runtime_dir is None:
            raise DesktopError("desktop not started (or closed)")
        return self.display

    def app_env(self) -> dict[str, str]:
        """The environment every app starts with: its display, its home, private XDG folders."""
        display = self._display()
        assert self.runtime_dir is not None
        user = self.runtime_dir / "user"
        return {
            **display.client_env(),
            "HOME": str(self.home),
            "USER": "user",
            "LOGNAME": "user",
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "XDG_RUNTIME_DIR": str(user / "xdg-runtime"),
            "XDG_CONFIG_HOME": str(user / "config"),
            "XDG_CACHE_HOME": str(user / "cache"),
            "XDG_DATA_HOME": str(user / "data"),
            "XDG_STATE_HOME": str(user / "state"),
            # No session bus: stops GTK/GIO from autolaunching a dbus-daemon per app.
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus",
            "NO_AT_BRIDGE": "1",
            "SAL_USE_VCLPLUGIN": self.config.office_vcl,
        }

    # -- apps --------------------------------------------------------------------------------
    async def open(
        self, app: AppName, target: str | Path | None = None, *, wait: bool = True
    ) -> App:
        """Start ``app`` on ``target``: office apps on a file, chromium on a URL, an app of
        ``TOOL_APPS`` on its file or folder (the file manager and the terminal on a folder);
        paths relative to the home or absolute.

        With ``wait``, returns once its window is mapped and rendered (not after a sleep).
        """
        self._settled = None
        display = self._display()
        assert self.runtime_dir is not None
        if app == "chromium" and self.config.keep_browser:
            url = str(target) if target is not None else "about:blank"
            return await self._open_browser_window(url, wait=wait)
        self._app_count += 1
        workdir = self.runtime_dir / "user" / f"{app}-{self._app_count}"
        resolved: str | None = None
        own_binds: list[tuple[str, str, bool]] = []
        if app in _apps.OFFICE_APPS:
            if target is not None:
                path = Path(target)
                resolved = str(path if path.is_absolute() else self.home / path)
            cache = self.config.cache_dir or default_cache_dir()
            template = await asyncio.to_thread(
                _apps.office_template, cache, self.config.warn_alien_format
            )
            await asyncio.to_thread(_apps.copy_profile, template, workdir, self.uid, self.gid)
            argv = _apps.office_argv(app, workdir, resolved)
        elif app == "chromium":
            resolved = str(target) if target is not None else "about:blank"
            workdir.mkdir(mode=0o700)
            if self.uid is not None:
                os.chown(workdir, self.uid, self.gid if self.gid is not None else self.uid)
            argv = _apps.chromium_argv(workdir, resolved, display.size)
        elif app in TOOL_APPS:
            tool = TOOL_APPS[app]
            if not Path(tool.binary).exists():
                raise DesktopError(
                    f"{app}: {tool.binary} is not installed (Debian: {tool.packages})"
                )
            on: Path | None = Path(target) if target is not None else None
            if on is None and tool.target == "folder":
                on = self.home
            if on is not None:
                resolved = str(on if on.is_absolute() else self.home / on)
            workdir.mkdir(mode=0o700)
            config_home = self.runtime_dir / "user" / "config"
            await asyncio.to_thread(
                write_config_files, config_home, tool.config, self.uid, self.gid
            )
            argv = tool.argv(resolved)
            if tool.app_browser_policy:
                own_binds = await asyncio.to_thread(self._policy_binds, app, app_browser_policy())
        else:
            known = ", ".join(_apps.APP_NAMES)
            raise ValueError(f"unknown app {app!r}: one of {known}")
        tool_cwd = app in TOOL_APPS and TOOL_APPS[app].cwd_target
        before = set(await self._windows(_WINDOW_CLASS[app]))
        proc = await self.launcher.spawn(
            argv, self.app_env(), as_user=True,
            cwd=resolved if tool_cwd and resolved else str(self.home),
            log=self.runtime_dir / f"{app}-{self._app_count}.log",
            network=app == "chromium",  # the browser reaches the hub; office apps need nothing
            binds=own_binds,
        )  # fmt: skip
        handle = App(name=app, proc=proc, target=resolved, workdir=workdir)
        return await self._track(handle, before, wait=wait)

    def _policy_binds(self, app: str, policy: Mapping[str, Any]) -> list[tuple[str, str, bool]]:
        """An app's own /etc/chromium (its managed ``policy``), made once per desktop outside
        the folder the jails share: root's, readable by the app, writable by none of them."""
        assert self.runtime_dir is not None
        folder = self.runtime_dir / f"{app}-etc"
        if not (folder / POLICY_FILE).is_file():
            write_chromium_etc(folder, policy=dict(policy))
        return jail_binds(folder)

    async def _open_browser_window(self, url: str, *, wait: bool) -> App:
        """A window of the kept browser on ``url``, in a browser context of its own."""
        browser = await self._kept_browser()
        before = set(await self._windows(_WINDOW_CLASS["chromium"]))
        page = await browser.open_window(url)
        handle = App(name="chromium", proc=browser.proc, target=url, workdir=browser.workdir,
                     page=page)  # fmt: skip
        return await self._track(handle, before, wait=wait)

    async def _track(self, handle: App, before: set[int], *, wait: bool) -> App:
        """List ``handle`` among the desktop's apps and, with ``wait``, await its new window
        (a window not in ``before``); an app whose window never renders is closed again."""
        self.apps.append(handle)
        if wait:
            try:
                await self.wait_window(handle, before)
            except BaseException:
                await self.close_app(handle)
                raise
        return handle

    async def _kept_browser(self) -> KeptBrowser:
        """The desktop's browser, started if it is not running (first use, or it died)."""
        host = self._browser_host
        if host is not None and host.running:
            return host
        await self._stop_browser_host()
        assert self.runtime_dir is not None
        self._app_count += 1
        # Outside the runtime folder every app's jail shares: the kept browser outlives
        # restores, so nothing else of the environment may write into its profile.
        kept = self.runtime_dir / KEPT_BROWSER_DIR
        kept.mkdir(mode=0o711, exist_ok=True)
        workdir = kept / f"chromium-{self._app_count}"
        workdir.mkdir(mode=0o700)
        if self.uid is not None:
            os.chown(workdir, self.uid, self.gid if self.gid is not None else self.uid)
        self._browser_host = await KeptBrowser.start(
            self.launcher, self.app_env(), workdir, self._display().size,
            log=self.runtime_dir / f"chromium-{self._app_count}.log",
            timeout=self.config.app_timeout_s,
        )  # fmt: skip
        return self._browser_host

    async def _stop_browser_host(self) -> None:
        host, self._browser_host = self._browser_host, None
        if host is not None:
            await host.stop()
            await asyncio.to_thread(shutil.rmtree, host.workdir, True)

    async def _close_browser_windows(self) -> None:
        """Close every window of the kept browser (ours and any the agent opened) and make
        sure the display shows none; a browser that fails at that is stopped, so that the
        next window comes from a fresh one."""
        host = self._browser_host
        if host is None:
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 5.0
        try:
            if not host.running:
                raise DesktopError("the browser is not running")
            await host.close_all()
            if host.profile_changed():
                raise DesktopError("a window saved a bookmark to the browser's profile")
            while await self._windows(_WINDOW_CLASS["chromium"]):
                if loop.time() > deadline:
                    raise DesktopError("a browser window is still shown")
                await asyncio.sleep(0.02)
        except (DesktopError, OSError, TimeoutError, ValueError):
            await self._stop_browser_host()

    async def wait_window(self, app: App, before: set[int] | None = None) -> int:
        """Wait until ``app`` has a new visible window, rendered; returns its X id."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.config.app_timeout_s
        known = before or set()
        name_part = Path(app.target).name if app.is_office and app.target else None
        while True:
            for wid in await self._windows(_WINDOW_CLASS[app.name]):
                if wid in known:
                    continue
                if name_part is None or name_part in await self.window_name(wid):
                    app.window = wid
                    break
            if app.window is not None:
                break
            if not app.running:
                raise DesktopError(f"{app.name} exited before showing a window{self._log(app)}")
            if loop.time() > deadline:
                raise DesktopError(f"{app.name}: no window within the timeout{self._log(app)}")
            await asyncio.sleep(0.05)
        if app.name == "chromium" and app.target not in (None, "about:blank"):
            # The window shows "Untitled" until the page has a title (or its URL as one).
            while (await self.window_name(app.window)).startswith("Untitled"):
                if loop.time() > deadline:
                    raise DesktopError(f"chromium did not load {app.target}")
                await asyncio.sleep(0.05)
        # Keys go to the focused window: wait until the window manager has given it focus.
        focus_managed = self.config.window_manager != "none"
        while focus_managed and await self._active_window() != app.window:
            if loop.time() > deadline:
                raise DesktopError(f"{app.name}: its window never got the input focus")
            await asyncio.sleep(0.05)
        remaining = max(0.5, deadline - loop.time())
        await self.wait_rendered(
            min_top_colors=_READY_TOP_COLORS[app.name],
            stable_s=_READY_STABLE_S[app.name],
            timeout=remaining,
            menubar=app.is_office,
        )
        return app.window

    def _log(self, app: App) -> str:
        assert self.runtime_dir is not None
        logs = sorted(self.runtime_dir.glob(f"{app.name}-*.log"))
        tail = logs[-1].read_text(errors="replace")[-800:].strip() if logs else ""
        return f": {tail}" if tail else ""

    async def close_app(self, app: App, *, discard: bool = False) -> None:
        """Stop one app (its whole process tree) and clean the lock files it leaves.

        ``discard``: nothing the app holds is wanted any more (its home is about to be thrown
        away): kill it at once instead of a graceful shutdown, which cost LibreOffice and
        Chromium up to the whole grace period (about a second) per restore."""
        self._settled = None
        if app in self.apps:
            self.apps.remove(app)
        if app.page is not None:
            host = self._browser_host
            if host is not None and host.proc is app.proc and host.running:
                try:
                    await host.close_window(app.page)
                except (DesktopError, OSError, TimeoutError, ValueError):
                    await self._stop_browser_host()
            return
        await self._stop_app(app, others=self.apps, kill=discard)

    async def close_apps(self, *, discard: bool = False) -> None:
        """Stop every app at once (see :meth:`close_app`)."""
        self._settled = None
        apps, self.apps = list(self.apps), []
        await asyncio.gather(
            *(self._stop_app(app, others=[], kill=discard) for app in apps if app.page is None),
            self._close_browser_windows(),
        )

    async def _stop_app(self, app: App, others: list[App], *, kill: bool = False) -> None:
        await app.proc.stop(timeout=self.config.grace_s + 10, kill=kill)
        if app.workdir.exists():
            await asyncio.to_thread(shutil.rmtree, app.workdir, True)
        if not app.is_office:
            return
        if any(o.is_office and o.running for o in others):
            # Another LibreOffice still holds its documents: only this app's own lock goes.
            if app.target is not None:
                _apps.remove_lock_for(self._host_path(app.target))
            return
        for lock in await asyncio.to_thread(_apps.office_lock_files, self.host_home):
            lock.unlink(missing_ok=True)

    def _host_path(self, app_path: str) -> Path:
        """An app-side path under the home, as this process sees it."""
        path = Path(app_path)
        try:
            return self.host_home / path.relative_to(self.home)
        except ValueError:
            return path

    # -- windows -----------------------------------------------------------------------------
    async def _windows(self, class_regex: str) -> list[int]:
        argv = [XDOTOOL, "search", "--onlyvisible", "--class", class_regex]
        rc, out, _err = await run_quiet(argv, self._display().host_env())
        return [int(w) for w in out.split()] if rc == 0 else []

    async def window_name(self, window: int) -> str:
        argv = [XDOTOOL, "getwindowname", str(window)]
        _rc, out, _err = await run_quiet(argv, self._display().host_env())
        return out.strip()

    async def _active_window(self) -> int | None:
        argv = [XDOTOOL, "getactivewindow"]
        rc, out, _err = await run_quiet(argv, self._display().host_env())
        return int(out.strip()) if rc == 0 and out.strip().isdigit() else None

    async def active_window_name(self) -> str:
        argv = [XDOTOOL, "getactivewindow", "getwindowname"]
        _rc, out, _err = await run_quiet(argv, self._display().host_env())
        return out.strip()

    # -- a read-only view of the browser's page (for trusted code, see _devtools) -------------
    async def _browser(self) -> App:
        """The Chromium on screen: with several (a task on two web apps opens one window per
        app, switched with the window manager's alt+tab), the one whose window has the focus;
        else the newest, which is on top until something else is focused."""
        browsers = [app for app in self.apps if app.name == "chromium" and app.running]
        if not browsers:
            raise DesktopError("no chromium window is open")
        if len(browsers) > 1:
            active = await self._active_window()
            for app in browsers:
                if app.window is not None and app.window == active:
                    return app
        return browsers[-1]

    async def find_elements(self, selector: str) -> list[ElementBox]:
        """Elements of the page Chromium shows that match the CSS ``selector``: their screen
        box and centre (in ``act`` pixels), text, value, href, visibility."""
        app = await self._browser()
        port = await devtools_port(app.workdir)
        return await find_elements(port, selector, app.page.target_id if app.page else None)

    async def page_url(self) -> str:
        """The URL of the page Chromium shows."""
        app = await self._browser()
        port = await devtools_port(app.workdir)
        target = app.page.target_id if app.page else None
        return str(await evaluate(port, "location.href", target_id=target))

    # -- input and screen --------------------------------------------------------------------
    async def act(
        self, action: Mapping[str, Any] | Any, space: CoordinateSpace | None = None
    ) -> None:
        """Perform one ``computer_use`` action (a dict of its arguments, or a parsed one).

        ``screenshot``, ``wait``, ``terminate`` and ``call_user`` do nothing here: the caller
        handles them. ``space``: the policy's coordinate space (default: the config's).
        """
        self._settled = None
        parsed = parse_action(dict(action)) if isinstance(action, Mapping) else action
        if parsed.action == "type" and parsed.text:
            await self._type(parsed.text)
            return
        commands = xdotool_commands(
            parsed, self.size, space or self.config.coordinate_space, self.config.type_delay_ms
        )
        for argv in commands:
            await self._input(argv)

    async def _input(self, argv: list[str]) -> None:
        """One xdotool command chain, played over our own XTEST connection when it can be
        played exactly (see ``_xtest.py``), else by xdotool."""
        x = self._x
        if x is not None and x.has_xtest:
            events = plan(argv, await x.keymap())
            if events is not None:
                await play(x, events)
                return
        await self._xdotool(argv)

    async def _type(self, text: str) -> None:
        env = self._display().host_env()
        if any(not c.isascii() for c in text) and not self._keymap.loaded:
            await self._keymap.load(env)
        delay = str(self.config.type_delay_ms)
        # xdotool types "\n" as the Linefeed keysym, which apps ignore: newlines and tabs are
        # pressed as the Return and Tab keys between the runs of text.
        for part in _LINE_BREAKS.split(text):
            if not part:
                continue
            if part in _BREAK_KEYS:
                await self._xdotool(["key", _BREAK_KEYS[part]])
                continue
            pieces = self._keymap.chunks(part) if self._keymap.loaded else [part]
            for i, piece in enumerate(pieces):
                if i > 0:
                    # Let the app translate the last piece's keys before their keycodes change.
                    await asyncio.sleep(0.15)
                if await self._keymap.bind_for(piece, env):
                    # Chromium reloads its keymap asynchronously after a MappingNotify: keys
                    # sent at once come out as NUL. LibreOffice needs no pause.
                    await asyncio.sleep(0.1)
                # "--" ends options: a text starting with "-" is still text.
                await self._xdotool(["type", "--delay", delay, "--", piece], len(piece))

    async def _xdotool(self, argv: list[str], chars: int = 0) -> None:
        # Typing takes type_delay_ms per character (and xdotool's own pauses): allow for it.
        timeout = 10.0 + chars * (self.config.type_delay_ms + 5) / 1000
        rc, _out, err = await run_quiet([XDOTOOL, *argv], self._display().host_env(), timeout)
        if rc != 0:
            raise DesktopError(f"xdotool {' '.join(argv[:3])}... failed: {err.strip()}")

    def frame(self) -> Frame:
        """The screen now, raw (about 1 ms)."""
        if self._screen is None:
            raise DesktopError("desktop not started (or closed)")
        return self._screen.grab()

    async def screenshot(self) -> bytes:
        """The screen now as PNG bytes, in the pixel space of ``act`` coordinates (a
        :class:`Screenshot` carrying the images of :meth:`prepare_sizes`)."""
        if self._screen is None:
            raise DesktopError("desktop not started (or closed)")
        frame = self._screen.grab()
        pending = self._encoding
        # The same pixels as the quiet screen the last wait began encoding: its PNG is the
        # one this frame would give (the encoder is deterministic), often already done.
        if pending is not None and frame.bgra == pending[0]:
            with contextlib.suppress(_Stale):  # abandoned, and the screen came back since
                return await asyncio.shield(pending[1])
        return await self._encode(frame)

    def prepare_sizes(self, sizes: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> None:
        """Make each later screenshot's image at these (width, height) sizes too, from the
        same raw pixels and in parallel with its PNG (a rollout's policy is sent its screen
        resized; making that image after the PNG, from the PNG, cost a step 25-35 ms)."""
        self._policy_sizes = tuple(
            (w, h) for w, h in dict.fromkeys(sizes) if (w, h) != tuple(self.size)
        )

    async def _encode(self, frame: Frame, ahead: bool = False) -> Screenshot:
        """The PNG of ``frame`` and its policy images. ``ahead``: made ahead of the
        screenshot (see ``_encode_ahead``): abandoned between stages, raising ``_Stale``,
        once the screen is seen to change (the wait drops ``_encoding``)."""

        def check() -> None:
            if ahead and (self._encoding is None or self._encoding[0] is not frame.bgra):
                raise _Stale

        # Off the event loop (10-30 ms each, other environments keep running), the PNG and
        # each policy image in threads of their own: zlib and Pillow release the GIL. Both
        # start from one unpacked image (BGRX -> RGB once): the resize need not wait for the
        # PNG's RGB bytes, so the longer of the two (the resize) starts ~5 ms earlier.
        image = await asyncio.to_thread(frame.image)
        check()
        sizes = self._policy_sizes
        png, *made = await asyncio.gather(
            asyncio.to_thread(_png_of, image, check),
            *(asyncio.to_thread(resized_image_png, image, s, check) for s in sizes),
        )
        return Screenshot(png, dict(zip(sizes, made, strict=True)))

    def _encode_ahead(self, frame: Frame) -> None:
        """Start encoding ``frame`` (a screen that has just turned quiet) off the event loop,
        unless it is the one already being encoded."""
        if self._encoding is not None and self._encoding[0] is frame.bgra:
            return
        future = asyncio.ensure_future(self._encode(frame, ahead=True))
        # A screen that changes again drops its PNG unread: collect the outcome regardless.
        future.add_done_callback(lambda f: None if f.cancelled() else f.exception())
        self._encoding = (frame.bgra, future)

    async def wait_rendered(
        self,
        *,
        min_top_colors: int = 0,
        stable_s: float = 0.2,
        timeout: float = 10.0,
        interval: float | None = None,
        menubar: bool = False,
    ) -> Frame:
        """Wait until the screen stops changing for ``stable_s`` (and its top strip is busy;
        with ``menubar``, until a menu bar is drawn at the top left, see ``menubar_drawn``).

        With DAMAGE (``_xproto``), the screen is captured when something was drawn on it (at
        most every ``interval``/3) and once more when the quiet period would end: a change is
        seen when it happens, and the wait ends as soon as the screen has been quiet for
        ``stable_s``. Without, it is captured every ``interval`` (default: a third of
        ``stable_s``, 15-50 ms, so a short wait overshoots the quiet period by little).
        Either way the quiet period is measured from the first capture that showed the last
        change. Returns the settled frame; raises DesktopError after ``timeout``.
        """
        if interval is None:
            interval = min(0.05, max(0.015, stable_s / 3))
        x = self._x if self._x is not None and self._x.has_damage else None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        # A screen that is still the one the last wait saw settle, with no input or app start
        # since, has been quiet since then: a wait right after another (a start window, then
        # the turn's settled screenshot) need not watch it for stable_s again.
        last, since = self._settled if self._settled is not None else (None, loop.time())
        captured = float("-inf")
        # When a quiet screen starts being encoded: _ENCODE_AHEAD_S before its quiet period
        # ends, and with DAMAGE not before one interval either (a capture on a damage notice
        # that finds the pixels unchanged, e.g. a repaint of the same content, would otherwise
        # start it at once, and the app's next change would waste it more often).
        encode_after = stable_s - _ENCODE_AHEAD_S
        if x is not None:
            encode_after = max(interval, encode_after)
        while True:
            if x is not None and x.damaged.is_set():
                # Drawn on since the last capture: capture again, but not more often than
                # interval/3 (an animation sends damage continuously), and only after the
                # damage so far is forgotten, so that any later drawing is reported again.
                await asyncio.sleep(max(0.0, captured + interval / 3 - loop.time()))
                await x.clear_damage()
            frame = self.frame()
            now = captured = loop.time()
            # The previous frame itself, not a hash of it: comparing 4 MB is a memcmp
            # (~0.1 ms), hashing it ~3 ms of CPU per capture.
            changed = frame.bgra != last
            if changed:
                last, since = frame.bgra, now
                if self._encoding is not None and self._encoding[0] is not frame.bgra:
                    # The screen being encoded ahead is gone: its encoding stops at its next
                    # stage (most of its CPU is the resize and the deflates after it).
                    self._encoding = None
            elif last is not None and now - since >= encode_after:
                self._encode_ahead(Frame(frame.width, frame.height, last))
            if not changed and (
                now - since >= stable_s
                and (
                    min_top_colors == 0
                    or frame.colors((0, 0, frame.width, _TOP_STRIP_PX)) >= min_top_colors
                )
                and (not menubar or menubar_drawn(frame))
            ):
                self._settled = (frame.bgra, since)
                return frame
            if now > deadline:
                raise DesktopError(f"the screen did not settle within {timeout:g} s")
            if x is None:
                await asyncio.sleep(interval)
                continue
            # Next look: when the screen is drawn on, else when it may start being encoded
            # (at least one interval after the change, as the polling did), when the quiet
            # period ends, or after a few intervals regardless (a screen quiet but not yet
            # ready, e.g. menus still missing, is looked at again as the polling did).
            wake = min(
                t
                for t in (
                    since + encode_after,
                    since + stable_s,
                    now + 3 * interval,
                    deadline + interval,
                )
                if t > now
            )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(x.damaged.wait(), wake - now)

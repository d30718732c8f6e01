"""The ``local`` provider: an Environment on this machine's sandbox (bubblewrap + overlayfs).

Scripts, snapshots and state come from the sandbox. With ``gui`` set, the environment also has
its own display (the desktop layer: Xvfb, real LibreOffice / Chromium windows, xdotool input,
mss screenshots); its apps work on the same overlay /home/user, entered through the sandbox's
mount namespace, as the environment's non-root uid.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import httpx
from pydantic import BaseModel, ConfigDict, Field

from cuagym.core import INITIAL_HOME_ENV, INITIAL_SNAPSHOT
from cuagym.envs._protocol import (
    EnvState,
    NotAGUIEnvironment,
    StateQuery,
    role_file,
)
from cuagym.envs._registry import envprovider
from cuagym.envs._state import load_parser, walk_home
from cuagym.sandbox import INNER_INITIAL_HOME, HubLink, Limits, Sandbox, ScriptResult


class LocalEnvConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    base: Path | None = Field(None, description="folder /home/user starts as (copy-on-write)")
    limits: Limits = Field(default_factory=Limits)
    hub: HubLink | None = None
    image: Path | None = Field(None, description="env image folder (default: the built one)")
    use_image: bool = True
    uid: int = Field(1000, ge=1)
    gid: int = Field(1000, ge=1)
    timeout_s: float = Field(120.0, gt=0, description="default wall-clock timeout of a script")
    state_root: Path | None = Field(
        None, description="host folder the environment's private tmpfs is mounted over"
    )
    readonly_roles: tuple[str, ...] = Field(
        ("reward",), description="roles whose scripts see /home/user read-only (§2: no writes)"
    )
    gui: bool = Field(False, description="give the environment a display and desktop apps")
    screen: tuple[int, int] = Field((1280, 800), description="display size when gui is set")


@envprovider("local")
class LocalEnvironment:
    """An Environment whose /home/user is an overlay in a bubblewrap jail on this machine."""

    provider_name: ClassVar[str]

    def __init__(self, config: LocalEnvConfig | None = None, **fields: Any) -> None:
        self.config = config or LocalEnvConfig(**fields)
        cfg = self.config
        self.sandbox = Sandbox(
            base=cfg.base,
            limits=cfg.limits,
            hub=cfg.hub,
            image=cfg.image,
            use_image=cfg.use_image,
            uid=cfg.uid,
            gid=cfg.gid,
            state_root=cfg.state_root,
        )
        # One caller at a time: read_state relies on no jailed process running while it walks.
        self._lock = asyncio.Lock()
        self.desktop: Any = None  # a cuagym.envs._desktop.Desktop once started with gui=True

    @property
    def sid(self) -> str | None:
        return self.sandbox.sid

    @property
    def home(self) -> Path:
        """The current /home/user as the host reads it (trusted code only; never follow links)."""
        return self.sandbox.home

    async def start(self) -> None:
        await self.sandbox.start()
        if self.config.gui:
            try:
                await self._start_desktop()
            except BaseException:
                await self.sandbox.close()
                raise

    async def _start_desktop(self) -> None:
        # Imported here: the desktop layer needs mss and the X tools, scripts-only use does not.
        from cuagym.envs._desktop import Desktop, DesktopConfig

        pid = self.sandbox.supervisor_pid
        assert pid is not None, "the sandbox runs once started"
        width, height = self.config.screen
        self.desktop = Desktop(
            home=self.sandbox.home_in_namespace or Path(f"{self.sandbox.state_root}/m"),
            host_home=self.sandbox.home,
            mount_ns=f"/proc/{pid}/ns/mnt",
            uid=self.config.uid,
            gid=self.config.gid,
            config=DesktopConfig(width=width, height=height),
        )
        await self.desktop.start()

    async def open_app(self, app: str, target: str | None = None) -> None:
        """Open calc/writer/impress on a file of /home/user, files (the file manager) or
        terminal on a folder of it (absolute under /home/user, or relative), chromium on a URL;
        returns once its window has rendered."""
        desktop = self._gui()
        if target is not None and app != "chromium":
            target = self._app_path(target, desktop.home)
        await desktop.open(app, target)

    @staticmethod
    def _app_path(target: str, app_home: Path) -> str:
        # /home/user/... as the apps' namespace names the home (the same path where the
        # sandbox could bind it there; the overlay's mount point where it could not).
        path = Path(target)
        if not path.is_absolute():
            return str(path)
        try:
            rel = path.relative_to("/home/user")
        except ValueError:
            raise ValueError(f"{target}: apps open files under /home/user only") from None
        return str(app_home / rel)

    # Read-only views of the display for trusted host code (a family's GUI oracle); an agent
    # sees only screenshots.
    async def find_elements(self, selector: str) -> list[dict[str, Any]]:
        """Elements of the page the browser shows matching a CSS selector, with screen boxes."""
        found: list[dict[str, Any]] = await self._gui().find_elements(selector)
        return found

    async def page_url(self) -> str:
        """The URL of the page the browser shows."""
        url: str = await self._gui().page_url()
        return url

    async def window_title(self) -> str:
        """The title of the window that has the input focus."""
        title: str = await self._gui().active_window_name()
        return title

    async def wait_settled(self, stable_s: float = 0.15, timeout: float = 3.0) -> bool:
        """Wait until the screen has not changed for ``stable_s``; False if it never settled
        within ``timeout`` (a blinking caret, an animation): the caller goes on regardless."""
        from cuagym.envs._desktop import DesktopError

        try:
            await self._gui().wait_rendered(stable_s=stable_s, timeout=timeout)
        except DesktopError:
            return False
        return True

    def _gui(self) -> Any:
        if self.desktop is None:
            raise NotAGUIEnvironment(
                "this local environment has no display: create it with gui=True"
            )
        return self.desktop

    async def close(self) -> None:
        try:
            if self.desktop is not None:
                await self.desktop.close()
                self.desktop = None
        finally:
            await self.sandbox.close()

    async def __aenter__(self) -> LocalEnvironment:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def snapshot(self, name: str | None = None) -> str:
        async with self._lock:
            return await self.sandbox.snapshot(name)

    async def restore(self, snapshot: str | None = None) -> None:
        """Back to a snapshot. Open desktop apps are closed: the home they saw is gone."""
        async with self._lock:
            if self.desktop is not None:
                # Killed, not shut down: their home is discarded, so is whatever they hold.
                await self.desktop.close_apps(discard=True)
            await self.sandbox.restore(snapshot)

    async def run_script(self, code: str, role: str, timeout: float | None = None) -> ScriptResult:
        """Run ``code`` as ``python3 /opt/task/<role file>``, cwd /home/user, non-root.

        A reward (a read-only role) also sees the snapshot named ``initial``, when a runner
        took one, read-only at ``/opt/cuagym/initial/home``, announced in
        ``$CUAGYM_INITIAL_HOME`` (``cuagym.core._initial_home``)."""
        name = role_file(role)
        readonly = role in self.config.readonly_roles
        views: dict[str, str] = {}
        env: dict[str, str] = {}
        if readonly and INITIAL_SNAPSHOT in self.sandbox.taken:
            views[INNER_INITIAL_HOME] = INITIAL_SNAPSHOT
            env[INITIAL_HOME_ENV] = INNER_INITIAL_HOME
        async with self._lock:
            return await self.sandbox.run_python(
                code,
                name=name,
                timeout=timeout if timeout is not None else self.config.timeout_s,
                readonly_home=readonly,
                env=env,
                views=views,
            )

    @property
    def has_initial_home(self) -> bool:
        """Did a runner snapshot the state after setup (so rewards see the initial home)?"""
        return INITIAL_SNAPSHOT in self.sandbox.taken

    async def run_command(
        self, argv: list[str], timeout: float | None = None, env: Mapping[str, str] | None = None
    ) -> ScriptResult:
        """Run any command of the jail's system (for tools and tests; scripts use run_script)."""
        async with self._lock:
            return await self.sandbox.run(
                argv, timeout=timeout if timeout is not None else self.config.timeout_s, env=env
            )

    async def read_state(self, query: StateQuery | None = None) -> EnvState:
        """Files of /home/user (tree, sizes, sha256, small texts, parsed views) and hub /go."""
        query = query or StateQuery()
        async with self._lock:
            parser = load_parser() if query.parse else None
            files, truncated = await asyncio.to_thread(walk_home, self.sandbox.home, query, parser)
        hub = await self._hub_state() if query.hub and self.config.hub is not None else None
        return EnvState(files=files, truncated=truncated, sid=self.sid, hub=hub)

    async def _hub_state(self) -> dict[str, Any]:
        link = self.config.hub
        assert link is not None and self.sid is not None
        headers = {"Authorization": f"Bearer {link.token}"}
        out: dict[str, Any] = {}
        async with httpx.AsyncClient(base_url=link.url.rstrip("/"), timeout=30) as client:
            for app in link.apps:
                try:
                    resp = await client.get(f"/{app}/go", params={"sid": self.sid}, headers=headers)
                    resp.raise_for_status()
                    out[app] = resp.json()
                except (httpx.HTTPError, ValueError) as exc:
                    out[app] = {"error": f"{type(exc).__name__}: {exc}"}
        return out

    def prepare_sizes(self, sizes: list[tuple[int, int]]) -> None:
        """Make each later screenshot's image at these sizes too (the policy's resolution),
        alongside its PNG: see :meth:`Desktop.prepare_sizes`."""
        self._gui().prepare_sizes(sizes)

    async def screenshot(self) -> bytes:
        """A PNG of the environment's display."""
        png: bytes = await self._gui().screenshot()
        return png

    async def act(self, action: Mapping[str, Any]) -> None:
        """Perform one ``computer_use`` action (DESIGN.md §4) on the display."""
        await self._gui().act(action)

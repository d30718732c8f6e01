"""The ``local`` provider: an Environment on this machine's sandbox (bubblewrap + overlayfs).

Scripts, snapshots and state come from the sandbox. With ``gui`` set, the environment also has
its own display (the desktop layer: Xvfb, real LibreOffice / Chromium windows, xdotool input,
mss screenshots); every app runs in the environment's jail (``envs/_desktop/_appjail``) over
the same overlay /home/user.

Identity (DESIGN §4, "What an agent can reach"): by default an environment takes a pair of
host uids of its own (``sandbox._uids``): its apps and its setup/golden scripts run as the
first, its reward (a read-only role) as the second, with the first's group. No other live
environment has either, so nothing of one environment can signal, ptrace or read another's
processes, and the agent's processes nothing of the reward's.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import httpx
from pydantic import BaseModel, ConfigDict, Field

from cuagym.core import EnvState, StateQuery
from cuagym.core._environment import role_file
from cuagym.core.environment import NotAGUIEnvironment
from cuagym.core.files import INITIAL_HOME_ENV, INITIAL_SNAPSHOT
from cuagym.envs._registry import envprovider
from cuagym.envs._state import load_parser, walk_home
from cuagym.sandbox import INNER_HOME, INNER_INITIAL_HOME, HubLink, Limits, Sandbox, ScriptResult
from cuagym.sandbox._uids import UidLease, take_uids

if TYPE_CHECKING:  # the desktop layer needs mss and the X tools: imported when started
    from cuagym.envs._desktop import Desktop

#: where GUI environments keep their desktop's runtime folder (off /tmp: the apps' jail has a
#: /tmp of its own, and the runtime folder is bound into it at the same path)
RUNTIME_PARENT = Path("/run/cuagym-desktop")
#: the apps' jail folders in the sandbox's state root
JAIL_DIRS = "d"
#: the jail folder holding the browser's /etc/chromium (the host's files and our policy)
CHROMIUM_ETC_DIR = "chromium-etc"


class LocalEnvConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    base: Path | None = Field(None, description="folder /home/user starts as (copy-on-write)")
    limits: Limits = Field(default_factory=Limits)
    hub: HubLink | None = None
    image: Path | None = Field(None, description="env image folder (default: the built one)")
    use_image: bool = True
    uid: int | None = Field(
        None, ge=1, description="host uid of the apps and scripts (None: a pair of its own)"
    )
    gid: int | None = Field(None, ge=1, description="their group (None: the uid's)")
    reward_uid: int | None = Field(
        None, ge=1, description="host uid of read-only roles (None: the pair's second, or uid)"
    )
    timeout_s: float = Field(120.0, gt=0, description="default wall-clock timeout of a script")
    state_root: Path | None = Field(
        None, description="host folder the environment's private tmpfs is mounted over"
    )
    readonly_roles: tuple[str, ...] = Field(
        ("reward",), description="roles whose scripts see /home/user read-only (§2: no writes)"
    )
    gui: bool = Field(False, description="give the environment a display and desktop apps")
    screen: tuple[int, int] = Field((1280, 800), description="display size when gui is set")
    warm_rewards: bool = Field(
        False, description="run read-only roles in the warm reward runner (cuagym.sandbox)"
    )
    warm_scripts: bool = Field(
        False,
        description="run the other roles' scripts (setup, golden patch) in a warm runner of "
        "the environment's own uid (cuagym.sandbox)",
    )


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
            uid=cfg.uid or 1000,
            gid=cfg.gid or cfg.uid or 1000,
            state_root=cfg.state_root,
            warm_rewards=cfg.warm_rewards,
            warm_scripts=cfg.warm_scripts and not cfg.gui,
        )
        self.sandbox.reward_uid = cfg.reward_uid or self.sandbox.uid
        self._lease: UidLease | None = None
        # One caller at a time: read_state relies on no jailed process running while it walks.
        self._lock = asyncio.Lock()
        self.desktop: Desktop | None = None  # once started with gui=True

    @property
    def sid(self) -> str | None:
        return self.sandbox.sid

    @property
    def home(self) -> Path:
        """The current /home/user as the host reads it (trusted code only; never follow links)."""
        return self.sandbox.home

    @property
    def uid(self) -> int:
        """The host uid of the environment's apps and scripts."""
        return self.sandbox.uid

    @property
    def reward_uid(self) -> int:
        """The host uid of its read-only roles (the reward)."""
        return self.sandbox.reward_uid

    async def start(self) -> None:
        cfg = self.config
        if cfg.uid is None and self._lease is None:
            self._lease = take_uids()
            self.sandbox.uid, self.sandbox.gid = self._lease.uid, cfg.gid or self._lease.gid
            self.sandbox.reward_uid = cfg.reward_uid or self._lease.reward_uid
        try:
            await self.sandbox.start()
        except BaseException:
            self._release_uids()
            raise
        if self.config.gui:
            try:
                await self._start_desktop()
            except BaseException:
                await self.sandbox.close()
                self._release_uids()
                raise

    def _release_uids(self) -> None:
        lease, self._lease = self._lease, None
        if lease is not None:
            lease.release()

    async def _start_desktop(self) -> None:
        # Imported here: the desktop layer needs mss and the X tools, scripts-only use does not.
        from cuagym.envs._desktop import Desktop, DesktopConfig
        from cuagym.envs._desktop._appjail import AppJail
        from cuagym.envs._desktop._browser_policy import jail_binds, write_chromium_etc

        pid = self.sandbox.supervisor_pid
        assert pid is not None, "the sandbox runs once started"
        width, height = self.config.screen
        root = str(self.sandbox.state_root)
        in_ns = str(self.sandbox.home_in_namespace or f"{root}/m")
        jail = AppJail(
            uid=self.sandbox.uid,
            gid=self.sandbox.gid,
            mount_ns=f"/proc/{pid}/ns/mnt",
            home=in_ns,
            # The supervisor's /home (a shared mount): a restore's new home shows in apps
            # that outlive it (the kept browser).
            home_mount=str(Path(INNER_HOME).parent) if in_ns == INNER_HOME else None,
            tmp=f"{root}/{JAIL_DIRS}/tmp",
            shm=f"{root}/{JAIL_DIRS}/shm",
            etc=f"{root}/etc",
            inner_uid=self.sandbox.inner_uid,
            inner_gid=self.sandbox.inner_gid,
        )
        await asyncio.to_thread(self._make_jail_dirs)
        # The browser's managed policy (file://, chrome:// pages, DevTools out of the agent's
        # reach): a replacement /etc/chromium in the jail's own folders, bound over the host's.
        await asyncio.to_thread(write_chromium_etc, self._jail_dir(CHROMIUM_ETC_DIR))
        policy_binds = jail_binds(Path(f"{root}/{JAIL_DIRS}/{CHROMIUM_ETC_DIR}"))
        self.desktop = Desktop(
            home=Path(INNER_HOME),
            host_home=self.sandbox.home,
            uid=self.sandbox.uid,
            gid=self.sandbox.gid,
            config=DesktopConfig(width=width, height=height, runtime_parent=RUNTIME_PARENT),
            jail=jail,
            jail_binds=tuple(policy_binds),
        )
        await self.desktop.start()

    def _jail_dir(self, name: str) -> Path:
        """A folder of the apps' jail (its /tmp, its /dev/shm) as this process reaches it:
        in the supervisor's tmpfs, so the environment's disk quota bounds it and it goes
        with the environment."""
        pid = self.sandbox.supervisor_pid
        return Path(f"/proc/{pid}/root{self.sandbox.state_root}/{JAIL_DIRS}/{name}")

    def _make_jail_dirs(self) -> None:
        top = self._jail_dir("")
        top.mkdir(mode=0o755, exist_ok=True)
        for name in ("tmp", "shm"):
            folder = self._jail_dir(name)
            folder.mkdir(exist_ok=True)
            os.chown(folder, self.sandbox.uid, self.sandbox.gid)
            os.chmod(folder, 0o1777)

    def _empty_jail_dirs(self) -> None:
        """Nothing an app wrote to /tmp or /dev/shm outlives a restore. The display's socket
        (a bind mount point in the apps' jails) stays."""
        for name in ("tmp", "shm"):
            folder = self._jail_dir(name)
            for entry in os.scandir(folder):
                if name == "tmp" and entry.name == ".X11-unix":
                    continue
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path, ignore_errors=True)
                else:
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(entry.path)

    async def open_app(self, app: str, target: str | None = None) -> None:
        """Open calc/writer/impress on a file of /home/user, files (the file manager) or
        terminal on a folder of it (absolute under /home/user, or relative), chromium on a URL;
        returns once its window has rendered."""
        desktop = self._gui()
        if target is not None and app != "chromium":
            target = self._app_path(target, desktop.home)
        # Desktop.open refuses a name it does not know (ValueError naming the known ones).
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

    def _gui(self) -> Desktop:
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
            try:
                await self.sandbox.close()
            finally:
                self._release_uids()

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
                await self.desktop.reset_config()
                await asyncio.to_thread(self._empty_jail_dirs)
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
                # A read-only role (the reward) runs as a uid no app of the environment has.
                as_reward=readonly,
            )

    async def prestart_reward(self, code: str) -> bool:
        """Start the warm reward runner that ``run_script(code, "reward")`` will use once a
        runner has taken the ``initial`` snapshot, while other scripts still run (no lock:
        it runs nothing). False where rewards will run cold."""
        if not self.config.warm_rewards or "reward" not in self.config.readonly_roles:
            return False
        return await self.sandbox.prestart_warm(
            code,
            name=role_file("reward"),
            env={INITIAL_HOME_ENV: INNER_INITIAL_HOME},
            readonly_home=True,
            view_paths=[INNER_INITIAL_HOME],
            as_reward=True,
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
        # No TLS on a plain-http hub: loading the CA store costs ~40 ms of CPU a client.
        verify = not link.url.startswith("http://")
        async with httpx.AsyncClient(
            base_url=link.url.rstrip("/"), timeout=30, verify=verify
        ) as client:
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

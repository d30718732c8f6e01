"""``Display``: one environment's own X server (Xvfb), its auth cookie and window manager.

Why it is built this way:

* ``-displayfd``: Xvfb picks a free display number itself, atomically (it takes the lock file
  ``/tmp/.X<n>-lock`` with a link), so concurrent environments never race for a number.
* Only this environment's processes may connect: the server runs with ``-auth`` and a random
  MIT-MAGIC-COOKIE; the apps get the cookie in their own Xauthority file (owned by their uid,
  0600). ``-nolisten tcp``. The abstract socket stays on, on purpose: in ``-displayfd`` mode
  Xvfb takes no lock file, and the abstract socket's bind is what stops two servers from
  taking the same number (the filesystem socket is unlinked and re-bound by each). It needs
  the cookie like any other, and a jail (its own network namespace) cannot reach it. The
  orchestrator itself connects without a cookie through a server-interpreted ``localuser``
  entry for its own uid, so it needs no XAUTHORITY in its (process-global) environment.
* The server runs as ``nobody`` when we are root: an X server has a large attack surface and
  untrusted clients; it needs no privilege under Xvfb.
* ``-extension GLX``: nothing here renders with OpenGL (Chromium runs with --disable-gpu);
  GLX costs ~40 ms of start and some memory.
* A window manager (matchbox by default, ~3 MiB) gives new windows and dialogs the input
  focus and keeps every app window maximized, so screenshots look the same from one run to
  the next. Without one, focus follows the pointer and windows open at arbitrary sizes.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pwd
import secrets
import socket
import struct
from pathlib import Path
from typing import Literal

from cuagym.envs._desktop._proc import DesktopError, Launcher, Proc, run_quiet

WindowManager = Literal["matchbox", "openbox", "none"]
NOBODY = 65534
_START_TIMEOUT_S = 15.0
_FAMILY_WILD = 0xFFFF  # an Xauthority entry that matches any host and display number


def xauth_entry(cookie: bytes) -> bytes:
    """One Xauthority record (the binary format libXau reads) for MIT-MAGIC-COOKIE-1."""

    def counted(data: bytes) -> bytes:
        return struct.pack(">H", len(data)) + data

    return (
        struct.pack(">H", _FAMILY_WILD)
        + counted(b"")
        + counted(b"")
        + counted(b"MIT-MAGIC-COOKIE-1")
        + counted(cookie)
    )


def _write_private(path: Path, data: bytes, uid: int | None, gid: int | None) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        os.write(fd, data)
        if uid is not None and os.geteuid() == 0:
            os.fchown(fd, uid, gid if gid is not None else uid)
    finally:
        os.close(fd)


class Display:
    """An Xvfb server of ``width`` x ``height`` x ``depth`` and (optionally) a window manager.

    ``runtime_dir``: a private folder of the desktop (the auth files live there).
    ``app_uid``/``app_gid``: who the clients run as (their Xauthority is theirs).
    """

    def __init__(
        self,
        runtime_dir: Path,
        launcher: Launcher,
        *,
        width: int = 1280,
        height: int = 800,
        depth: int = 24,
        window_manager: WindowManager = "matchbox",
        app_uid: int | None = None,
        app_gid: int | None = None,
    ) -> None:
        self.runtime_dir = runtime_dir
        self.launcher = launcher
        self.width, self.height, self.depth = width, height, depth
        self.window_manager = window_manager
        self.app_uid, self.app_gid = app_uid, app_gid
        self.number: int | None = None
        # runtime_dir/server: the server's own (nobody, 0700); runtime_dir/user: the apps'.
        self._server_dir = runtime_dir / "server"
        self._server_auth = self._server_dir / "auth"
        self.xauthority = runtime_dir / "user" / "Xauthority"
        self._server: Proc | None = None
        self._wm: Proc | None = None

    @property
    def name(self) -> str:
        if self.number is None:
            raise DesktopError("display not started")
        return f":{self.number}"

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def sessions(self) -> list[int]:
        """Session ids of the server's and the WM's process trees (for accounting)."""
        return [p.pid for p in (self._server, self._wm) if p is not None and p.running]

    def client_env(self) -> dict[str, str]:
        """What an app needs to reach this display (and nothing else)."""
        return {"DISPLAY": self.name, "XAUTHORITY": str(self.xauthority)}

    def host_env(self) -> dict[str, str]:
        """For our own tools (xdotool): no cookie needed, our uid is allowed by the server."""
        # A UTF-8 locale: xdotool type decodes its argument with the C library.
        return {"DISPLAY": self.name, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}

    async def start(self) -> None:
        if self._server is not None:
            raise DesktopError("display already started")
        cookie = secrets.token_bytes(16)
        root = os.geteuid() == 0
        server_uid = NOBODY if root else None
        self._server_dir.mkdir(mode=0o700, exist_ok=True)
        if root:
            os.chown(self._server_dir, NOBODY, NOBODY)
        _write_private(self._server_auth, xauth_entry(cookie), server_uid, server_uid)
        _write_private(self.xauthority, xauth_entry(cookie), self.app_uid, self.app_gid)
        read_fd, write_fd = os.pipe()
        try:
            argv = [
                "/usr/bin/Xvfb", "-displayfd", str(write_fd),
                "-screen", "0", f"{self.width}x{self.height}x{self.depth}",
                "-nolisten", "tcp", "-auth", str(self._server_auth),
                "-noreset", "-extension", "GLX", "-dpi", "96",
            ]  # fmt: skip
            if root:
                argv = _as_nobody(argv)
            self._server = await self.launcher.spawn(
                argv,
                {"PATH": "/usr/bin:/bin"},
                as_user=False,
                pass_fds=(write_fd,),
                log=self._server_dir / "Xvfb.log",
            )
            os.close(write_fd)
            write_fd = -1
            self.number = await self._read_number(read_fd)
        except BaseException:
            await self.stop()
            raise
        finally:
            os.close(read_fd)
            if write_fd >= 0:
                os.close(write_fd)
        try:
            me = pwd.getpwuid(os.geteuid()).pw_name
            env = {**self.host_env(), "XAUTHORITY": str(self._server_auth)}
            rc, _out, err = await run_quiet(["/usr/bin/xhost", f"+si:localuser:{me}"], env)
            if rc != 0:
                raise DesktopError(f"xhost failed on {self.name}: {err.strip()}")
            await self._check_access()
            await self._start_wm()
        except BaseException:
            await self.stop()
            raise

    async def _read_number(self, fd: int) -> int:
        """Xvfb writes the display number and a newline on the fd once it accepts clients."""
        assert self._server is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + _START_TIMEOUT_S
        data = b""
        os.set_blocking(fd, False)
        while not data.endswith(b"\n"):
            with contextlib.suppress(BlockingIOError):
                chunk = os.read(fd, 32)
                if not chunk:
                    break
                data += chunk
                continue
            if not self._server.running or loop.time() > deadline:
                break
            await asyncio.sleep(0.005)
        if not data.endswith(b"\n"):
            log = (self._server_dir / "Xvfb.log").read_text(errors="replace")[-2000:]
            raise DesktopError(f"Xvfb did not start: {log.strip() or 'no output'}")
        return int(data.strip())

    async def _check_access(self) -> None:
        """Refuse a display that lets the app uid in without the cookie.

        If the server cannot read its auth file it silently accepts every local client; that
        must never pass unnoticed.
        """
        if os.geteuid() != 0 or self.app_uid is None:
            return
        argv = [*_drop_to(self.app_uid, self.app_gid), "/usr/bin/xdpyinfo"]
        env = {"DISPLAY": self.name, "HOME": "/nonexistent", "PATH": "/usr/bin:/bin"}
        rc, _out, _err = await run_quiet(argv, env)
        if rc == 0:
            raise DesktopError(f"{self.name} accepts clients without the cookie: refusing it")

    async def _start_wm(self) -> None:
        if self.window_manager == "none":
            return
        if self.window_manager == "matchbox":
            argv = ["/usr/bin/matchbox-window-manager", "-use_titlebar", "no", "-use_cursor", "no"]
        else:
            argv = ["/usr/bin/openbox", "--sm-disable"]
        env = {**self.client_env(), "PATH": "/usr/bin:/bin", "HOME": str(self.xauthority.parent)}
        # No network: whatever the WM's key bindings start (matchbox: ctrl+alt+x runs xterm)
        # inherits it, and an agent's terminal must reach no host service.
        self._wm = await self.launcher.spawn(
            argv, env, as_user=True, log=self.runtime_dir / "wm.log", network=False
        )
        # The WM is ready once it owns the screen's WM selection; apps mapped before that are
        # not managed (not maximized, no focus).
        env = self.host_env()
        for _ in range(200):
            argv = ["/usr/bin/xprop", "-root", "_NET_SUPPORTING_WM_CHECK"]
            rc, out, _err = await run_quiet(argv, env)
            if rc == 0 and "window id" in out:
                return
            if not self._wm.running:
                break
            await asyncio.sleep(0.01)
        raise DesktopError(f"window manager {self.window_manager} did not start on {self.name}")

    async def stop(self) -> None:
        """Stop the WM and the server; Xvfb removes its socket and lock file itself."""
        wm, self._wm = self._wm, None
        if wm is not None:
            await wm.stop()
        server, self._server = self._server, None
        if server is not None:
            await server.stop()
        number, self.number = self.number, None
        if number is not None:
            # Only a killed server leaves them; by now the number may be a newer server's.
            lock, sock = Path(f"/tmp/.X{number}-lock"), Path(f"/tmp/.X11-unix/X{number}")
            if _stale_lock(lock):
                lock.unlink(missing_ok=True)
            if _stale_socket(sock):
                sock.unlink(missing_ok=True)
        for path in (self._server_auth, self.xauthority):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


def _drop_to(uid: int, gid: int | None) -> list[str]:
    return [
        "/usr/bin/setpriv", f"--reuid={uid}", f"--regid={gid if gid is not None else uid}",
        "--clear-groups", "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs",
        # The uid change clears the parent-death signal the reaper set: killed with it.
        "--pdeathsig=KILL", "--",
    ]  # fmt: skip


def _as_nobody(argv: list[str]) -> list[str]:
    return [*_drop_to(NOBODY, NOBODY), *argv]


def _stale_lock(lock: Path) -> bool:
    """True if the lock names a server that is gone."""
    try:
        pid = int(lock.read_text().strip())
    except (OSError, ValueError):
        return False
    return not Path(f"/proc/{pid}").exists()


def _stale_socket(path: Path) -> bool:
    """True if nothing listens on the socket any more."""
    if not path.is_socket():
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.connect(str(path))
        except ConnectionRefusedError:
            return True
        except OSError:
            return False
    return False

"""Starting and stopping the desktop's processes: as whom, in which jail, reaped.

Every process the desktop starts (Xvfb, the window manager, each app) runs under its own
``_reaper.py`` in a new session: stopping it stops its whole tree, and a dead orchestrator
takes the tree with it. ``HostLauncher`` runs the apps on the host as a non-root uid
(``setpriv``, every capability dropped, no_new_privs), optionally inside the environment's
mount namespace (``nsenter``); ``JailLauncher`` runs each app in the environment's jail
(``_appjail``): what a local environment does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from cuagym.envs._desktop._appjail import AppJail, app_bwrap_args, setpriv_argv

# Passed as ``-c`` source, so the app's uid needs no read access to our installation.
_REAPER_SOURCE = Path(__file__).resolve().with_name("_reaper.py").read_text(encoding="utf-8")
_PYTHON = "/usr/bin/python3"  # the reaper is stdlib-only; the system one is always there


class DesktopError(RuntimeError):
    """The desktop could not start, find a window, or run an input command."""


class Launcher(Protocol):
    """How the desktop starts a process; the sandbox may provide another (see the report).

    ``private_dir``: a folder only this process may see besides the desktop's shared runtime
    folder (the kept browser's profile): a jail binds it into this app's jail alone, so that
    no other app of the environment (a terminal the file manager opens) can write into it and
    leave something that outlives a restore. A launcher without jails runs the app where the
    folder already is. ``binds``: (host path, path inside, read-only) mounts of this app's
    jail alone, over the desktop's own (the browser app's policy at /etc/chromium); a launcher
    without jails cannot honour them and refuses the app.
    """

    async def spawn(
        self,
        argv: Sequence[str],
        env: Mapping[str, str],
        *,
        as_user: bool,
        cwd: str | None = None,
        pass_fds: Sequence[int] = (),
        log: Path | None = None,
        network: bool = True,
        private_dir: Path | None = None,
        binds: Sequence[tuple[str, str, bool]] = (),
    ) -> Proc: ...


@dataclass
class Proc:
    """A reaped process tree. ``stop()`` ends the whole tree, idempotently."""

    process: asyncio.subprocess.Process
    name: str
    grace_s: float = 3.0
    #: who gets the stop signals when not ``process`` itself: a jailed app's reaper (the
    #: jail's PID 1), whose outer bwrap process is ``process``
    reaper_pid: int | None = None
    _stopped: bool = field(default=False, repr=False)

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def running(self) -> bool:
        return self.process.returncode is None

    async def stop(self, timeout: float = 10.0, *, kill: bool = False) -> int | None:
        """SIGTERM the reaper (it TERMs the tree, then KILLs it after its grace period); with
        ``kill``, SIGUSR1 (it KILLs the tree at once: nothing of the app's state is wanted)."""
        if self.process.returncode is None and not self._stopped:
            self._stopped = True
            sig = signal.SIGUSR1 if kill else signal.SIGTERM
            with contextlib.suppress(ProcessLookupError):
                if self.reaper_pid is not None:
                    os.kill(self.reaper_pid, sig)
                else:
                    self.process.send_signal(sig)
        try:
            return await asyncio.wait_for(self.process.wait(), timeout)
        except TimeoutError:
            # The reaper itself is stuck: kill its session (every member we may signal).
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, 9)
            return await self.process.wait()


@dataclass(frozen=True)
class HostLauncher:
    """Run apps on this machine as ``uid``/``gid`` (``None``: as ourselves).

    ``mount_ns``: a ``/proc/PID/ns/mnt`` path to enter first (needs root), e.g. the sandbox
    supervisor's, so that the apps see the environment's overlay home at its mount point.
    Processes that need no identity change (Xvfb, the window manager) run as ourselves.
    """

    uid: int | None = 1000
    gid: int | None = 1000
    mount_ns: str | None = None
    grace_s: float = 3.0

    def _prefix(self, as_user: bool, network: bool = True) -> list[str]:
        prefix: list[str] = []
        if not as_user:
            return prefix
        if self.mount_ns is not None:
            prefix += ["/usr/bin/nsenter", f"--mount={self.mount_ns}", "--"]
        if not network and os.geteuid() == 0:
            # An app that needs no network (the office suite) gets an empty network namespace:
            # whatever an agent makes it run (a macro calling Shell) reaches no host service.
            # X still works: the display's socket is a file, not a network address.
            prefix += ["/usr/bin/unshare", "--net", "--"]
        if self.uid is not None and self.uid != os.geteuid():
            gid = self.gid if self.gid is not None else self.uid
            prefix += [
                "/usr/bin/setpriv",
                f"--reuid={self.uid}",
                f"--regid={gid}",
                "--clear-groups",
                "--inh-caps=-all",
                "--bounding-set=-all",
                "--no-new-privs",
                "--",
            ]
        return prefix

    async def spawn(
        self,
        argv: Sequence[str],
        env: Mapping[str, str],
        *,
        as_user: bool,
        cwd: str | None = None,
        pass_fds: Sequence[int] = (),
        log: Path | None = None,
        network: bool = True,
        private_dir: Path | None = None,
        binds: Sequence[tuple[str, str, bool]] = (),
    ) -> Proc:
        if binds:
            raise DesktopError(f"{argv[0]} needs mounts of its own: only the app jail gives them")
        full = [*self._prefix(as_user, network), _PYTHON, "-I", "-S", "-c", _REAPER_SOURCE, *argv]
        child_env = {**env, "CUAGYM_REAPER_GRACE": str(self.grace_s)}
        if cwd is not None:
            # The reaper changes directory itself: a path in the entered mount namespace (or
            # one only the app's uid may enter) does not resolve from here.
            child_env["CUAGYM_REAPER_CWD"] = cwd
        out = open(log, "ab") if log is not None else None  # noqa: SIM115 (closed below)
        try:
            process = await asyncio.create_subprocess_exec(
                *full,
                env=child_env,
                cwd="/",
                stdin=asyncio.subprocess.DEVNULL,
                stdout=out or asyncio.subprocess.DEVNULL,
                stderr=out or asyncio.subprocess.DEVNULL,
                pass_fds=tuple(pass_fds),
                start_new_session=True,  # its own group: the reaper signals it as a whole
            )
        except OSError as exc:
            raise DesktopError(f"cannot start {argv[0]}: {exc}") from None
        finally:
            if out is not None:
                out.close()
        return Proc(process=process, name=Path(argv[0]).name, grace_s=self.grace_s)


@dataclass(frozen=True)
class JailLauncher:
    """Run each app in the environment's jail (see ``_appjail``), as the jail's uid.

    ``runtime``: the desktop's per-app folder, bound into every jail. ``binds``: extra
    (path, path inside, read-only) mounts of every app (e.g. a browser policy folder).
    Processes that are not apps (``as_user=False``: the X server) run on the host.
    """

    jail: AppJail
    runtime: Path
    grace_s: float = 3.0
    binds: tuple[tuple[str, str, bool], ...] = ()
    start_timeout_s: float = 20.0

    def _binds(
        self, private_dir: Path | None, own: Sequence[tuple[str, str, bool]] = ()
    ) -> tuple[tuple[str, str, bool], ...]:
        # The app's own binds come last: bwrap's later mount of a path wins.
        private = () if private_dir is None else ((str(private_dir), str(private_dir), False),)
        return (*self.binds, *private, *own)

    async def spawn(
        self,
        argv: Sequence[str],
        env: Mapping[str, str],
        *,
        as_user: bool,
        cwd: str | None = None,
        pass_fds: Sequence[int] = (),
        log: Path | None = None,
        network: bool = True,
        private_dir: Path | None = None,
        binds: Sequence[tuple[str, str, bool]] = (),
    ) -> Proc:
        if not as_user:
            host = HostLauncher(uid=None, gid=None, grace_s=self.grace_s)
            return await host.spawn(argv, env, as_user=False, cwd=cwd, pass_fds=pass_fds, log=log)
        info_r, info_w = os.pipe()
        try:
            display = env.get("DISPLAY", "")
            number = int(display[1:]) if display[:1] == ":" and display[1:].isdigit() else None
            options = app_bwrap_args(
                self.jail, runtime=self.runtime, display_number=number, network=network,
                binds=self._binds(private_dir, binds), info_fd=info_w,
            )  # fmt: skip
            prefix = []
            if self.jail.mount_ns is not None:
                prefix = ["/usr/bin/nsenter", f"--mount={self.jail.mount_ns}", "--"]
            full = [
                *prefix, *setpriv_argv(self.jail.uid, self.jail.gid), "/usr/bin/bwrap",
                *options, "--", _PYTHON, "-I", "-S", "-c", _REAPER_SOURCE, *argv,
            ]  # fmt: skip
            child_env = {
                **env,
                "CUAGYM_REAPER_GRACE": str(self.grace_s),
                # The jail's init: killed, it takes the whole jail along at once.
                "CUAGYM_REAPER_PDEATHSIG": str(int(signal.SIGKILL)),
            }
            if cwd is not None:
                child_env["CUAGYM_REAPER_CWD"] = cwd
            process = await _start(full, child_env, (*pass_fds, info_w), log, argv[0])
        finally:
            os.close(info_w)
        try:
            reaper = await _read_child_pid(info_r, process, self.start_timeout_s)
        except BaseException:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
            raise
        finally:
            os.close(info_r)
        if reaper is None:
            await process.wait()
            tail = log.read_text(errors="replace")[-600:].strip() if log is not None else ""
            raise DesktopError(f"cannot start {argv[0]} in the jail: {tail or 'bwrap failed'}")
        return Proc(process=process, name=Path(argv[0]).name, grace_s=self.grace_s,
                    reaper_pid=reaper)  # fmt: skip


async def _start(
    full: Sequence[str],
    env: Mapping[str, str],
    pass_fds: Sequence[int],
    log: Path | None,
    name: str,
) -> asyncio.subprocess.Process:
    out = open(log, "ab") if log is not None else None  # noqa: SIM115 (closed below)
    try:
        return await asyncio.create_subprocess_exec(
            *full,
            env=dict(env),
            cwd="/",
            stdin=asyncio.subprocess.DEVNULL,
            stdout=out or asyncio.subprocess.DEVNULL,
            stderr=out or asyncio.subprocess.DEVNULL,
            pass_fds=tuple(pass_fds),
            start_new_session=True,
        )
    except OSError as exc:
        raise DesktopError(f"cannot start {name}: {exc}") from None
    finally:
        if out is not None:
            out.close()


async def _read_child_pid(
    fd: int, process: asyncio.subprocess.Process, timeout: float
) -> int | None:
    """The host pid of the jail's PID 1, from bwrap's ``--info-fd`` (None: bwrap failed)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    os.set_blocking(fd, False)
    data = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except BlockingIOError:
            chunk = None
        if chunk == b"":
            break  # bwrap closed it: written whole, or never (it failed)
        if chunk:
            data += chunk
            continue
        if loop.time() > deadline:
            raise DesktopError(f"the jail did not start within {timeout:g} s")
        await asyncio.sleep(0.005)
    if not data.strip():
        return None
    try:
        return int(json.loads(data)["child-pid"])
    except (ValueError, KeyError, TypeError):
        raise DesktopError(f"bwrap wrote an unexpected --info-fd: {data[:200]!r}") from None


async def run_quiet(
    argv: Sequence[str], env: Mapping[str, str], timeout: float = 10.0
) -> tuple[int, str, str]:
    """Run a short tool (xdotool, xhost) to completion; (exit code, stdout, stderr)."""
    try:
        proc = await asyncio.create_subprocess_exec(
            *argv,
            env=dict(env),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
    except OSError as exc:
        raise DesktopError(f"cannot run {argv[0]}: {exc}") from None
    try:
        out, err = await asyncio.wait_for(proc.communicate(), timeout)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
        await proc.wait()
        raise DesktopError(f"{argv[0]} did not finish within {timeout:g} s") from None
    rc = proc.returncode if proc.returncode is not None else -1
    return rc, out.decode(errors="replace"), err.decode(errors="replace")

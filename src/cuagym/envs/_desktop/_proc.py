"""Starting and stopping the desktop's processes: as whom, in which mount namespace, reaped.

Every process the desktop starts (Xvfb, the window manager, each app) runs under its own
``_reaper.py`` in a new session: stopping it stops its whole tree, and a dead orchestrator
takes the tree with it. ``HostLauncher`` decides the identity: the apps run as the
environment's non-root uid (``setpriv``, every capability dropped, no_new_privs), optionally
inside the environment's mount namespace (``nsenter``), where its overlay ``/home/user`` lives.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

# Passed as ``-c`` source, so the app's uid needs no read access to our installation.
_REAPER_SOURCE = Path(__file__).resolve().with_name("_reaper.py").read_text(encoding="utf-8")
_PYTHON = "/usr/bin/python3"  # the reaper is stdlib-only; the system one is always there


class DesktopError(RuntimeError):
    """The desktop could not start, find a window, or run an input command."""


class Launcher(Protocol):
    """How the desktop starts a process; the sandbox may provide another (see the report)."""

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
    ) -> Proc: ...


@dataclass
class Proc:
    """A reaped process tree. ``stop()`` ends the whole tree, idempotently."""

    process: asyncio.subprocess.Process
    name: str
    grace_s: float = 3.0
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
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGUSR1 if kill else signal.SIGTERM)
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
    ) -> Proc:
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

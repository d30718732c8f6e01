"""The warm reward runner's host half: the supervisor's handle on one warm jail.

A cold reward run starts bwrap and a fresh Python (0.15-0.5 s with the office libraries
imported) per run. The warm runner starts the same jail once (the same bwrap options, uid,
limits and environment as the cold run's, from the same ``_jail.bwrap_args``) with
``_warm_jail.py`` as its command, which imports the reward libraries and forks one child per run.

What changes per run, the supervisor mounts from outside, on folders the jail bound at start:
the state root's ``wr/`` is a *shared* mount, and the jail's binds of ``wr/home``, ``wr/tmp``,
``wr/shm``, ``wr/task`` and ``wr/v<i>`` (the views) are its slaves. A mount the supervisor puts on
``wr/home`` (this run's home, as the reward sees it) therefore appears at /home/user inside the
jail, and its unmount after the run takes it away there too. Each mount is a clone with its
final flags already set (read-only where the cold run's bind is) before it is attached:
per-mount flags do not propagate, attached mounts do. The runner checks that it sees exactly the
mounts of this run (device and inode of each, sent with the request) before it forks.

The environment's own scripts have a runner of their own (another uid, the writable home):
its slots are ``ws/`` instead of ``wr/``, the home a writable clone of the live overlay.

Standard library only; loaded by path beside ``_supervisor.py`` (never imported by cuagym).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
from typing import Any

#: Reply lines carry two capped outputs, JSON-escaped (up to 6 bytes a byte).
_LINE_SLACK = 1 << 20
#: How long the runner may take to start (its imports) on a loaded machine.
START_TIMEOUT_S = 90.0
#: Beyond a run's own timeout (enforced inside): the runner's kill and drain of the pipes.
GRACE_S = 15.0


class WarmFailed(RuntimeError):
    """The warm runner could not run this request: run it cold instead."""


class WarmHung(WarmFailed):
    """The warm runner gave no answer within the run's timeout and grace: a timed-out run."""


class WarmJail:
    """One warm runner jail, started with ``key`` (its prefix and bwrap arguments)."""

    def __init__(self, key: str, proc: asyncio.subprocess.Process) -> None:
        self.key = key
        self.proc = proc
        self.runs = 0
        self.stderr_tail = bytearray()
        self._stderr_task: asyncio.Task[None] | None = None

    @classmethod
    async def start(
        cls, prefix: list[str], bwrap_args: list[str], output_limit: int, procs: set[Any]
    ) -> WarmJail:
        cut = bwrap_args.index("--")
        options, command = bwrap_args[:cut], bwrap_args[cut:]
        payload = b"".join(a.encode() + b"\0" for a in options)
        if len(payload) > 60000:
            raise WarmFailed("bwrap arguments too long")
        rfd, wfd = os.pipe()
        try:
            os.write(wfd, payload)
        finally:
            os.close(wfd)
        try:
            proc = await asyncio.create_subprocess_exec(
                *prefix, "--args", str(rfd), *command,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, pass_fds=(rfd,), env={}, cwd="/",
                start_new_session=True, limit=12 * output_limit + _LINE_SLACK,
            )  # fmt: skip
        finally:
            os.close(rfd)
        procs.add(proc)
        jail = cls(json.dumps([prefix, bwrap_args]), proc)
        assert proc.stderr is not None
        jail._stderr_task = asyncio.ensure_future(jail._keep_stderr(proc.stderr))
        try:
            ready = await jail._read(START_TIMEOUT_S)
        except WarmFailed:
            await jail.stop(procs)
            raise
        if not ready.get("ready"):
            await jail.stop(procs)
            raise WarmFailed(f"the warm runner did not start: {ready}")
        return jail

    @property
    def alive(self) -> bool:
        return self.proc.returncode is None

    async def _keep_stderr(self, stream: asyncio.StreamReader) -> None:
        while chunk := await stream.read(4096):
            self.stderr_tail += chunk
            del self.stderr_tail[:-4096]

    async def _read(self, timeout: float | None) -> dict[str, Any]:
        assert self.proc.stdout is not None
        try:
            line = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
        except TimeoutError:
            raise WarmHung("the warm runner did not answer in time") from None
        except (ValueError, OSError) as exc:
            raise WarmFailed(f"no answer from the warm runner: {exc!r}") from None
        if not line:
            tail = self.stderr_tail.decode("utf-8", errors="replace").strip()
            raise WarmFailed(f"the warm runner exited: {tail}")
        reply: dict[str, Any] = json.loads(line)
        return reply

    async def run(self, request: dict[str, Any], timeout: float | None) -> dict[str, Any]:
        """One run: the runner's reply, or WarmFailed (nothing ran, or the runner hung: it is
        then killed, and the caller gets a timed-out result from :func:`hung_result`)."""
        assert self.proc.stdin is not None
        self.runs += 1
        try:
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            await self.proc.stdin.drain()
        except OSError as exc:
            raise WarmFailed(f"the warm runner is gone: {exc!r}") from None
        wait = None if timeout is None else float(timeout) + GRACE_S
        return await self._read(wait)

    async def stop(self, procs: set[Any]) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            self.proc.kill()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.proc.wait(), 5)
        procs.discard(self.proc)
        if self._stderr_task is not None:
            self._stderr_task.cancel()

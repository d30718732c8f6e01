"""``Sandbox``: the orchestrator's handle on one jailed environment (async).

It starts a supervisor (``_supervisor.py``, root, private mount namespace) and talks to it over
a socketpair; see that module for the mechanics and ``_jail.py`` for the policy. The handle
never mounts anything in the orchestrator's own namespace: a crash of the orchestrator closes
the socketpair, the supervisor then exits, and the kernel reclaims every mount, process and
byte the environment had.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import secrets
import socket
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from cuagym.sandbox import _jail, _warm
from cuagym.sandbox._cgroup import MemoryCgroup
from cuagym.sandbox._image import ImageError, image_python
from cuagym.sandbox._models import HubLink, LimitName, Limits, SandboxError, ScriptResult

DEFAULT_STATE_ROOT = Path("/run/cuagym")
_HERE = Path(__file__).resolve().parent
_OP_TIMEOUT_S = 120.0


def default_state_root() -> Path:
    run = Path("/run")
    return DEFAULT_STATE_ROOT if os.access(run, os.W_OK) else Path("/tmp/cuagym-sandbox")


class Sandbox:
    """One isolated ``/home/user`` with its own processes, optionally linked to the hub.

    ``base``: the folder the home starts as (copy-on-write; never modified), or an empty home.
    ``image``: the env image folder (default: ``$CUAGYM_IMAGE`` or /var/lib/cuagym/image);
    ``use_image=False`` runs scripts with the system Python and no extra libraries.
    ``uid``/``gid``: the host ids the jail runs as; ``inner_uid``/``inner_gid``: as seen inside.
    ``reward_uid``: the host uid of ``run(..., as_reward=True)`` (default: ``uid``).
    ``binds``: extra (host path, path inside, read-only) mounts of every run, for layers that
    plug in (a display's socket); the host path must be reachable by ``uid``.
    ``warm_rewards``: ``run_python(..., as_reward=True)`` runs in the warm reward runner (one
    jail with the reward libraries imported, a forked child per run; ``_warm_host``) instead of
    a fresh jail each; the result is the same, the cost a fork instead of an interpreter start.
    Where the runner cannot start here, runs go cold (``warm_runs`` counts the warm ones).
    ``warm_scripts``: the same for the environment's own Python runs (``python3 /opt/task/X``
    or ``python3 -m MODULE`` as ``uid`` over the writable home: ``initial_setup.py``,
    ``golden_patch.py``, a procedural role's turn), in a second runner of that uid, which
    imports what the script imports among ``_warm.PRELOADABLE`` and, for ``-m`` runs, the
    modules named in ``warm_modules`` (trusted code the caller chose, e.g. cuagym's families).
    """

    def __init__(
        self,
        *,
        base: Path | None = None,
        limits: Limits | None = None,
        hub: HubLink | None = None,
        image: Path | None = None,
        use_image: bool = True,
        uid: int = 1000,
        gid: int = 1000,
        inner_uid: int = 1000,
        inner_gid: int = 1000,
        reward_uid: int | None = None,
        state_root: Path | None = None,
        interactive: bool = False,
        binds: Sequence[tuple[Path, str, bool]] = (),
        warm_rewards: bool = False,
        warm_scripts: bool = False,
        warm_modules: Sequence[str] = (),
    ) -> None:
        if uid == 0 or inner_uid == 0 or reward_uid == 0:
            raise ValueError("the sandbox uid must not be root")
        self.base = base
        self.limits = limits or Limits()
        self.hub = hub
        self.sid: str | None = None
        if hub is not None:
            self.sid = hub.sid or f"env-{secrets.token_hex(8)}"
        self._image_arg = image
        self.use_image = use_image
        self.uid, self.gid = uid, gid
        self.reward_uid = reward_uid or uid
        self.inner_uid, self.inner_gid = inner_uid, inner_gid
        self.state_root = state_root or default_state_root()
        self.interactive = interactive
        self.binds = tuple((str(host), inner, ro) for host, inner, ro in binds)
        self.image_venv: Path | None = None
        self._proc: asyncio.subprocess.Process | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._replies: asyncio.Task[None] | None = None
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._ids = itertools.count(1)
        self._stderr_tail = bytearray()
        self._stderr_task: asyncio.Task[None] | None = None
        self._runs = itertools.count(1)
        self._snaps = itertools.count(1)
        self._last_snapshot = "initial"
        self.taken: set[str] = set()  # names given to snapshot() (not the built-in "initial")
        self._home: Path | None = None
        # The home's path inside the supervisor's mount namespace (/home/user where it can be
        # bound there): what processes entering that namespace (desktop apps) open.
        self.home_in_namespace: Path | None = None
        self.cgroup: MemoryCgroup | None = None
        self.warm_rewards = warm_rewards
        self.warm_scripts = warm_scripts
        self.warm_modules = tuple(warm_modules)
        self.warm_runs = 0  # runs a warm runner answered

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        if self._proc is not None:
            raise SandboxError("sandbox already started")
        if os.geteuid() != 0:
            raise SandboxError("the sandbox needs root (it mounts overlayfs and drops to a uid)")
        if self.use_image:
            try:
                self.image_venv = image_python(self._image_arg)
            except ImageError as exc:
                raise SandboxError(str(exc)) from None
        if self.base is not None and not self.base.is_dir():
            raise SandboxError(f"base {self.base} is not a folder")
        self.state_root.mkdir(mode=0o755, parents=True, exist_ok=True)
        for folder in (self.state_root, *self.state_root.parents):
            if not folder.stat().st_mode & 0o001:
                raise SandboxError(f"{folder} is not traversable by the jail's uid (mode o+x)")
        parent, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        io = None if self.interactive else asyncio.subprocess.DEVNULL
        try:
            self._proc = await asyncio.create_subprocess_exec(
                sys.executable, "-I", "-S", str(_HERE / "_supervisor.py"), str(child.fileno()),
                pass_fds=(child.fileno(),), stdin=io, stdout=io,
                stderr=None if self.interactive else asyncio.subprocess.PIPE,
                env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin"}, cwd="/",
            )  # fmt: skip
        finally:
            child.close()
        # Before init: everything the supervisor will start is born inside the cgroup.
        self.cgroup = MemoryCgroup.create(self._proc.pid, self.limits.total_memory_mb << 20)
        if self._proc.stderr is not None:
            self._stderr_task = asyncio.ensure_future(self._keep_stderr(self._proc.stderr))
        # A reply carries up to two capped outputs, JSON-escaped (up to 6 bytes a byte).
        limit = 12 * (self.limits.output_kb << 10) + (1 << 20)
        reader, self._writer = await asyncio.open_unix_connection(sock=parent, limit=limit)
        self._replies = asyncio.ensure_future(self._read_replies(reader))
        files = _jail.etc_files(self.inner_uid, self.inner_gid)
        if self.hub is not None:
            self.hub.target()  # fail early on a hub URL the relay cannot carry
            files["lib/boot.py"] = (_HERE / "_boot.py").read_text(encoding="utf-8")
        if self.warm_rewards or self.warm_scripts:
            files["lib/warm.py"] = (_HERE / "_warm_jail.py").read_text(encoding="utf-8")
        host = self.hub.target() if self.hub is not None else None
        config = {
            "root": str(self.state_root),
            "uid": self.uid,
            "gid": self.gid,
            "reward_uid": self.reward_uid,
            "tmpfs_size": self.limits.disk_mb << 20,
            "base": str(self.base.absolute()) if self.base is not None else None,
            # The relay's token and session travel over the control channel only: never an
            # environment variable, file or argv that a process of the environment could read.
            "hub": (
                {
                    "host": host[0],
                    "port": host[1],
                    "prefix": host[2],
                    "sid": self.sid,
                    "token": self.hub.token,
                    "relay": self.hub.relay,
                }
                if host is not None and self.hub is not None
                else None
            ),
            "files": files,
        }
        try:
            reply = await self._call({"op": "init", "config": config}, timeout=600)
        except BaseException:
            await self.close()
            raise
        self._home = Path(f"/proc/{reply['pid']}/root{reply['home']}")
        self.reward_uid = int(reply.get("reward_uid", self.reward_uid))
        view = reply.get("view")
        self.home_in_namespace = Path(view or reply["home"])
        if self.sid is not None:
            self._write_sid(self.sid)
            await self._call({"op": "snapshot", "name": "initial"})

    def _write_sid(self, sid: str) -> None:
        # Written as root into a tree a base could shape: never through a symlink.
        flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
        home = os.open(self.home, flags)
        try:
            with contextlib.suppress(FileExistsError):
                os.mkdir(".cuagym", 0o755, dir_fd=home)
            try:
                folder = os.open(".cuagym", flags, dir_fd=home)
            except OSError as exc:
                raise SandboxError(f"/home/user/.cuagym is not a folder: {exc}") from None
            try:
                os.chown(folder, self.uid, self.gid)
                with contextlib.suppress(FileNotFoundError):
                    os.unlink("sid", dir_fd=folder)
                fd = os.open("sid", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644, dir_fd=folder)
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    fh.write(sid + "\n")
                    os.fchown(fh.fileno(), self.uid, self.gid)
            finally:
                os.close(folder)
        finally:
            os.close(home)

    async def close(self) -> None:
        """Stop every process of the environment; the kernel then reclaims its mounts.

        A run still in flight is killed and its caller gets a SandboxError.
        """
        proc, self._proc = self._proc, None
        if proc is None:
            return
        self._fail_pending("the environment was closed")
        if self._writer is not None and proc.returncode is None:
            with contextlib.suppress(Exception):
                self._writer.write(b'{"op": "close"}\n')
                await asyncio.wait_for(self._writer.drain(), 5)
        try:
            await asyncio.wait_for(proc.wait(), 15)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()
        if self._writer is not None:
            self._writer.close()
        if self.cgroup is not None:
            for _ in range(50):  # empty only once the jail's last orphan has exited
                self.cgroup.remove()
                if not self.cgroup.path.exists():
                    break
                await asyncio.sleep(0.02)
        for task in (self._replies, self._stderr_task):
            if task is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(task, 5)

    async def __aenter__(self) -> Sandbox:
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
    def home(self) -> Path:
        """The current ``/home/user`` as the host (root) can read it between runs.

        Entries are the scripts' own: never follow a symlink found under it.
        """
        if self._home is None:
            raise SandboxError("sandbox not started")
        return self._home

    @property
    def alive(self) -> bool:
        """Started, not closed, and its supervisor still running."""
        return self._proc is not None and self._proc.returncode is None

    @property
    def supervisor_pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    # -- snapshots ---------------------------------------------------------------------------
    async def snapshot(self, name: str | None = None) -> str:
        """Freeze the current home as a read-only layer; returns the snapshot's name."""
        name = name or f"snap-{next(self._snaps)}"
        await self._call({"op": "snapshot", "name": name})
        self._last_snapshot = name
        self.taken.add(name)
        return name

    async def view(self, name: str, *, as_reward: bool = False) -> str:
        """A read-only tree showing snapshot ``name``, as a path of the supervisor's namespace
        that a run can bind (``run(..., views={inner_path: name})``); ``as_reward``: as the
        reward's uid sees it (see :meth:`run`)."""
        reply = await self._call({"op": "view", "name": name, "as_reward": as_reward})
        path = str(reply["path"])
        return path if path.startswith("/") else f"{self.state_root}/{path}"

    async def restore(self, name: str | None = None) -> None:
        """Back to a snapshot (default: the latest, or the initial home if none was taken)."""
        await self._call({"op": "restore", "name": name or self._last_snapshot})

    # -- runs --------------------------------------------------------------------------------
    async def run(
        self,
        command: Sequence[str],
        *,
        files: Mapping[str, str] | None = None,
        timeout: float | None = 60.0,
        env: Mapping[str, str] | None = None,
        readonly_home: bool = False,
        views: Mapping[str, str] | None = None,
        as_reward: bool = False,
    ) -> ScriptResult:
        """Run ``command`` in a fresh jail over the current home; ``files`` land in /opt/task.
        ``views``: inner path -> snapshot name, each bound read-only (see :meth:`view`).
        ``as_reward``: run as ``reward_uid`` (with the sandbox's gid) over a read-only home
        and views in which the sandbox's uid shows as the reward's (idmapped, see
        ``_supervisor``): it reads every file of the home, and no process of the sandbox's
        uid (an app an agent drives) can signal, ptrace or read it."""
        if as_reward and not readonly_home:
            raise ValueError("a reward run sees the home read-only")
        run_id = str(next(self._runs))
        view_binds = [
            (await self.view(name, as_reward=as_reward), inner, True)
            for inner, name in (views or {}).items()
        ]
        binds = [*self.binds, *view_binds]
        inner_env = _jail.inner_env(env or {}, self.hub, self.sid, self.image_venv is not None)
        args = _jail.bwrap_args(
            state_root=str(self.state_root),
            run_dir=f"r/{run_id}",
            image_venv=self.image_venv,
            inner_uid=self.inner_uid,
            inner_gid=self.inner_gid,
            env=inner_env,
            command=command,
            limits=self.limits,
            hub=self.hub,
            readonly_home=readonly_home,
            interactive=self.interactive,
            binds=binds,
        )
        request = {
            "op": "run",
            "run_id": run_id,
            "files": dict(files or {}),
            "prefix": _jail.prefix_argv(
                self.reward_uid if as_reward else self.uid, self.gid, self.limits
            ),
            "as_reward": as_reward,
            "bwrap_args": args,
            "timeout": timeout,
            "output_limit": self.limits.output_kb << 10,
            "interactive": self.interactive,
        }
        warm = self._warm_request(command, files, inner_env, view_binds, as_reward, readonly_home)
        if warm is not None:
            request["warm"] = warm
        wait = None if timeout is None else timeout + _OP_TIMEOUT_S
        ooms = self.cgroup.oom_kills() if self.cgroup is not None else 0
        raw = await self._call(request, timeout=wait)
        oom = self.cgroup is not None and self.cgroup.oom_kills() > ooms
        self.warm_runs += bool(raw.get("warm"))
        return self._result(raw, timeout, oom)

    async def prestart_warm(
        self,
        code: str,
        *,
        name: str = "script.py",
        env: Mapping[str, str] | None = None,
        readonly_home: bool = False,
        view_paths: Sequence[str] = (),
        as_reward: bool = False,
    ) -> bool:
        """Start now the warm runner that ``run_python(code, ...)`` with these options (and
        views bound at ``view_paths``) will fork from, so that its start overlaps other work
        (a reward's runner while the setup runs); runs nothing. False where no runner will
        serve such a run (it goes cold, or the runner cannot start here)."""
        command = [self.python, f"{_jail.INNER_TASK}/{name}"]
        inner_env = _jail.inner_env(env or {}, self.hub, self.sid, self.image_venv is not None)
        # Only the inner paths shape the runner's jail; each run brings its own views.
        view_binds = [("", inner, True) for inner in view_paths]
        warm = self._warm_request(
            command, {name: code}, inner_env, view_binds, as_reward, readonly_home
        )
        if warm is None:
            return False
        request = {
            "op": "warm_start",
            "prefix": _jail.prefix_argv(
                self.reward_uid if as_reward else self.uid, self.gid, self.limits
            ),
            "as_reward": as_reward,
            "output_limit": self.limits.output_kb << 10,
            "interactive": self.interactive,
            "warm": warm,
        }
        reply = await self._call(request, timeout=_OP_TIMEOUT_S + 90)
        return bool(reply.get("started"))

    def _warm_request(
        self,
        command: Sequence[str],
        files: Mapping[str, str] | None,
        inner_env: dict[str, str],
        view_binds: Sequence[tuple[str, str, bool]],
        as_reward: bool,
        readonly_home: bool,
    ) -> dict[str, Any] | None:
        """The ``warm`` part of a run request, or None: a cold run."""
        if not self._warm_eligible(command, as_reward, len(view_binds)):
            return None
        if command[1] == "-m":
            preload = list(self.warm_modules)
        else:
            script = (files or {}).get(command[1].rsplit("/", 1)[-1], "")
            preload = _warm.preload_for(script)
        return self._warm_spec(command, inner_env, view_binds, preload, as_reward, readonly_home)

    def _warm_eligible(self, command: Sequence[str], as_reward: bool, views: int) -> bool:
        """What a warm runner runs: a reward's Python script (``run_python``) with
        ``warm_rewards``; with ``warm_scripts``, any other run of a script of /opt/task or of
        ``-m MODULE``; never with more views than the runner's slots."""
        if not (self.warm_rewards if as_reward else self.warm_scripts):
            return False
        if self.interactive or views > _warm.VIEW_SLOTS or len(command) < 2:
            return False
        if command[0] != self.python:
            return False
        if command[1].startswith(f"{_jail.INNER_TASK}/"):
            return True
        return not as_reward and command[1] == "-m" and len(command) >= 3

    def _warm_spec(
        self,
        command: Sequence[str],
        run_env: dict[str, str],
        view_binds: Sequence[tuple[str, str, bool]],
        preload: Sequence[str],
        as_reward: bool,
        readonly_home: bool,
    ) -> dict[str, Any]:
        return _warm.warm_spec(
            state_root=str(self.state_root),
            python=self.python,
            image_venv=self.image_venv,
            inner_uid=self.inner_uid,
            inner_gid=self.inner_gid,
            limits=self.limits,
            hub=self.hub,
            sid=self.sid,
            binds=self.binds,
            view_binds=view_binds,
            argv=command[1:],
            run_env=run_env,
            preload=preload,
            kind="reward" if as_reward else "script",
            readonly_home=readonly_home,
        )

    async def run_python(
        self,
        code: str,
        *,
        name: str = "script.py",
        args: Sequence[str] = (),
        timeout: float | None = 60.0,
        env: Mapping[str, str] | None = None,
        readonly_home: bool = False,
        views: Mapping[str, str] | None = None,
        as_reward: bool = False,
    ) -> ScriptResult:
        """Run Python source as ``python3 /opt/task/NAME`` with cwd /home/user."""
        if "/" in name or name.startswith("."):
            raise ValueError(f"bad script name {name!r}")
        return await self.run(
            [self.python, f"{_jail.INNER_TASK}/{name}", *args],
            files={name: code},
            timeout=timeout,
            env=env,
            readonly_home=readonly_home,
            views=views,
            as_reward=as_reward,
        )

    @property
    def python(self) -> str:
        """The Python scripts run with, as a path inside the jail."""
        if self.image_venv is not None:
            return f"{_jail.INNER_VENV}/bin/python3"
        return _jail.SYSTEM_PYTHON

    def _result(self, raw: dict[str, Any], timeout: float | None, oom: bool) -> ScriptResult:
        timed_out = bool(raw["timed_out"])
        code = _jail.TIMEOUT_EXIT if timed_out else int(raw["exit_code"])
        if code < 0:  # bwrap itself killed by a signal (not by our timeout)
            code = 128 - code
        stderr: str = raw["stderr"]
        if code == 1 and stderr.startswith("bwrap: ") and not raw["stdout"]:
            raise SandboxError(f"the jail did not start: {stderr.strip()}")
        truncated = bool(raw["stdout_truncated"] or raw["stderr_truncated"])
        limit: LimitName | None = "memory" if oom and not timed_out else None
        limit = limit or _jail.detect_limit(code, timed_out, stderr, truncated)
        if limit is not None:
            stderr += _jail.limit_note(limit, self.limits, timeout)
        return ScriptResult(
            exit_code=code,
            stdout=raw["stdout"],
            stderr=stderr,
            timed_out=timed_out,
            duration_s=round(float(raw["duration_s"]), 4),
            limit=limit,
            truncated=truncated,
        )

    # -- control channel ---------------------------------------------------------------------
    async def _call(
        self, request: dict[str, Any], timeout: float | None = _OP_TIMEOUT_S
    ) -> dict[str, Any]:
        if self._writer is None or self._proc is None:
            raise SandboxError("sandbox not started (or closed)")
        rid = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[rid] = future
        try:
            self._writer.write(json.dumps({**request, "id": rid}).encode() + b"\n")
            await self._writer.drain()
            reply = await asyncio.wait_for(future, timeout)
        except (OSError, TimeoutError) as exc:
            raise SandboxError(f"supervisor lost: {exc!r}{self._tail()}") from None
        finally:
            self._pending.pop(rid, None)
        if not reply.pop("ok", False):
            raise SandboxError(str(reply.get("error", "unknown supervisor error")))
        return reply

    async def _read_replies(self, reader: asyncio.StreamReader) -> None:
        try:
            while line := await reader.readline():
                reply: dict[str, Any] = json.loads(line)
                future = self._pending.get(reply.pop("id", None))
                if future is not None and not future.done():
                    future.set_result(reply)
        except (ValueError, OSError) as exc:  # a garbled channel: nothing more can be trusted
            self._fail_pending(f"control channel broken: {exc}")
            if self._proc is not None and self._proc.returncode is None:
                self._proc.kill()
            return
        # End of file: the supervisor is gone. Let its last words reach the error message.
        if self._proc is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._proc.wait(), 2)
        if self._stderr_task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._stderr_task), 1)
        self._fail_pending(f"supervisor exited{self._tail()}")

    def _fail_pending(self, why: str) -> None:
        for future in self._pending.values():
            if not future.done():
                future.set_exception(SandboxError(why))

    async def _keep_stderr(self, stream: asyncio.StreamReader) -> None:
        while chunk := await stream.read(4096):
            self._stderr_tail += chunk
            del self._stderr_tail[:-4096]

    def _tail(self) -> str:
        text = self._stderr_tail.decode("utf-8", errors="replace").strip()
        return f": {text}" if text else ""

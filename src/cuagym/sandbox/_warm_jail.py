"""A warm runner's in-jail half: ``python3 warm.py NPROC PRELOAD [PORT SOCKET BOOT]``.

(The reward's runner, and the environment's own scripts' runner, which forks ``python3 SCRIPT``
and ``python3 -m MODULE`` runs alike; see ``_warm.py``.)

Runs inside a reward jail exactly like the one a cold reward run gets (same bwrap options,
uid, limits and environment; see ``_warm_host.py`` for how each run's home, /tmp, /dev/shm and
/opt/task reach it), with the reward libraries already imported, and forks one child per
reward run. The parent (this process) never runs task code: it reads a request from the
supervisor, forks, and collects the child's output and status. The child execs the script as
``__main__`` with its own stdout/stderr pipes, cwd, environment and argv, as ``python3 SCRIPT``
would. Between runs nothing survives of a child: its memory dies with it and every other
process of the jail it may have left (a daemon, a setsid escapee) is killed before the reply.

Why a child cannot reach the parent or the next run: the parent and the hub relay it forks
are not dumpable (no ptrace, no /proc/PID/mem or /proc/PID/fd of theirs, even for the same
uid); the child drops every descriptor but its own pipes; a child that signals the parent or
the relay (same uid: it can) breaks the runner, which the supervisor sees and replaces — the
next run then starts a fresh jail. The parent retires itself (a clean exit after a reply) once
its CPU time nears RLIMIT_CPU, which counts the whole life of this process.

PRELOAD: the modules to import before the first run, comma-separated (the reward's own
imports among a fixed list, ``_warm.PRELOADABLE``), best effort: one that fails to import
fails again, as it would have, in the run that imports it.

Standard library only; copied into the environment's state root and bound read-only into the
jail, never imported by cuagym.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import ctypes
import importlib
import importlib.util
import json
import os
import resource
import select
import signal
import sys
import time
import types
from typing import Any

PR_SET_DUMPABLE = 4
PR_SET_CHILD_SUBREAPER = 36
#: How long a child's pipes may stay open after every process of the run is gone.
DRAIN_S = 5.0

_libc = ctypes.CDLL(None, use_errno=True)


class RunnerBroken(RuntimeError):
    """The runner can no longer promise a clean next run (its relay died, a mount is wrong)."""


def _reply(out: int, message: dict[str, Any]) -> None:
    data = json.dumps(message).encode() + b"\n"
    view = memoryview(data)
    while view:
        view = view[os.write(out, view) :]


def _start_relay(port: int, target: str, boot_path: str, keep: tuple[int, ...]) -> int:
    """Boot's hub relay (``_boot.py``, loaded by path), forked from this non-dumpable
    process: the runs cannot ptrace it either."""
    import socket

    spec = importlib.util.spec_from_file_location("cuagym_warm_boot", boot_path)
    assert spec is not None and spec.loader is not None
    boot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(boot)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(64)
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the relay process
        try:
            devnull = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(devnull, fd)
            for fd in keep:
                os.close(fd)
            boot.relay(listener, target)
        finally:
            os._exit(0)
    listener.close()
    return pid


def _others(protected: set[int]) -> list[int]:
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) not in protected:
            pids.append(int(entry))
    return pids


class Runner:
    def __init__(self, control_in: int, control_out: int, relay_pid: int | None) -> None:
        self.control_in = control_in
        self.control_out = control_out
        self.relay_pid = relay_pid
        self.cpu_limit = resource.getrlimit(resource.RLIMIT_CPU)[0]
        self.broken = False

    # -- the parent ------------------------------------------------------------------------
    def protected(self) -> set[int]:
        keep = {1, os.getpid()}
        if self.relay_pid is not None:
            keep.add(self.relay_pid)
        return keep

    def sweep(self) -> None:
        """Kill every process of the jail but bwrap's init, this one and the relay; reap
        what was ours (we are a subreaper: orphans come here)."""
        for _ in range(200):
            victims = _others(self.protected())
            for pid in victims:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            self.reap()
            if not victims:
                return
            time.sleep(0.002)
        raise RunnerBroken("processes of the run survived SIGKILL")

    def reap(self) -> None:
        while True:
            try:
                pid, _status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            if pid == self.relay_pid:
                raise RunnerBroken("the hub relay died")

    def check_relay(self) -> None:
        if self.relay_pid is None:
            return
        try:
            with open(f"/proc/{self.relay_pid}/stat", "rb") as fh:
                state = fh.read().rsplit(b")", 1)[1].split()[0]
        except OSError:
            raise RunnerBroken("the hub relay is gone") from None
        if state not in (b"S", b"R"):  # stopped, traced or dead: a run got at it
            raise RunnerBroken(f"the hub relay is in state {state.decode()}")

    def check_mounts(self, expect: dict[str, list[int]]) -> None:
        """The supervisor mounted this run's home, /tmp... from outside; make sure the jail
        sees exactly those (a stale or missing mount would score the wrong state)."""
        for path, (dev, ino) in expect.items():
            st = os.stat(path)
            if (st.st_dev, st.st_ino) != (dev, ino):
                raise RunnerBroken(f"{path} is not this run's mount")

    def run(self, req: dict[str, Any]) -> dict[str, Any]:
        self.check_relay()
        self.check_mounts(req["expect"])
        self.broken = True  # until the run is over and swept
        cap = int(req["output_limit"])
        timeout = req.get("timeout")
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child never returns
            _child(req, out_w, err_w)
        os.close(out_w)
        os.close(err_w)
        pidfd = os.pidfd_open(pid)
        bufs = {out_r: bytearray(), err_r: bytearray()}
        truncated = {out_r: False, err_r: False}
        open_fds = {out_r, err_r}
        deadline = None if timeout is None else time.monotonic() + float(timeout)
        timed_out = False
        status: int | None = None
        drain_until: float | None = None
        try:
            while open_fds:
                now = time.monotonic()
                if status is None and deadline is not None and now >= deadline:
                    timed_out, deadline = True, None
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                if drain_until is not None and now >= drain_until:
                    break
                waits = [deadline, drain_until] if status is None else [drain_until]
                limit = min((w - now for w in waits if w is not None), default=None)
                watched = [*open_fds, pidfd] if status is None else list(open_fds)
                ready, _, _ = select.select(watched, [], [], max(limit, 0) if limit else limit)
                for fd in ready:
                    if fd == pidfd:
                        status = os.waitpid(pid, 0)[1]
                        # The script is done: so is its run (as when bwrap's PID 1 exits).
                        with contextlib.suppress(RunnerBroken):
                            self.sweep()
                        drain_until = time.monotonic() + DRAIN_S
                        continue
                    chunk = os.read(fd, 65536)
                    if not chunk:
                        open_fds.discard(fd)
                        continue
                    room = cap - len(bufs[fd])
                    if room > 0:
                        bufs[fd] += chunk[:room]
                    if len(chunk) > room:
                        truncated[fd] = True
            if status is None:
                status = os.waitpid(pid, 0)[1]
        finally:
            os.close(pidfd)
            for fd in (out_r, err_r):
                os.close(fd)
        with contextlib.suppress(RunnerBroken):  # the run is done; the next one gets a new jail
            self.sweep()
            self.check_relay()
            self.broken = False
        code = os.waitstatus_to_exitcode(status)
        return {
            "exit_code": 128 - code if code < 0 else code,
            "timed_out": timed_out,
            "stdout": bufs[out_r].decode("utf-8", errors="replace"),
            "stderr": bufs[err_r].decode("utf-8", errors="replace"),
            "stdout_truncated": truncated[out_r],
            "stderr_truncated": truncated[err_r],
        }

    def tired(self) -> bool:
        """Close to RLIMIT_CPU (counted over this process's life): retire before SIGXCPU."""
        if self.cpu_limit == resource.RLIM_INFINITY:
            return False
        used = resource.getrusage(resource.RUSAGE_SELF)
        return used.ru_utime + used.ru_stime > self.cpu_limit / 2

    def serve(self) -> None:
        _reply(self.control_out, {"ready": True, "pid": os.getpid()})
        with os.fdopen(self.control_in, "rb", buffering=1 << 16) as requests:
            for line in requests:
                req = json.loads(line)
                try:
                    result = self.run(req)
                except RunnerBroken as exc:
                    _reply(self.control_out, {"broken": str(exc)})
                    return
                retire = self.broken or self.tired()
                _reply(self.control_out, {**result, "retire": retire})
                if retire:
                    return


# -- the child ---------------------------------------------------------------------------------
def _exit_status(exc: SystemExit) -> int:
    """What the interpreter makes of ``sys.exit(code)``."""
    code = exc.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    with contextlib.suppress(Exception):
        print(code, file=sys.stderr)
    return 1


def _child(req: dict[str, Any], out_w: int, err_w: int) -> None:  # pragma: no cover - forked
    status = 1
    try:
        os.setsid()  # as bwrap --new-session gives the cold run
        _libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0)  # the script is an ordinary process again
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(out_w, 1)
        os.dup2(err_w, 2)
        os.closerange(3, resource.getrlimit(resource.RLIMIT_NOFILE)[0])
        argv: list[str] = list(req["argv"])
        os.chdir(req["cwd"])
        os.environ.clear()
        os.environ.update(req["env"])
        os.environ["PWD"] = req["cwd"]  # as bwrap's --chdir sets it for a cold run
        try:
            if argv[0] == "-m":  # ``python3 -m MODULE ARGS``
                _run_module(argv[1], argv[2:], req["cwd"])
            else:  # ``python3 SCRIPT ARGS``
                _run_script(argv)
            status = 0
        except SystemExit as exc:
            status = _exit_status(exc)
        except BaseException:
            kind, value, tb = sys.exc_info()
            assert kind is not None and value is not None
            # Without our two frames: the traceback reads as the interpreter's own would.
            inner = tb.tb_next if tb is not None else None
            inner = inner.tb_next if inner is not None else None
            sys.excepthook(kind, value.with_traceback(inner), inner)
            status = 1
        _finish()
    except SystemExit as exc:  # raised by an atexit handler or a thread join
        status = _exit_status(exc)
    except BaseException:
        with contextlib.suppress(Exception):
            import traceback

            traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(status)


def _run_script(argv: list[str]) -> None:  # pragma: no cover - forked
    path = argv[0]
    sys.argv = argv
    sys.path.insert(0, os.path.dirname(path))  # as ``python3 SCRIPT`` puts it first
    main = types.ModuleType("__main__")
    main.__file__ = path
    main.__builtins__ = builtins  # type: ignore[attr-defined]
    main.__cached__ = None  # type: ignore[attr-defined]
    sys.modules["__main__"] = main
    with open(path, "rb") as fh:
        source = fh.read()
    exec(compile(source, path, "exec"), main.__dict__)


def _run_module(name: str, args: list[str], cwd: str) -> None:  # pragma: no cover - forked
    """What ``python3 -m NAME ARGS`` does: the cwd first on the path, the module run afresh as
    ``__main__`` (a preloaded copy under its own name is not reused), argv[0] its file."""
    import runpy

    sys.argv = ["-m", *args]
    sys.path.insert(0, cwd)
    runpy._run_module_as_main(name)  # type: ignore[attr-defined]


def _finish() -> None:
    """What the interpreter does at exit: wait for non-daemon threads, run atexit hooks."""
    threading = sys.modules.get("threading")
    if threading is not None:
        threading._shutdown()
    atexit._run_exitfuncs()


def main() -> None:
    _libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)  # before the relay is forked: it inherits it
    # Our own folder off the path: imports here resolve as in the script's interpreter.
    del sys.path[0]
    nproc, preload = int(sys.argv[1]), [m for m in sys.argv[2].split(",") if m]
    control_in, control_out = os.dup(0), os.dup(1)  # not inheritable: no child gets them
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)
    os.close(devnull)
    resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))
    relay_pid = None
    if len(sys.argv) > 3:
        port, target, boot_path = int(sys.argv[3]), sys.argv[4], sys.argv[5]
        relay_pid = _start_relay(port, target, boot_path, (control_in, control_out))
    _libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    os.chdir("/")  # never inside a mount a run brings (its unmount would find us there)
    for name in preload:
        with contextlib.suppress(Exception):
            importlib.import_module(name)
    # Children reseed `random` themselves (an at-fork hook of the module).
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    Runner(control_in, control_out, relay_pid).serve()


if __name__ == "__main__":
    main()

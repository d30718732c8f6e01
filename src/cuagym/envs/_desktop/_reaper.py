"""One app's reaper: ``python3 -I -S -c SOURCE COMMAND...`` (standard library only).

Run by its source, not imported (it starts in ~20 ms, needs no venv and no read access to our
installation). Why it exists:

* GUI apps fork helpers (LibreOffice: oosplash -> soffice.bin; Chromium: zygotes, GPU and
  network processes). Orphans would be reparented to the machine's init, which may reap them
  late, so "closed" would not mean "gone". As a child subreaper this process inherits every
  orphan of its tree and reaps it, and it exits only when the whole tree is gone.
* It dies with the orchestrator (``PR_SET_PDEATHSIG``) and then kills the tree, the analogue
  of bwrap's ``--die-with-parent``. In an app's jail it is the PID namespace's init and its
  parent-death signal is SIGKILL (``CUAGYM_REAPER_PDEATHSIG=9``): the kernel then kills the
  whole jail at once. Its app gets SIGKILL should the reaper itself be killed.
* On SIGTERM it forwards SIGTERM to the tree (its own process group), waits up to
  ``CUAGYM_REAPER_GRACE`` seconds (default 3), then SIGKILLs whatever is left. On SIGUSR1 it
  SIGKILLs the tree at once: for an app whose state is being thrown away (an environment
  restored to a snapshot), a graceful shutdown is time spent for nothing.

Exit status: the command's own (128+N if a signal killed it).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import time

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36


def _descendants() -> list[int]:
    """Every process whose parent is this one (orphans included, thanks to the subreaper)."""
    me = os.getpid()
    found: list[int] = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                stat = fh.read()
        except OSError:
            continue
        # The command name may hold spaces and parentheses: split after the last ')'.
        fields = stat[stat.rfind(b")") + 2 :].split()
        if len(fields) > 1 and int(fields[1]) == me:
            found.append(int(name))
    return found


def _signal_tree(sig: int, done: set[int]) -> None:
    """Signal our children (orphans included) not yet in ``done`` and our process group.

    Never SIGKILL the group: this process is in it. Grandchildren whose parent dies become our
    children, so the caller repeats this until nothing is left.
    """
    for pid in _descendants():
        if pid in done:
            continue
        done.add(pid)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)
    if sig != signal.SIGKILL and os.getpgrp() == os.getpid():
        os.killpg(os.getpgrp(), sig)  # our own handler ignores it by now


class _Stop(Exception):
    """Raised by the signal handlers to break a blocking wait; ``args[0]``: the signal."""


def _on_signal(signum: int, _frame: object) -> None:
    raise _Stop(signum)


def main() -> int:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    deathsig = int(os.environ.pop("CUAGYM_REAPER_PDEATHSIG", str(int(signal.SIGTERM))))
    libc.prctl(PR_SET_PDEATHSIG, deathsig, 0, 0, 0)
    if os.getppid() == 1:  # the orchestrator died before the prctl: do not run at all
        return 1
    grace = float(os.environ.pop("CUAGYM_REAPER_GRACE", "3"))
    cwd = os.environ.pop("CUAGYM_REAPER_CWD", None)
    stops = {signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGUSR1}
    # Blocked across the fork so that a stop request lands in the try below, never in between.
    signal.pthread_sigmask(signal.SIG_BLOCK, stops)
    for sig in stops:
        signal.signal(sig, _on_signal)
    pid = os.fork()
    if pid == 0:
        for sig in stops:
            signal.signal(sig, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, stops)
        # A reaper that is SIGKILLed (a Ray worker's children are) takes its app along. An
        # identity change (setpriv) clears this: setpriv --pdeathsig sets it again.
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        try:
            if cwd:
                os.chdir(cwd)
            os.execvp(sys.argv[1], sys.argv[1:])
        except OSError as exc:
            os.write(2, f"cuagym reaper: cannot run {sys.argv[1]} in {cwd}: {exc}\n".encode())
        os._exit(127)
    status = 0
    # Phase 1: block until the app exits or we are told to stop (no polling: dozens of these
    # run at once and should cost nothing while idle).
    try:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, stops)
        while True:
            try:
                done, code = os.waitpid(-1, 0)
            except ChildProcessError:
                return status
            if done == pid:
                status = _exit_code(code)
                break  # the app is gone: its helpers have no reason to live on
    except _Stop as stop:
        if stop.args[0] == signal.SIGUSR1:
            grace = 0.0
    for sig in stops:
        signal.signal(sig, signal.SIG_IGN)
    # Phase 2: TERM the tree, reap, KILL what is left after the grace period.
    termed: set[int] = set()
    killed: set[int] = set()
    _signal_tree(signal.SIGTERM if grace > 0 else signal.SIGKILL, termed)
    deadline = time.monotonic() + grace
    while True:
        try:
            done, code = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return status
        if done == pid:
            status = _exit_code(code)
        if done == 0:
            if time.monotonic() > deadline:
                _signal_tree(signal.SIGKILL, killed)
            else:
                _signal_tree(signal.SIGTERM, termed)  # orphans adopted since
            time.sleep(0.02)


def _exit_code(wait_status: int) -> int:
    code = os.waitstatus_to_exitcode(wait_status)
    return 128 - code if code < 0 else code


if __name__ == "__main__":
    sys.exit(main())

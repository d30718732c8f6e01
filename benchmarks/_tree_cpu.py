"""CPU seconds of a batch, by process group and by thread, for the executor comparison.

A Ray batch spreads its work over processes that come and go: the actors (spawned by the
raylet, killed at the end), the environments they start, Ray's own daemons. A sampler thread
reads ``/proc`` every ``interval`` seconds and keeps, per process and per thread of a Ray
worker, the first and the last CPU time it saw (``utime + stime``, clock ticks); a process
born during the batch counts from 0. So a process that lives longer than one interval is
counted (up to one interval of its end lost); short tools (``xdotool``, ``import``) that live
less are missed, equally for both executors. Processes are those below this process (the
raylet and GCS are its children, the actors the raylet's). A sample costs ~2.5 ms of this
process's CPU (200 processes), counted under ``driver``, the same for both executors.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field

__all__ = ["TreeCpu", "group_of"]

_TICK = os.sysconf("SC_CLK_TCK")
#: groups by command name; Ray's Python daemons are told apart by their command line
_COMM_GROUPS = {
    "raylet": "ray:raylet",
    "gcs_server": "ray:gcs",
    "ray::DashboardA": "ray:dashboard_agent",  # comm: 15 characters
    "ray::RuntimeEnv": "ray:runtime_env_agent",
    "Xvfb": "env:xvfb",
    "soffice.bin": "env:office",
    "oosplash": "env:office",
    "chromium": "env:browser",
    "chrome_crashpad": "env:browser",
    "matchbox-window": "env:wm",
    "bwrap": "env:scripts",
    "python3": "env:scripts",
}
_CMDLINE_GROUPS = (
    ("log_monitor.py", "ray:log_monitor"),
    ("autoscaler/_private/monitor.py", "ray:monitor"),
    ("dashboard/dashboard.py", "ray:dashboard"),
    ("dashboard/agent.py", "ray:dashboard_agent"),
    ("runtime_env/agent", "ray:runtime_env_agent"),
    ("_supervisor.py", "env:scripts"),
    ("ray/_private/workers", "ray:worker"),
)


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError:
        return None


def _stat(raw: bytes) -> tuple[str, int, float]:
    """comm, ppid, CPU seconds (own, not children's) of a ``stat`` line."""
    close = raw.rfind(b")")
    comm = raw[raw.find(b"(") + 1 : close].decode(errors="replace")
    fields = raw[close + 2 :].split()
    return comm, int(fields[1]), (int(fields[11]) + int(fields[12])) / _TICK


def group_of(pid: int, comm: str, driver: int) -> str:
    if pid == driver:
        return "driver"
    if comm.startswith("ray::") and comm not in _COMM_GROUPS:
        return "ray:worker"  # ray::IDLE, ray::_ActorHost (the actor runs our worker)
    if comm in _COMM_GROUPS and comm != "python3":
        return _COMM_GROUPS[comm]
    cmdline = (_read(f"/proc/{pid}/cmdline") or b"").replace(b"\0", b" ").decode(errors="replace")
    for needle, group in _CMDLINE_GROUPS:
        if needle in cmdline:
            return group
    return _COMM_GROUPS.get(comm, "other")


@dataclass
class TreeCpu:
    """Samples this process's tree while running (a context manager)."""

    interval: float = 0.2
    #: pid -> (group, first seen seconds, last seen seconds)
    procs: dict[int, list] = field(default_factory=dict)
    #: (pid, tid) -> (thread name, first, last) for Ray worker processes
    threads: dict[tuple[int, int], list] = field(default_factory=dict)
    wall: float = 0.0
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None
    _first: bool = True

    def __enter__(self) -> TreeCpu:
        self.wall = time.perf_counter()
        self._sample()  # the baseline: what existed before counts from here
        self._first = False
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        assert self._thread is not None
        self._thread.join()
        self._sample()
        self.wall = time.perf_counter() - self.wall

    def _loop(self) -> None:
        while not self._stop.wait(self.interval):
            self._sample()

    def _sample(self) -> None:
        driver = os.getpid()
        parents: dict[int, int] = {}
        stats: dict[int, tuple[str, float]] = {}
        for name in os.listdir("/proc"):
            if name.isdigit() and (raw := _read(f"/proc/{name}/stat")):
                comm, ppid, cpu = _stat(raw)
                parents[int(name)], stats[int(name)] = ppid, (comm, cpu)
        children: dict[int, list[int]] = {}
        for pid, ppid in parents.items():
            children.setdefault(ppid, []).append(pid)
        todo = [driver]
        while todo:
            pid = todo.pop()
            todo.extend(children.get(pid, []))
            comm, cpu = stats[pid]
            seen = self.procs.get(pid)
            if seen is None:
                group = group_of(pid, comm, driver)
                self.procs[pid] = [group, cpu if self._first else 0.0, cpu]
            else:
                if seen[0] == "ray:worker" or seen[0] == "other":  # named after spawn
                    seen[0] = group_of(pid, comm, driver)
                seen[2] = cpu
            if self.procs[pid][0] == "ray:worker":
                self._sample_threads(pid)

    def _sample_threads(self, pid: int) -> None:
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            return
        for tid in tids:
            raw = _read(f"/proc/{pid}/task/{tid}/stat")
            if not raw:
                continue
            name, _, cpu = _stat(raw)
            key = (pid, int(tid))
            if key in self.threads:
                self.threads[key][2] = cpu
            else:
                self.threads[key] = [name, cpu if self._first else 0.0, cpu]

    def by_group(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for group, first, last in self.procs.values():
            out[group] = out.get(group, 0.0) + last - first
        return {g: round(s, 2) for g, s in sorted(out.items()) if s >= 0.005}

    def worker_threads(self) -> dict[str, float]:
        """CPU of the Ray workers' threads, summed by thread name."""
        out: dict[str, float] = {}
        for name, first, last in self.threads.values():
            out[name] = out.get(name, 0.0) + last - first
        return {n: round(s, 2) for n, s in sorted(out.items(), key=lambda x: -x[1]) if s >= 0.005}

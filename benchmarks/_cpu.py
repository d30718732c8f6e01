"""CPU seconds of a phase: this process and every process below it (from /proc), by owner.

Wall time on a shared, loaded machine measures the queue for the cores as much as the work;
CPU time measures the work. A phase's CPU here is the sum of

* this process (``RUSAGE_SELF``: the orchestrator, the embedded hub, the policy client),
* its reaped children (``RUSAGE_CHILDREN``: xdotool and other short tools, and every app tree
  whose reaper exited — the reaper is a child subreaper, so it waits for the whole tree and
  its ``cutime`` holds it),
* every live descendant's ``utime + stime + cutime + cstime`` from ``/proc/PID/stat``.

A process that dies between two samples moves its time from the live sum into its parent's
``cutime`` (or our ``RUSAGE_CHILDREN``), so the total stays consistent; only a descendant that
escapes to init unwaited would be lost (every desktop process runs under a subreaper). The scan
of /proc is itself excluded: the start sample reads our own rusage after the scan, the end
sample before it. Resolution: a clock tick (10 ms) per process.
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

__all__ = ["CpuSample", "PhaseCpu", "cpu_sample", "measure"]

_TICK = os.sysconf("SC_CLK_TCK")
#: groups of descendant processes by command name (the rest is "other")
_GROUPS = {
    "Xvfb": "xvfb",
    "soffice.bin": "office",
    "oosplash": "office",
    "chromium": "browser",
    "chrome_crashpad": "browser",
    "matchbox-window": "wm",
    "bwrap": "scripts",
    "python3": "scripts",  # reapers and the sandbox supervisor are python3 (stdlib)
}


@dataclass(frozen=True)
class CpuSample:
    wall: float
    ours: float  # this process, user + system
    reaped: float  # children we waited for (with what they waited for)
    live: dict[str, float]  # live descendants by group

    @property
    def total(self) -> float:
        return self.ours + self.reaped + sum(self.live.values())


def _rusage_s(who: int) -> float:
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime


def _descendant_cpu(root: int) -> dict[str, float]:
    parents: dict[int, int] = {}
    stats: dict[int, tuple[str, float]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                raw = fh.read()
        except OSError:
            continue
        close = raw.rfind(b")")
        comm = raw[raw.find(b"(") + 1 : close].decode(errors="replace")
        fields = raw[close + 2 :].split()
        pid = int(name)
        parents[pid] = int(fields[1])
        # fields[11..14]: utime, stime, cutime, cstime (stat fields 14-17)
        ticks = sum(int(x) for x in fields[11:15])
        stats[pid] = (comm, ticks / _TICK)
    children: dict[int, list[int]] = {}
    for pid, ppid in parents.items():
        children.setdefault(ppid, []).append(pid)
    out: dict[str, float] = {}
    todo = list(children.get(root, []))
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, []))
        comm, seconds = stats[pid]
        group = _GROUPS.get(comm, "other")
        out[group] = out.get(group, 0.0) + seconds
    return out


def cpu_sample(*, start: bool) -> CpuSample:
    """A sample; ``start``: taken at the beginning of a phase (own rusage read after the scan)."""
    if not start:
        wall = time.perf_counter()
        ours, reaped = _rusage_s(resource.RUSAGE_SELF), _rusage_s(resource.RUSAGE_CHILDREN)
    live = _descendant_cpu(os.getpid())
    if start:
        ours, reaped = _rusage_s(resource.RUSAGE_SELF), _rusage_s(resource.RUSAGE_CHILDREN)
        wall = time.perf_counter()
    return CpuSample(wall=wall, ours=ours, reaped=reaped, live=live)


@dataclass
class PhaseCpu:
    """Wall and CPU seconds of a phase, accumulated over its repetitions."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    ours: list[float] = field(default_factory=list)
    #: per group (``ours``, ``reaped``, then the live groups), summed over the repetitions
    by: dict[str, float] = field(default_factory=dict)

    def add(self, a: CpuSample, b: CpuSample) -> None:
        self.wall.append(b.wall - a.wall)
        self.cpu.append(b.total - a.total)
        self.ours.append(b.ours - a.ours)
        deltas = {"ours": b.ours - a.ours, "reaped": b.reaped - a.reaped}
        for group in {*a.live, *b.live}:
            deltas[group] = b.live.get(group, 0.0) - a.live.get(group, 0.0)
        for group, delta in deltas.items():
            self.by[group] = self.by.get(group, 0.0) + delta


@contextmanager
def measure(into: PhaseCpu) -> Iterator[None]:
    a = cpu_sample(start=True)
    yield
    into.add(a, cpu_sample(start=False))

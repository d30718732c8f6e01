"""A memory cgroup per environment, where the host lets us make one (best effort).

RLIMIT_AS caps each process, so a sandbox's total is processes × that; a memory cgroup caps the
whole environment (its processes and the tmpfs pages they write) and the kernel OOM-kills inside
it, never outside. cgroup v1 (``/sys/fs/cgroup/memory``) and v2 (unified, when the memory
controller is delegated to our cgroup) are both tried; a container with a read-only cgroupfs
simply gets no cgroup, and the per-process limits still hold.

The folder is named ``cuagym-<supervisor pid>`` beside our own cgroup; it can only be removed
once empty, so ``remove`` runs after the supervisor has exited, and ``sweep`` removes empty
folders that a crashed orchestrator left behind.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

CGROUP_ROOT = Path("/sys/fs/cgroup")
PREFIX = "cuagym-"


class MemoryCgroup:
    def __init__(self, path: Path, version: int) -> None:
        self.path = path
        self.version = version

    @classmethod
    def create(cls, pid: int, limit_bytes: int) -> MemoryCgroup | None:
        """A cgroup holding ``pid`` (and its future children) with ``limit_bytes``; or None."""
        for parent, version in _candidates():
            sweep(parent)
            path = parent / f"{PREFIX}{pid}"
            try:
                path.mkdir()
            except OSError:
                continue
            group = cls(path, version)
            try:
                if version == 1:
                    (path / "memory.limit_in_bytes").write_text(str(limit_bytes))
                    with contextlib.suppress(OSError):  # swap may be off or unaccounted
                        (path / "memory.memsw.limit_in_bytes").write_text(str(limit_bytes))
                else:
                    (path / "memory.max").write_text(str(limit_bytes))
                    with contextlib.suppress(OSError):
                        (path / "memory.swap.max").write_text("0")
                (path / "cgroup.procs").write_text(str(pid))
            except OSError:
                group.remove()
                continue
            return group
        return None

    def oom_kills(self) -> int:
        name = "memory.oom_control" if self.version == 1 else "memory.events"
        try:
            for line in (self.path / name).read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill":
                    return int(value)
        except (OSError, ValueError):
            pass
        return 0

    def remove(self) -> None:
        with contextlib.suppress(OSError):
            self.path.rmdir()


def _own(controller: str | None) -> str | None:
    """Our cgroup path in the hierarchy of ``controller`` (None: the v2 unified one)."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _num, controllers, path = line.split(":", 2)
        if controller is None and controllers == "":
            return path
        if controller is not None and controller in controllers.split(","):
            return path
    return None


def _candidates() -> list[tuple[Path, int]]:
    out: list[tuple[Path, int]] = []
    v1 = _own("memory")
    if v1 is not None and (CGROUP_ROOT / "memory").is_dir():
        out.append((CGROUP_ROOT / "memory" / v1.lstrip("/"), 1))
    v2 = _own(None)
    if v2 is not None and (CGROUP_ROOT / "cgroup.controllers").exists():
        parent = CGROUP_ROOT / v2.lstrip("/")
        with contextlib.suppress(OSError):
            if "memory" in (parent / "cgroup.subtree_control").read_text().split():
                out.append((parent, 2))
    return out


def sweep(parent: Path) -> None:
    """Remove our empty cgroups whose supervisor is gone."""
    with contextlib.suppress(OSError):
        for child in parent.iterdir():
            if child.name.startswith(PREFIX) and child.name[len(PREFIX) :].isdigit():
                pid = int(child.name[len(PREFIX) :])
                if not Path(f"/proc/{pid}").exists():
                    with contextlib.suppress(OSError):
                        child.rmdir()  # fails, harmlessly, while anything still runs in it

"""Host-side probes used by the sandbox tests."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


def state_root_mounts(root: Path) -> list[str]:
    """Host mount points at or below ``root`` (the sandbox must never leave one)."""
    with open("/proc/self/mounts", encoding="utf-8") as fh:
        points = [line.split()[1] for line in fh]
    return [p for p in points if p == str(root) or p.startswith(f"{root}/")]


def _status(pid: str) -> dict[str, str]:
    out: dict[str, str] = {}
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as fh:
            for line in fh:
                key, _, value = line.partition(":")
                out[key] = value.strip()
    except OSError:
        pass
    return out


def jail_processes(*, supervisor: int | None = None, marker: str | None = None) -> list[str]:
    """Live (non-zombie) host processes that belong to a jail.

    A process belongs to one if it is the given supervisor, or its command line holds
    ``marker``, or it runs as uid 1000 under bwrap. Zombies are ignored: they hold nothing,
    and reaping orphans is the host init's job once the supervisor itself was killed.
    """
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        status = _status(pid)
        if not status or status.get("State", "").startswith("Z"):
            continue
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if (
            (supervisor is not None and int(pid) == supervisor)
            or (marker is not None and marker in cmdline)
            or (supervisor is not None and status.get("PPid") == str(supervisor))
        ):
            found.append(f"{pid} {cmdline}")
    return found


def tree_manifest(top: Path) -> dict[str, tuple[str, int, str]]:
    """path -> (kind, mode, sha256 or link target) for everything under ``top``, no following."""
    out: dict[str, tuple[str, int, str]] = {}
    for dirpath, dirnames, filenames in os.walk(top):
        for name in dirnames + filenames:
            path = Path(dirpath, name)
            rel = str(path.relative_to(top))
            st = path.lstat()
            mode = st.st_mode & 0o7777
            if path.is_symlink():
                out[rel] = ("link", mode, os.readlink(path))
            elif path.is_dir():
                out[rel] = ("dir", mode, "")
            else:
                out[rel] = ("file", mode, hashlib.sha256(path.read_bytes()).hexdigest())
    return out

"""Write a folder so that readers see all of it or none of it.

A bundle is written into a private temp folder under ``OUT/.cuagym-tmp/`` (same filesystem as
the target, so ``rename`` is atomic), every file and the folder are fsynced, and only then is
the folder renamed into place. A crash at any point leaves either no bundle or the complete
one; what it can leave is a temp folder, which :func:`sweep_stale` removes later.

Temp folders are named ``<task_id>.<host>.<pid>.<random>`` so a sweep can tell a folder whose
writer died (same host, pid gone) from one another worker is writing right now.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import re
import secrets
import shutil
import socket
import sys
import time
from collections.abc import Mapping
from pathlib import Path

__all__ = [
    "TMP_DIR_NAME",
    "fsync_dir",
    "sweep_stale",
    "write_file_atomically",
    "write_folder_atomically",
]

TMP_DIR_NAME = ".cuagym-tmp"
# Temp folders of another host can't be checked for a live writer; after a day they are junk.
_FOREIGN_MAX_AGE_S = 24 * 3600.0


def _host() -> str:
    return re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname())[:32] or "host"


def fsync_dir(path: Path) -> None:
    # Directory fsync makes the entries (new files, the rename) durable. Not every platform
    # lets a directory be opened; there the rename is as durable as the OS makes it.
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_file(path: Path, data: bytes) -> None:
    with open(path, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


def write_file_atomically(path: Path, data: bytes) -> None:
    """Write one file so readers see the old file or the new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        _write_file(tmp, data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two existing paths in one step (Linux ``renameat2(RENAME_EXCHANGE)``).

    Returns False where the call or the flag is unsupported, so the caller can fall back.
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    rc = renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)
    if rc == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(a), None, str(b))


def _tmp_name(stem: str) -> str:
    return f"{stem}.{_host()}.{os.getpid()}.{secrets.token_hex(4)}"


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by someone else
    except OSError:
        return True  # can't tell: keep the folder
    return True


def sweep_stale(out_root: str | os.PathLike[str]) -> list[Path]:
    """Remove temp folders left by writers that died. Returns the folders removed."""
    tmp_root = Path(out_root) / TMP_DIR_NAME
    removed: list[Path] = []
    if not tmp_root.is_dir():
        return removed
    host, now = _host(), time.time()
    for entry in tmp_root.iterdir():
        parts = entry.name.rsplit(".", 3)
        stale = False
        if len(parts) == 4 and parts[2].isdigit():
            if parts[1] == host:
                stale = int(parts[2]) != os.getpid() and not _pid_alive(int(parts[2]))
            else:
                with contextlib.suppress(OSError):
                    stale = now - entry.stat().st_mtime > _FOREIGN_MAX_AGE_S
        if stale:
            shutil.rmtree(entry, ignore_errors=True)
            removed.append(entry)
    return removed


def write_folder_atomically(
    out_root: str | os.PathLike[str],
    target: str | os.PathLike[str],
    files: Mapping[str, bytes],
    *,
    replace: bool = False,
) -> Path:
    """Create folder ``target`` (inside ``out_root``) holding ``files``, atomically.

    ``files`` maps relative paths to contents. If ``target`` exists: with ``replace=False``
    raise FileExistsError and change nothing; with ``replace=True`` swap the new folder in
    atomically (Linux) and delete the old one. Where an atomic swap is unsupported the old
    folder is first moved aside, so readers may briefly find no folder, never a partial one.
    """
    out_root, target = Path(out_root), Path(target)
    tmp_root = out_root / TMP_DIR_NAME
    tmp_root.mkdir(parents=True, exist_ok=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    sweep_stale(out_root)
    if target.exists() and not replace:
        raise FileExistsError(f"{target} exists (pass replace=True to replace it)")
    tmp = tmp_root / _tmp_name(target.name)
    tmp.mkdir()
    try:
        for rel, data in files.items():
            path = tmp / rel
            if path.parent != tmp:
                path.parent.mkdir(parents=True, exist_ok=True)
            _write_file(path, data)
        for folder in {(tmp / rel).parent for rel in files}:
            fsync_dir(folder)
        fsync_dir(tmp)
        _install(tmp, target, replace=replace)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    fsync_dir(target.parent)
    return target


def _install(tmp: Path, target: Path, *, replace: bool) -> None:
    if replace and target.exists():
        if _exchange(tmp, target):
            shutil.rmtree(tmp, ignore_errors=True)  # tmp now holds the old folder
            return
        aside = tmp.with_name(_tmp_name(target.name + "-old"))
        os.rename(target, aside)
        try:
            os.rename(tmp, target)
        except OSError:
            os.rename(aside, target)  # put the old bundle back rather than lose it
            raise
        shutil.rmtree(aside, ignore_errors=True)
        return
    try:
        # rename() onto an existing non-empty folder fails, so a writer that raced us to the
        # same target makes this one fail instead of mixing the two.
        os.rename(tmp, target)
    except OSError as exc:
        if exc.errno in (errno.EEXIST, errno.ENOTEMPTY):
            raise FileExistsError(f"{target} exists (written concurrently)") from exc
        raise

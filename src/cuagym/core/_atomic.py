"""Write a folder so that readers see all of it or none of it.

A bundle is written into a private temp folder under ``OUT/.cuagym-tmp/`` (same filesystem as
the target, so ``rename`` is atomic), every file and the folder are fsynced, and only then is
the folder renamed into place. A crash at any point leaves either no bundle or the complete
one; what it can leave is a temp folder, which :func:`sweep_stale` removes later.

Temp folders are named ``<task_id>.<host>.<pid>.<random>`` so a sweep can tell a folder whose
writer died (same host, pid gone) from one another worker is writing right now. The temp folder's
parent is removed again once it is empty, and :func:`folder_lock` removes its lock file on
release, so nothing internal stays in a user's output folder after success (DESIGN.md §14).
Files are created with the user's umask, like any other program's.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import os
import re
import secrets
import shutil
import socket
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

__all__ = [
    "TMP_DIR_NAME",
    "folder_lock",
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


def remove_if_empty(folder: Path) -> None:
    """Remove ``folder`` if it is empty (another writer may be using it: then it stays)."""
    with contextlib.suppress(OSError):
        folder.rmdir()


def _make_tmp(tmp_root: Path, stem: str) -> Path:
    """A fresh temp folder in ``tmp_root``; (re)creates ``tmp_root``, which a writer that just
    finished may have removed between our mkdir and this one."""
    for _ in range(100):
        tmp_root.mkdir(parents=True, exist_ok=True)
        tmp = tmp_root / _tmp_name(stem)
        try:
            tmp.mkdir()
        except FileNotFoundError:
            continue
        return tmp
    raise OSError(f"could not create a temp folder in {tmp_root}")  # pragma: no cover


@contextlib.contextmanager
def folder_lock(folder: Path, name: str, busy: Callable[[], BaseException]) -> Iterator[None]:
    """Hold the advisory lock file ``folder/name`` (the kernel releases it on kill -9).

    The file is removed on release, so a finished run leaves nothing behind. Because a file can
    be removed while another process waits to open it, the lock counts only when the path
    still names the file we locked; otherwise we lock the new one. ``busy()`` makes the error
    raised when another process holds it.
    """
    path = folder / name
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise busy() from None
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)  # the holder before us removed it: lock the file that is there now
    try:
        yield
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)  # while still locked: a waiter then sees a stale inode and retries
        os.close(fd)


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
    try:
        entries = list(tmp_root.iterdir())
    except FileNotFoundError:  # removed by a writer that just finished
        return removed
    for entry in entries:
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
    remove_if_empty(tmp_root)
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
    target.parent.mkdir(parents=True, exist_ok=True)
    sweep_stale(out_root)
    if target.exists() and not replace:
        raise FileExistsError(f"{target} exists (pass replace=True to replace it)")
    tmp = _make_tmp(tmp_root, target.name)
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
        remove_if_empty(tmp_root)
        raise
    remove_if_empty(tmp_root)
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

"""``read_state``'s file side: a no-follow walk of the environment's /home/user.

Everything under the home was written by untrusted scripts and is read here by a root process,
so the walk never follows a symlink (a link to /etc/shadow stays a link: its target is
reported, not read), opens every file relative to its parent's descriptor with O_NOFOLLOW, and
skips anything that is not a regular file (a FIFO would block the reader forever).
"""

from __future__ import annotations

import contextlib
import fnmatch
import hashlib
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cuagym.core import StateQuery
from cuagym.core.environment import FileEntry

Parser = Callable[[Path], "dict[str, Any] | None"]
_CHUNK = 1 << 20


def load_parser() -> Parser | None:
    """The rich-format parser (``cuagym.envs._parsers.parse_file``) when it is installed."""
    try:
        from cuagym.envs._parsers import parse_file  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        return None
    parser: Parser = parse_file
    return parser


def walk_home(home: Path, query: StateQuery, parser: Parser | None) -> tuple[list[FileEntry], bool]:
    """Entries of ``home`` matching ``query``, sorted by path; and whether the list was cut."""
    entries: list[FileEntry] = []
    for dirpath, dirnames, filenames, dirfd in os.fwalk(home, follow_symlinks=False):
        rel_dir = os.path.relpath(dirpath, home)
        rel_dir = "" if rel_dir == "." else rel_dir
        dirnames.sort()
        for name in sorted((*dirnames, *filenames)):
            rel = f"{rel_dir}/{name}" if rel_dir else name
            if not _wanted(rel, query.paths):
                continue
            if len(entries) >= query.max_files:
                return entries, True
            entries.append(_entry(dirfd, name, rel, home, query, parser))
    entries.sort(key=lambda e: e.path)
    return entries, False


def _wanted(rel: str, globs: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(rel, glob) for glob in globs)


def _entry(
    dirfd: int, name: str, rel: str, home: Path, query: StateQuery, parser: Parser | None
) -> FileEntry:
    st = os.stat(name, dir_fd=dirfd, follow_symlinks=False)
    mode = stat.S_IMODE(st.st_mode)
    if stat.S_ISDIR(st.st_mode):
        return FileEntry(path=rel, kind="dir", mode=mode)
    if stat.S_ISLNK(st.st_mode):
        target = os.readlink(name, dir_fd=dirfd)
        return FileEntry(path=rel, kind="symlink", mode=mode, target=target)
    if not stat.S_ISREG(st.st_mode):
        return FileEntry(path=rel, kind="other", mode=mode)
    entry = FileEntry(path=rel, kind="file", size=st.st_size, mode=mode)
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=dirfd)
    except OSError as exc:
        entry.error = f"cannot open: {exc.strerror}"
        return entry
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):  # swapped since the stat
            entry.kind = "other"
            return entry
        head = fh.read(query.text_max_bytes + 1) if query.text_max_bytes else b""
        if query.hash:
            digest = hashlib.sha256(head)
            while chunk := fh.read(_CHUNK):
                digest.update(chunk)
            entry.sha256 = digest.hexdigest()
    if 0 < len(head) <= query.text_max_bytes or (st.st_size == 0 and query.text_max_bytes):
        entry.text = _as_text(head)
    if query.parse and parser is not None:
        # The walk holds the tree still (no jailed process runs during read_state), and every
        # component above was reached without following a link: the path is the file just seen.
        try:
            entry.parsed = parser(home / rel)
        except Exception as exc:
            entry.error = f"parse failed: {type(exc).__name__}: {exc}"
    return entry


def _as_text(data: bytes) -> str | None:
    if b"\0" in data:
        return None
    with contextlib.suppress(UnicodeDecodeError):
        return data.decode("utf-8")
    return None

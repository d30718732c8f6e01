"""Walk a directory tree without following links, hashing and (optionally) parsing files."""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from ._common import JSON, error_text

_CHUNK = 1024 * 1024


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def read_tree(
    root: Path,
    *,
    exclude: Callable[[Path], bool] | None,
    parse_view: Callable[[Path], JSON | None] | None,
    max_files: int,
) -> JSON:
    files: dict[str, JSON] = {}
    dirs: list[str] = []
    symlinks: dict[str, str] = {}
    others: list[str] = []
    errors: dict[str, str] = {}
    count = 0
    truncated = False

    # Depth-first over sorted names: the same tree always lists in the same order.
    stack: list[PurePosixPath] = [PurePosixPath()]
    while stack:
        rel_dir = stack.pop()
        try:
            entries = sorted(os.scandir(root / rel_dir), key=lambda e: e.name)
        except OSError as exc:
            errors[str(rel_dir)] = error_text(exc, root)
            continue
        subdirs: list[PurePosixPath] = []
        for entry in entries:
            rel = rel_dir / entry.name
            key = str(rel)
            if exclude is not None and exclude(Path(rel)):
                continue
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError as exc:
                errors[key] = error_text(exc, root)
                continue
            if stat.S_ISLNK(info.st_mode):
                symlinks[key] = os.readlink(entry.path)
            elif stat.S_ISDIR(info.st_mode):
                dirs.append(key)
                subdirs.append(rel)
            elif not stat.S_ISREG(info.st_mode):
                others.append(key)  # fifo, socket, device: never opened
            elif count >= max_files:
                truncated = True
            else:
                count += 1
                files[key] = _file_entry(root / rel, info, parse_view)
        stack.extend(reversed(subdirs))
    return {
        "files": dict(sorted(files.items())),
        "dirs": sorted(dirs),
        "symlinks": dict(sorted(symlinks.items())),
        "others": sorted(others),
        "errors": dict(sorted(errors.items())),
        "file_count": count,
        "truncated": truncated,
    }


def _file_entry(
    path: Path, info: os.stat_result, parse_view: Callable[[Path], JSON | None] | None
) -> JSON:
    entry: JSON = {"size": info.st_size, "mode": f"{stat.S_IMODE(info.st_mode):04o}"}
    try:
        entry["sha256"] = sha256_of(path)
    except OSError as exc:
        entry["sha256"] = None
        entry["error"] = error_text(exc, path)
        return entry
    if parse_view is not None:
        entry["view"] = parse_view(path)
    return entry

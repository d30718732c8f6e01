"""Small file helpers: a bundle folder's bytes, its meta.json, atomic JSON writes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cuagym.core._atomic import write_file_atomically

__all__ = ["json_bytes", "read_folder", "read_meta", "write_json_atomically"]

META = "meta.json"


def json_bytes(data: Any) -> bytes:
    """JSON as bundles write it (two-space indent, UTF-8, a final newline)."""
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def read_folder(folder: Path) -> dict[str, bytes]:
    """Every regular file under ``folder`` by relative path. A link is refused: a bundle is
    copied by value, and a link could point anywhere."""
    files: dict[str, bytes] = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_symlink():
            raise ValueError(f"{folder}: {rel} is a symbolic link (a bundle holds files only)")
        if path.is_file():
            files[rel] = path.read_bytes()
    return files


def read_meta(folder: Path) -> dict[str, Any]:
    data = json.loads((folder / META).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{folder / META}: not a JSON object")
    return data


def write_json_atomically(path: Path, data: Any) -> None:
    """Write ``path`` so readers see the old file or the new one, never a part."""
    write_file_atomically(path, json_bytes(data))

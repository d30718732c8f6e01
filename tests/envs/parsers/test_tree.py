"""read_tree: relative paths, sizes, hashes, modes, views; links and specials; determinism."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

from cuagym.envs._parsers import read_tree


def _home(root: Path) -> Path:
    (root / "docs" / "empty").mkdir(parents=True)
    (root / "docs" / "notes.txt").write_text("hello\n")
    (root / "data.csv").write_text("a,b\n1,2\n")
    (root / "run.sh").write_text("#!/bin/sh\necho hi\n")
    (root / "run.sh").chmod(0o755)
    (root / "blob.bin").write_bytes(b"\x00\xff" * 8)
    (root / ".cache").mkdir()
    (root / ".cache" / "junk.txt").write_text("volatile")
    os.symlink("docs/notes.txt", root / "link.txt")
    os.mkfifo(root / "pipe")
    return root


def test_tree_listing(tmp_path: Path) -> None:
    tree = read_tree(_home(tmp_path / "home"))
    assert list(tree["files"]) == [
        ".cache/junk.txt",
        "blob.bin",
        "data.csv",
        "docs/notes.txt",
        "run.sh",
    ]
    assert tree["dirs"] == [".cache", "docs", "docs/empty"]
    assert tree["symlinks"] == {"link.txt": "docs/notes.txt"}
    assert tree["others"] == ["pipe"]
    assert tree["file_count"] == 5 and tree["truncated"] is False
    notes = tree["files"]["docs/notes.txt"]
    assert notes["size"] == 6
    assert notes["sha256"] == hashlib.sha256(b"hello\n").hexdigest()
    assert notes["mode"] == f"{0o666 & ~_umask():04o}"
    assert notes["view"]["text"] == "hello\n"
    assert tree["files"]["run.sh"]["mode"] == "0755"
    assert tree["files"]["data.csv"]["view"]["rows"] == [["a", "b"], ["1", "2"]]
    assert tree["files"]["blob.bin"]["view"] is None
    assert "mtime" not in notes


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_exclude_gets_relative_paths_and_prunes_dirs(tmp_path: Path) -> None:
    seen: list[Path] = []

    def exclude(rel: Path) -> bool:
        seen.append(rel)
        return rel.parts[0] == ".cache" or rel.suffix == ".bin"

    tree = read_tree(_home(tmp_path / "home"), exclude=exclude)
    assert ".cache" not in tree["dirs"] and ".cache/junk.txt" not in tree["files"]
    assert "blob.bin" not in tree["files"]
    assert all(not p.is_absolute() for p in seen)
    assert Path(".cache/junk.txt") not in seen  # an excluded directory is not entered


def test_parse_false_and_max_files(tmp_path: Path) -> None:
    home = _home(tmp_path / "home")
    tree = read_tree(home, parse=False, max_files=2)
    assert tree["file_count"] == 2 and tree["truncated"] is True
    assert all("view" not in entry for entry in tree["files"].values())


def test_same_content_same_tree(tmp_path: Path) -> None:
    a = _home(tmp_path / "a")
    first = json.dumps(read_tree(a), sort_keys=True)
    assert json.dumps(read_tree(a), sort_keys=True) == first
    # Another root with the same content (and later mtimes) reads identically.
    b = tmp_path / "b"
    shutil.copytree(a, b, symlinks=True, ignore=shutil.ignore_patterns("pipe"))
    os.mkfifo(b / "pipe")
    assert json.dumps(read_tree(b), sort_keys=True) == first

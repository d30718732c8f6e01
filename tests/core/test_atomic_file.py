"""`write_file_atomically`: a reader sees the old file or the new one, and a failure leaves both."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.core import _atomic
from cuagym.core._atomic import write_file_atomically


def test_replaces_the_file_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "meta.json"
    write_file_atomically(target, b"old\n")
    write_file_atomically(target, b"new\n")
    assert target.read_bytes() == b"new\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["meta.json"]


def test_a_failed_write_keeps_the_old_file_and_removes_its_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "meta.json"
    target.write_bytes(b"old\n")

    def disk_full(path: Path, data: bytes) -> None:
        path.write_bytes(data[:1])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(_atomic, "_write_file", disk_full)
    with pytest.raises(OSError, match="No space left"):
        write_file_atomically(target, b"new\n")
    assert target.read_bytes() == b"old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["meta.json"]


def test_files_and_folders_follow_the_users_umask(tmp_path: Path) -> None:
    import os

    from cuagym.core.files import write_folder_atomically

    old = os.umask(0o022)
    try:
        write_file_atomically(tmp_path / "tasks.json", b"[]\n")
        folder = write_folder_atomically(tmp_path, tmp_path / "b", {"x.json": b"{}"})
    finally:
        os.umask(old)
    assert (tmp_path / "tasks.json").stat().st_mode & 0o777 == 0o644
    assert (folder / "x.json").stat().st_mode & 0o777 == 0o644
    assert folder.stat().st_mode & 0o777 == 0o755


def test_a_folder_lock_is_exclusive_and_leaves_no_file(tmp_path: Path) -> None:
    from cuagym.core.files import folder_lock

    class Busy(RuntimeError):
        pass

    with folder_lock(tmp_path, ".cuagym-x.lock", lambda: Busy("busy")):
        assert (tmp_path / ".cuagym-x.lock").exists()
        with pytest.raises(Busy), folder_lock(tmp_path, ".cuagym-x.lock", lambda: Busy("busy")):
            pass
    assert list(tmp_path.iterdir()) == [], "the lock file is removed on release"
    with folder_lock(tmp_path, ".cuagym-x.lock", lambda: Busy("busy")):
        pass  # and can be taken again

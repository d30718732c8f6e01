"""The kept/dropped/offline store: atomic placement, moves between buckets, and recovery from a
crash between a move's two steps."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cuagym.core import Bundle
from cuagym.core._atomic import _host, write_folder_atomically
from cuagym.filter import StoreConflict
from cuagym.filter._files import read_folder
from cuagym.filter._store import FilterStore, with_filter_record
from tests.filter.helpers import CORPUS

TASK = "files-csv-dedupe"


def _files(bucket: str, note: str = "") -> dict[str, bytes]:
    files = read_folder(CORPUS / TASK)
    return with_filter_record(files, "critics", {"decision": "keep", "note": note}, bucket)  # type: ignore[arg-type]


def _bucket_of(store: FilterStore, task_id: str = TASK) -> list[str]:
    return [b for b in ("kept", "dropped", "offline") if (store.root / b / task_id).is_dir()]


def test_place_writes_then_moves_between_buckets(tmp_path: Path) -> None:
    store = FilterStore(tmp_path / "out")
    path = store.place(TASK, _files("kept", "first"), "kept")
    assert path == store.root / "kept" / TASK and _bucket_of(store) == ["kept"]
    Bundle.load(path)
    path = store.place(TASK, _files("offline", "second"), "offline")
    assert _bucket_of(store) == ["offline"] and store.locate(TASK) == ("offline", path)
    meta = json.loads((path / "meta.json").read_text())
    assert meta["filter"] == {"critics": {"decision": "keep", "note": "second"},
                              "bucket": "offline"}  # fmt: skip
    store.place(TASK, _files("offline", "third"), "offline")  # in place: an atomic exchange
    assert json.loads((path / "meta.json").read_text())["filter"]["critics"]["note"] == "third"
    assert not (store.root / ".cuagym-tmp").exists() or not any(
        (store.root / ".cuagym-tmp").iterdir()
    )


def test_place_refuses_a_meta_that_names_another_bucket(tmp_path: Path) -> None:
    store = FilterStore(tmp_path / "out")
    with pytest.raises(ValueError, match=r"meta\.json says bucket 'dropped'"):
        store.place(TASK, _files("dropped"), "kept")
    assert _bucket_of(store) == []


def test_reconcile_finishes_a_move_a_crash_interrupted(tmp_path: Path) -> None:
    """Step 1 of a move (new content, naming the target bucket, exchanged in place) done,
    step 2 (the rename) never ran: the next command finishes it."""
    store = FilterStore(tmp_path / "out")
    store.place(TASK, _files("kept"), "kept")
    write_folder_atomically(store.root, store.root / "kept" / TASK, _files("dropped"), replace=True)
    # a dead writer's temp folder (same host, a pid that is gone) is swept too
    stale = store.root / ".cuagym-tmp" / f"{TASK}.{_host()}.4194303.abcd"
    stale.mkdir(parents=True)
    assert store.reconcile() == [f"{TASK}: kept/ → dropped/"]
    assert not stale.exists()
    assert _bucket_of(store) == ["dropped"]
    Bundle.load(store.root / "dropped" / TASK)
    assert store.reconcile() == []


def test_a_task_in_two_buckets_is_reported_not_resolved(tmp_path: Path) -> None:
    store = FilterStore(tmp_path / "out")
    path = store.place(TASK, _files("kept"), "kept")
    shutil.copytree(path, store.root / "offline" / TASK)
    with pytest.raises(StoreConflict, match=f"{TASK} in kept/ and offline/"):
        store.reconcile()
    with pytest.raises(StoreConflict):
        store.locate(TASK)
    assert _bucket_of(store) == ["kept", "offline"]  # nothing deleted


def test_a_bundle_holds_files_only(tmp_path: Path) -> None:
    folder = tmp_path / TASK
    shutil.copytree(CORPUS / TASK, folder)
    (folder / "link").symlink_to("/etc/passwd")
    with pytest.raises(ValueError, match="symbolic link"):
        read_folder(folder)

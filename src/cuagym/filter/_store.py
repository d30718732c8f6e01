"""The filter's output folder: ``OUT/kept/``, ``OUT/dropped/``, ``OUT/offline/``.

Every tuple the filter has decided lives in exactly one bucket, as a complete bundle whose
meta.json says which (``filter.bucket``) and why (``filter.critics``, ``filter.teacher``). The
input corpus is never modified: a tuple enters OUT as an atomic copy.

Moves are crash-safe without a journal:

1. the bundle's new content (meta.json naming the target bucket) replaces the folder where it
   is, in one atomic exchange (``Bundle.write``'s writer; a new tuple is written straight into
   its target bucket);
2. the folder is renamed into its target bucket (one ``rename``).

A kill between the two leaves a complete bundle in its old bucket whose meta.json names the
new one; :meth:`FilterStore.reconcile`, run at the start of every command, finishes the move.
So no tuple is ever lost, half-written, or in two buckets. One filter command at a time per
OUT (an advisory lock the kernel releases on kill -9).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Literal

from cuagym.core._atomic import fsync_dir
from cuagym.core.files import folder_lock, sweep_stale, write_folder_atomically
from cuagym.filter._files import META, json_bytes, read_meta

__all__ = [
    "BUCKETS",
    "Bucket",
    "FilterBusy",
    "FilterStore",
    "StoreConflict",
    "filter_section",
    "with_filter_record",
]

Bucket = Literal["kept", "dropped", "offline"]
BUCKETS: tuple[Bucket, ...] = ("kept", "dropped", "offline")
LOCK_NAME = ".cuagym-filter.lock"
WORK_DIR = ".cuagym-filter"


class FilterBusy(RuntimeError):
    """Another filter command holds this output folder."""


class StoreConflict(RuntimeError):
    """A task id found in two buckets (only possible if someone copied folders by hand)."""


def filter_section(meta: Mapping[str, Any]) -> dict[str, Any]:
    section = meta.get("filter")
    return dict(section) if isinstance(section, dict) else {}


class FilterStore:
    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    # -- locking and recovery -----------------------------------------------------------------
    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        self.root.mkdir(parents=True, exist_ok=True)
        message = f"another cuagym filter is writing to {self.root}"
        with folder_lock(self.root, LOCK_NAME, lambda: FilterBusy(message)):
            yield

    def reconcile(self) -> list[str]:
        """Finish moves a crash interrupted; remove temp folders of dead writers.

        Returns one line per move finished. Raises :class:`StoreConflict` if a task id is in
        two buckets (nothing is moved or deleted then: a person must look).
        """
        sweep_stale(self.root)
        seen: dict[str, Bucket] = {}
        conflicts = []
        for bucket in BUCKETS:
            for entry in self._entries(bucket):
                if entry.name in seen:
                    conflicts.append(f"{entry.name} in {seen[entry.name]}/ and {bucket}/")
                seen[entry.name] = bucket
        if conflicts:
            raise StoreConflict(f"{self.root}: task ids in two buckets: " + "; ".join(conflicts))
        finished = []
        for task_id, bucket in seen.items():
            folder = self.root / bucket / task_id
            try:
                wanted = filter_section(read_meta(folder)).get("bucket")
            except (OSError, ValueError):
                continue  # not ours to fix: loading it will report what is wrong
            if wanted in BUCKETS and wanted != bucket:
                self._rename(folder, wanted)
                finished.append(f"{task_id}: {bucket}/ → {wanted}/")
        return finished

    # -- where tuples are ----------------------------------------------------------------------
    def _entries(self, bucket: Bucket) -> list[Path]:
        folder = self.root / bucket
        if not folder.is_dir():
            return []
        return sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith("."))

    def locate(self, task_id: str) -> tuple[Bucket, Path] | None:
        found = [(b, self.root / b / task_id) for b in BUCKETS]
        found = [(b, p) for b, p in found if p.is_dir()]
        if len(found) > 1:
            raise StoreConflict(f"{task_id} is in {' and '.join(b + '/' for b, _ in found)}")
        return found[0] if found else None

    def bundles(self) -> Iterator[tuple[Bucket, Path]]:
        for bucket in BUCKETS:
            for entry in self._entries(bucket):
                yield bucket, entry

    # -- placing a tuple -------------------------------------------------------------------------
    def place(self, task_id: str, files: Mapping[str, bytes], bucket: Bucket) -> Path:
        """Put the bundle ``files`` into ``bucket``, wherever the tuple is now (see above)."""
        meta = files.get(META)
        if meta is None:
            raise ValueError(f"{task_id}: a bundle needs {META}")
        recorded = filter_section(json.loads(meta)).get("bucket")
        if recorded != bucket:
            raise ValueError(f"{task_id}: meta.json says bucket {recorded!r}, placing in {bucket}")
        where = self.locate(task_id)
        if where is None:
            return write_folder_atomically(self.root, self.root / bucket / task_id, files)
        current, folder = where
        write_folder_atomically(self.root, folder, files, replace=True)
        if current == bucket:
            return folder
        return self._rename(folder, bucket)

    def _rename(self, folder: Path, bucket: Bucket) -> Path:
        target = self.root / bucket / folder.name
        target.parent.mkdir(parents=True, exist_ok=True)
        os.rename(folder, target)  # fails if target exists: never two copies, never a merge
        fsync_dir(target.parent)
        fsync_dir(folder.parent)
        return target

    # -- per-tuple scratch space of a stage ----------------------------------------------------
    def work(self, stage: str, task_id: str) -> Path:
        return self.root / WORK_DIR / stage / task_id

    def clear_work(self, stage: str, task_id: str) -> None:
        shutil.rmtree(self.work(stage, task_id), ignore_errors=True)


def with_filter_record(
    files: Mapping[str, bytes], stage: str, record: Mapping[str, Any], bucket: Bucket
) -> dict[str, bytes]:
    """``files`` with meta.json's ``filter.<stage>`` and ``filter.bucket`` set."""
    meta = json.loads(files[META])
    section = filter_section(meta)
    section[stage] = dict(record)
    section["bucket"] = bucket
    meta["filter"] = section
    out = dict(files)
    out[META] = json_bytes(meta)
    return out

"""Reading an exported corpus back: the bundles, byte for byte.

``load_corpus`` takes the dataset folder (or one of its parquet files), or rows already loaded
with ``datasets.load_dataset`` (a ``Dataset`` or any iterable of row mappings). It reads only
the file columns, so the other columns may be dropped or reordered without harm.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from cuagym.core import Bundle
from cuagym.core.files import write_folder_atomically
from cuagym.core.task import validate_task_id
from cuagym.data._columns import EXTRA_FILES, FILE_COLUMNS
from cuagym.data._write import DATA_DIR, DatasetError

__all__ = ["CorpusTuple", "iter_corpus", "load_corpus"]

_BATCH_ROWS = 256


@dataclass(frozen=True)
class CorpusTuple:
    """One bundle of an exported corpus: its files exactly as they were in the folder."""

    task_id: str
    files: Mapping[str, bytes] = field(repr=False)

    def write(self, root: str | os.PathLike[str], *, replace: bool = False) -> Path:
        """Write the bundle folder ``root/<task_id>/`` atomically; return its path."""
        target = Path(root) / self.task_id
        return write_folder_atomically(root, target, dict(self.files), replace=replace)

    def bundle(self) -> Bundle:
        """The bundle, validated exactly as ``Bundle.load`` validates a folder."""
        with tempfile.TemporaryDirectory(prefix="cuagym-bundle-") as tmp:
            return Bundle.load(self.write(tmp))


def _safe_relative(path: str) -> bool:
    parts = Path(path).parts
    return bool(parts) and not Path(path).is_absolute() and ".." not in parts


def _tuple_from_row(row: Mapping[str, Any], where: str) -> CorpusTuple:
    files: dict[str, bytes] = {}
    for name in FILE_COLUMNS:
        text = row.get(name)
        if text is not None:
            if not isinstance(text, str):
                raise DatasetError([f"{where}: column {name!r} is not text"])
            files[name] = text.encode("utf-8")
    for extra in row.get(EXTRA_FILES) or ():
        path, content = extra.get("path"), extra.get("content")
        if not isinstance(path, str) or not _safe_relative(path) or path in files:
            raise DatasetError([f"{where}: extra file path {path!r} is not a safe relative path"])
        if not isinstance(content, bytes):
            raise DatasetError([f"{where}: extra file {path!r} has no binary content"])
        files[path] = content
    task_id = row.get("task_id")
    if not isinstance(task_id, str):
        raise DatasetError([f"{where}: no task_id"])
    try:
        validate_task_id(task_id)
    except ValueError as exc:
        raise DatasetError([f"{where}: {exc}"]) from exc
    if "task_config.json" not in files:
        raise DatasetError([f"{where}: no task_config.json"])
    return CorpusTuple(task_id=task_id, files=MappingProxyType(files))


def _parquet_files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    shards = sorted((path / DATA_DIR).glob("*.parquet")) if (path / DATA_DIR).is_dir() else []
    if not shards:
        raise DatasetError([f"{path}: no {DATA_DIR}/*.parquet (not a `cuagym export hf` dataset)"])
    return shards


def _rows_from_parquet(path: Path) -> Iterator[tuple[str, Mapping[str, Any]]]:
    import pyarrow.parquet as pq

    for shard in _parquet_files(path):
        parquet = pq.ParquetFile(shard)
        wanted = [
            c for c in ("task_id", *FILE_COLUMNS, EXTRA_FILES) if c in parquet.schema_arrow.names
        ]
        row_number = 0
        for batch in parquet.iter_batches(batch_size=_BATCH_ROWS, columns=wanted):
            for row in batch.to_pylist():
                yield f"{shard.name} row {row_number}", row
                row_number += 1


def iter_corpus(
    source: str | os.PathLike[str] | Iterable[Mapping[str, Any]],
) -> Iterator[CorpusTuple]:
    """The bundles of an exported corpus, one at a time (see :func:`load_corpus`)."""
    if isinstance(source, str | os.PathLike):
        rows: Iterable[tuple[str, Mapping[str, Any]]] = _rows_from_parquet(Path(source))
    else:
        rows = ((f"row {i}", row) for i, row in enumerate(source))
    seen: set[str] = set()
    for where, row in rows:
        item = _tuple_from_row(row, where)
        if item.task_id in seen:
            raise DatasetError([f"{where}: task_id {item.task_id!r} appears twice"])
        seen.add(item.task_id)
        yield item


def load_corpus(
    source: str | os.PathLike[str] | Iterable[Mapping[str, Any]],
) -> list[CorpusTuple]:
    """Every bundle of a corpus exported by ``cuagym export hf``, files byte-identical.

    ``source``: the dataset folder, one of its parquet files, or its rows as loaded by
    ``datasets.load_dataset(DIR, split="train")``. ``CorpusTuple.write(root)`` recreates a
    bundle folder; ``CorpusTuple.bundle()`` parses it.
    """
    return list(iter_corpus(source))

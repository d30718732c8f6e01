"""Writing bundles as a Hugging Face dataset: parquet shards (through ``datasets``) and a card.

Layout, as the Hub expects it and ``datasets.load_dataset(DIR)`` reads it::

    DIR/README.md                              the dataset card (YAML header + text)
    DIR/data/train-00000-of-00004.parquet      rows in task-id order, ``shard_rows`` per shard

Every bundle is validated first (``Bundle.load``: all problems of all bundles are reported and
nothing is written). The dataset is written into a temp folder beside ``DIR`` and renamed into
place, so a crash leaves either the previous ``DIR`` or the complete new one.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from cuagym._quiet import third_party_bars_off
from cuagym.core import Bundle, BundleError
from cuagym.data._columns import (
    EXTRA_FILES,
    FILE_COLUMNS,
    TASK_COLUMNS,
    ColumnKind,
    flatten_meta,
    meta_column_kinds,
    meta_value,
)

__all__ = ["CARD_FILE", "DATA_DIR", "DatasetError", "WrittenDataset", "write_dataset"]

DATA_DIR, CARD_FILE = "data", "README.md"
_MAX_PROBLEMS_SHOWN = 20


class DatasetError(ValueError):
    """Bundles that cannot be exported, or a dataset folder that cannot be read."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        shown = "\n".join(f"  {p}" for p in problems[:_MAX_PROBLEMS_SHOWN])
        more = len(problems) - _MAX_PROBLEMS_SHOWN
        super().__init__(shown + (f"\n  ... and {more} more" if more > 0 else ""))


@dataclass(frozen=True)
class WrittenDataset:
    """What :func:`write_dataset` wrote."""

    path: Path
    rows: int
    shards: tuple[Path, ...]
    columns: tuple[str, ...]
    bytes: int


def _bundle_files(folder: Path, problems: list[str]) -> list[str]:
    """Relative paths (posix) of every regular file of a bundle folder, sorted."""
    found: list[str] = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        for name in [*filenames, *dirnames]:
            path = Path(dirpath) / name
            if path.is_symlink():
                problems.append(f"{path}: a symbolic link (a bundle holds regular files only)")
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if path.is_file() and not path.is_symlink():
                found.append(path.relative_to(folder).as_posix())
    return found


def _features(meta_kinds: dict[str, ColumnKind]) -> Any:
    from datasets import Features, List, Value

    def feature(kind: ColumnKind) -> Any:
        if kind == "list_string":
            return List(Value("string"))
        return Value("string" if kind == "json" else kind)

    spec: dict[str, Any] = {
        "task_id": Value("string"),
        "instruction": Value("string"),
        "domain": Value("string"),
        "apps": List(Value("string")),
        "difficulty": Value("string"),
    }
    spec.update({name: feature(kind) for name, kind in meta_kinds.items()})
    spec.update({name: Value("string") for name in FILE_COLUMNS})
    spec[EXTRA_FILES] = List({"path": Value("string"), "content": Value("binary")})
    return Features(spec)


def _row(folder: Path, names: list[str], meta_kinds: dict[str, ColumnKind]) -> dict[str, Any]:
    raw = {name: (folder / name).read_bytes() for name in names}
    task = orjson.loads(raw["task_config.json"])
    meta = flatten_meta(orjson.loads(raw["meta.json"]))
    row: dict[str, Any] = {key: task[key] for key in TASK_COLUMNS}
    row.update({name: meta_value(meta.get(name), kind) for name, kind in meta_kinds.items()})
    row.update({name: raw[name].decode("utf-8") if name in raw else None for name in FILE_COLUMNS})
    row[EXTRA_FILES] = [
        {"path": name, "content": raw[name]} for name in names if name not in FILE_COLUMNS
    ]
    return row


def _fsync_tree(root: Path) -> None:
    for dirpath, _, filenames in os.walk(root):
        for name in filenames:
            with open(Path(dirpath) / name, "rb") as fh:
                os.fsync(fh.fileno())
        fd = os.open(dirpath, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _install(tmp: Path, out: Path, replace: bool) -> None:
    if out.exists():
        if not replace:
            raise FileExistsError(f"{out} exists (pass replace=True / --replace to replace it)")
        aside = out.with_name(f".{out.name}.old-{secrets.token_hex(4)}")
        os.rename(out, aside)
        try:
            os.rename(tmp, out)
        except OSError:
            os.rename(aside, out)  # keep the old dataset rather than lose it
            raise
        shutil.rmtree(aside, ignore_errors=True)
    else:
        os.rename(tmp, out)


def write_dataset(
    bundle_dirs: Sequence[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    *,
    card: str | Callable[[Sequence[str]], str],
    replace: bool = False,
    shard_rows: int = 1000,
) -> WrittenDataset:
    """Write ``bundle_dirs`` as a parquet dataset with the dataset card ``card`` at ``out``.

    ``card`` is the README.md text, or a function of the dataset's column names giving it.
    """
    try:
        import datasets
    except ImportError as exc:  # pragma: no cover - the extra is installed in tests
        raise ImportError(
            "exporting a dataset needs the `datasets` package: pip install 'cuagym[data]'"
        ) from exc
    if shard_rows < 1:
        raise ValueError("shard_rows must be at least 1")
    out_path = Path(out)
    if out_path.exists() and not replace:
        raise FileExistsError(f"{out_path} exists (pass replace=True / --replace to replace it)")
    folders = sorted((Path(f) for f in bundle_dirs), key=lambda f: f.name)
    if not folders:
        raise DatasetError(["no bundles to export"])
    problems: list[str] = []
    listings: list[list[str]] = []
    metas: list[dict[str, Any]] = []
    seen: dict[str, Path] = {}
    for folder in folders:
        try:
            bundle = Bundle.load(folder)
        except BundleError as exc:
            problems.append(str(exc))
            listings.append([])
            continue
        if bundle.task_id in seen:
            problems.append(f"{folder}: task_id {bundle.task_id!r} repeats {seen[bundle.task_id]}")
        seen[bundle.task_id] = folder
        listings.append(_bundle_files(folder, problems))
        try:
            metas.append(flatten_meta(orjson.loads((folder / "meta.json").read_bytes())))
        except ValueError as exc:
            problems.append(f"{folder}/meta.json: {exc}")
    if problems:
        raise DatasetError(problems)
    meta_kinds = meta_column_kinds(metas)
    clashes = sorted(set(meta_kinds) & {*FILE_COLUMNS, *TASK_COLUMNS, EXTRA_FILES})
    if clashes:
        raise DatasetError([f"meta.json keys would make columns clashing with {clashes}"])
    features = _features(meta_kinds)

    out_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = out_path.with_name(f".{out_path.name}.tmp-{secrets.token_hex(4)}")
    (tmp / DATA_DIR).mkdir(parents=True)
    try:
        n_shards = -(-len(folders) // shard_rows)
        shards: list[Path] = []
        with third_party_bars_off("datasets"):
            for index in range(n_shards):
                part = range(index * shard_rows, min(len(folders), (index + 1) * shard_rows))
                rows = [_row(folders[i], listings[i], meta_kinds) for i in part]
                columns = {name: [row[name] for row in rows] for name in features}
                shard = datasets.Dataset.from_dict(columns, features=features)
                name = f"train-{index:05d}-of-{n_shards:05d}.parquet"
                shard.to_parquet(str(tmp / DATA_DIR / name))
                shards.append(out_path / DATA_DIR / name)
        text = card if isinstance(card, str) else card(list(features))
        (tmp / CARD_FILE).write_text(text, encoding="utf-8")
        _fsync_tree(tmp)
        _install(tmp, out_path, replace)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return WrittenDataset(
        path=out_path,
        rows=len(folders),
        shards=tuple(shards),
        columns=tuple(features),
        bytes=sum(p.stat().st_size for p in shards),
    )

"""Reading a corpus for statistics: what each tuple's task_config.json and meta.json say.

A corpus is a folder of bundles (``output/final``), a synth output folder (its ``final/`` is
read; ``rejected/`` is not a corpus), one bundle folder, or a dataset written by ``cuagym export
hf``. Statistics need two small files per tuple, so only those are read and validated (with the
same models as ``Bundle.load``); every problem of every tuple is collected and reported at once.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import orjson
from pydantic import BaseModel, ValidationError

from cuagym.core import TaskConfig, TaskMeta

__all__ = ["CorpusError", "TupleInfo", "read_corpus", "tuple_info"]

_TASK_CONFIG, _META = "task_config.json", "meta.json"
M = TypeVar("M", bound=BaseModel)
_MAX_PROBLEMS_SHOWN = 20


class CorpusError(ValueError):
    """A corpus path that holds no tuples, or tuples whose files are invalid."""

    def __init__(self, path: str | os.PathLike[str], problems: list[str]) -> None:
        self.path = Path(path)
        self.problems = problems
        shown = "\n".join(f"  {p}" for p in problems[:_MAX_PROBLEMS_SHOWN])
        more = len(problems) - _MAX_PROBLEMS_SHOWN
        tail = f"\n  ... and {more} more" if more > 0 else ""
        super().__init__(f"cannot read corpus {self.path}:\n{shown}{tail}")


@dataclass(frozen=True, slots=True)
class TupleInfo:
    """The fields of one tuple that corpus statistics count."""

    task_id: str
    instruction: str
    domain: str
    difficulty: str
    apps: tuple[str, ...]
    platform: str
    scenario: str
    task_type: str


def tuple_info(task_config: bytes, meta: bytes, where: str) -> TupleInfo:
    """A tuple's statistics fields from its two files' bytes; ValueError names what is wrong."""
    problems: list[str] = []
    task = _validate(task_config, TaskConfig, f"{where}/{_TASK_CONFIG}", problems)
    info = _validate(meta, TaskMeta, f"{where}/{_META}", problems)
    if task is None or info is None:
        raise ValueError("\n  ".join(problems))
    if (info.domain, info.difficulty) != (task.domain, task.difficulty):
        raise ValueError(
            f"{where}/{_META}: domain/difficulty {info.domain}/{info.difficulty} disagree with "
            f"task_config.json's {task.domain}/{task.difficulty}"
        )
    return TupleInfo(
        task_id=task.task_id,
        instruction=task.instruction,
        domain=task.domain,
        difficulty=task.difficulty,
        apps=tuple(task.apps),
        platform=info.platform,
        scenario=info.scenario,
        task_type=info.task_type,
    )


def _validate(data: bytes, model: type[M], where: str, problems: list[str]) -> M | None:
    try:
        parsed = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        problems.append(f"{where}: invalid JSON ({exc})")
        return None
    if not isinstance(parsed, dict):
        problems.append(f"{where}: must hold a JSON object, not {type(parsed).__name__}")
        return None
    try:
        return model.model_validate(parsed)
    except ValidationError as exc:
        for err in exc.errors(include_url=False):
            field = ".".join(str(p) for p in err["loc"]) or "(file)"
            problems.append(f"{where}: {field}: {err['msg']}")
        return None


def bundle_folders(path: Path) -> list[Path]:
    """The bundle folders of a corpus path (see the module docstring), sorted by name."""
    if (path / _TASK_CONFIG).is_file():
        return [path]
    root = path / "final" if (path / "final").is_dir() else path
    # Strings, not Paths, until the end: a corpus has tens of thousands of folders.
    names = sorted(
        entry.name
        for entry in os.scandir(root)
        if entry.is_dir()
        and not entry.name.startswith(".")
        and os.path.isfile(os.path.join(entry.path, _TASK_CONFIG))
    )
    return [root / name for name in names]


def is_exported_dataset(path: Path) -> bool:
    """Whether ``path`` is a dataset written by ``cuagym export hf`` (parquet shards)."""
    return (path / "data").is_dir() and any((path / "data").glob("*.parquet"))


def read_corpus(path: str | os.PathLike[str]) -> list[TupleInfo]:
    """Every tuple of a corpus, sorted by task id; CorpusError names every bad file."""
    root = Path(path)
    if not root.exists():
        raise CorpusError(root, [f"{root}: no such file or folder"])
    if not root.is_dir():
        raise CorpusError(root, [f"{root}: not a folder of bundles"])
    if is_exported_dataset(root):
        from cuagym.data import load_corpus

        return _from_files(root, ((t.task_id, t.files) for t in load_corpus(root)))
    folders = bundle_folders(root)
    if not folders:
        raise CorpusError(
            root,
            [
                f"{root}: no bundles found (expected <task_id>/task_config.json folders, a synth "
                "output folder with final/, or a dataset from `cuagym export hf`)"
            ],
        )
    out: list[TupleInfo] = []
    problems: list[str] = []
    for folder in folders:
        where = str(folder)
        try:
            with open(os.path.join(where, _TASK_CONFIG), "rb") as fh:
                task_config = fh.read()
            with open(os.path.join(where, _META), "rb") as fh:
                meta = fh.read()
        except OSError as exc:
            problems.append(f"{where}: {exc.strerror}: {exc.filename}")
            continue
        try:
            out.append(tuple_info(task_config, meta, where))
        except ValueError as exc:
            problems.append(str(exc))
    if problems:
        raise CorpusError(root, problems)
    return out


def _from_files(root: Path, tuples: Iterable[tuple[str, Mapping[str, bytes]]]) -> list[TupleInfo]:
    out: list[TupleInfo] = []
    problems: list[str] = []
    for task_id, files in tuples:
        where = f"{root}[{task_id}]"
        if _TASK_CONFIG not in files or _META not in files:
            problems.append(f"{where}: lacks {_TASK_CONFIG} or {_META}")
            continue
        try:
            out.append(tuple_info(files[_TASK_CONFIG], files[_META], where))
        except ValueError as exc:
            problems.append(str(exc))
    if problems:
        raise CorpusError(root, problems)
    if not out:
        raise CorpusError(root, [f"{root}: the dataset holds no tuples"])
    return sorted(out, key=lambda t: t.task_id)

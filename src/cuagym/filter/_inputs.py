"""The bundles a filter command is given: checked up front, so nothing runs on a bad list."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cuagym.core import Bundle, BundleError

__all__ = ["InputError", "InputTuple", "collect_inputs"]

_TASK_CONFIG = "task_config.json"


class InputError(ValueError):
    """Some path is not an accepted bundle; the message names every problem."""


@dataclass(frozen=True)
class InputTuple:
    task_id: str
    path: Path


def _expand(path: Path) -> list[Path]:
    """A bundle folder, or a folder of bundles (``final/``, ``kept/``), in name order."""
    if path.is_dir() and not (path / _TASK_CONFIG).exists():
        inner = sorted(p for p in path.iterdir() if p.is_dir() and (p / _TASK_CONFIG).exists())
        if inner:
            return inner
    return [path]


def collect_inputs(paths: Sequence[Path]) -> list[InputTuple]:
    """Every accepted bundle among ``paths``, each task once, in the order given.

    Raises :class:`InputError` listing every path that is not a valid accepted bundle
    (REVIEW.md verdict PASS) and every task id given by two different folders.
    """
    problems: list[str] = []
    found: dict[str, InputTuple] = {}
    for given in paths:
        for path in _expand(Path(given)):
            try:
                bundle = Bundle.load(path)
            except BundleError as exc:
                problems.append(str(exc))
                continue
            if bundle.review.verdict != "PASS":
                problems.append(f"{path}: not an accepted tuple (REVIEW.md verdict FAIL)")
                continue
            earlier = found.get(bundle.task_id)
            if earlier is None:
                found[bundle.task_id] = InputTuple(bundle.task_id, path)
            elif earlier.path.resolve() != path.resolve():
                problems.append(f"task {bundle.task_id} is given twice: {earlier.path} and {path}")
    if problems:
        raise InputError("\n".join(problems))
    if not found:
        raise InputError("no bundles given")
    return list(found.values())

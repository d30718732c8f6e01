"""The columns of an exported corpus: one row per tuple, every bundle file, meta flattened.

- ``task_id``, ``instruction``, ``domain``, ``apps``, ``difficulty``: from task_config.json, for
  filtering and for the dataset viewer.
- ``meta.<key>``: meta.json flattened, nested objects joined with dots (``meta.timings_s.total``).
  A column whose values share a type keeps it (string, bool, int64, float64 — ints widen to
  float64 when mixed with floats — or a list of strings); any other mix is stored as JSON text.
- one column per bundle file, named as the file (``task_config.json``, ``meta.json``,
  ``initial_setup.py``, ``golden_patch.py``, ``reward.py``, ``REVIEW.md``, ``config.json``):
  its exact text, or null where the bundle has no such file (a rejected bundle's scripts).
- ``extra_files``: any other file of the bundle folder, as ``{path, content}`` with the raw
  bytes, so nothing a bundle carries is lost.

The file columns alone rebuild the bundles byte for byte (``load_corpus``); the other columns
are derived from them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from cuagym.core.files import BUNDLE_FILES

__all__ = [
    "EXTRA_FILES",
    "FILE_COLUMNS",
    "TASK_COLUMNS",
    "ColumnKind",
    "flatten_meta",
    "meta_column_kinds",
    "meta_value",
]

FILE_COLUMNS: tuple[str, ...] = BUNDLE_FILES
TASK_COLUMNS: tuple[str, ...] = ("task_id", "instruction", "domain", "apps", "difficulty")
EXTRA_FILES = "extra_files"
META_PREFIX = "meta."

ColumnKind = Literal["string", "bool", "int64", "float64", "list_string", "json"]


def flatten_meta(meta: Mapping[str, Any], prefix: str = META_PREFIX) -> dict[str, Any]:
    """meta.json's values by dotted column name; nested objects are descended into."""
    out: dict[str, Any] = {}
    for key, value in meta.items():
        name = f"{prefix}{key}"
        flat = flatten_meta(value, prefix=f"{name}.") if isinstance(value, dict) and value else {}
        for column, item in flat.items() or [(name, value)]:
            if column in out:
                raise ValueError(f"meta.json keys give column {column!r} twice")
            out[column] = item
    return out


def _kind_of(value: Any) -> ColumnKind | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int64"
    if isinstance(value, float):
        return "float64"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "list_string"
    return "json"


def _merge(a: ColumnKind | None, b: ColumnKind | None) -> ColumnKind | None:
    if a is None or a == b:
        return b if a is None else a
    if b is None:
        return a
    if {a, b} == {"int64", "float64"}:
        return "float64"
    return "json"


def meta_column_kinds(rows: Iterable[Mapping[str, Any]]) -> dict[str, ColumnKind]:
    """The type of every flattened meta column over all rows (columns of only nulls: string)."""
    kinds: dict[str, ColumnKind | None] = {}
    for row in rows:
        for name, value in row.items():
            kinds[name] = _merge(kinds.get(name), _kind_of(value))
    return {name: kind or "string" for name, kind in sorted(kinds.items())}


def meta_value(value: Any, kind: ColumnKind) -> Any:
    """``value`` as stored in a column of ``kind``."""
    if value is None:
        return None
    if kind == "json":
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    if kind == "float64":
        return float(value)
    return value

"""``state_diff``: the flat, key-path diff that ``/go`` returns (contract: DESIGN.md §3).

Rules, in the order a reward author needs them:
- objects are compared recursively, leaves are reported at flat paths (``a.b.c``);
- arrays are compared whole, as ordered sequences (a reordering is a change of the whole array);
- a key present on one side only is a single ``added``/``removed`` entry holding the whole value;
- values are equal iff their canonical JSON is equal (``1`` differs from ``1.0`` and ``true``);
- ``volatile`` key names or globs drop matching entries from both sides before comparing.
"""

from __future__ import annotations

import fnmatch
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, Literal, TypedDict

import orjson

from cuagym.core import canonical_json

__all__ = ["DiffEntry", "join_path", "state_diff"]

_SIMPLE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_GLOB_CHARS = frozenset("*?[")


class DiffEntry(TypedDict):
    op: Literal["added", "removed", "changed"]
    old: Any
    new: Any


def join_path(path: str, key: object) -> str:
    """Append ``key`` to a diff path: ``a.b`` for plain keys, ``a["x.y"]`` for any other key."""
    key = str(key)
    if _SIMPLE_KEY.match(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def _encode(value: Any) -> bytes | None:
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except (TypeError, orjson.JSONEncodeError):
        return None


# Types whose Python equality is exactly canonical-JSON equality when both sides share the type
# (floats are not among them: ``0.0 == -0.0`` but their JSON differs, and NaN != NaN).
_EXACT_SCALARS = (str, int, bool, type(None))


def _equal(a: Any, b: Any, ea: bytes | None = None, eb: bytes | None = None) -> bool:
    """Canonical-JSON equality, without building the slow canonical text in the common case.

    ``ea``/``eb`` are the callers' already computed :func:`_encode` of ``a``/``b``, if any.
    """
    if a is b:
        return True
    if type(a) is type(b) and type(a) in _EXACT_SCALARS:
        return bool(a == b)
    if ea is None:
        ea = _encode(a)
    if eb is None:
        eb = _encode(b)
    if ea is None or eb is None:  # integers beyond 64 bits and other values orjson refuses
        return canonical_json(a) == canonical_json(b)
    if ea != eb:
        # orjson spells every finite value injectively, so different bytes mean different values.
        return False
    # Equal bytes can still hide NaN/Infinity (orjson writes both as null): settle it exactly.
    return bool(a == b) or canonical_json(a) == canonical_json(b)


class _Mask:
    """Volatile patterns: each is matched against an entry's full path and its bare key name."""

    def __init__(self, patterns: Iterable[str]) -> None:
        pats = [p for p in patterns if p]
        self._regex = re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in pats))
        # The last path component of each pattern, when literal, lets us skip stripping an array
        # whose encoding cannot contain a matching key.
        last = [p.rsplit(".", 1)[-1] for p in pats]
        self._always_walk = any(_GLOB_CHARS & set(c) for c in last)
        self._needles = [b'"' + orjson.dumps(c)[1:-1] + b'":' for c in last]

    def drops(self, path: str, key: str) -> bool:
        return self._regex.match(path) is not None or self._regex.match(key) is not None

    def may_touch(self, encoded: bytes | None) -> bool:
        if encoded is None or self._always_walk:
            return True
        return any(n in encoded for n in self._needles)

    def strip(self, value: Any, path: str) -> Any:
        if isinstance(value, Mapping):
            out = {}
            for k, v in value.items():
                child = join_path(path, k)
                if not self.drops(child, str(k)):
                    out[k] = self.strip(v, child)
            return out
        if isinstance(value, list | tuple):
            # Array elements have no index paths in the contract; their keys are matched as
            # ``<array path>[].<key>`` and by bare name.
            return [self.strip(v, f"{path}[]") for v in value]
        return value


def state_diff(initial: Any, current: Any, volatile: Iterable[str] = ()) -> dict[str, DiffEntry]:
    """Diff two JSON states into ``{path: {"op", "old", "new"}}`` (see module docstring)."""
    mask = _Mask(volatile) if volatile else None
    out: dict[str, DiffEntry] = {}
    _diff(initial, current, "", out, mask)
    return out


def _same_tree(a: Any, b: Any) -> bool:
    """A quick, sufficient test of canonical equality for two containers.

    Python's ``==`` runs in C and stops at the first difference; when it says equal, equal
    unsorted orjson bytes pin the JSON types too (``1`` vs ``1.0`` vs ``true``). A False answer
    proves nothing (key order, NaN): the caller then compares the slow, exact way.
    """
    try:
        return bool(a == b) and orjson.dumps(a) == orjson.dumps(b)
    except (TypeError, orjson.JSONEncodeError):
        return False


def _diff(a: Any, b: Any, path: str, out: dict[str, DiffEntry], mask: _Mask | None) -> None:
    if a is b:
        return
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        # Equal subtrees (most of a state after one edit) are skipped without a walk in Python;
        # masking cannot make equal subtrees differ, so this holds with volatile keys too.
        if _same_tree(a, b):
            return
        keys = sorted({str(k): k for k in (*a.keys(), *b.keys())}.items())
        for name, key in keys:
            child = join_path(path, name)
            if mask is not None and mask.drops(child, name):
                continue
            in_a, in_b = key in a, key in b
            if in_a and in_b:
                _diff(a[key], b[key], child, out, mask)
            elif in_b:
                out[child] = {"op": "added", "old": None, "new": _masked(b[key], child, mask)}
            else:
                out[child] = {"op": "removed", "old": _masked(a[key], child, mask), "new": None}
        return
    containers = isinstance(a, Mapping | list) or isinstance(b, Mapping | list)
    if containers and _same_tree(a, b):
        return
    ea = eb = None
    if containers and mask is not None:
        # Encode each side once: the same bytes answer "may a volatile key be inside?" and,
        # when nothing is stripped, the equality test below.
        ea, eb = _encode(a), _encode(b)
        if mask.may_touch(ea) or mask.may_touch(eb):
            a, b = mask.strip(a, path), mask.strip(b, path)
            ea = eb = None
    if not _equal(a, b, ea, eb):
        out[path] = {"op": "changed", "old": a, "new": b}


def _masked(value: Any, path: str, mask: _Mask | None) -> Any:
    if mask is None or not isinstance(value, Mapping | list):
        return value
    return mask.strip(value, path) if mask.may_touch(_encode(value)) else value


def memo_diff_bytes(initial: Any, current: Any, volatile: Iterable[str] = ()) -> bytes:
    """:func:`state_diff` of two validated memo trees (see ``._memo``), as JSON bytes.

    The same entries as ``orjson.dumps(state_diff(initial.dump, current.dump, volatile))``:
    subtrees shared by both states are skipped by identity, containers are told apart by
    their canonical bytes, and a changed array's entry is written from those bytes (its
    objects' keys sorted) instead of being encoded again.
    """
    mask = _Mask(volatile) if volatile else None
    out: list[tuple[str, Any]] = []
    _memo_diff(initial, current, "", out, mask)
    parts = []
    for path, entry in out:
        parts.append(
            orjson.dumps(path) + b":" + (entry if type(entry) is bytes else orjson.dumps(entry))
        )
    return b"{" + b",".join(parts) + b"}"


def _canon(memo: Any) -> bytes:
    canon = memo.canon
    return canon if type(canon) is bytes else bytes(canon)


def _memo_diff(a: Any, b: Any, path: str, out: list[tuple[str, Any]], mask: _Mask | None) -> None:
    if a is b:
        return
    ka, kb = a.children, b.children
    if isinstance(ka, dict) and isinstance(kb, dict):
        keys = sorted({str(k): k for k in (*ka.keys(), *kb.keys())}.items())
        for name, key in keys:
            child = join_path(path, name)
            if mask is not None and mask.drops(child, name):
                continue
            in_a, in_b = key in ka, key in kb
            if in_a and in_b:
                _memo_diff(ka[key], kb[key], child, out, mask)
            elif in_b:
                value = _masked(kb[key].dump, child, mask)
                out.append((child, {"op": "added", "old": None, "new": value}))
            else:
                value = _masked(ka[key].dump, child, mask)
                out.append((child, {"op": "removed", "old": value, "new": None}))
        return
    ca, cb = _canon(a), _canon(b)
    if ca == cb:
        return
    # Arrays are compared whole; their canonical bytes are the entry, unless a volatile key
    # inside may make them equal (then the ordinary, masking comparison decides).
    if (
        isinstance(ka, list)
        and isinstance(kb, list)
        and (mask is None or not (mask.may_touch(ca) or mask.may_touch(cb)))
    ):
        out.append((path, b'{"op":"changed","old":' + ca + b',"new":' + cb + b"}"))
        return
    found: dict[str, DiffEntry] = {}
    _diff(a.dump, b.dump, path, found, mask)
    out.extend(found.items())

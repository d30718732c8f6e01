"""Canonical JSON: the one byte form used for equality, hashing and storage of states.

The contract (DESIGN.md §3) defines canonical JSON as Python's
``json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``. That encoder is
slow on large states, so :func:`canonical_bytes` takes orjson's output whenever it is provably
byte-identical (orjson differs from Python only in how it spells floats) and falls back to the
standard library otherwise.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import orjson

__all__ = ["canonical_bytes", "canonical_json", "dumps", "loads", "state_id"]

# A float token in compact JSON starts right after ':' ',' '[' or at the very beginning. Strings
# that happen to contain such a sequence only cost a fallback to the slow encoder, never a wrong
# answer.
_MAYBE_FLOAT = re.compile(rb"(?:^|[:,\[])-?\d+[.eE]")


def canonical_json(value: Any) -> str:
    """Return the canonical JSON text of ``value`` exactly as the contract spells it."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_bytes(value: Any) -> bytes:
    """UTF-8 bytes of :func:`canonical_json`, computed through orjson when that is identical."""
    try:
        fast = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except (TypeError, orjson.JSONEncodeError):  # big ints, lone surrogates, non-str keys
        return canonical_json(value).encode("utf-8", "surrogatepass")
    if _MAYBE_FLOAT.search(fast) is None:
        return fast
    return canonical_json(value).encode("utf-8", "surrogatepass")


def state_id(value: Any) -> str:
    """sha256 hex digest of the canonical JSON of ``value`` (the hub's ``state_id``)."""
    return hashlib.sha256(canonical_bytes(value)).hexdigest()


def loads(data: bytes | str) -> Any:
    """Parse JSON strictly: NaN and Infinity are not JSON and are rejected."""
    return orjson.loads(data)


def dumps(value: Any) -> bytes:
    """Compact JSON bytes for responses (key order preserved, not canonical)."""
    return orjson.dumps(value)

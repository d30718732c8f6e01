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
from typing import Any

import orjson

__all__ = [
    "canonical_bytes",
    "canonical_bytes_many",
    "canonical_json",
    "dumps",
    "loads",
    "state_id",
]

# orjson and Python spell a finite float differently only in exponent forms (orjson "1e16",
# "2.5e-7" against Python "1e+16", "2.5e-07") and for 1e-5 <= |x| < 1e-4 (orjson "0.00001",
# Python "1e-05"); its output for everything else is byte-identical (a test checks this over
# hundreds of thousands of floats). So the fast path is exact unless a *number token* contains
# "<digit>e" or starts with "0.0000". Such sequences inside strings ("#2e7d32") are common, so
# each hit is checked: a number token starts the document or follows ':', ',' or '['.
# Digits all become "0", so one C-speed substring search finds every "<digit>e".
_DIGITS_TO_ZERO = bytes.maketrans(b"123456789", b"000000000")
_NUMBER_CHARS = frozenset(b"0123456789.-+")
_BEFORE_NUMBER = frozenset(b":,[")


def _inside_number(data: bytes, start: int) -> bool:
    i = start
    while i > 0 and data[i - 1] in _NUMBER_CHARS:
        i -= 1
    return i == 0 or data[i - 1] in _BEFORE_NUMBER


def _any_in_number(haystack: bytes, needle: bytes, data: bytes) -> bool:
    at = haystack.find(needle)
    while at != -1:
        if _inside_number(data, at):
            return True
        at = haystack.find(needle, at + 1)
    return False


def _floats_spelled_differently(data: bytes) -> bool:
    return _any_in_number(data.translate(_DIGITS_TO_ZERO), b"0e", data) or _any_in_number(
        data, b"0.0000", data
    )


def canonical_json(value: Any) -> str:
    """Return the canonical JSON text of ``value`` exactly as the contract spells it."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_bytes(value: Any) -> bytes:
    """UTF-8 bytes of :func:`canonical_json`, computed through orjson when that is identical.

    For JSON values. NaN and Infinity are not JSON (the hub never accepts them); orjson writes
    them as ``null``, so pass values that may hold them to :func:`canonical_json` instead.
    """
    try:
        fast = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except (TypeError, orjson.JSONEncodeError):  # big ints, lone surrogates, non-str keys
        return canonical_json(value).encode("utf-8", "surrogatepass")
    if not _floats_spelled_differently(fast):
        return fast
    return canonical_json(value).encode("utf-8", "surrogatepass")


def canonical_bytes_many(values: list[Any]) -> list[bytes]:
    """:func:`canonical_bytes` of each value, with one float-spelling check for all of them.

    The check looks at number tokens, which start a document or follow ``:``, ``,`` or ``[``:
    joined by ``,`` the values' tokens keep their context, so the joined bytes are clean exactly
    when every value's are (then orjson's bytes are the canonical ones, per value)."""
    try:
        fast = [orjson.dumps(v, option=orjson.OPT_SORT_KEYS) for v in values]
    except (TypeError, orjson.JSONEncodeError):
        return [canonical_bytes(v) for v in values]
    if not _floats_spelled_differently(b",".join(fast)):
        return fast
    return [canonical_bytes(v) for v in values]


def state_id(value: Any) -> str:
    """sha256 hex digest of the canonical JSON of ``value`` (the hub's ``state_id``)."""
    return hashlib.sha256(canonical_bytes(value)).hexdigest()


def loads(data: bytes | str) -> Any:
    """Parse JSON strictly: NaN and Infinity are not JSON and are rejected."""
    return orjson.loads(data)


def dumps(value: Any) -> bytes:
    """Compact JSON bytes for responses (key order preserved, not canonical)."""
    return orjson.dumps(value)

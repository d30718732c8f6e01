"""canonical_bytes must equal the contract's canonical JSON byte for byte, whatever the value."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from cuagym.core import canonical_json
from cuagym.core.canonical import canonical_bytes, state_id

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(), children, max_size=5)
    ),
    max_leaves=30,
)


def contract(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode(
        "utf-8", "surrogatepass"
    )


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_canonical_bytes_match_the_contract(value: Any) -> None:
    assert canonical_bytes(value) == contract(value)
    assert canonical_json(value).encode("utf-8", "surrogatepass") == contract(value)


def test_floats_that_orjson_spells_differently_take_the_exact_path() -> None:
    for value in (1e-05, 1e16, 2.5e-07, 1e22, -0.0, 123456789.125, {"x": [1e-5, "a:1.5"]}):
        assert canonical_bytes(value) == contract(value)


def test_big_integers_and_key_order() -> None:
    value = {"b": 2**80, "a": {"z": 1, "é": 2, "A": 3}}
    assert canonical_bytes(value) == contract(value)
    assert state_id(value) == hashlib.sha256(contract(value)).hexdigest()


def test_state_id_ignores_key_order_but_not_types() -> None:
    assert state_id({"a": 1, "b": 2}) == state_id({"b": 2, "a": 1})
    assert state_id({"a": 1}) != state_id({"a": 1.0})
    assert state_id({"a": True}) != state_id({"a": 1})


def test_every_float_spelling_difference_is_detected() -> None:
    """orjson differs from Python only where the fast path's pattern looks (see _json.py)."""
    import math
    import random
    import struct

    from cuagym.core._json import _floats_spelled_differently

    rng = random.Random(0)
    values = [m * 10.0**e for e in range(-320, 300) for m in (1, 1.5, 9.999, 2.2250738585072014)]
    values += [struct.unpack("d", struct.pack("Q", rng.getrandbits(64)))[0] for _ in range(50000)]
    values += [rng.random() * 10 ** rng.randint(-30, 30) for _ in range(50000)]
    for value in values:
        if math.isnan(value) or math.isinf(value):
            continue
        fast, exact = orjson.dumps(value), contract(value)
        assert fast == exact or _floats_spelled_differently(fast), (value, fast, exact)
        assert fast == exact or _floats_spelled_differently(b'{"a":[' + fast + b"]}")
        assert canonical_bytes({"v": [value]}) == contract({"v": [value]})


def test_strings_that_look_like_floats_keep_the_fast_path() -> None:
    from cuagym.core._json import _floats_spelled_differently

    assert not _floats_spelled_differently(b'{"c":"#2e7d32","t":"v1e5 0.00001","n":[1,2.5]}')
    assert _floats_spelled_differently(b'{"n":[1,2.5e-7]}')
    assert _floats_spelled_differently(b'{"n":-0.00001}')
    assert _floats_spelled_differently(b"1e16")

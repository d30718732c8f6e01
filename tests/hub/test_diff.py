"""state_diff, exactly as DESIGN.md §3 specifies it."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cuagym.hub import state_diff


def test_contract_example_quoted_keys() -> None:
    assert state_diff({"a.b": {"c": 1}}, {"a.b": {"c": 2}}) == {
        '["a.b"].c': {"op": "changed", "old": 1, "new": 2}
    }
    assert state_diff({"x": {"a b": 1, "ü": 1}}, {"x": {"a b": 2}}) == {
        'x["a b"]': {"op": "changed", "old": 1, "new": 2},
        'x["ü"]': {"op": "removed", "old": 1, "new": None},
    }


def test_objects_recurse_and_added_removed_hold_whole_values() -> None:
    initial = {"keep": 1, "gone": {"deep": {"x": 1}}, "nested": {"a": 1, "b": {"c": 2}}}
    current = {"keep": 1, "new": {"deep": {"y": 2}}, "nested": {"a": 1, "b": {"c": 3}}}
    assert state_diff(initial, current) == {
        "gone": {"op": "removed", "old": {"deep": {"x": 1}}, "new": None},
        "new": {"op": "added", "old": None, "new": {"deep": {"y": 2}}},
        "nested.b.c": {"op": "changed", "old": 2, "new": 3},
    }


def test_arrays_compare_whole_and_reordering_is_a_change() -> None:
    a = {"xs": [1, 2, 3], "objs": [{"id": 1, "v": 1}]}
    b = {"xs": [3, 2, 1], "objs": [{"id": 1, "v": 2}]}
    assert state_diff(a, b) == {
        "objs": {"op": "changed", "old": [{"id": 1, "v": 1}], "new": [{"id": 1, "v": 2}]},
        "xs": {"op": "changed", "old": [1, 2, 3], "new": [3, 2, 1]},
    }
    assert state_diff({"xs": [{"a": 1, "b": 2}]}, {"xs": [{"b": 2, "a": 1}]}) == {}


def test_type_changes_are_changes_at_their_path() -> None:
    assert state_diff({"v": {"a": 1}}, {"v": [1]}) == {
        "v": {"op": "changed", "old": {"a": 1}, "new": [1]}
    }
    assert state_diff({"v": 1}, {"v": "1"})["v"]["op"] == "changed"


def test_equality_is_canonical_json_equality() -> None:
    assert state_diff({"v": 1}, {"v": 1.0}) == {"v": {"op": "changed", "old": 1, "new": 1.0}}
    assert state_diff({"v": True}, {"v": 1}) == {"v": {"op": "changed", "old": True, "new": 1}}
    assert state_diff({"v": [0]}, {"v": [False]})["v"]["op"] == "changed"
    assert state_diff({"v": 2**70}, {"v": 2**70}) == {}
    assert state_diff({"v": float("nan")}, {"v": None})["v"]["op"] == "changed"
    assert state_diff({"v": [float("nan")]}, {"v": [float("nan")]}) == {}


def test_null_values_are_present_keys() -> None:
    assert state_diff({"v": None}, {}) == {"v": {"op": "removed", "old": None, "new": None}}
    assert state_diff({}, {"v": None}) == {"v": {"op": "added", "old": None, "new": None}}


def test_volatile_names_and_globs_are_dropped_from_both_sides() -> None:
    a = {
        "ui": {"tab": 1},
        "c": {"x": {"lastViewedAt": 1, "name": "a"}},
        "msgs": [{"id": 1, "lastViewedAt": 5}],
        "cache": {"k": 1},
    }
    b = {
        "ui": {"tab": 2},
        "c": {"x": {"lastViewedAt": 2, "name": "b"}},
        "msgs": [{"id": 1, "lastViewedAt": 9}],
        "cache": {"k": 2},
    }
    assert state_diff(a, b, volatile=["ui", "lastViewedAt", "cache.*"]) == {
        "c.x.name": {"op": "changed", "old": "a", "new": "b"}
    }
    # added values are reported without their volatile parts
    assert state_diff({}, {"n": {"lastViewedAt": 1, "v": 2}}, volatile=["lastViewedAt"]) == {
        "n": {"op": "added", "old": None, "new": {"v": 2}}
    }
    # a glob with wildcards in its last part still reaches into arrays
    assert state_diff({"m": [{"seenAt": 1}]}, {"m": [{"seenAt": 2}]}, volatile=["*At"]) == {}


def test_root_scalars() -> None:
    assert state_diff(1, 2) == {"": {"op": "changed", "old": 1, "new": 2}}
    assert state_diff({"a": 1}, {"a": 1}) == {}


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.sampled_from([0.5, 1.0, 2.0])
    | st.text(max_size=3),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=3), children, max_size=4)
    ),
    max_leaves=20,
)


def apply(initial: dict[str, Any], diff: dict[str, Any]) -> dict[str, Any]:
    """Rebuild ``current`` from ``initial`` and the diff, by walking the same paths."""
    import json
    import re

    result = copy.deepcopy(initial)
    token = re.compile(r'\["((?:[^"\\]|\\.)*)"\]|\.?([A-Za-z0-9_-]+)')
    for path, entry in diff.items():
        keys = [
            json.loads('"' + m.group(1) + '"') if m.group(1) is not None else m.group(2)
            for m in token.finditer(path)
        ]
        target = result
        for k in keys[:-1]:
            target = target[k]
        if entry["op"] == "removed":
            del target[keys[-1]]
        else:
            target[keys[-1]] = entry["new"]
    return result


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(st.text(max_size=3), json_values, max_size=5),
    st.dictionaries(st.text(max_size=3), json_values, max_size=5),
)
def test_the_diff_is_complete_and_minimal(a: dict[str, Any], b: dict[str, Any]) -> None:
    from cuagym.core import canonical_json

    diff = state_diff(a, b)
    assert canonical_json(apply(a, diff)) == canonical_json(b)
    assert state_diff(a, copy.deepcopy(a)) == {}
    for entry in diff.values():
        assert canonical_json(entry["old"]) != canonical_json(entry["new"]) or (
            entry["op"] != "changed"
        )

"""Whole-diff guards of web rewards over the hub's real ``state_diff``."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cuagym.hub import state_diff
from cuagym.scripts._globs import covered, listing, pattern_regex, uncovered
from cuagym.scripts._hub import diff_outside, records_changed

INITIAL: dict[str, Any] = {
    "issues": {
        "WEB-3": {"assignee": "u1", "labels": ["ui"], "status": "todo"},
        "WEB-30": {"assignee": "u2", "labels": [], "status": "todo"},
    },
    "projects": {"WEB": {"nextIssueNumber": 31, "lead": "u1"}},
    "a.b": {"c": 1},
}


def changed(**edits: Any) -> dict[str, Any]:
    """INITIAL with ``a__b__c=value`` edits (None deletes the key)."""
    state = copy.deepcopy(INITIAL)
    for path, value in edits.items():
        node = state
        keys = path.split("__")
        for key in keys[:-1]:
            node = node[key]
        if value is None:
            node.pop(keys[-1])
        else:
            node[keys[-1]] = value
    return state


@pytest.mark.parametrize(
    ("pattern", "path", "hit"),
    [
        ("issues.WEB-3.assignee", "issues.WEB-3.assignee", True),
        ("issues.WEB-3", "issues.WEB-3.assignee", True),  # a record covers its fields
        ("issues.WEB-3", "issues.WEB-30.assignee", False),  # a prefix is not a parent
        ("issues.*.labels", "issues.WEB-30.labels", True),
        ("issues.*.labels", "issues.WEB-30.x.labels", False),  # * stays in one segment
        ("issues.**", "issues.WEB-30.x.labels", True),
        ('["a.b"]', '["a.b"].c', True),  # brackets are literal
        ("Documents/*.xlsx", "Documents/sub/a.xlsx", False),
    ],
)
def test_patterns(pattern: str, path: str, hit: bool) -> None:
    sep = "/" if "/" in path else "."
    assert (pattern_regex(pattern, sep).match(path) is not None) == hit
    assert covered(path, [pattern], sep) == hit


def test_exactly_the_asked_change_passes() -> None:
    assert diff_outside(state_diff(INITIAL, INITIAL), ["issues.WEB-3.assignee"]) == []
    diff = state_diff(INITIAL, changed(**{"issues__WEB-3__assignee": "u2"}))
    assert list(diff) == ["issues.WEB-3.assignee"]
    assert diff_outside(diff, ["issues.WEB-3.assignee"]) == []


def test_collateral_changes_are_named() -> None:
    after = changed(**{"issues__WEB-3__assignee": "u2", "issues__WEB-30__status": "done"})
    diff = state_diff(INITIAL, after)
    extra = diff_outside(diff, ["issues.WEB-3.assignee"])
    assert extra == ["issues.WEB-30.status"]
    assert listing(extra) == "issues.WEB-30.status"
    assert listing([str(i) for i in range(8)], 3) == "0, 1, 2 and 5 more"
    assert listing([]) == "none"


def test_records_changed_tells_added_removed_and_edited_records() -> None:
    after = changed(**{"issues__WEB-31": {"assignee": None, "labels": [], "status": "todo"}})
    after = {**after, "issues": {**after["issues"]}}
    del after["issues"]["WEB-30"]
    after["issues"]["WEB-3"] = {**after["issues"]["WEB-3"], "labels": ["ui", "bug"]}
    diff = state_diff(INITIAL, after)
    assert records_changed(diff, "issues") == {
        "added": ["WEB-31"],
        "removed": ["WEB-30"],
        "changed": ["WEB-3"],
    }
    assert records_changed(diff, "projects") == {"added": [], "removed": [], "changed": []}
    assert uncovered(diff, ["issues.WEB-31", "issues.WEB-30", "issues.WEB-3.labels"]) == []

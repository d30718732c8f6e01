"""The pure state operations behind the UI (fixed clock), and the JQL-lite search language."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from cuagym.apps.issue_tracker import IssueTrackerState, build_seed
from cuagym.apps.issue_tracker._invariants import check_invariants
from cuagym.apps.issue_tracker._jql import JQLError, parse, run
from cuagym.apps.issue_tracker._ops import (
    ActionError,
    add_comment,
    allowed_transitions,
    create_issue,
    delete_issue,
    edit_comment,
    normalize_labels,
    transition,
    update_issue,
)
from cuagym.apps.issue_tracker._ops_plan import (
    backlog_list,
    complete_sprint,
    create_sprint,
    delete_sprint,
    move_to_sprint,
    rank_move,
    start_sprint,
    update_sprint,
)

NOW = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)
State = dict[str, Any]


@pytest.fixture
def state() -> State:
    return build_seed()


def valid(state: State) -> bool:
    model = IssueTrackerState.model_validate(state, strict=True)
    return not list(check_invariants(model))


def test_transitions_follow_the_graph(state: State) -> None:
    assert allowed_transitions(state, "WEB-10") == ["in-progress"]
    assert allowed_transitions(state, "WEB-9") == ["in-progress", "done"]
    with pytest.raises(ActionError, match="doesn't allow"):
        transition(state, "WEB-10", "done", NOW)
    for step in ("in-progress", "in-review", "done"):
        transition(state, "WEB-10", step, NOW)
    assert state["issues"]["WEB-10"]["status"] == "done"
    assert state["issues"]["WEB-10"]["updatedAt"] == "2025-03-10T12:00:00Z"
    transition(state, "WEB-10", "done", NOW)  # same column: no change, no error
    with pytest.raises(ActionError, match="no status"):
        transition(state, "WEB-10", "shipped", NOW)


def test_closed_sprints_are_immutable(state: State) -> None:
    assert allowed_transitions(state, "WEB-4") == []
    with pytest.raises(ActionError, match="closed"):
        transition(state, "WEB-4", "in-progress", NOW)
    with pytest.raises(ActionError, match="closed"):
        move_to_sprint(state, "WEB-4", None, NOW)
    with pytest.raises(ActionError, match="closed"):
        move_to_sprint(state, "WEB-20", "spr-web-22", NOW)
    with pytest.raises(ActionError, match="closed"):
        update_sprint(state, "spr-web-22", "Renamed", "")
    with pytest.raises(ActionError, match="closed"):
        delete_issue(state, "WEB-5")
    with pytest.raises(ActionError):
        complete_sprint(state, "spr-web-22", None, NOW)


def test_sprint_membership_rules(state: State) -> None:
    with pytest.raises(ActionError, match="another project"):
        move_to_sprint(state, "WEB-20", "spr-mob-13", NOW)
    with pytest.raises(ActionError, match="subtask"):
        move_to_sprint(state, "WEB-11", None, NOW)
    move_to_sprint(state, "WEB-10", "spr-web-24", NOW)  # the subtask follows its parent
    assert state["issues"]["WEB-11"]["sprint"] == "spr-web-24"
    assert valid(state)


def test_rank_moves_change_one_rank(state: State) -> None:
    before = {k: i["rank"] for k, i in state["issues"].items()}
    rank_move(state, "WEB-25", "top", NOW)
    keys = [i["key"] for i in backlog_list(state, "WEB", None)]
    assert keys[0] == "WEB-25"
    changed = [k for k, i in state["issues"].items() if i["rank"] != before[k]]
    assert changed == ["WEB-25"]
    rank_move(state, "WEB-25", "down", NOW)
    assert [i["key"] for i in backlog_list(state, "WEB", None)][:2] == ["WEB-20", "WEB-25"]
    rank_move(state, "WEB-20", "bottom", NOW)
    assert [i["key"] for i in backlog_list(state, "WEB", None)][-1] == "WEB-20"
    assert valid(state)


def test_rank_renumbers_when_no_gap_is_left(state: State) -> None:
    for n, key in enumerate(("WEB-20", "WEB-21", "WEB-22")):
        state["issues"][key]["rank"] = 50000 + n
    rank_move(state, "WEB-22", "up", NOW)
    order = [i["key"] for i in backlog_list(state, "WEB", None)]
    assert order.index("WEB-22") < order.index("WEB-21")
    assert valid(state)


def test_sprint_lifecycle(state: State) -> None:
    with pytest.raises(ActionError, match="still active"):
        start_sprint(state, "spr-web-24", "2025-03-17", "2025-03-28")
    moved = complete_sprint(state, "spr-web-23", "spr-web-24", NOW)
    assert set(moved) == {
        "WEB-8",
        "WEB-9",
        "WEB-10",
        "WEB-11",
        "WEB-12",
        "WEB-13",
        "WEB-15",
        "WEB-16",
    }
    assert state["issues"]["WEB-14"]["sprint"] == "spr-web-23"  # done work stays
    assert state["sprints"]["spr-web-23"]["state"] == "closed"
    assert state["sprints"]["spr-web-23"]["completedDate"] == "2025-03-10"
    start_sprint(state, "spr-web-24", "2025-03-17", "2025-03-28", "Ship saved cards")
    assert state["sprints"]["spr-web-24"]["state"] == "active"
    new = create_sprint(state, "WEB")
    assert new == "spr-web-25" and state["sprints"][new]["name"] == "WEB Sprint 25"
    with pytest.raises(ActionError, match="still active"):
        start_sprint(state, new, "2025-03-31", "2025-04-11")
    complete_sprint(state, "spr-web-24", None, NOW)
    with pytest.raises(ActionError, match="no issues"):
        start_sprint(state, new, "2025-03-31", "2025-04-11")
    update_sprint(state, new, "WEB Sprint 25", "Polish", "2025-03-31", "2025-04-11")
    with pytest.raises(ActionError, match="already has"):
        update_sprint(state, new, "web sprint 24", "")
    delete_sprint(state, new)
    assert new not in state["sprints"]
    assert valid(state)


def test_completing_with_a_done_parent_and_open_subtask_is_refused(state: State) -> None:
    state["issues"]["WEB-10"]["status"] = "done"
    with pytest.raises(ActionError, match="subtask WEB-11"):
        complete_sprint(state, "spr-web-23", None, NOW)


def test_create_issue(state: State) -> None:
    key = create_issue(
        state,
        "u-nina",
        "MOB",
        {
            "type": "bug",
            "title": "  Map   tiles blank ",
            "assignee": "auto",
            "labels": "Maps, offline maps",
            "storyPoints": "3",
            "sprint": "spr-mob-13",
        },
        NOW,
    )
    issue = state["issues"][key]
    assert key == "MOB-20" and state["projects"]["MOB"]["nextIssueNumber"] == 21
    assert issue["title"] == "Map tiles blank" and issue["status"] == "todo"
    assert issue["assignee"] == "u-omar"  # MOB's default assignee is its lead
    assert issue["labels"] == ["maps", "offline"] and issue["storyPoints"] == 3
    others = [i["rank"] for k, i in state["issues"].items() if k != key and i["project"] == "MOB"]
    assert issue["rank"] > max(others)
    sub = create_issue(
        state, "u-nina", "MOB", {"type": "subtask", "title": "Repro", "parent": key}, NOW
    )
    assert state["issues"][sub]["sprint"] == "spr-mob-13"
    assert valid(state)
    with pytest.raises(ActionError, match="closed"):
        create_issue(state, "u-nina", "WEB", {"title": "x", "sprint": "spr-web-22"}, NOW)
    with pytest.raises(ActionError, match="parent"):
        create_issue(state, "u-nina", "WEB", {"type": "subtask", "title": "x"}, NOW)
    with pytest.raises(ActionError, match="not an epic"):
        create_issue(state, "u-nina", "WEB", {"title": "x", "parent": "WEB-9"}, NOW)
    with pytest.raises(ActionError, match="empty"):
        create_issue(state, "u-nina", "WEB", {"title": "  "}, NOW)


def test_update_and_delete(state: State) -> None:
    update_issue(
        state,
        "WEB-9",
        {"labels": "Safari, checkout, ui", "storyPoints": "", "parent": "WEB-1", "type": "task"},
        NOW,
    )
    issue = state["issues"]["WEB-9"]
    assert issue["labels"] == ["checkout", "safari", "ui"] and issue["storyPoints"] is None
    assert issue["parent"] == "WEB-1" and issue["type"] == "task"
    with pytest.raises(ActionError):
        update_issue(state, "WEB-1", {"type": "story"}, NOW)
    with pytest.raises(ActionError):
        update_issue(state, "WEB-9", {"status": "done"}, NOW)
    with pytest.raises(ActionError):
        update_issue(state, "WEB-9", {"storyPoints": "lots"}, NOW)
    removed = delete_issue(state, "WEB-10")
    assert removed == ["WEB-10", "WEB-11"]
    delete_issue(state, "WEB-3")  # an epic: its children stay, unlinked
    assert state["issues"]["WEB-13"]["parent"] is None
    assert valid(state)


def test_comments(state: State) -> None:
    cid = add_comment(state, "WEB-9", "u-nina", "  Looks good\nto me  ", NOW)
    assert cid == "cm-0018"
    comment = state["issues"]["WEB-9"]["comments"][-1]
    assert comment["body"] == "Looks good\nto me" and comment["createdAt"] == "2025-03-10T12:00:00Z"
    edit_comment(state, "WEB-9", cid, "u-nina", "Looks good", NOW)
    assert comment["editedAt"] == "2025-03-10T12:00:00Z"
    first = state["issues"]["WEB-9"]["comments"][0]["id"]
    with pytest.raises(ActionError, match="own"):
        edit_comment(state, "WEB-9", first, "u-nina", "hijack", NOW)
    with pytest.raises(ActionError, match="empty"):
        add_comment(state, "WEB-9", "u-nina", " \n ", NOW)
    assert valid(state)


@pytest.mark.parametrize(("raw", "out"), [("b, a  a", ["a", "b"]), ("", []), ("X.1", ["x.1"])])
def test_normalize_labels(raw: str, out: list[str]) -> None:
    assert normalize_labels(raw) == out


@pytest.mark.parametrize(
    ("query", "keys"),
    [
        ('assignee = priya AND status = "In Progress"', ["WEB-8"]),
        ("tents", ["WEB-16"]),
        ("sprint = openSprints() AND assignee is EMPTY", ["OPS-7"]),
        ("assignee = me", ["WEB-1", "WEB-26"]),
        (
            'project = "Trail Companion App" AND labels = offline',
            ["MOB-1", "MOB-3", "MOB-6", "MOB-8"],
        ),
        (
            "type = epic AND project in (WEB, OPS) ORDER BY key DESC",
            ["WEB-3", "WEB-2", "WEB-1", "OPS-1"],
        ),
        ('text ~ "safari"', ["WEB-9"]),
        ("parent = WEB-10", ["WEB-11"]),
        ('project = OPS AND status not in (done, todo, "in review")', ["OPS-1", "OPS-4"]),
    ],
)
def test_jql(query: str, keys: list[str]) -> None:
    assert [i["key"] for i in run(build_seed(), parse(query))] == keys


@pytest.mark.parametrize(
    "query",
    [
        "foo = 1",
        "assignee =",
        "status in (a",
        "priority = urgent",
        "status = done OR type = bug",
        "assignee is blue",
        "project = WEB AND",
        "ORDER BY size",
    ],
)
def test_jql_errors(query: str) -> None:
    with pytest.raises(JQLError):
        parse(query)

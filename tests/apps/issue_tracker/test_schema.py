"""The state schema and invariants: the seed is valid, and each rule rejects a crafted state."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.apps.issue_tracker import IssueTracker, IssueTrackerState, build_seed
from cuagym.apps.issue_tracker._invariants import check_invariants
from cuagym.hub import InvalidState
from cuagym.hub._validation import StateValidator
from tests.apps.issue_tracker.conftest import TrackerClient

State = dict[str, Any]


def violations(state: State) -> list[tuple[str, str]]:
    model = IssueTrackerState.model_validate(state, strict=True)
    return [(v.path, v.message) for v in check_invariants(model)]


def test_seed_is_valid_and_a_fixed_point_of_the_schema() -> None:
    seed = build_seed()
    model = IssueTrackerState.model_validate(seed, strict=True)
    assert list(check_invariants(model)) == []
    # The hub stores model_dump(by_alias): the seed is already in that form, so a task author's
    # copy of the seed and the stored state never differ.
    assert model.model_dump(mode="json", by_alias=True) == seed
    assert StateValidator(IssueTracker()).validate(seed).state_id


def test_seed_is_deterministic_and_rich() -> None:
    a, b = build_seed(), build_seed()
    assert a == b and a is not b
    issues = list(a["issues"].values())
    assert len(a["projects"]) == 3 and 55 <= len(issues) <= 65
    for key in a["projects"]:
        states = [s["state"] for s in a["sprints"].values() if s["project"] == key]
        assert states.count("active") == 1 and "planned" in states
    assert {i["type"] for i in issues} == {"story", "bug", "task", "epic", "subtask"}
    assert {i["status"] for i in issues} == {"todo", "in-progress", "in-review", "done"}
    assert sum(len(i["comments"]) for i in issues) >= 15
    assert any(i["sprint"] is None for i in issues) and any(i["assignee"] is None for i in issues)


def test_minimal_state_gets_defaults() -> None:
    state = {
        "site": {"name": "Acme"},
        "currentUser": "u-a",
        "users": {"u-a": {"id": "u-a", "name": "a", "displayName": "A"}},
        "workflow": {
            "statuses": [
                {"id": "open", "name": "Open", "category": "todo"},
                {"id": "closed", "name": "Closed", "category": "done"},
            ],
            "transitions": {"open": ["closed"]},
            "initialStatus": "open",
        },
    }
    model = IssueTrackerState.model_validate(state, strict=True)
    assert list(check_invariants(model)) == []
    dumped = model.model_dump(mode="json", by_alias=True)
    assert dumped["projects"] == {} and dumped["issues"] == {} and dumped["sprints"] == {}
    assert dumped["ui"] == {"lastProject": None, "recentIssues": []}


@pytest.mark.parametrize(
    ("mutate", "loc"),
    [
        (lambda s: s["issues"]["WEB-9"].update(storyPoints="2"), "storyPoints"),
        (lambda s: s["issues"]["WEB-9"].update(storyPoints=2.0), "storyPoints"),
        (lambda s: s["issues"]["WEB-9"].update(priority="urgent"), "priority"),
        (lambda s: s["issues"]["WEB-9"].update(type="feature"), "type"),
        (lambda s: s["issues"]["WEB-9"].update(story_points=2), "story_points"),
        (lambda s: s["issues"]["WEB-9"].update(labels=["Has Space"]), "labels"),
        (lambda s: s["sprints"]["spr-web-23"].update(state="running"), "state"),
        (lambda s: s["sprints"]["spr-web-23"].update(startDate="03/03/2025"), "startDate"),
        (lambda s: s["projects"]["WEB"].update(key="web"), "key"),
        (lambda s: s.update(board={}), "board"),
    ],
)
def test_schema_rejects(mutate: Callable[[State], Any], loc: str) -> None:
    state = build_seed()
    mutate(state)
    with pytest.raises(ValidationError) as info:
        IssueTrackerState.model_validate(state, strict=True)
    assert any(loc in map(str, e["loc"]) for e in info.value.errors())


def _move_web9_to_mob(s: State) -> None:
    s["issues"]["WEB-9"]["sprint"] = "spr-mob-12"


def _second_active(s: State) -> None:
    s["sprints"]["spr-web-24"]["state"] = "active"


def _dup_comment(s: State) -> None:
    s["issues"]["WEB-9"]["comments"].append(copy.deepcopy(s["issues"]["WEB-6"]["comments"][0]))


@pytest.mark.parametrize(
    ("mutate", "path", "needle"),
    [
        (_move_web9_to_mob, "issues.WEB-9.sprint", "belongs to MOB"),
        (
            lambda s: s["issues"]["WEB-9"].update(sprint="spr-nope"),
            "issues.WEB-9.sprint",
            "unknown",
        ),
        (lambda s: s["issues"]["WEB-9"].update(status="blocked"), "issues.WEB-9.status", "unknown"),
        (lambda s: s["issues"]["WEB-9"].update(project="MOB"), "issues.WEB-9.key", "match"),
        (lambda s: s["issues"]["WEB-9"].update(key="WEB-90"), "issues.WEB-9.key", "differs"),
        (
            lambda s: s["projects"]["WEB"].update(nextIssueNumber=20),
            "projects.WEB.nextIssueNumber",
            "greater than 26",
        ),
        (
            lambda s: s["issues"]["WEB-9"].update(assignee="u-ghost"),
            "issues.WEB-9.assignee",
            "unknown user",
        ),
        (lambda s: s["issues"]["WEB-9"].update(labels=["b", "a"]), "issues.WEB-9.labels", "sorted"),
        (lambda s: s["issues"]["WEB-9"].update(rank=1000), "issues.WEB-9.rank", "unique"),
        (lambda s: s["issues"]["WEB-11"].update(parent=None), "issues.WEB-11.parent", "needs"),
        (
            lambda s: s["issues"]["WEB-11"].update(sprint=None),
            "issues.WEB-11.sprint",
            "parent's sprint",
        ),
        (
            lambda s: s["issues"]["WEB-9"].update(parent="WEB-8"),
            "issues.WEB-9.parent",
            "must be an epic",
        ),
        (
            lambda s: s["issues"]["WEB-1"].update(parent="WEB-2"),
            "issues.WEB-1.parent",
            "an epic has no parent",
        ),
        (
            lambda s: s["issues"]["WEB-4"].update(status="todo"),
            "issues.WEB-4.status",
            "closed sprint",
        ),
        (_second_active, "sprints", "2 active sprints"),
        (
            lambda s: s["sprints"]["spr-web-23"].update(endDate="2025-03-01"),
            "sprints.spr-web-23.endDate",
            "before",
        ),
        (
            lambda s: s["sprints"]["spr-web-22"].update(completedDate=None),
            "sprints.spr-web-22.completedDate",
            "iff",
        ),
        (
            lambda s: s["sprints"]["spr-web-24"].update(project="ZZ"),
            "sprints.spr-web-24.project",
            "unknown project",
        ),
        (lambda s: s["projects"]["WEB"].update(lead="u-ghost"), "projects.WEB.lead", "unknown"),
        (lambda s: s.update(currentUser="u-ghost"), "currentUser", "unknown"),
        (_dup_comment, "issues.WEB-9.comments", "already used"),
        (
            lambda s: s["workflow"]["transitions"].update(todo=["done", "done"]),
            "workflow.transitions.todo",
            "repeated",
        ),
        (
            lambda s: s["workflow"]["transitions"].update(todo=["shipped"]),
            "workflow.transitions.todo",
            "unknown status",
        ),
        (
            lambda s: s["workflow"]["transitions"].update(todo=["todo"]),
            "workflow.transitions.todo",
            "itself",
        ),
        (lambda s: s["workflow"].update(transitions={}), "workflow.transitions", "unreachable"),
        (lambda s: s["workflow"].update(initialStatus="new"), "workflow.initialStatus", "unknown"),
        (
            lambda s: s["workflow"]["statuses"][3].update(category="inprogress"),
            "workflow.statuses",
            "done",
        ),
    ],
)
def test_invariants_name_the_failing_path(
    mutate: Callable[[State], Any], path: str, needle: str
) -> None:
    state = build_seed()
    mutate(state)
    found = violations(state)
    assert any(p == path and needle in m for p, m in found), found


async def test_injection_is_refused_with_422_naming_the_path(
    tracker: TrackerClient, seed: State
) -> None:
    seed["issues"]["WEB-12"]["sprint"] = "spr-ops-7"
    r = await tracker.inject(seed)
    assert r.status_code == 422
    assert any(d["path"] == "issues.WEB-12.sprint" for d in r.json()["details"])
    assert await tracker.diff() == {}  # nothing stored


def test_validator_raises_for_a_bad_graph() -> None:
    state = build_seed()
    state["workflow"]["transitions"]["done"] = ["archived"]
    with pytest.raises(InvalidState):
        StateValidator(IssueTracker()).validate(state)

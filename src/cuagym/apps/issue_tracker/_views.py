"""View models: what templates show, derived from the state (never stored).

Board columns, card contents, allowed transitions, sprint progress and people's workloads are
computed here so that every screen derives them the same way and templates stay declarative.
A board column in particular is *only* a view: the issues whose ``status`` is that column's.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from cuagym.apps.issue_tracker._ops import allowed_transitions, category, status_name
from cuagym.apps.issue_tracker._ops_plan import backlog_list, unfinished
from cuagym.apps.issue_tracker._schema import PRIORITIES, TYPES

__all__ = [
    "PRIORITY_LABELS",
    "TYPE_LABELS",
    "board_columns",
    "card",
    "fmt_date",
    "fmt_ts",
    "initials",
    "shell",
    "sprint_view",
    "status_view",
    "user_view",
]

State = dict[str, Any]
TYPE_LABELS = {"story": "Story", "bug": "Bug", "task": "Task", "epic": "Epic", "subtask": "Subtask"}
PRIORITY_LABELS = {p: p.capitalize() for p in PRIORITIES}
_UNKNOWN_USER = {
    "id": "",
    "name": "unknown",
    "displayName": "Unknown person",
    "title": "",
    "email": "",
    "avatarColor": "#6b7280",
}


def initials(name: str) -> str:
    parts = [p for p in re.split(r"[\s._-]+", name) if p]
    return "".join(p[0] for p in parts[:2]).upper() or "?"


def user_view(state: State, uid: str | None) -> dict[str, Any] | None:
    if uid is None:
        return None
    user = dict(state["users"].get(uid, {**_UNKNOWN_USER, "id": uid}))
    user["initials"] = initials(user["displayName"])
    return user


def fmt_date(value: str | None) -> str:
    """``2025-03-07`` -> ``7 Mar 2025`` (empty for None)."""
    if not value:
        return ""
    d = date.fromisoformat(value[:10])
    return f"{d.day} {d:%b} {d.year}"


def fmt_ts(value: str) -> str:
    """``2025-03-07T14:05:00Z`` -> ``7 Mar 2025, 14:05`` (UTC, as stored)."""
    return f"{fmt_date(value)}, {value[11:16]}"


def status_view(state: State, status: str) -> dict[str, str]:
    return {"id": status, "name": status_name(state, status), "category": category(state, status)}


def card(state: State, issue: dict[str, Any]) -> dict[str, Any]:
    """What a card or a list row shows about one issue."""
    subtasks = [
        i
        for i in state["issues"].values()
        if i["parent"] == issue["key"] and i["type"] == "subtask"
    ]
    return {
        **issue,
        "assignee_view": user_view(state, issue["assignee"]),
        "status_view": status_view(state, issue["status"]),
        "transitions": [status_view(state, s) for s in allowed_transitions(state, issue["key"])],
        "type_label": TYPE_LABELS[issue["type"]],
        "priority_label": PRIORITY_LABELS[issue["priority"]],
        "subtask_count": len(subtasks),
        "subtasks_done": sum(category(state, s["status"]) == "done" for s in subtasks),
    }


def active_sprint(state: State, project: str) -> dict[str, Any] | None:
    return next(
        (
            s
            for s in state["sprints"].values()
            if s["project"] == project and s["state"] == "active"
        ),
        None,
    )


def board_columns(
    state: State, project: str, sprint: str | None, keep: Any = None
) -> list[dict[str, Any]]:
    """One column per workflow status, in workflow order; cards are the sprint's issues
    (epics excluded) in rank order, filtered by ``keep(issue)`` when given."""
    issues = sorted(
        (
            i
            for i in state["issues"].values()
            if i["project"] == project
            and i["sprint"] == sprint
            and i["type"] != "epic"
            and (keep is None or keep(i))
        ),
        key=lambda i: i["rank"],
    )
    return [
        {**s, "cards": [card(state, i) for i in issues if i["status"] == s["id"]]}
        for s in state["workflow"]["statuses"]
    ]


def sprint_view(state: State, sprint: dict[str, Any] | None, project: str) -> dict[str, Any]:
    """A backlog list: a sprint (or the backlog when None) with its issues and totals."""
    sid = sprint["id"] if sprint else None
    items = [card(state, i) for i in backlog_list(state, project, sid)]
    members = [i for i in state["issues"].values() if i["sprint"] == sid and sid is not None]
    points = sum(i["storyPoints"] or 0 for i in (members if sid else items))
    done_points = sum(
        i["storyPoints"] or 0 for i in members if category(state, i["status"]) == "done"
    )
    return {
        "sprint": sprint,
        "id": sid,
        "rows": items,
        "points": points,
        "done_points": done_points,
        "open_count": len(unfinished(state, sid)) if sid else len(items),
        "dates": f"{fmt_date(sprint['startDate'])} – {fmt_date(sprint['endDate'])}"
        if sprint and sprint["startDate"] and sprint["endDate"]
        else "",
    }


def project_sprints(state: State, project: str) -> list[dict[str, Any]]:
    """A project's sprints: active first, then planned, then closed (newest first)."""
    order = {"active": 0, "planned": 1, "closed": 2}

    def number(s: dict[str, Any]) -> int:
        tail = s["name"].rsplit(" ", 1)[-1]
        return int(tail) if tail.isdigit() else 0

    items = [s for s in state["sprints"].values() if s["project"] == project]
    items.sort(
        key=lambda s: (order[s["state"]], number(s) if s["state"] != "closed" else -number(s))
    )
    return items


def shell(state: State, project: str | None = None, nav: str | None = None) -> dict[str, Any]:
    """Context every screen needs: site, current user, projects, the project sidebar."""
    projects = sorted(state["projects"].values(), key=lambda p: p["name"].lower())
    people = sorted(state["users"].values(), key=lambda u: u["displayName"].lower())
    current = state["projects"].get(project) if project else None
    return {
        "site": state["site"],
        "me": user_view(state, state["currentUser"]),
        "projects": projects,
        "people": [user_view(state, u["id"]) for u in people],
        "project": current,
        "nav": nav,
        "types": TYPES,
        "type_labels": TYPE_LABELS,
        "priorities": PRIORITIES,
        "priority_labels": PRIORITY_LABELS,
        "statuses": state["workflow"]["statuses"],
        # The create-issue form's drop-downs, as the kit's (value, label) choices.
        "choices": {
            "project": [(p["key"], f"{p['name']} ({p['key']})") for p in projects],
            "type": [(t, TYPE_LABELS[t]) for t in TYPES],
            "priority": [(p, PRIORITY_LABELS[p]) for p in PRIORITIES],
            "assignee": [
                ("auto", "Automatic (project default)"),
                ("", "Unassigned"),
                *((u["id"], u["displayName"]) for u in people),
            ],
        },
        # The create-issue dialog needs every open sprint and epic, per project.
        "open_sprints": [
            s for p in projects for s in project_sprints(state, p["key"]) if s["state"] != "closed"
        ],
        "epics": sorted(
            (i for i in state["issues"].values() if i["type"] == "epic"),
            key=lambda i: (i["project"], i["rank"]),
        ),
        "epic_titles": {
            i["key"]: i["title"] for i in state["issues"].values() if i["type"] == "epic"
        },
        "parents": sorted(
            (i for i in state["issues"].values() if i["type"] in ("story", "bug", "task")),
            key=lambda i: (i["project"], int(i["key"].rsplit("-", 1)[1])),
        ),
    }

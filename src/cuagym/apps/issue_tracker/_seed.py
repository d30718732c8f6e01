"""The seed: the state of an issue-tracker session that no task has written.

A fictional outdoor-gear retailer, Fernhill Outfitters, with three projects (storefront web,
mobile app, platform ops) in the middle of a sprint (seed "today" is Friday 2025-03-07, UTC).
Everything is literal data: no randomness, no clock, so every session, test and task starts from
byte-identical state. :func:`build_seed` returns a fresh deep structure on each call.
"""

from __future__ import annotations

from typing import Any

from cuagym.apps.issue_tracker._seed_issues import ISSUES, SeedIssue

__all__ = ["CURRENT_USER", "SEED_TODAY", "WORKFLOW", "build_seed", "build_workflow"]

CURRENT_USER = "u-nina"
SEED_TODAY = "2025-03-07"
RANK_STEP = 1000

# (short, handle, display name, title, colour)
_USERS: list[tuple[str, str, str, str, str]] = [
    ("nina", "nina", "Nina Alvarez", "Product Manager", "#7a4fb5"),
    ("theo", "theo", "Theo Brandt", "Engineering Manager", "#0f766e"),
    ("devon", "devon", "Devon Park", "Frontend Engineer", "#2563eb"),
    ("priya", "priya", "Priya Raman", "Backend Engineer", "#b45309"),
    ("omar", "omar", "Omar Haddad", "Mobile Lead", "#c2410c"),
    ("lena", "lena", "Lena Fischer", "iOS Engineer", "#be185d"),
    ("marco", "marco", "Marco Bellini", "Android Engineer", "#15803d"),
    ("grace", "grace", "Grace Liu", "QA Engineer", "#0369a1"),
    ("samir", "samir", "Samir Qureshi", "Site Reliability Engineer", "#4d7c0f"),
    ("hana", "hana", "Hana Sato", "Product Designer", "#a16207"),
]

# (key, name, lead, default assignee, description)
_PROJECTS: list[tuple[str, str, str, str, str]] = [
    ("WEB", "Storefront Web", "nina", "unassigned",
     "The customer-facing web shop: catalogue, search, cart and checkout."),
    ("MOB", "Trail Companion App", "omar", "lead",
     "The iOS and Android hiking app: maps, tracking and the community feed."),
    ("OPS", "Platform Operations", "samir", "unassigned",
     "Infrastructure, CI, databases, monitoring and on-call tooling."),
]  # fmt: skip

# (short id, project, number, state, start, end, completed, goal)
_SPRINTS: list[tuple[str, str, int, str, str | None, str | None, str | None, str]] = [
    ("w22", "WEB", 22, "closed", "2025-02-17", "2025-02-28", "2025-02-28",
     "Ship one-page checkout to 100% of traffic"),
    ("w23", "WEB", 23, "active", "2025-03-03", "2025-03-14", None,
     "Saved cards and guest checkout behind a flag; fix search plurals"),
    ("w24", "WEB", 24, "planned", "2025-03-17", "2025-03-28", None, ""),
    ("m11", "MOB", 11, "closed", "2025-02-10", "2025-02-21", "2025-02-21",
     "Offline map downloads in beta"),
    ("m12", "MOB", 12, "active", "2025-02-24", "2025-03-07", None,
     "Manage offline maps; fix Apple login"),
    ("m13", "MOB", 13, "planned", None, None, None, ""),
    ("o6", "OPS", 6, "closed", "2025-02-10", "2025-02-28", "2025-02-28",
     "Runner fleet autoscaling"),
    ("o7", "OPS", 7, "active", "2025-03-03", "2025-03-21", None,
     "Reliable backups and disk alerts"),
    ("o8", "OPS", 8, "planned", None, None, None, ""),
]  # fmt: skip

WORKFLOW: dict[str, Any] = {
    "statuses": [
        {"id": "todo", "name": "To Do", "category": "todo"},
        {"id": "in-progress", "name": "In Progress", "category": "inprogress"},
        {"id": "in-review", "name": "In Review", "category": "inprogress"},
        {"id": "done", "name": "Done", "category": "done"},
    ],
    # Work is reviewed before it is done; review can send it back; done can be reopened.
    "transitions": {
        "todo": ["in-progress"],
        "in-progress": ["todo", "in-review"],
        "in-review": ["in-progress", "done"],
        "done": ["in-progress"],
    },
    "initialStatus": "todo",
}


def build_workflow() -> dict[str, Any]:
    """A fresh copy of the standard workflow."""
    return {
        "statuses": [dict(s) for s in WORKFLOW["statuses"]],
        "transitions": {k: list(v) for k, v in WORKFLOW["transitions"].items()},
        "initialStatus": WORKFLOW["initialStatus"],
    }


def _uid(short: str | None) -> str | None:
    return None if short is None else f"u-{short}"


def sprint_id(short: str) -> str:
    """``w23`` -> ``spr-web-23``."""
    for s, project, number, *_ in _SPRINTS:
        if s == short:
            return f"spr-{project.lower()}-{number}"
    raise KeyError(short)


def _ts(when: str) -> str:
    return f"2025-{when.replace(' ', 'T')}:00Z"


def _issue(item: SeedIssue, rank: int, counter: list[int]) -> dict[str, Any]:
    comments = []
    for who, when, body in item.comments:
        counter[0] += 1
        comments.append(
            {
                "id": f"cm-{counter[0]:04d}",
                "author": _uid(who),
                "body": body,
                "createdAt": _ts(when),
                "editedAt": None,
            }
        )
    created = _ts(item.created)
    return {
        "key": item.key,
        "project": item.key.split("-")[0],
        "type": item.type,
        "title": item.title,
        "description": item.description,
        "status": item.status,
        "priority": item.priority,
        "assignee": _uid(item.assignee),
        "reporter": _uid(item.reporter),
        "labels": sorted(set(item.labels)),
        "storyPoints": item.points,
        "sprint": sprint_id(item.sprint) if item.sprint else None,
        "parent": item.parent,
        "rank": rank,
        "comments": comments,
        "createdAt": created,
        "updatedAt": max([created, *(str(c["createdAt"]) for c in comments)]),
    }


def build_seed() -> dict[str, Any]:
    """A fresh copy of the seed state (JSON-ready, camelCase keys)."""
    users = {
        f"u-{s}": {
            "id": f"u-{s}",
            "name": handle,
            "displayName": display,
            "title": title,
            "email": f"{handle}@fernhill.example",
            "avatarColor": colour,
        }
        for s, handle, display, title, colour in _USERS
    }
    issues: dict[str, dict[str, Any]] = {}
    counter = [0]
    per_project: dict[str, int] = {}
    for item in ISSUES:
        project = item.key.split("-")[0]
        per_project[project] = per_project.get(project, 0) + 1
        issues[item.key] = _issue(item, per_project[project] * RANK_STEP, counter)
    projects = {
        key: {
            "key": key,
            "name": name,
            "description": description,
            "lead": f"u-{lead}",
            "defaultAssignee": default,
            "nextIssueNumber": 1
            + max(int(k.split("-")[1]) for k in issues if k.startswith(key + "-")),
        }
        for key, name, lead, default, description in _PROJECTS
    }
    sprints = {
        sprint_id(s): {
            "id": sprint_id(s),
            "project": project,
            "name": f"{project} Sprint {number}",
            "state": state,
            "goal": goal,
            "startDate": start,
            "endDate": end,
            "completedDate": completed,
        }
        for s, project, number, state, start, end, completed, goal in _SPRINTS
    }
    return {
        "site": {"name": "Fernhill Outfitters"},
        "currentUser": CURRENT_USER,
        "users": users,
        "workflow": build_workflow(),
        "projects": projects,
        "sprints": sprints,
        "issues": issues,
        "ui": {"lastProject": None, "recentIssues": []},
    }

"""Issue operations behind every UI action, as pure functions on the JSON state dict.

The UI routes call these inside ``UISession.mutate``; keeping them free of HTTP makes them
testable directly and reusable by golden patches and task families. Each operation checks what
a person is allowed to do (only along the workflow graph, never into a closed sprint, ...) and
raises :class:`ActionError` with a message meant for the person; the hub then leaves the
session untouched. Schema and invariant checks still run after every change.

Sprint, rank and project operations are in ``_ops_plan``.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from cuagym.apps.issue_tracker._invariants import issue_number
from cuagym.apps.issue_tracker._schema import PRIORITIES

__all__ = [
    "EDITABLE_TYPES",
    "ActionError",
    "add_comment",
    "allowed_transitions",
    "category",
    "create_issue",
    "delete_comment",
    "delete_issue",
    "edit_comment",
    "format_ts",
    "get_issue",
    "normalize_labels",
    "status_name",
    "touch",
    "transition",
    "update_issue",
]

State = dict[str, Any]
Issue = dict[str, Any]
#: The types an existing issue may be switched between (epics and subtasks have structure).
EDITABLE_TYPES = ("story", "bug", "task")
MAX_TITLE = 255
MAX_TEXT = 20000
_LABEL = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,39}$")


class ActionError(ValueError):
    """A UI action that cannot be done; the message is shown to the person as is."""


def format_ts(moment: datetime) -> str:
    """The app's own timestamp spelling: UTC, whole seconds, ``Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def now_ts(now: datetime | None) -> str:
    return format_ts(now if now is not None else datetime.now(UTC))


def touch(issue: Issue, now: datetime | None) -> None:
    """Record an edit (``updatedAt`` is volatile: it never shows in a reward's diff)."""
    issue["updatedAt"] = max(now_ts(now), issue["createdAt"][:19] + "Z")


def get_issue(state: State, key: str) -> Issue:
    issue = state["issues"].get(key)
    if issue is None:
        raise ActionError(f"There is no issue {key}.")
    return issue  # type: ignore[no-any-return]


def _user(state: State, uid: str) -> None:
    if uid not in state["users"]:
        raise ActionError(f"Unknown person {uid!r}.")


# -- workflow ----------------------------------------------------------------------------------
def status_name(state: State, status: str) -> str:
    for s in state["workflow"]["statuses"]:
        if s["id"] == status:
            return str(s["name"])
    return status


def category(state: State, status: str) -> str:
    for s in state["workflow"]["statuses"]:
        if s["id"] == status:
            return str(s["category"])
    return "todo"


def _in_closed_sprint(state: State, issue: Issue) -> dict[str, Any] | None:
    sprint = state["sprints"].get(issue["sprint"]) if issue["sprint"] else None
    return sprint if sprint is not None and sprint["state"] == "closed" else None


def allowed_transitions(state: State, key: str) -> list[str]:
    """The statuses ``key`` may move to now, in the workflow's column order.

    Work completed in a closed sprint stays completed: its issues offer no transitions.
    """
    issue = get_issue(state, key)
    if _in_closed_sprint(state, issue) is not None:
        return []
    targets = set(state["workflow"]["transitions"].get(issue["status"], []))
    return [s["id"] for s in state["workflow"]["statuses"] if s["id"] in targets]


def transition(state: State, key: str, to: str, now: datetime | None = None) -> None:
    """Move ``key`` to status ``to`` along one edge of the workflow graph."""
    issue = get_issue(state, key)
    if to == issue["status"]:
        return  # dropping a card on its own column is not a change
    if not any(s["id"] == to for s in state["workflow"]["statuses"]):
        raise ActionError(f"There is no status {to!r} in this workflow.")
    closed = _in_closed_sprint(state, issue)
    if closed is not None:
        raise ActionError(
            f"{key} was completed in {closed['name']}, which is closed; "
            "create a follow-up issue instead."
        )
    if to not in state["workflow"]["transitions"].get(issue["status"], []):
        raise ActionError(
            f"{key} can't move from {status_name(state, issue['status'])} to "
            f"{status_name(state, to)}; the workflow doesn't allow that step."
        )
    issue["status"] = to
    touch(issue, now)


# -- fields ------------------------------------------------------------------------------------
def normalize_labels(raw: str | list[str]) -> list[str]:
    """Comma- or space-separated labels -> sorted, unique, lowercase list."""
    parts = raw if isinstance(raw, list) else re.split(r"[,\s]+", raw)
    labels = sorted({p.strip().lower() for p in parts if p.strip()})
    for label in labels:
        if not _LABEL.match(label):
            raise ActionError(
                f"Label {label!r} is not valid: use up to 40 lowercase letters, digits, "
                "'-', '_' or '.', starting with a letter or digit."
            )
    return labels


def _title(raw: str) -> str:
    title = " ".join(raw.split())
    if not title:
        raise ActionError("The summary can't be empty.")
    if len(title) > MAX_TITLE:
        raise ActionError(f"The summary can be at most {MAX_TITLE} characters.")
    return title


def _points(raw: str | int | None) -> int | None:
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise ActionError("Story points must be a whole number.") from None
    if not 0 <= value <= 100:
        raise ActionError("Story points must be between 0 and 100.")
    return value


def _epic_parent(state: State, issue_project: str, parent: str | None) -> str | None:
    if parent is None:
        return None
    epic = state["issues"].get(parent)
    if epic is None or epic["type"] != "epic" or epic["project"] != issue_project:
        raise ActionError(f"{parent} is not an epic of project {issue_project}.")
    return parent


def update_issue(
    state: State, key: str, changes: dict[str, Any], now: datetime | None = None
) -> None:
    """Apply inline edits. ``changes`` maps field names (JSON keys) to raw values.

    Editable here: title, description, type (story/bug/task only), priority, assignee,
    reporter, labels, storyPoints, parent (an epic, for non-subtasks). Status and sprint have
    their own operations because they follow rules (workflow, sprint state).
    """
    issue = get_issue(state, key)
    before = dict(issue)
    for name, raw in changes.items():
        if name == "title":
            issue["title"] = _title(str(raw))
        elif name == "description":
            text = str(raw).strip("\n\r ")
            if len(text) > MAX_TEXT:
                raise ActionError(f"The description can be at most {MAX_TEXT} characters.")
            issue["description"] = text
        elif name == "type":
            if raw not in EDITABLE_TYPES or issue["type"] not in EDITABLE_TYPES:
                raise ActionError("Only stories, bugs and tasks can change type.")
            issue["type"] = raw
        elif name == "priority":
            if raw not in PRIORITIES:
                raise ActionError(f"Unknown priority {raw!r}.")
            issue["priority"] = raw
        elif name in ("assignee", "reporter"):
            if raw is None and name == "reporter":
                raise ActionError("An issue always has a reporter.")
            if raw is not None:
                _user(state, str(raw))
            issue[name] = raw
        elif name == "labels":
            issue["labels"] = normalize_labels(raw)
        elif name == "storyPoints":
            issue["storyPoints"] = _points(raw)
        elif name == "parent":
            if issue["type"] in ("epic", "subtask"):
                raise ActionError(f"The parent of a {issue['type']} can't be changed.")
            issue["parent"] = _epic_parent(state, issue["project"], raw or None)
        else:
            raise ActionError(f"The field {name!r} can't be edited here.")
    if issue != before:
        touch(issue, now)


# -- comments ----------------------------------------------------------------------------------
def _next_comment_id(state: State) -> str:
    highest = 0
    for issue in state["issues"].values():
        for c in issue["comments"]:
            m = re.fullmatch(r"cm-(\d+)", c["id"])
            if m:
                highest = max(highest, int(m.group(1)))
    return f"cm-{highest + 1:04d}"


def _comment_body(raw: str) -> str:
    body = raw.strip("\n\r ")
    if not body:
        raise ActionError("Your comment is empty.")
    if len(body) > MAX_TEXT:
        raise ActionError(f"Comments can be at most {MAX_TEXT} characters.")
    return body


def add_comment(state: State, key: str, user: str, body: str, now: datetime | None = None) -> str:
    """Append a comment by ``user``; returns its id (``cm-<max+1>``)."""
    issue = get_issue(state, key)
    text = _comment_body(body)
    stamp = max([now_ts(now), *(c["createdAt"][:19] + "Z" for c in issue["comments"])])
    cid = _next_comment_id(state)
    issue["comments"].append(
        {"id": cid, "author": user, "body": text, "createdAt": stamp, "editedAt": None}
    )
    touch(issue, now)
    return cid


def _own_comment(state: State, key: str, cid: str, user: str) -> tuple[Issue, dict[str, Any]]:
    issue = get_issue(state, key)
    for c in issue["comments"]:
        if c["id"] == cid:
            if c["author"] != user:
                raise ActionError("You can only change your own comments.")
            return issue, c
    raise ActionError("That comment no longer exists.")


def edit_comment(
    state: State, key: str, cid: str, user: str, body: str, now: datetime | None = None
) -> None:
    issue, comment = _own_comment(state, key, cid, user)
    text = _comment_body(body)
    if text == comment["body"]:
        return  # saving unchanged text is not an edit
    comment["body"] = text
    comment["editedAt"] = max(now_ts(now), comment["createdAt"][:19] + "Z")
    touch(issue, now)


def delete_comment(
    state: State, key: str, cid: str, user: str, now: datetime | None = None
) -> None:
    issue, comment = _own_comment(state, key, cid, user)
    issue["comments"].remove(comment)
    touch(issue, now)


# -- create / delete ---------------------------------------------------------------------------
def create_issue(
    state: State,
    user: str,
    project: str,
    fields: dict[str, Any],
    now: datetime | None = None,
) -> str:
    """Create an issue in ``project``; returns its key (``<project>-<nextIssueNumber>``).

    ``fields``: type, title (required), description, priority, assignee (a user id, None, or
    ``"auto"`` for the project's default), labels, storyPoints, sprint, parent. The issue
    starts in the workflow's initial status and is ranked last in the project.
    """
    proj = state["projects"].get(project)
    if proj is None:
        raise ActionError(f"There is no project {project!r}.")
    kind = fields.get("type", "task")
    if kind not in ("story", "bug", "task", "epic", "subtask"):
        raise ActionError(f"Unknown issue type {kind!r}.")
    priority = fields.get("priority") or "medium"
    if priority not in PRIORITIES:
        raise ActionError(f"Unknown priority {priority!r}.")
    assignee = fields.get("assignee")
    if assignee == "auto":
        assignee = proj["lead"] if proj["defaultAssignee"] == "lead" else None
    if assignee is not None:
        _user(state, assignee)
    parent = fields.get("parent") or None
    sprint = fields.get("sprint") or None
    if kind == "subtask":
        host = state["issues"].get(parent) if parent else None
        if host is None or host["project"] != project or host["type"] in ("epic", "subtask"):
            raise ActionError("A subtask needs a parent story, bug or task in the same project.")
        if _in_closed_sprint(state, host) is not None:
            raise ActionError(f"{parent} is in a closed sprint; it can't get new subtasks.")
        sprint = host["sprint"]  # subtasks always live in their parent's sprint
    elif kind == "epic":
        if parent:
            raise ActionError("An epic can't have a parent.")
    else:
        parent = _epic_parent(state, project, parent)
    if sprint is not None:
        target = state["sprints"].get(sprint)
        if target is None or target["project"] != project:
            raise ActionError(f"Sprint {sprint!r} is not a sprint of {project}.")
        if target["state"] == "closed":
            raise ActionError(f"{target['name']} is closed; pick an open sprint or the backlog.")
    key = f"{project}-{proj['nextIssueNumber']}"
    while key in state["issues"]:  # an injected state may have skipped numbers
        key = f"{project}-{issue_number(key) + 1}"
    proj["nextIssueNumber"] = issue_number(key) + 1
    ranks = [i["rank"] for i in state["issues"].values() if i["project"] == project]
    stamp = now_ts(now)
    state["issues"][key] = {
        "key": key,
        "project": project,
        "type": kind,
        "title": _title(str(fields.get("title", ""))),
        "description": str(fields.get("description") or "").strip("\n\r "),
        "status": state["workflow"]["initialStatus"],
        "priority": priority,
        "assignee": assignee,
        "reporter": user,
        "labels": normalize_labels(fields.get("labels") or []),
        "storyPoints": _points(fields.get("storyPoints")),
        "sprint": sprint,
        "parent": parent,
        "rank": max(ranks, default=0) + 1000,
        "comments": [],
        "createdAt": stamp,
        "updatedAt": stamp,
    }
    return key


def delete_issue(state: State, key: str) -> list[str]:
    """Delete ``key`` and its subtasks; an epic's children lose their parent. Returns the keys."""
    issue = get_issue(state, key)
    closed = _in_closed_sprint(state, issue)
    if closed is not None:
        raise ActionError(f"{key} belongs to {closed['name']}, which is closed.")
    doomed = [key] + [
        k for k, i in state["issues"].items() if i["parent"] == key and i["type"] == "subtask"
    ]
    for other in state["issues"].values():
        if other["parent"] == key and other["type"] != "subtask":
            other["parent"] = None
    for k in doomed:
        del state["issues"][k]
    return doomed

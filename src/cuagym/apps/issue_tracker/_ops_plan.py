"""Planning operations: sprints (create, edit, start, complete, delete), sprint membership,
rank order, and project settings. Same conventions as ``_ops``: pure functions on the state
dict, :class:`ActionError` for what a person may not do.

A closed sprint is immutable: its fields never change and no issue moves into or out of it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any, Literal

from cuagym.apps.issue_tracker._ops import ActionError, category, get_issue, touch

__all__ = [
    "backlog_list",
    "complete_sprint",
    "create_sprint",
    "delete_sprint",
    "move_to_sprint",
    "rank_move",
    "start_sprint",
    "today",
    "unfinished",
    "update_project",
    "update_sprint",
]

State = dict[str, Any]
RANK_STEP = 1000


def today(now: datetime | None) -> str:
    return (now if now is not None else datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%d")


def _sprint(state: State, sid: str) -> dict[str, Any]:
    sprint = state["sprints"].get(sid)
    if sprint is None:
        raise ActionError(f"There is no sprint {sid!r}.")
    return sprint  # type: ignore[no-any-return]


def _open_sprint(state: State, sid: str) -> dict[str, Any]:
    sprint = _sprint(state, sid)
    if sprint["state"] == "closed":
        raise ActionError(f"{sprint['name']} is closed; closed sprints can't be changed.")
    return sprint


def _date(raw: str, what: str) -> str:
    try:
        return date.fromisoformat(raw.strip()).isoformat()
    except ValueError:
        raise ActionError(f"The {what} must be a date like 2025-03-17.") from None


# -- membership and order ----------------------------------------------------------------------
def move_to_sprint(state: State, key: str, sid: str | None, now: datetime | None = None) -> None:
    """Put ``key`` (and its subtasks) into sprint ``sid``, or into the backlog when None."""
    issue = get_issue(state, key)
    if issue["type"] == "subtask":
        raise ActionError(f"{key} is a subtask; it moves with its parent {issue['parent']}.")
    if issue["sprint"] == sid:
        return
    if issue["sprint"] is not None:
        source = _sprint(state, issue["sprint"])
        if source["state"] == "closed":
            raise ActionError(f"{key} was completed in {source['name']}, which is closed.")
    if sid is not None:
        target = _open_sprint(state, sid)
        if target["project"] != issue["project"]:
            raise ActionError(f"{target['name']} belongs to another project than {key}.")
    for other in state["issues"].values():
        if other["key"] == key or (other["type"] == "subtask" and other["parent"] == key):
            other["sprint"] = sid
            touch(other, now)


def backlog_list(state: State, project: str, sid: str | None) -> list[dict[str, Any]]:
    """The issues shown in one list of the backlog screen (a sprint, or the backlog), in rank
    order. Subtasks are listed under their parent, never on their own."""
    items = [
        i
        for i in state["issues"].values()
        if i["project"] == project
        and i["sprint"] == sid
        and i["type"] != "subtask"
        and not (sid is None and i["type"] == "epic")
    ]
    return sorted(items, key=lambda i: i["rank"])


def _renumber(state: State, project: str) -> None:
    items = sorted(
        (i for i in state["issues"].values() if i["project"] == project), key=lambda i: i["rank"]
    )
    for n, item in enumerate(items, start=1):
        item["rank"] = n * RANK_STEP


def _free_between(lo: int, hi: int, taken: set[int]) -> int | None:
    """A free integer strictly between ``lo`` and ``hi``, as close to the middle as possible."""
    mid = (lo + hi) // 2
    for step in range(hi - lo):
        for cand in (mid - step, mid + step):
            if lo < cand < hi and cand not in taken:
                return cand
        if step > 4 * RANK_STEP:
            break
    return None


def rank_move(
    state: State,
    key: str,
    where: Literal["top", "up", "down", "bottom"],
    now: datetime | None = None,
) -> None:
    """Move ``key`` within its list (its sprint, or the backlog) by changing only its rank.

    Ranks are project-wide and spaced 1000 apart; the new rank is a free value between the new
    neighbours. Only when none is left are the project's ranks renumbered (order kept), which
    then shows as several ``rank`` changes in the diff.
    """
    issue = get_issue(state, key)
    if issue["type"] == "subtask":
        raise ActionError(f"{key} is a subtask; it is ranked with its parent.")
    if issue["sprint"] is not None and _sprint(state, issue["sprint"])["state"] == "closed":
        raise ActionError(f"{key} is in a closed sprint.")
    if issue["type"] == "epic" and issue["sprint"] is None:
        raise ActionError("Epics are not ranked in the backlog.")
    listed = backlog_list(state, issue["project"], issue["sprint"])
    pos = next(n for n, i in enumerate(listed) if i is issue)
    others = [i for i in listed if i is not issue]
    target = {"top": 0, "up": pos - 1, "down": pos + 1, "bottom": len(others)}[where]
    target = max(0, min(len(others), target))
    if target == pos:
        return
    for attempt in range(2):
        taken = {i["rank"] for i in state["issues"].values() if i["project"] == issue["project"]}
        if target == len(others):
            new: int | None = max(taken) + RANK_STEP
        else:
            lo = others[target - 1]["rank"] if target > 0 else -1
            new = _free_between(lo, others[target]["rank"], taken)
        if new is not None:
            issue["rank"] = new
            touch(issue, now)
            return
        if attempt == 0:
            _renumber(state, issue["project"])
    raise ActionError("Could not rank the issue; please try again.")  # pragma: no cover


# -- sprints -----------------------------------------------------------------------------------
def create_sprint(state: State, project: str) -> str:
    """A new planned sprint named ``<KEY> Sprint <n>`` after the project's highest number."""
    if project not in state["projects"]:
        raise ActionError(f"There is no project {project!r}.")
    numbers = [0]
    for s in state["sprints"].values():
        if s["project"] == project:
            tail = s["name"].rsplit(" ", 1)[-1]
            if tail.isdigit():
                numbers.append(int(tail))
    n = max(numbers) + 1
    sid = f"spr-{project.lower()}-{n}"
    while sid in state["sprints"]:
        n += 1
        sid = f"spr-{project.lower()}-{n}"
    state["sprints"][sid] = {
        "id": sid,
        "project": project,
        "name": f"{project} Sprint {n}",
        "state": "planned",
        "goal": "",
        "startDate": None,
        "endDate": None,
        "completedDate": None,
    }
    return sid


def update_sprint(
    state: State, sid: str, name: str, goal: str, start: str = "", end: str = ""
) -> None:
    sprint = _open_sprint(state, sid)
    name = " ".join(name.split())
    if not name or len(name) > 80:
        raise ActionError("A sprint name needs 1 to 80 characters.")
    for other in state["sprints"].values():
        same_project = other is not sprint and other["project"] == sprint["project"]
        if same_project and other["name"].lower() == name.lower():
            raise ActionError(f"{sprint['project']} already has a sprint named {name!r}.")
    goal = " ".join(goal.split())
    if len(goal) > 500:
        raise ActionError("The sprint goal can be at most 500 characters.")
    start_d = _date(start, "start date") if start.strip() else None
    end_d = _date(end, "end date") if end.strip() else None
    if sprint["state"] == "active" and (start_d is None or end_d is None):
        raise ActionError("An active sprint needs a start and an end date.")
    if start_d and end_d and end_d < start_d:
        raise ActionError("The end date can't be before the start date.")
    sprint.update(name=name, goal=goal, startDate=start_d, endDate=end_d)


def start_sprint(state: State, sid: str, start: str, end: str, goal: str | None = None) -> None:
    sprint = _open_sprint(state, sid)
    if sprint["state"] != "planned":
        raise ActionError(f"{sprint['name']} has already started.")
    for other in state["sprints"].values():
        if other["project"] == sprint["project"] and other["state"] == "active":
            raise ActionError(
                f"{other['name']} is still active; complete it before starting another sprint."
            )
    if not any(i["sprint"] == sid for i in state["issues"].values()):
        raise ActionError(f"{sprint['name']} has no issues; plan some work first.")
    start_d, end_d = _date(start, "start date"), _date(end, "end date")
    if end_d < start_d:
        raise ActionError("The end date can't be before the start date.")
    sprint.update(state="active", startDate=start_d, endDate=end_d)
    if goal is not None:
        sprint["goal"] = " ".join(goal.split())[:500]


def unfinished(state: State, sid: str) -> list[dict[str, Any]]:
    """Issues of a sprint whose status is not in the 'done' category, in rank order."""
    items = [
        i
        for i in state["issues"].values()
        if i["sprint"] == sid and category(state, i["status"]) != "done"
    ]
    return sorted(items, key=lambda i: i["rank"])


def complete_sprint(
    state: State, sid: str, move_to: str | None, now: datetime | None = None
) -> list[str]:
    """Close the active sprint ``sid``; its unfinished issues go to ``move_to`` (a planned
    sprint of the same project) or to the backlog (None). Returns the moved keys."""
    sprint = _sprint(state, sid)
    if sprint["state"] != "active":
        raise ActionError(
            f"Only an active sprint can be completed; {sprint['name']} is {sprint['state']}."
        )
    if move_to is not None:
        target = _open_sprint(state, move_to)
        if target["project"] != sprint["project"] or move_to == sid:
            raise ActionError("Unfinished issues can only move to another sprint of the project.")
    left = unfinished(state, sid)
    for issue in left:
        parent = state["issues"].get(issue["parent"]) if issue["type"] == "subtask" else None
        if parent is not None and category(state, parent["status"]) == "done":
            raise ActionError(
                f"{parent['key']} is done but its subtask {issue['key']} is not; finish or "
                "delete the subtask first."
            )
    moved: list[str] = []
    for issue in sorted(
        (i for i in state["issues"].values() if i["sprint"] == sid), key=lambda i: i["rank"]
    ):
        parent = state["issues"].get(issue["parent"]) if issue["type"] == "subtask" else None
        follows = parent is not None and category(state, parent["status"]) != "done"
        if category(state, issue["status"]) != "done" or follows:
            issue["sprint"] = move_to
            touch(issue, now)
            moved.append(issue["key"])
    # An injected sprint may start in the future; it can't be completed before it started.
    sprint.update(state="closed", completedDate=max(today(now), sprint["startDate"] or ""))
    return moved


def delete_sprint(state: State, sid: str, now: datetime | None = None) -> None:
    """Delete a planned sprint; its issues go back to the backlog."""
    sprint = _sprint(state, sid)
    if sprint["state"] != "planned":
        raise ActionError(
            f"Only a planned sprint can be deleted; {sprint['name']} is {sprint['state']}."
        )
    for issue in state["issues"].values():
        if issue["sprint"] == sid:
            issue["sprint"] = None
            touch(issue, now)
    del state["sprints"][sid]


# -- projects ----------------------------------------------------------------------------------
def update_project(
    state: State, key: str, name: str, description: str, lead: str, default_assignee: str
) -> None:
    project = state["projects"].get(key)
    if project is None:
        raise ActionError(f"There is no project {key!r}.")
    name = " ".join(name.split())
    if not name or len(name) > 80:
        raise ActionError("A project name needs 1 to 80 characters.")
    for other in state["projects"].values():
        if other is not project and other["name"].lower() == name.lower():
            raise ActionError(f"Another project is already called {name!r}.")
    if lead not in state["users"]:
        raise ActionError("Pick a project lead.")
    if default_assignee not in ("unassigned", "lead"):
        raise ActionError(f"Unknown default assignee {default_assignee!r}.")
    description = description.strip("\n\r ")
    if len(description) > 2000:
        raise ActionError("The description can be at most 2000 characters.")
    project.update(name=name, description=description, lead=lead, defaultAssignee=default_assignee)

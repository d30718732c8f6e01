"""Cross-entity rules of an issue-tracker state that the pydantic schema cannot express.

Each rule yields a :class:`~cuagym.hub.Violation` whose path uses the diff-path syntax of
``state_diff`` (``issues.WEB-12.sprint``), so a task author who gets a 422 finds the offending
value at the same path a reward would read in ``/go``.

What injection can and cannot check: a state is validated on its own, without the state it
replaces, so *transition* rules (an issue moves only along the workflow graph, a closed sprint
never changes) are enforced by ``_ops`` for every UI action. Injection checks what a single
state can show: statuses exist, the workflow graph is well formed, sprints belong to their
issue's project, keys match their project, at most one active sprint per project, and a closed
sprint holds only finished work (completing a sprint moves unfinished issues out).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from cuagym.apps.issue_tracker._schema import Issue, IssueTrackerState
from cuagym.apps.webkit import diff_path
from cuagym.hub import InvariantChecks, Violation

__all__ = [
    "CHECKS",
    "RESERVED_IDS",
    "broken_states",
    "check_invariants",
    "invariants_hold_after",
    "issue_number",
]

# Keys the hub masks by name or glob (see IssueTracker.volatile): an entity keyed by one of these
# would vanish from every state_diff, so such ids are refused outright.
RESERVED_IDS = frozenset({"ui", "updatedAt"})


def issue_number(key: str) -> int:
    """``WEB-12`` -> 12."""
    return int(key.rsplit("-", 1)[1])


def check_invariants(state: IssueTrackerState) -> Iterator[Violation]:
    """Yield every violated rule (empty for a consistent state)."""
    return CHECKS.run(state)


def invariants_hold_after(before: IssueTrackerState, after: IssueTrackerState) -> bool:
    """Whether ``after`` is still consistent, checking only what its edit changed."""
    return CHECKS.hold_after(before, after)


def _check_current_user(state: IssueTrackerState) -> Iterator[Violation]:
    if state.current_user not in state.users:
        yield Violation(path="currentUser", message=f"unknown user {state.current_user!r}")


def _check_handles(state: IssueTrackerState) -> Iterator[Violation]:
    handles = Counter(u.name for u in state.users.values())
    for key, user in state.users.items():
        if handles[user.name] > 1:
            yield Violation(
                path=diff_path("users", key, "name"), message=f"handle {user.name!r} is not unique"
            )


def _check_issues(state: IssueTrackerState) -> Iterator[Violation]:
    for key, issue in state.issues.items():
        yield from _check_issue(state, key, issue)


_KEY_FIELDS = {"users": "id", "projects": "key", "sprints": "id", "issues": "key"}


def _check_keys(table: str) -> Callable[[IssueTrackerState], Iterator[Violation]]:
    field = _KEY_FIELDS[table]

    def check(state: IssueTrackerState) -> Iterator[Violation]:
        for key, entity in getattr(state, table).items():
            own = getattr(entity, field)
            if key in RESERVED_IDS:
                yield Violation(path=diff_path(table, key), message=f"{key!r} is a reserved id")
            if own != key:
                yield Violation(
                    path=diff_path(table, key, field),
                    message=f"{field} {own!r} differs from its key {key!r}",
                )

    return check


def _check_workflow(state: IssueTrackerState) -> Iterator[Violation]:
    wf = state.workflow
    ids = [s.id for s in wf.statuses]
    known = set(ids)
    if len(ids) < 2:
        yield Violation(path="workflow.statuses", message="a workflow needs at least 2 statuses")
    for sid, n in Counter(ids).items():
        if n > 1:
            yield Violation(path="workflow.statuses", message=f"status id {sid!r} is repeated")
    names = Counter(s.name.lower() for s in wf.statuses)
    for name, n in names.items():
        if n > 1:
            yield Violation(path="workflow.statuses", message=f"status name {name!r} is repeated")
    if not any(s.category == "done" for s in wf.statuses):
        yield Violation(path="workflow.statuses", message="no status has category 'done'")
    if wf.initial_status not in known:
        yield Violation(
            path="workflow.initialStatus", message=f"unknown status {wf.initial_status!r}"
        )
    for source, targets in wf.transitions.items():
        where = diff_path("workflow", "transitions", source)
        if source not in known:
            yield Violation(path=where, message=f"transition from unknown status {source!r}")
        for target in targets:
            if target not in known:
                yield Violation(path=where, message=f"transition to unknown status {target!r}")
            elif target == source:
                yield Violation(path=where, message=f"{source!r} transitions to itself")
        for target, n in Counter(targets).items():
            if n > 1:
                yield Violation(path=where, message=f"transition to {target!r} is repeated")
    # Every status must be reachable from the initial one, or issues could never get there.
    seen, todo = {wf.initial_status}, [wf.initial_status]
    while todo:
        for nxt in wf.transitions.get(todo.pop(), []):
            if nxt in known and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    if wf.initial_status in known:
        for sid in ids:
            if sid not in seen:
                yield Violation(
                    path="workflow.transitions",
                    message=f"status {sid!r} is unreachable from {wf.initial_status!r}",
                )


def _check_projects(state: IssueTrackerState) -> Iterator[Violation]:
    names = Counter(p.name.lower() for p in state.projects.values())
    for key, project in state.projects.items():
        if project.lead not in state.users:
            yield Violation(
                path=diff_path("projects", key, "lead"), message=f"unknown user {project.lead!r}"
            )
        if names[project.name.lower()] > 1:
            yield Violation(
                path=diff_path("projects", key, "name"),
                message=f"project name {project.name!r} is used by another project",
            )


def _check_sprints(state: IssueTrackerState) -> Iterator[Violation]:
    active: Counter[str] = Counter()
    names = Counter((s.project, s.name.lower()) for s in state.sprints.values())
    for sid, sprint in state.sprints.items():
        where = diff_path("sprints", sid)
        if sprint.project not in state.projects:
            yield Violation(path=f"{where}.project", message=f"unknown project {sprint.project!r}")
        if names[(sprint.project, sprint.name.lower())] > 1:
            yield Violation(
                path=f"{where}.name",
                message=f"sprint name {sprint.name!r} is used twice in {sprint.project}",
            )
        if sprint.state == "active":
            active[sprint.project] += 1
        if sprint.state != "planned" and (sprint.start_date is None or sprint.end_date is None):
            yield Violation(
                path=where, message=f"an {sprint.state} sprint needs startDate and endDate"
            )
        if sprint.start_date and sprint.end_date and sprint.end_date < sprint.start_date:
            yield Violation(path=f"{where}.endDate", message="endDate is before startDate")
        if (sprint.state == "closed") != (sprint.completed_date is not None):
            yield Violation(
                path=f"{where}.completedDate",
                message="completedDate is set iff the sprint is closed",
            )
    for project, n in active.items():
        if n > 1:
            yield Violation(
                path="sprints", message=f"project {project} has {n} active sprints (at most 1)"
            )


def _check_issue(state: IssueTrackerState, key: str, issue: Issue) -> Iterator[Violation]:
    where = diff_path("issues", key)
    statuses = {s.id: s for s in state.workflow.statuses}
    project = state.projects.get(issue.project)
    if project is None:
        yield Violation(path=f"{where}.project", message=f"unknown project {issue.project!r}")
    if not key.startswith(f"{issue.project}-"):
        yield Violation(
            path=f"{where}.key", message=f"key {key!r} does not match project {issue.project!r}"
        )
    elif project is not None and issue_number(key) >= project.next_issue_number:
        yield Violation(
            path=diff_path("projects", issue.project, "nextIssueNumber"),
            message=f"must be greater than {issue_number(key)} (issue {key} exists)",
        )
    if issue.status not in statuses:
        yield Violation(path=f"{where}.status", message=f"unknown status {issue.status!r}")
    for role in ("assignee", "reporter"):
        uid = getattr(issue, role)
        if uid is not None and uid not in state.users:
            yield Violation(path=f"{where}.{role}", message=f"unknown user {uid!r}")
    if issue.labels != sorted(set(issue.labels)):
        yield Violation(path=f"{where}.labels", message="labels must be sorted and unique")
    if issue.sprint is not None:
        sprint = state.sprints.get(issue.sprint)
        if sprint is None:
            yield Violation(path=f"{where}.sprint", message=f"unknown sprint {issue.sprint!r}")
        elif sprint.project != issue.project:
            yield Violation(
                path=f"{where}.sprint",
                message=f"sprint {issue.sprint!r} belongs to {sprint.project}, not {issue.project}",
            )
        elif sprint.state == "closed":
            status = statuses.get(issue.status)
            if status is not None and status.category != "done":
                yield Violation(
                    path=f"{where}.status",
                    message=f"closed sprint {issue.sprint!r} may only hold finished issues",
                )
    yield from _check_parent(state, where, issue)


def _check_parent(state: IssueTrackerState, where: str, issue: Issue) -> Iterator[Violation]:
    if issue.parent is None:
        if issue.type == "subtask":
            yield Violation(path=f"{where}.parent", message="a subtask needs a parent issue")
        return
    parent = state.issues.get(issue.parent)
    if parent is None:
        yield Violation(path=f"{where}.parent", message=f"unknown issue {issue.parent!r}")
        return
    if parent.project != issue.project:
        yield Violation(
            path=f"{where}.parent", message=f"parent {issue.parent} is in another project"
        )
    if issue.type == "epic":
        yield Violation(path=f"{where}.parent", message="an epic has no parent")
    elif issue.type == "subtask":
        if parent.type in ("epic", "subtask"):
            yield Violation(
                path=f"{where}.parent",
                message=f"a subtask's parent must be a story, bug or task, not a {parent.type}",
            )
        elif parent.sprint != issue.sprint:
            yield Violation(
                path=f"{where}.sprint",
                message=f"a subtask is in its parent's sprint ({parent.key})",
            )
    elif parent.type != "epic":
        yield Violation(
            path=f"{where}.parent",
            message=f"the parent of a {issue.type} must be an epic, not a {parent.type}",
        )


def _check_ranks_and_comments(state: IssueTrackerState) -> Iterator[Violation]:
    ranks: dict[tuple[str, int], str] = {}
    comment_ids: dict[str, str] = {}
    for key, issue in state.issues.items():
        other = ranks.setdefault((issue.project, issue.rank), key)
        if other != key:
            yield Violation(
                path=diff_path("issues", key, "rank"),
                message=f"rank {issue.rank} is also {other}'s (ranks are unique per project)",
            )
        where = diff_path("issues", key, "comments")
        previous = ""
        for comment in issue.comments:
            if comment.author not in state.users:
                yield Violation(
                    path=where, message=f"comment {comment.id!r}: unknown author {comment.author!r}"
                )
            first = comment_ids.setdefault(comment.id, key)
            if first != key:
                yield Violation(
                    path=where, message=f"comment id {comment.id!r} is already used in {first}"
                )
            stamp = _norm(comment.created_at)
            if stamp < previous:
                yield Violation(path=where, message=f"comment {comment.id!r} is out of order")
            previous = max(previous, stamp)
            if comment.edited_at is not None and _norm(comment.edited_at) < stamp:
                yield Violation(
                    path=where, message=f"comment {comment.id!r}: editedAt is before createdAt"
                )
        seen = Counter(c.id for c in issue.comments)
        for cid, n in seen.items():
            if n > 1:
                yield Violation(path=where, message=f"comment id {cid!r} is repeated")


def _norm(ts: str) -> str:
    """A timestamp in one spelling (``...Z``, no fraction) so strings compare as times."""
    return ts[:19] + "Z"


# Each check with the fields it reads, in the order of the report.
CHECKS = InvariantChecks(
    *(([table], _check_keys(table)) for table in _KEY_FIELDS),
    (["current_user", "users"], _check_current_user),
    (["users"], _check_handles),
    (["workflow"], _check_workflow),
    (["projects", "users"], _check_projects),
    (["sprints", "projects"], _check_sprints),
    (["issues", "workflow", "projects", "users", "sprints"], _check_issues),
    (["issues", "users"], _check_ranks_and_comments),
)


def broken_states(seed: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The seed with one rule broken each (what ``cuagym appgen audit`` proves 422s with)."""
    lead = copy.deepcopy(seed)
    lead["projects"][next(iter(lead["projects"]))]["lead"] = "u-nobody"
    sprint = copy.deepcopy(seed)
    sprint["sprints"][next(iter(sprint["sprints"]))]["project"] = "NOPE"
    me = copy.deepcopy(seed)
    me["currentUser"] = "u-nobody"
    return {
        "project led by an unknown user": lead,
        "sprint of a project that does not exist": sprint,
        "current user does not exist": me,
    }

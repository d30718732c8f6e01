"""The issue-tracker state schema: pydantic models of the per-session JSON state.

The hub validates injected states strictly against :class:`IssueTrackerState` and stores its
``model_dump(mode="json", by_alias=True)``; JSON keys are camelCase. Entities live in objects
keyed by their id (``issues.WEB-12.assignee``, ``sprints.spr-web-23.state`` are the diff paths
a reward reads). Arrays are used only where order means something: the workflow's status order
(= the board's column order), an issue's comments (chronological) and its labels (kept sorted,
so a label set has exactly one spelling). Board columns are *not* stored: a card's column is its
issue's ``status``. Cross-entity rules live in ``_invariants``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from cuagym.apps.webkit import HexColor, Id, Name80, StateModel, Timestamp

__all__ = [
    "PRIORITIES",
    "STATUS_CATEGORIES",
    "TYPES",
    "Comment",
    "Issue",
    "IssueTrackerState",
    "IssueType",
    "Priority",
    "Project",
    "Site",
    "Sprint",
    "Status",
    "Ui",
    "User",
    "Workflow",
]

#: Issue types, in the order the UI lists them.
TYPES: tuple[str, ...] = ("story", "bug", "task", "epic", "subtask")
IssueType = Literal["story", "bug", "task", "epic", "subtask"]
#: Priorities, most urgent first (the UI's sort order).
PRIORITIES: tuple[str, ...] = ("highest", "high", "medium", "low", "lowest")
Priority = Literal["highest", "high", "medium", "low", "lowest"]
#: What a status means for planning: unfinished work is "todo"/"inprogress", finished is "done".
STATUS_CATEGORIES: tuple[str, ...] = ("todo", "inprogress", "done")
StatusCategory = Literal["todo", "inprogress", "done"]

ProjectKey = Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9]{1,9}$")]
IssueKey = Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9]{1,9}-[1-9][0-9]{0,5}$")]
Date = Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$")]
Label = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_.-]{0,39}$")]


class Site(StateModel):
    """The organisation whose tracker this is (shown in the top bar)."""

    name: Name80


class User(StateModel):
    id: Id
    #: short unique handle, used in JQL-lite (``assignee = priya``).
    name: Annotated[str, Field(pattern=r"^[a-z0-9._-]{1,40}$")]
    display_name: Name80
    title: Annotated[str, Field(max_length=120)] = ""
    email: Annotated[str, Field(max_length=254)] = ""
    avatar_color: HexColor = "#5b6b7f"


class Status(StateModel):
    id: Id
    name: Name80
    category: StatusCategory


class Workflow(StateModel):
    """The status graph every issue follows.

    ``statuses`` is ordered: it is the board's column order. ``transitions`` maps a status id to
    the ids it may move to directly; a status with no entry is a dead end.
    """

    statuses: list[Status]
    transitions: dict[str, list[Id]] = Field(default_factory=dict)
    #: the status a newly created issue starts in.
    initial_status: Id


class Project(StateModel):
    key: ProjectKey
    name: Name80
    description: Annotated[str, Field(max_length=2000)] = ""
    lead: Id
    #: who a new issue is assigned to when the creator leaves "Automatic".
    default_assignee: Literal["unassigned", "lead"] = "unassigned"
    #: the number the next created issue gets (``WEB-<n>``); keys are never reused.
    next_issue_number: Annotated[int, Field(ge=1, le=999999)]


class Sprint(StateModel):
    id: Id
    project: ProjectKey
    name: Name80
    state: Literal["planned", "active", "closed"] = "planned"
    goal: Annotated[str, Field(max_length=500)] = ""
    start_date: Date | None = None
    end_date: Date | None = None
    #: the day the sprint was completed; set iff ``state`` is ``closed``.
    completed_date: Date | None = None


class Comment(StateModel):
    id: Id
    author: Id
    body: Annotated[str, Field(min_length=1, max_length=20000)]
    created_at: Timestamp
    edited_at: Timestamp | None = None


class Issue(StateModel):
    key: IssueKey
    project: ProjectKey
    type: IssueType
    title: Annotated[str, Field(min_length=1, max_length=255)]
    description: Annotated[str, Field(max_length=20000)] = ""
    status: Id
    priority: Priority = "medium"
    assignee: Id | None = None
    reporter: Id
    #: sorted, no duplicates (one spelling per label set).
    labels: list[Label] = Field(default_factory=list)
    story_points: Annotated[int, Field(ge=0, le=100)] | None = None
    sprint: Id | None = None
    #: an epic for stories, bugs and tasks (optional); the parent issue of a subtask (required).
    parent: IssueKey | None = None
    #: position in the project's backlog/board order: smaller ranks first; unique per project.
    rank: Annotated[int, Field(ge=0)]
    comments: list[Comment] = Field(default_factory=list)
    created_at: Timestamp
    #: last change (volatile: masked from state_diff).
    updated_at: Timestamp


class Ui(StateModel):
    """Volatile view state (masked from ``state_diff``): what a person has looked at."""

    last_project: ProjectKey | None = None
    #: the most recently viewed issue keys, newest first (at most 8).
    recent_issues: list[IssueKey] = Field(default_factory=list)


class IssueTrackerState(StateModel):
    site: Site
    current_user: Id
    users: dict[str, User]
    workflow: Workflow
    projects: dict[str, Project] = Field(default_factory=dict)
    sprints: dict[str, Sprint] = Field(default_factory=dict)
    issues: dict[str, Issue] = Field(default_factory=dict)
    ui: Ui = Field(default_factory=Ui)

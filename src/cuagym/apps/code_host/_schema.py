"""The code-host state schema: pydantic models of the per-session JSON state.

Every collection is an object keyed by id, so ``state_diff`` reports leaf paths such as
``pulls.pr-0012.state``. Repositories are keyed by their name (``storefront-web``), commits by
their short sha; pull requests and issues share one number sequence per repository, the way a
forge numbers them (``#41`` is either a pull request or an issue, never both).

Conventions a reward relies on (see SKILL.md): timestamps are ISO-8601 UTC ``Z``; dates
``YYYY-MM-DD``; label, topic and reviewer lists are sorted; an unset optional reference is
``null``, an unset text ``""``. Cross-entity rules live in ``_invariants``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from cuagym.apps.webkit import HexColor, Id, StateModel, Timestamp

__all__ = [
    "LABELS",
    "REVIEW_STATES",
    "ROLES",
    "RUN_STATUSES",
    "VISIBILITIES",
    "WORKFLOWS",
    "Branch",
    "CodeHostState",
    "Commit",
    "Issue",
    "Member",
    "Milestone",
    "Org",
    "Pull",
    "Release",
    "Repo",
    "Review",
    "Run",
    "Ui",
    "User",
]

VISIBILITIES: tuple[str, ...] = ("public", "internal", "private")
#: a member's role on a repository, weakest first
ROLES: tuple[str, ...] = ("read", "triage", "write", "maintain", "admin")
REVIEW_STATES: tuple[str, ...] = ("approved", "changes_requested", "commented")
RUN_STATUSES: tuple[str, ...] = ("queued", "in_progress", "success", "failure", "cancelled")
WORKFLOWS: tuple[str, ...] = ("CI", "Lint", "Deploy preview", "Release")
#: the labels every repository offers (name, colour), in display order
LABELS: tuple[tuple[str, str], ...] = (
    ("bug", "#b42318"),
    ("enhancement", "#2e7d5b"),
    ("documentation", "#33658a"),
    ("performance", "#7a5f1f"),
    ("security", "#7d4a63"),
    ("dependencies", "#57534e"),
    ("good first issue", "#4d6b57"),
    ("needs review", "#6b4f7d"),
    ("blocked", "#8a5442"),
    ("ci", "#3f3f46"),
)

Visibility = Literal["public", "internal", "private"]
Role = Literal["read", "triage", "write", "maintain", "admin"]
ReviewState = Literal["approved", "changes_requested", "commented"]
RunStatus = Literal["queued", "in_progress", "success", "failure", "cancelled"]
Workflow = Literal["CI", "Lint", "Deploy preview", "Release"]
PullState = Literal["open", "merged", "closed"]
IssueState = Literal["open", "closed"]
Sha = Annotated[str, Field(pattern=r"^[0-9a-f]{40}$")]
ShortSha = Annotated[str, Field(pattern=r"^[0-9a-f]{7}$")]
BranchName = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,79}$")]
Tag = Annotated[str, Field(pattern=r"^v\d+\.\d+\.\d+(-[a-z0-9.]+)?$")]
Day = Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$")]
Text = Annotated[str, Field(max_length=4000)]
Title = Annotated[str, Field(min_length=1, max_length=200)]


class Org(StateModel):
    name: Annotated[str, Field(min_length=1, max_length=80)]
    slug: Id


class User(StateModel):
    id: Id
    login: Id
    name: Annotated[str, Field(min_length=1, max_length=80)]
    avatar_color: HexColor


class Repo(StateModel):
    id: Id  # the repository's name, as in its URL
    description: Annotated[str, Field(max_length=350)]
    topics: list[Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]{0,34}$")]]
    default_branch: BranchName
    visibility: Visibility
    language: str
    stars: Annotated[int, Field(ge=0)]
    archived: bool
    allow_squash: bool
    delete_branch_on_merge: bool
    readme: Text
    created_at: Timestamp


class Member(StateModel):
    id: Id
    repo_id: Id
    user_id: Id
    role: Role


class Branch(StateModel):
    id: Id
    repo_id: Id
    name: BranchName
    head: ShortSha
    protected: bool
    required_approvals: Annotated[int, Field(ge=0, le=6)]
    require_checks: bool
    created_at: Timestamp


class Commit(StateModel):
    id: ShortSha
    sha: Sha
    repo_id: Id
    branch: BranchName  # the branch it was made on
    author_id: Id
    message: Title
    date: Timestamp


class Pull(StateModel):
    id: Id
    repo_id: Id
    number: Annotated[int, Field(ge=1)]
    title: Title
    body: Text
    author_id: Id
    source: BranchName
    target: BranchName
    state: PullState
    draft: bool
    labels: list[str]
    reviewers: list[Id]  # requested reviewers (user ids), sorted
    linked_issue: Annotated[str, Field(max_length=40)]  # a tracker key such as ``WEB-12``, or ""
    commits: list[ShortSha]
    created_at: Timestamp
    merged_at: Timestamp | None
    merged_by: Id | None
    closed_at: Timestamp | None


class Review(StateModel):
    id: Id
    pull_id: Id
    author_id: Id
    state: ReviewState
    body: Text
    submitted_at: Timestamp


class Run(StateModel):
    id: Id
    repo_id: Id
    number: Annotated[int, Field(ge=1)]
    workflow: Workflow
    branch: BranchName
    pull_id: Id | None
    commit: ShortSha
    status: RunStatus
    duration_s: Annotated[int, Field(ge=0)]
    attempt: Annotated[int, Field(ge=1)]
    triggered_by: Id
    started_at: Timestamp
    failed_step: str  # the step that failed ("" unless the run failed)


class Milestone(StateModel):
    id: Id
    repo_id: Id
    title: Title
    due_on: Day | None


class Issue(StateModel):
    id: Id
    repo_id: Id
    number: Annotated[int, Field(ge=1)]
    title: Title
    body: Text
    author_id: Id
    state: IssueState
    labels: list[str]
    assignees: list[Id]
    milestone_id: Id | None
    created_at: Timestamp
    closed_at: Timestamp | None


class Release(StateModel):
    id: Id
    repo_id: Id
    tag: Tag
    name: Title
    notes: Text
    target: BranchName
    prerelease: bool
    draft: bool
    author_id: Id
    published_at: Timestamp | None


class Ui(StateModel):
    """What the person looked at (volatile: never part of a reward's diff)."""

    recent_repos: list[Id]


class CodeHostState(StateModel):
    org: Org
    current_user: Id
    users: dict[str, User]
    repos: dict[str, Repo]
    members: dict[str, Member]
    branches: dict[str, Branch]
    commits: dict[str, Commit]
    pulls: dict[str, Pull]
    reviews: dict[str, Review]
    runs: dict[str, Run]
    milestones: dict[str, Milestone]
    issues: dict[str, Issue]
    releases: dict[str, Release]
    ui: Ui

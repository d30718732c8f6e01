"""The task families homed in issue-tracker, in synth's round-robin order (entry point
``cuagym.families``: ``issue-tracker``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.issue_tracker._cross import FileBugFromChat
from cuagym.families.cross.issue_tracker._cross_estimate import EstimateFromThread
from cuagym.families.cross.issue_tracker._cross_mail import BugFromCustomerMail
from cuagym.families.cross.issue_tracker._cross_sprint import PostSprintStatus
from cuagym.families.issue_tracker._cleanup import MergeDuplicate
from cuagym.families.issue_tracker._issues import (
    AddComment,
    AssignIssue,
    CreateIssue,
    SetPriority,
    TransitionIssue,
)
from cuagym.families.issue_tracker._people import HandOverWork
from cuagym.families.issue_tracker._planning import (
    CompleteSprint,
    ProjectSettings,
    SprintPlanning,
    TriageBugs,
)

__all__ = ["FAMILIES"]

FAMILIES: tuple[TaskFamily, ...] = (
    AssignIssue(),
    SetPriority(),
    AddComment(),
    TransitionIssue(),
    CreateIssue(),
    SprintPlanning(),
    ProjectSettings(),
    CompleteSprint(),
    TriageBugs(),
    HandOverWork(),
    MergeDuplicate(),
    FileBugFromChat(),
    PostSprintStatus(),
    EstimateFromThread(),
    BugFromCustomerMail(),
)

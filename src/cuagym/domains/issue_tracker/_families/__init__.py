"""The issue-tracker's procedural task families (see ``cuagym.domains._family``)."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily
from cuagym.domains.issue_tracker._families._cleanup import MergeDuplicate
from cuagym.domains.issue_tracker._families._cross import FileBugFromChat
from cuagym.domains.issue_tracker._families._cross_estimate import EstimateFromThread
from cuagym.domains.issue_tracker._families._cross_sprint import PostSprintStatus
from cuagym.domains.issue_tracker._families._issues import (
    AddComment,
    AssignIssue,
    CreateIssue,
    SetPriority,
    TransitionIssue,
)
from cuagym.domains.issue_tracker._families._people import HandOverWork
from cuagym.domains.issue_tracker._families._planning import (
    CompleteSprint,
    ProjectSettings,
    SprintPlanning,
    TriageBugs,
)

__all__ = [
    "FAMILIES",
    "AddComment",
    "AssignIssue",
    "CompleteSprint",
    "CreateIssue",
    "EstimateFromThread",
    "FileBugFromChat",
    "HandOverWork",
    "MergeDuplicate",
    "PostSprintStatus",
    "ProjectSettings",
    "SetPriority",
    "SprintPlanning",
    "TransitionIssue",
    "TriageBugs",
]

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
)

"""The issue-tracker's procedural task families (see ``cuagym.families._family``)."""

from __future__ import annotations

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

__all__ = [
    "AddComment",
    "AssignIssue",
    "CompleteSprint",
    "CreateIssue",
    "HandOverWork",
    "MergeDuplicate",
    "ProjectSettings",
    "SetPriority",
    "SprintPlanning",
    "TransitionIssue",
    "TriageBugs",
]

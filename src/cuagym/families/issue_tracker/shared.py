"""What the cross layer may build on from the issue-tracker families (DESIGN.md §11).

A cross-app family that has a tracker half builds the tracker's world and golden state with
these: the family base and its parameter reader, the task world, the tracker's setup and
golden-patch scripts and reward helpers, and the tracker oracles whose page helpers a cross
oracle uses as parts.
"""

from __future__ import annotations

from cuagym.families.issue_tracker._common import (
    NOW,
    TRACKER_HELPERS,
    gold_from,
    patch_script,
    setup_script,
    task_world,
)
from cuagym.families.issue_tracker._issues import (
    ME,
    PROJECT_NAMES,
    IssueFamily,
    open_issues,
    params,
)
from cuagym.families.issue_tracker._oracle import CreateIssueOracle, TrackerOracle, exact

__all__ = [
    "ME",
    "NOW",
    "PROJECT_NAMES",
    "TRACKER_HELPERS",
    "CreateIssueOracle",
    "IssueFamily",
    "TrackerOracle",
    "exact",
    "gold_from",
    "open_issues",
    "params",
    "patch_script",
    "setup_script",
    "task_world",
]

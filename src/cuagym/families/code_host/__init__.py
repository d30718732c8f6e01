"""Procedural task families of the code-host domain (a git forge).

Each family covers one leaf of the app's ``taxonomy.yaml``; see ``_common`` for what they
share and ``_oracle`` for their GUI solvers.
"""

from __future__ import annotations

from cuagym.families.code_host._pulls import (
    LabelPullRequest,
    MergeReadyPull,
    RequestReviewers,
    SubmitReview,
)
from cuagym.families.code_host._work import (
    AssignUnownedIssues,
    ProtectBranch,
    PublishRelease,
    ReleaseNotesFromMerged,
    RerunFailedRun,
)

__all__ = [
    "AssignUnownedIssues",
    "LabelPullRequest",
    "MergeReadyPull",
    "ProtectBranch",
    "PublishRelease",
    "ReleaseNotesFromMerged",
    "RequestReviewers",
    "RerunFailedRun",
    "SubmitReview",
]

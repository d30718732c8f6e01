"""The task families homed in code-host, in synth's round-robin order (entry point
``cuagym.families``: ``code-host``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.code_host import (
    AssignUnownedIssues,
    LabelPullRequest,
    MergeReadyPull,
    ProtectBranch,
    PublishRelease,
    ReleaseNotesFromMerged,
    RequestReviewers,
    RerunFailedRun,
    SubmitReview,
)
from cuagym.families.cross.code_host import AnnounceRelease, RerunFromCiMail, ReviewersFromChat

__all__ = ["FAMILIES"]

FAMILIES: tuple[TaskFamily, ...] = (
    RequestReviewers(),
    LabelPullRequest(),
    RerunFailedRun(),
    SubmitReview(),
    ProtectBranch(),
    PublishRelease(),
    MergeReadyPull(),
    ReleaseNotesFromMerged(),
    AssignUnownedIssues(),
    ReviewersFromChat(),
    AnnounceRelease(),
    RerunFromCiMail(),
)

"""The task families homed in expenses, in synth's round-robin order (entry point
``cuagym.families``: ``expenses``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.expenses import OverBudgetTicket, ReceiptFromMail, RejectionToChat
from cuagym.families.expenses import (
    ApproveReport,
    AttachReceiptSubmit,
    FileTripReport,
    MatchCardCharge,
    PayApprovedBatch,
    RejectReport,
    SetCategoryLimit,
    TriageManagerQueue,
)

__all__ = ["FAMILIES"]

FAMILIES: tuple[TaskFamily, ...] = (
    ApproveReport(),
    AttachReceiptSubmit(),
    RejectReport(),
    MatchCardCharge(),
    SetCategoryLimit(),
    PayApprovedBatch(),
    FileTripReport(),
    TriageManagerQueue(),
    ReceiptFromMail(),
    RejectionToChat(),
    OverBudgetTicket(),
)

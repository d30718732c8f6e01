"""Procedural task families of the expenses domain (the offline, deterministic role backend).

Each family covers one leaf of the app's ``taxonomy.yaml``; see ``_common`` for what they share.
"""

from __future__ import annotations

from cuagym.families.expenses._finance import MatchCardCharge, PayApprovedBatch, SetCategoryLimit
from cuagym.families.expenses._reports import AttachReceiptSubmit, FileTripReport
from cuagym.families.expenses._review import ApproveReport, RejectReport
from cuagym.families.expenses._triage import TriageManagerQueue

__all__ = [
    "ApproveReport",
    "AttachReceiptSubmit",
    "FileTripReport",
    "MatchCardCharge",
    "PayApprovedBatch",
    "RejectReport",
    "SetCategoryLimit",
    "TriageManagerQueue",
]

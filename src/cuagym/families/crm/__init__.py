"""Procedural task families of the crm domain (the offline, deterministic role backend).

Each family covers one leaf of ``taxonomy.yaml``; see ``_common`` for what they share.
"""

from __future__ import annotations

from cuagym.families.crm._accounts import CreateAccount
from cuagym.families.crm._conversion import (
    ConvertLeadExistingAccount,
    ConvertLeadNewAccount,
)
from cuagym.families.crm._lookup import LogCallByEmail
from cuagym.families.crm._records import (
    CompleteTask,
    CreateContact,
    MoveOpportunityStage,
    ScheduleFollowUp,
    UpdateDealTerms,
    UpdateLeadStatus,
)

__all__ = [
    "CompleteTask",
    "ConvertLeadExistingAccount",
    "ConvertLeadNewAccount",
    "CreateAccount",
    "CreateContact",
    "LogCallByEmail",
    "MoveOpportunityStage",
    "ScheduleFollowUp",
    "UpdateDealTerms",
    "UpdateLeadStatus",
]

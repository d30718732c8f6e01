"""Procedural task families of the crm domain (the offline, deterministic role backend).

Each family covers one leaf of ``taxonomy.yaml``; see ``_common`` for what they share.
"""

from __future__ import annotations

from cuagym.domains._family import TaskFamily

from ._accounts import CreateAccount
from ._conversion import ConvertLeadExistingAccount, ConvertLeadNewAccount
from ._cross import DealChangeFromEmail, LeadFromInquiry
from ._cross_create import HandoverFromEmail, OpportunityFromEmail
from ._lookup import LogCallByEmail
from ._records import (
    CompleteTask,
    CreateContact,
    MoveOpportunityStage,
    ScheduleFollowUp,
    UpdateDealTerms,
    UpdateLeadStatus,
)

__all__ = ["FAMILIES"]

FAMILIES: tuple[TaskFamily, ...] = (
    UpdateLeadStatus(),
    MoveOpportunityStage(),
    CompleteTask(),
    CreateContact(),
    UpdateDealTerms(),
    ScheduleFollowUp(),
    ConvertLeadNewAccount(),
    ConvertLeadExistingAccount(),
    DealChangeFromEmail(),
    LogCallByEmail(),
    CreateAccount(),
    LeadFromInquiry(),
    OpportunityFromEmail(),
    HandoverFromEmail(),
)

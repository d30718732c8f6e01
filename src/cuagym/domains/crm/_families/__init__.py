"""Procedural task families of the crm domain (the offline, deterministic role backend).

Each family covers one leaf of ``taxonomy.yaml``; see ``_common`` for what they share.
"""

from __future__ import annotations

from cuagym.domains._family import TaskFamily
from cuagym.domains.crm._families._accounts import CreateAccount
from cuagym.domains.crm._families._conversion import (
    ConvertLeadExistingAccount,
    ConvertLeadNewAccount,
)
from cuagym.domains.crm._families._cross import DealChangeFromEmail, LeadFromInquiry
from cuagym.domains.crm._families._cross_create import HandoverFromEmail, OpportunityFromEmail
from cuagym.domains.crm._families._lookup import LogCallByEmail
from cuagym.domains.crm._families._records import (
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

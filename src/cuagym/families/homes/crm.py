"""The task families homed in crm, in synth's round-robin order (entry point
``cuagym.families``: ``crm``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
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
from cuagym.families.cross.crm import (
    DealChangeFromEmail,
    HandoverFromEmail,
    LeadFromInquiry,
    OpportunityFromEmail,
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

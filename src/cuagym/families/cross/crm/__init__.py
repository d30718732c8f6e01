"""Cross-app task families homed in crm (they read the mailbox and act in the CRM)."""

from cuagym.families.cross.crm._cross import DealChangeFromEmail, LeadFromInquiry
from cuagym.families.cross.crm._cross_create import HandoverFromEmail, OpportunityFromEmail

__all__ = ["DealChangeFromEmail", "HandoverFromEmail", "LeadFromInquiry", "OpportunityFromEmail"]

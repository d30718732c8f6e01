"""Cross-app task families homed in mail (they read the CRM and act in the mailbox)."""

from cuagym.families.cross.mail._cross import CloseDateReply, TemplateToStageContacts

__all__ = ["CloseDateReply", "TemplateToStageContacts"]

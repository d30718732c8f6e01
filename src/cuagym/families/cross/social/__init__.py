"""Cross-app task families homed in social: team chat -> social, issue tracker -> social."""

from cuagym.families.cross.social._cross import AnnounceFromChat, ComplaintReplyWithIssue

__all__ = ["AnnounceFromChat", "ComplaintReplyWithIssue"]

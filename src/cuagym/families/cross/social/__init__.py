"""Cross-app task families homed in social: team chat, issue tracker and mail -> social."""

from cuagym.families.cross.social._cross import (
    AnnounceFromChat,
    ComplaintReplyWithIssue,
    ForwardMailAsDm,
)

__all__ = ["AnnounceFromChat", "ComplaintReplyWithIssue", "ForwardMailAsDm"]

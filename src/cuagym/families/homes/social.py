"""The task families homed in social, in synth's round-robin order (entry point
``cuagym.families``: ``social``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.social import (
    AnnounceFromChat,
    ComplaintReplyWithIssue,
    ForwardMailAsDm,
)
from cuagym.families.social import (
    FollowBackCommenters,
    ModerateReports,
    PinTopPost,
    ReplyToComment,
    ReschedulePost,
    SchedulePost,
    SendMessage,
)

__all__ = ["FAMILIES"]

FAMILIES: tuple[TaskFamily, ...] = (
    SchedulePost(),
    ReschedulePost(),
    ReplyToComment(),
    SendMessage(),
    PinTopPost(),
    ModerateReports(),
    FollowBackCommenters(),
    AnnounceFromChat(),
    ComplaintReplyWithIssue(),
    ForwardMailAsDm(),
)

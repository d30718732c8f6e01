"""Procedural task families of the social domain (the offline, deterministic role backend).

Each family covers one leaf of the app's ``taxonomy.yaml``; see ``_common`` for what they share.
"""

from __future__ import annotations

from cuagym.families.social._engage import ReplyToComment, SendMessage
from cuagym.families.social._judgement import FollowBackCommenters, ModerateReports, PinTopPost
from cuagym.families.social._oracle import SchedulePostOracle as SCHEDULE_ORACLE
from cuagym.families.social._oracle import SendMessageOracle as MESSAGE_ORACLE
from cuagym.families.social._studio import ReschedulePost, SchedulePost

__all__ = [
    "MESSAGE_ORACLE",
    "SCHEDULE_ORACLE",
    "FollowBackCommenters",
    "ModerateReports",
    "PinTopPost",
    "ReplyToComment",
    "ReschedulePost",
    "SchedulePost",
    "SendMessage",
]

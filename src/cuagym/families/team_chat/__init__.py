"""team-chat's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.families.team_chat._base import ChatFamily
from cuagym.families.team_chat._channels import (
    CreatePrivateChannel,
    JoinAndPost,
    SetChannelTopic,
    WrapUpChannel,
)
from cuagym.families.team_chat._directory import GroupDmByRole
from cuagym.families.team_chat._messaging import (
    FixOwnMessage,
    ReactToMessage,
    ReplyInThread,
)
from cuagym.families.team_chat._navigation import CatchUpUnread
from cuagym.families.team_chat._people import (
    ModerateAsAdmin,
    SendDirectMessage,
    UpdateProfile,
)
from cuagym.families.team_chat._search import PinFoundMessage

__all__ = [
    "CatchUpUnread",
    "ChatFamily",
    "CreatePrivateChannel",
    "FixOwnMessage",
    "GroupDmByRole",
    "JoinAndPost",
    "ModerateAsAdmin",
    "PinFoundMessage",
    "ReactToMessage",
    "ReplyInThread",
    "SendDirectMessage",
    "SetChannelTopic",
    "UpdateProfile",
    "WrapUpChannel",
]

"""team-chat's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.team_chat._cross_calc import ReportWorkbookFigure
from cuagym.families.cross.team_chat._cross_tracker import SprintChannel
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
    "FAMILIES",
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
    "ReportWorkbookFigure",
    "SendDirectMessage",
    "SetChannelTopic",
    "SprintChannel",
    "UpdateProfile",
    "WrapUpChannel",
]

# easy → hard
FAMILIES: tuple[TaskFamily, ...] = (
    ReactToMessage(),
    SetChannelTopic(),
    UpdateProfile(),
    ReplyInThread(),
    FixOwnMessage(),
    PinFoundMessage(),
    CatchUpUnread(),
    GroupDmByRole(),
    SendDirectMessage(),
    JoinAndPost(),
    CreatePrivateChannel(),
    WrapUpChannel(),
    ModerateAsAdmin(),
    SprintChannel(),
    ReportWorkbookFigure(),
)

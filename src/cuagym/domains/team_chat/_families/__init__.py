"""team-chat's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily
from cuagym.domains.team_chat._families._base import ChatFamily
from cuagym.domains.team_chat._families._channels import (
    CreatePrivateChannel,
    JoinAndPost,
    SetChannelTopic,
    WrapUpChannel,
)
from cuagym.domains.team_chat._families._cross_calc import ReportWorkbookFigure
from cuagym.domains.team_chat._families._cross_tracker import SprintChannel
from cuagym.domains.team_chat._families._directory import GroupDmByRole
from cuagym.domains.team_chat._families._messaging import (
    FixOwnMessage,
    ReactToMessage,
    ReplyInThread,
)
from cuagym.domains.team_chat._families._navigation import CatchUpUnread
from cuagym.domains.team_chat._families._people import (
    ModerateAsAdmin,
    SendDirectMessage,
    UpdateProfile,
)
from cuagym.domains.team_chat._families._search import PinFoundMessage

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

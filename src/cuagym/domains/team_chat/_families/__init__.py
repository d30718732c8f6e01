"""team-chat's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily

from ._base import ChatFamily
from ._channels import CreatePrivateChannel, JoinAndPost, SetChannelTopic, WrapUpChannel
from ._cross_calc import ReportWorkbookFigure
from ._cross_tracker import SprintChannel
from ._directory import GroupDmByRole
from ._messaging import FixOwnMessage, ReactToMessage, ReplyInThread
from ._navigation import CatchUpUnread
from ._people import ModerateAsAdmin, SendDirectMessage, UpdateProfile
from ._search import PinFoundMessage

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

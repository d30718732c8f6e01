"""The task families homed in team-chat, in synth's round-robin order (entry point
``cuagym.families``: ``team-chat``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.team_chat._cross_calc import ReportWorkbookFigure
from cuagym.families.cross.team_chat._cross_crm import PipelineDigestToChat
from cuagym.families.cross.team_chat._cross_mail import MailAnnouncementToChannel
from cuagym.families.cross.team_chat._cross_tracker import SprintChannel
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

__all__ = ["FAMILIES"]

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
    MailAnnouncementToChannel(),
    PipelineDigestToChat(),
)

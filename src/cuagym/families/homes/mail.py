"""The task families homed in mail, in synth's round-robin order (entry point
``cuagym.families``: ``mail``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.mail import CloseDateReply, TemplateToStageContacts
from cuagym.families.cross.mail._cross_office import ChatRequestByMail, IssueStatusByMail
from cuagym.families.mail._contacts import UpdateContact
from cuagym.families.mail._easy import AddContact, CreateLabel, StarThread
from cuagym.families.mail._hard import ForwardAttachment, InboxTriage, SendTemplateToGroup
from cuagym.families.mail._labels import RenameLabel
from cuagym.families.mail._medium import (
    ArchiveSender,
    CreateTemplate,
    LabelDomain,
    ReplyToThread,
)
from cuagym.families.mail._search import LabelAttachments
from cuagym.families.mail._settings import UpdateSignature

__all__ = ["FAMILIES"]

FAMILIES: tuple[TaskFamily, ...] = (
    StarThread(),
    CreateLabel(),
    AddContact(),
    ArchiveSender(),
    ReplyToThread(),
    LabelDomain(),
    CreateTemplate(),
    SendTemplateToGroup(),
    ForwardAttachment(),
    InboxTriage(),
    TemplateToStageContacts(),
    UpdateSignature(),
    LabelAttachments(),
    CloseDateReply(),
    UpdateContact(),
    RenameLabel(),
    ChatRequestByMail(),
    IssueStatusByMail(),
)

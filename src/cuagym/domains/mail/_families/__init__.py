"""Procedural task families of the mail domain (the offline, deterministic role backend).

Each family samples a task from a seed, builds its world from the seed mailbox (perturbed per
task, with the task's entities injected), solves it with the app's own ``_ops`` functions for
the golden patch, and writes a reward from the task alone (see ``cuagym.domains._family``).
"""

from __future__ import annotations

from cuagym.domains._family import TaskFamily
from cuagym.domains.mail._families._contacts import UpdateContact
from cuagym.domains.mail._families._cross import CloseDateReply, TemplateToStageContacts
from cuagym.domains.mail._families._easy import AddContact, CreateLabel, StarThread
from cuagym.domains.mail._families._hard import ForwardAttachment, InboxTriage, SendTemplateToGroup
from cuagym.domains.mail._families._labels import RenameLabel
from cuagym.domains.mail._families._medium import (
    ArchiveSender,
    CreateTemplate,
    LabelDomain,
    ReplyToThread,
)
from cuagym.domains.mail._families._search import LabelAttachments
from cuagym.domains.mail._families._settings import UpdateSignature

__all__ = [
    "FAMILIES",
    "AddContact",
    "ArchiveSender",
    "CloseDateReply",
    "CreateLabel",
    "CreateTemplate",
    "ForwardAttachment",
    "InboxTriage",
    "LabelAttachments",
    "LabelDomain",
    "RenameLabel",
    "ReplyToThread",
    "SendTemplateToGroup",
    "StarThread",
    "TemplateToStageContacts",
    "UpdateContact",
    "UpdateSignature",
]

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
)

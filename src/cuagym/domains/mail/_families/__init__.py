"""Procedural task families of the mail domain (the offline, deterministic role backend).

Each family samples a task from a seed, builds its world from the seed mailbox (perturbed per
task, with the task's entities injected), solves it with the app's own ``_ops`` functions for
the golden patch, and writes a reward from the task alone (see ``cuagym.domains._family``).
"""

from __future__ import annotations

from cuagym.domains._family import TaskFamily

from ._contacts import UpdateContact
from ._cross import CloseDateReply, TemplateToStageContacts
from ._easy import AddContact, CreateLabel, StarThread
from ._hard import ForwardAttachment, InboxTriage, SendTemplateToGroup
from ._labels import RenameLabel
from ._medium import ArchiveSender, CreateTemplate, LabelDomain, ReplyToThread
from ._search import LabelAttachments
from ._settings import UpdateSignature

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

"""Procedural task families of the mail domain (the offline, deterministic role backend).

Each family samples a task from a seed, builds its world from the seed mailbox (perturbed per
task, with the task's entities injected), solves it with the app's own ``_ops`` functions for
the golden patch, and writes a reward from the task alone (see ``cuagym.families._family``).
"""

from __future__ import annotations

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

__all__ = [
    "AddContact",
    "ArchiveSender",
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
    "UpdateContact",
    "UpdateSignature",
]

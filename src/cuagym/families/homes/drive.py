"""The task families homed in the drive, in synth's round-robin order (entry point
``cuagym.families``: ``drive``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.drive import MoveFromChat, ShareFromMail
from cuagym.families.drive import (
    FreeSpace,
    LinkAccess,
    MoveFile,
    RenameFile,
    ResolveComments,
    RestoreFromTrash,
    RestoreVersion,
    ShareFile,
    StarLargest,
    TidyFolder,
)

__all__ = ["FAMILIES"]

FAMILIES: tuple[TaskFamily, ...] = (
    ShareFile(),
    RenameFile(),
    MoveFile(),
    RestoreFromTrash(),
    RestoreVersion(),
    LinkAccess(),
    FreeSpace(),
    TidyFolder(),
    ShareFromMail(),
    MoveFromChat(),
    ResolveComments(),
    StarLargest(),
)

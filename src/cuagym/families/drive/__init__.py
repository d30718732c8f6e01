"""Procedural task families of the drive domain (the offline, deterministic role backend).

Each family covers one leaf of the app's ``taxonomy.yaml``; see ``_common`` for what they share.
"""

from __future__ import annotations

from cuagym.families.drive._hard import FreeSpace, TidyFolder
from cuagym.families.drive._records import (
    LinkAccess,
    MoveFile,
    RenameFile,
    RestoreFromTrash,
    RestoreVersion,
    ShareFile,
)
from cuagym.families.drive._review import ResolveComments, StarLargest

__all__ = [
    "FreeSpace",
    "LinkAccess",
    "MoveFile",
    "RenameFile",
    "ResolveComments",
    "RestoreFromTrash",
    "RestoreVersion",
    "ShareFile",
    "StarLargest",
    "TidyFolder",
]

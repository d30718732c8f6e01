"""The files domain's procedural task families (the offline role backend), one per leaf."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily

from ._base import FilesFamily
from ._cross import RenameFromSheet
from ._manage import (
    ArchiveFolder,
    BatchRename,
    CopyNewestReport,
    CreateFolderTree,
    DeleteTempFiles,
    FixExtensions,
)
from ._organize import MoveDuplicates, OrganizeByDate, OrganizeByType

__all__ = [
    "FAMILIES",
    "ArchiveFolder",
    "BatchRename",
    "CopyNewestReport",
    "CreateFolderTree",
    "DeleteTempFiles",
    "FilesFamily",
    "FixExtensions",
    "MoveDuplicates",
    "OrganizeByDate",
    "OrganizeByType",
    "RenameFromSheet",
]

# easy -> hard
FAMILIES: tuple[TaskFamily, ...] = (
    DeleteTempFiles(),
    CreateFolderTree(),
    CopyNewestReport(),
    OrganizeByType(),
    OrganizeByDate(),
    BatchRename(),
    ArchiveFolder(),
    MoveDuplicates(),
    FixExtensions(),
    RenameFromSheet(),
)

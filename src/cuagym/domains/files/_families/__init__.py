"""The files domain's procedural task families (the offline role backend), one per leaf."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily
from cuagym.domains.files._families._base import FilesFamily
from cuagym.domains.files._families._cross import ExtractBySheet, FileBySheet, RenameFromSheet
from cuagym.domains.files._families._find import CollectBySearch, CopyHiddenFiles, SetPermissions
from cuagym.domains.files._families._manage import (
    ArchiveFolder,
    BatchRename,
    CopyNewestReport,
    CreateFolderTree,
    DeleteTempFiles,
    FixExtensions,
)
from cuagym.domains.files._families._organize import MoveDuplicates, OrganizeByDate, OrganizeByType

__all__ = [
    "FAMILIES",
    "ArchiveFolder",
    "BatchRename",
    "CollectBySearch",
    "CopyHiddenFiles",
    "CopyNewestReport",
    "CreateFolderTree",
    "DeleteTempFiles",
    "ExtractBySheet",
    "FileBySheet",
    "FilesFamily",
    "FixExtensions",
    "MoveDuplicates",
    "OrganizeByDate",
    "OrganizeByType",
    "RenameFromSheet",
    "SetPermissions",
]

# easy -> hard
FAMILIES: tuple[TaskFamily, ...] = (
    DeleteTempFiles(),
    CreateFolderTree(),
    CopyNewestReport(),
    SetPermissions(),
    CollectBySearch(),
    CopyHiddenFiles(),
    OrganizeByType(),
    OrganizeByDate(),
    BatchRename(),
    ArchiveFolder(),
    MoveDuplicates(),
    FixExtensions(),
    RenameFromSheet(),
    FileBySheet(),
    ExtractBySheet(),
)

"""The task families homed in files, in synth's round-robin order (entry point
``cuagym.families``: ``files``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.files._cross import ExtractBySheet, FileBySheet, RenameFromSheet
from cuagym.families.files._find import CollectBySearch, CopyHiddenFiles, SetPermissions
from cuagym.families.files._manage import (
    ArchiveFolder,
    BatchRename,
    CopyNewestReport,
    CreateFolderTree,
    DeleteTempFiles,
    FixExtensions,
)
from cuagym.families.files._organize import MoveDuplicates, OrganizeByDate, OrganizeByType

__all__ = ["FAMILIES"]

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

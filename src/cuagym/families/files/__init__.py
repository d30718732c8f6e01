"""The files app's procedural task families (the offline role backend), one per leaf.

``FAMILIES`` is the registry (entry point ``cuagym.families``; its order is synth's round robin).
What other families build tasks of this app with is :mod:`.kit`.
"""

from __future__ import annotations

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

__all__ = [
    "ArchiveFolder",
    "BatchRename",
    "CollectBySearch",
    "CopyHiddenFiles",
    "CopyNewestReport",
    "CreateFolderTree",
    "DeleteTempFiles",
    "FixExtensions",
    "MoveDuplicates",
    "OrganizeByDate",
    "OrganizeByType",
    "SetPermissions",
]

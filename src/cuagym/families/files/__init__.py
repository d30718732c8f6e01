"""The files app's procedural task families (the offline role backend), one per leaf.

``FAMILIES`` is the registry (entry point ``cuagym.families``; its order is synth's round robin).
The rest of ``__all__`` is the kit cross-app families build file-tree tasks with: the family
base (:class:`FilesFamily`, its :data:`Op` and the app's :data:`FileSpec`), the scripts'
composers and :class:`FilesOracle`, the GUI solver's base (the file manager's views, its
dialogs, a terminal).
"""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.files._base import FilesFamily, FileSpec, Op, params_of, quote
from cuagym.families.files._find import CollectBySearch, CopyHiddenFiles, SetPermissions
from cuagym.families.files._manage import (
    ArchiveFolder,
    BatchRename,
    CopyNewestReport,
    CreateFolderTree,
    DeleteTempFiles,
    FixExtensions,
)
from cuagym.families.files._oracle import FilesOracle
from cuagym.families.files._organize import MoveDuplicates, OrganizeByDate, OrganizeByType
from cuagym.families.files._scripts import golden_script, reward_script, setup_script

# isort: split
# The cross-app families homed here import the kit above from this package: after it.
from cuagym.families.cross.files._cross import ExtractBySheet, FileBySheet, RenameFromSheet

__all__ = [
    "FAMILIES",
    "FileSpec",
    "FilesFamily",
    "FilesOracle",
    "Op",
    "golden_script",
    "params_of",
    "quote",
    "reward_script",
    "setup_script",
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

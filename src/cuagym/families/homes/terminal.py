"""The task families homed in terminal, in synth's round-robin order (entry point
``cuagym.families``: ``terminal``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.terminal._sheets import LinksFromSheet, ModesFromSheet
from cuagym.families.terminal import (
    ArchiveOldLogs,
    EditToolConfig,
    PointCurrentLink,
    PrivateSsh,
    SaveSearchResults,
    ScheduleJob,
    ScriptsExecutable,
    SetEnvExport,
)

__all__ = ["FAMILIES"]

# easy -> hard
FAMILIES: tuple[TaskFamily, ...] = (
    SetEnvExport(),
    PrivateSsh(),
    ScheduleJob(),
    EditToolConfig(),
    SaveSearchResults(),
    ModesFromSheet(),
    LinksFromSheet(),
    ScriptsExecutable(),
    PointCurrentLink(),
    ArchiveOldLogs(),
)

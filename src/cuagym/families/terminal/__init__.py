"""The terminal app's procedural task families (the offline role backend), one per leaf.

The registry is :data:`cuagym.families.homes.terminal.FAMILIES` (entry point
``cuagym.families``); what other families build terminal tasks with is :mod:`.kit`.
"""

from __future__ import annotations

from cuagym.families.terminal._admin import PrivateSsh, ScriptsExecutable
from cuagym.families.terminal._config import EditToolConfig, SetEnvExport
from cuagym.families.terminal._deploy import ArchiveOldLogs, PointCurrentLink
from cuagym.families.terminal._jobs import SaveSearchResults, ScheduleJob

__all__ = [
    "ArchiveOldLogs",
    "EditToolConfig",
    "PointCurrentLink",
    "PrivateSsh",
    "SaveSearchResults",
    "ScheduleJob",
    "ScriptsExecutable",
    "SetEnvExport",
]

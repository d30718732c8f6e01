"""The code-editor app's procedural task families (the offline role backend), one per leaf.

The registry of the families homed in code-editor, cross-app ones included, is
:data:`cuagym.families.homes.code_editor.FAMILIES` (entry point ``cuagym.families``). What
other families build code-editor tasks with is :mod:`.kit`.
"""

from __future__ import annotations

from cuagym.families.code_editor._edits import (
    BumpVersion,
    RemoveDebugPrints,
    ReplaceInReadme,
    SetSetting,
)
from cuagym.families.code_editor._refactor import FixOffByOne, MoveConstant, RenameFunction

__all__ = [
    "BumpVersion",
    "FixOffByOne",
    "MoveConstant",
    "RemoveDebugPrints",
    "RenameFunction",
    "ReplaceInReadme",
    "SetSetting",
]

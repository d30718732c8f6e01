"""The task families homed in code-editor, in synth's round-robin order (entry point
``cuagym.families``: ``code-editor``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.code_editor import (
    BumpVersion,
    FixOffByOne,
    MoveConstant,
    RemoveDebugPrints,
    RenameFunction,
    ReplaceInReadme,
    SetSetting,
)
from cuagym.families.cross.code_editor._cross import ConstantsFromReview, SettingsFromWorkbook

__all__ = ["FAMILIES"]

# easy -> hard
FAMILIES: tuple[TaskFamily, ...] = (
    ReplaceInReadme(),
    SetSetting(),
    BumpVersion(),
    RemoveDebugPrints(),
    SettingsFromWorkbook(),
    ConstantsFromReview(),
    RenameFunction(),
    FixOffByOne(),
    MoveConstant(),
)

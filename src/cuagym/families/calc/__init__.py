"""calc's procedural task families (the offline role backend), one per taxonomy leaf.

``FAMILIES`` is the registry (entry point ``cuagym.families``; its order is synth's round robin).
The rest of ``__all__`` is the kit cross-app families homed elsewhere build calc tasks with:
the family base (:class:`CalcFamily`, its :data:`Sheet` specs, :data:`SAVE_NOTE`), the
workbook scripts' composers and the reward's calc libraries, and :class:`CalcOracle`, the GUI
solver's base (cell navigation, typing into cells and dialogs, saving).
"""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.calc._base import SAVE_NOTE, CalcFamily, CalcParams, Sheet, params_of, quote
from cuagym.families.calc._data import (
    DropdownList,
    ExtractRowsToSheet,
    RegionChart,
    SortRows,
)
from cuagym.families.calc._fill import WeekSeries
from cuagym.families.calc._formatting import (
    ApplyNumberFormat,
    HighlightCells,
    StyleHeaderRow,
)
from cuagym.families.calc._formulas import PriceLookup, StatusColumn, TotalsRow
from cuagym.families.calc._layout import FreezePanes, MergeTitle
from cuagym.families.calc._oracle import CalcOracle
from cuagym.families.calc._rows import DeleteCancelledRows
from cuagym.families.calc._scripts import REWARD_GUARDS, golden_script, reward_script, setup_script
from cuagym.families.calc._sheets import RenameSheets, SummarySheet
from cuagym.families.calc._text import DisplayNames

# isort: split
# The cross-app families homed here import the kit above from this package: after it.
from cuagym.families.cross.calc._cross import FolderInventory
from cuagym.families.cross.calc._cross_mail import RecordMailedPrices

__all__ = [
    "FAMILIES",
    "REWARD_GUARDS",
    "SAVE_NOTE",
    "CalcFamily",
    "CalcOracle",
    "CalcParams",
    "Sheet",
    "golden_script",
    "params_of",
    "quote",
    "reward_script",
    "setup_script",
]

# easy -> hard
FAMILIES: tuple[TaskFamily, ...] = (
    WeekSeries(),
    ApplyNumberFormat(),
    StyleHeaderRow(),
    MergeTitle(),
    FreezePanes(),
    RenameSheets(),
    TotalsRow(),
    StatusColumn(),
    DisplayNames(),
    HighlightCells(),
    SortRows(),
    DeleteCancelledRows(),
    DropdownList(),
    PriceLookup(),
    ExtractRowsToSheet(),
    RegionChart(),
    SummarySheet(),
    FolderInventory(),
    RecordMailedPrices(),
)

"""The task families homed in calc, in synth's round-robin order (entry point
``cuagym.families``: ``calc``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
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
from cuagym.families.calc._rows import DeleteCancelledRows
from cuagym.families.calc._sheets import RenameSheets, SummarySheet
from cuagym.families.calc._text import DisplayNames
from cuagym.families.cross.calc._cross import FolderInventory
from cuagym.families.cross.calc._cross_mail import RecordMailedPrices

__all__ = ["FAMILIES"]

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

"""calc's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily

from ._base import CalcFamily
from ._cross import FolderInventory
from ._cross_mail import RecordMailedPrices
from ._data import DropdownList, ExtractRowsToSheet, RegionChart, SortRows
from ._fill import WeekSeries
from ._formatting import ApplyNumberFormat, HighlightCells, StyleHeaderRow
from ._formulas import PriceLookup, StatusColumn, TotalsRow
from ._layout import FreezePanes, MergeTitle
from ._rows import DeleteCancelledRows
from ._sheets import RenameSheets, SummarySheet
from ._text import DisplayNames

__all__ = [
    "FAMILIES",
    "ApplyNumberFormat",
    "CalcFamily",
    "DeleteCancelledRows",
    "DisplayNames",
    "DropdownList",
    "ExtractRowsToSheet",
    "FolderInventory",
    "FreezePanes",
    "HighlightCells",
    "MergeTitle",
    "PriceLookup",
    "RecordMailedPrices",
    "RegionChart",
    "RenameSheets",
    "SortRows",
    "StatusColumn",
    "StyleHeaderRow",
    "SummarySheet",
    "TotalsRow",
    "WeekSeries",
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

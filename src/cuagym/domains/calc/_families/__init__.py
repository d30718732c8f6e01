"""calc's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily

from ._base import CalcFamily
from ._cross import FolderInventory
from ._data import DropdownList, ExtractRowsToSheet, RegionChart, SortRows
from ._formatting import ApplyNumberFormat, HighlightCells, StyleHeaderRow
from ._formulas import PriceLookup, StatusColumn, TotalsRow
from ._layout import FreezePanes, MergeTitle
from ._sheets import RenameSheets, SummarySheet
from ._text import DisplayNames

__all__ = [
    "FAMILIES",
    "ApplyNumberFormat",
    "CalcFamily",
    "DisplayNames",
    "DropdownList",
    "ExtractRowsToSheet",
    "FolderInventory",
    "FreezePanes",
    "HighlightCells",
    "MergeTitle",
    "PriceLookup",
    "RegionChart",
    "RenameSheets",
    "SortRows",
    "StatusColumn",
    "StyleHeaderRow",
    "SummarySheet",
    "TotalsRow",
]

# easy -> hard
FAMILIES: tuple[TaskFamily, ...] = (
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
    DropdownList(),
    PriceLookup(),
    ExtractRowsToSheet(),
    RegionChart(),
    SummarySheet(),
    FolderInventory(),
)

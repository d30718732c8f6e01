"""calc's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily
from cuagym.domains.calc._families._base import CalcFamily
from cuagym.domains.calc._families._cross import FolderInventory
from cuagym.domains.calc._families._cross_mail import RecordMailedPrices
from cuagym.domains.calc._families._data import (
    DropdownList,
    ExtractRowsToSheet,
    RegionChart,
    SortRows,
)
from cuagym.domains.calc._families._fill import WeekSeries
from cuagym.domains.calc._families._formatting import (
    ApplyNumberFormat,
    HighlightCells,
    StyleHeaderRow,
)
from cuagym.domains.calc._families._formulas import PriceLookup, StatusColumn, TotalsRow
from cuagym.domains.calc._families._layout import FreezePanes, MergeTitle
from cuagym.domains.calc._families._rows import DeleteCancelledRows
from cuagym.domains.calc._families._sheets import RenameSheets, SummarySheet
from cuagym.domains.calc._families._text import DisplayNames

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

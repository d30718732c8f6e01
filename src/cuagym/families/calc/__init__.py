"""calc's procedural task families (the offline role backend), one per taxonomy leaf.

``FAMILIES`` is the registry (entry point ``cuagym.families``; its order is synth's round robin).
What other families build tasks of this app with is :mod:`.kit`.
"""

from __future__ import annotations

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

__all__ = [
    "ApplyNumberFormat",
    "DeleteCancelledRows",
    "DisplayNames",
    "DropdownList",
    "ExtractRowsToSheet",
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
    "WeekSeries",
]

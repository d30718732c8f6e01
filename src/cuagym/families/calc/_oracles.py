"""Which GUI oracle solves which calc family (``CalcFamily.oracle``)."""

from __future__ import annotations

from typing import Any

from cuagym.families.calc._oracle_cells import (
    ApplyNumberFormatOracle,
    DeleteCancelledRowsOracle,
    DisplayNamesOracle,
    FreezePanesOracle,
    MergeTitleOracle,
    PriceLookupOracle,
    StatusColumnOracle,
    StyleHeaderRowOracle,
    TotalsRowOracle,
    WeekSeriesOracle,
)
from cuagym.families.calc._oracle_cross import (
    FolderInventoryOracle,
    RecordMailedPricesOracle,
)
from cuagym.families.calc._oracle_data import (
    DropdownListOracle,
    ExtractRowsOracle,
    HighlightCellsOracle,
    RegionChartOracle,
    SortRowsOracle,
)
from cuagym.families.calc._oracle_sheets import RenameSheetsOracle, SummarySheetOracle

__all__ = ["ORACLES"]

#: family id -> oracle class (constructed with the task)
ORACLES: dict[str, Any] = {
    "week-series": WeekSeriesOracle,
    "apply-number-format": ApplyNumberFormatOracle,
    "style-header-row": StyleHeaderRowOracle,
    "merge-title": MergeTitleOracle,
    "freeze-panes": FreezePanesOracle,
    "totals-row": TotalsRowOracle,
    "status-column": StatusColumnOracle,
    "display-names": DisplayNamesOracle,
    "price-lookup": PriceLookupOracle,
    "highlight-cells": HighlightCellsOracle,
    "sort-rows": SortRowsOracle,
    "delete-cancelled-rows": DeleteCancelledRowsOracle,
    "dropdown-list": DropdownListOracle,
    "extract-rows-to-sheet": ExtractRowsOracle,
    "region-chart": RegionChartOracle,
    "summary-sheet": SummarySheetOracle,
    "rename-sheets": RenameSheetsOracle,
    "folder-inventory": FolderInventoryOracle,
    "record-mailed-prices": RecordMailedPricesOracle,
}

"""Cross-app families homed in writer: a document is their product or their source.

Calc to writer (:class:`SalesSummaryTable`), writer to impress (:class:`MemoToSlides`), impress
to writer (:class:`DeckHandout`), calc to writer to impress (:class:`ReportAndSlideTotal`) and
writer to calc (:class:`TableToWorkbook`). ``cuagym.families.homes.writer`` lists them in
its ``FAMILIES`` after the single-app ones.
"""

from __future__ import annotations

from cuagym.families.cross.writer._chain import ReportAndSlideTotal
from cuagym.families.cross.writer._cross import MemoToSlides, SalesSummaryTable
from cuagym.families.cross.writer._handout import DeckHandout
from cuagym.families.cross.writer._to_calc import TableToWorkbook

__all__ = [
    "DeckHandout",
    "MemoToSlides",
    "ReportAndSlideTotal",
    "SalesSummaryTable",
    "TableToWorkbook",
]

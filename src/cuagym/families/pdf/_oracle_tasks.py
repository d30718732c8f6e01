"""The GUI oracles of the pdf families: one plan for all (:class:`._oracle.PdfOracle` carries
out the family's golden exports through the screen)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from cuagym.families.pdf._oracle import PdfOracle

__all__ = ["ORACLES"]

_IDS = (
    "stamp-page",
    "extract-range",
    "drop-blank-pages",
    "highlight-lines",
    "note-from-memo",
    "client-pages",
    "flag-invoice-lines",
    "move-appendix",
    "pages-from-sheet",
)

#: family id -> oracle class (constructed with the task and the family)
ORACLES: Mapping[str, Callable[[Any, Any], PdfOracle]] = MappingProxyType(
    {family_id: PdfOracle for family_id in _IDS}
)

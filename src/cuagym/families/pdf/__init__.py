"""The pdf app's procedural task families (Xournal++ on PDFs), one per leaf.

What other families build PDF tasks with is :mod:`.kit`; the home's registry, cross-app
families included, is :mod:`cuagym.families.homes.pdf`.
"""

from __future__ import annotations

from cuagym.families.pdf._annotate import FlagInvoiceLines, HighlightLines, StampPage
from cuagym.families.pdf._pages import ClientPages, DropBlankPages, ExtractRange, MoveAppendix

__all__ = [
    "ClientPages",
    "DropBlankPages",
    "ExtractRange",
    "FlagInvoiceLines",
    "HighlightLines",
    "MoveAppendix",
    "StampPage",
]

"""writer's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily

from ._base import WriterFamily
from ._cross import MemoToSlides, SalesSummaryTable
from ._generated import TableOfContents
from ._handout import DeckHandout
from ._layout import HeaderFooter, PageSetup
from ._share import ExportPdf
from ._structure import InsertSection, MakeList, TitlePage
from ._tables import TableTotal
from ._text import EmphasizePhrase, HeadingStyles, ParagraphFormat, ReplaceTerm

__all__ = [
    "FAMILIES",
    "DeckHandout",
    "EmphasizePhrase",
    "ExportPdf",
    "HeaderFooter",
    "HeadingStyles",
    "InsertSection",
    "MakeList",
    "MemoToSlides",
    "PageSetup",
    "ParagraphFormat",
    "ReplaceTerm",
    "SalesSummaryTable",
    "TableOfContents",
    "TableTotal",
    "TitlePage",
    "WriterFamily",
]

# easy → hard; the last three are cross-application (calc → writer, writer → impress,
# impress → writer)
FAMILIES: tuple[TaskFamily, ...] = (
    HeadingStyles(),
    ReplaceTerm(),
    EmphasizePhrase(),
    ParagraphFormat(),
    MakeList(),
    PageSetup(),
    ExportPdf(),
    HeaderFooter(),
    TableTotal(),
    InsertSection(),
    TitlePage(),
    TableOfContents(),
    SalesSummaryTable(),
    MemoToSlides(),
    DeckHandout(),
)

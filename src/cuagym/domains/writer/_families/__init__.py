"""writer's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily

from ._base import WriterFamily
from ._chain import ReportAndSlideTotal
from ._cleanup import ClearFormatting
from ._cross import MemoToSlides, SalesSummaryTable
from ._generated import TableOfContents
from ._handout import DeckHandout
from ._layout import HeaderFooter, PageSetup
from ._objects import LinkPhrase
from ._review import AcceptChanges, CommentPhrase
from ._share import ExportPdf, SaveOdt
from ._structure import InsertSection, MakeList, TitlePage
from ._tables import TableTotal
from ._text import EmphasizePhrase, HeadingStyles, ParagraphFormat, ReplaceTerm
from ._to_calc import TableToWorkbook

__all__ = [
    "FAMILIES",
    "AcceptChanges",
    "ClearFormatting",
    "CommentPhrase",
    "DeckHandout",
    "EmphasizePhrase",
    "ExportPdf",
    "HeaderFooter",
    "HeadingStyles",
    "InsertSection",
    "LinkPhrase",
    "MakeList",
    "MemoToSlides",
    "PageSetup",
    "ParagraphFormat",
    "ReplaceTerm",
    "ReportAndSlideTotal",
    "SalesSummaryTable",
    "SaveOdt",
    "TableOfContents",
    "TableToWorkbook",
    "TableTotal",
    "TitlePage",
    "WriterFamily",
]

# easy → hard; the last five are cross-application (calc → writer, writer → impress,
# impress → writer, calc → writer → impress, writer → calc)
FAMILIES: tuple[TaskFamily, ...] = (
    HeadingStyles(),
    ReplaceTerm(),
    AcceptChanges(),
    ClearFormatting(),
    EmphasizePhrase(),
    ParagraphFormat(),
    MakeList(),
    PageSetup(),
    ExportPdf(),
    SaveOdt(),
    LinkPhrase(),
    CommentPhrase(),
    HeaderFooter(),
    TableTotal(),
    InsertSection(),
    TitlePage(),
    TableOfContents(),
    SalesSummaryTable(),
    MemoToSlides(),
    DeckHandout(),
    ReportAndSlideTotal(),
    TableToWorkbook(),
)

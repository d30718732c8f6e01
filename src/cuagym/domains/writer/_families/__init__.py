"""writer's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily
from cuagym.domains.writer._families._base import WriterFamily
from cuagym.domains.writer._families._chain import ReportAndSlideTotal
from cuagym.domains.writer._families._cleanup import ClearFormatting
from cuagym.domains.writer._families._cross import MemoToSlides, SalesSummaryTable
from cuagym.domains.writer._families._generated import TableOfContents
from cuagym.domains.writer._families._handout import DeckHandout
from cuagym.domains.writer._families._layout import HeaderFooter, PageSetup
from cuagym.domains.writer._families._objects import LinkPhrase
from cuagym.domains.writer._families._review import AcceptChanges, CommentPhrase
from cuagym.domains.writer._families._share import ExportPdf, SaveOdt
from cuagym.domains.writer._families._structure import InsertSection, MakeList, TitlePage
from cuagym.domains.writer._families._tables import TableTotal
from cuagym.domains.writer._families._text import (
    EmphasizePhrase,
    HeadingStyles,
    ParagraphFormat,
    ReplaceTerm,
)
from cuagym.domains.writer._families._to_calc import TableToWorkbook

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

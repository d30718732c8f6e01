"""The task families homed in writer, in synth's round-robin order (entry point
``cuagym.families``: ``writer``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.writer import (
    DeckHandout,
    MemoToSlides,
    ReportAndSlideTotal,
    SalesSummaryTable,
    TableToWorkbook,
)
from cuagym.families.writer._cleanup import ClearFormatting
from cuagym.families.writer._generated import TableOfContents
from cuagym.families.writer._layout import HeaderFooter, PageSetup
from cuagym.families.writer._objects import LinkPhrase
from cuagym.families.writer._review import AcceptChanges, CommentPhrase
from cuagym.families.writer._share import ExportPdf, SaveOdt
from cuagym.families.writer._structure import InsertSection, MakeList, TitlePage
from cuagym.families.writer._tables import TableTotal
from cuagym.families.writer._text import (
    EmphasizePhrase,
    HeadingStyles,
    ParagraphFormat,
    ReplaceTerm,
)

__all__ = ["FAMILIES"]

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

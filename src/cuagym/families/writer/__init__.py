"""writer's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.families._office_writer import WriterFamily
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

__all__ = [
    "AcceptChanges",
    "ClearFormatting",
    "CommentPhrase",
    "EmphasizePhrase",
    "ExportPdf",
    "HeaderFooter",
    "HeadingStyles",
    "InsertSection",
    "LinkPhrase",
    "MakeList",
    "PageSetup",
    "ParagraphFormat",
    "ReplaceTerm",
    "SaveOdt",
    "TableOfContents",
    "TableTotal",
    "TitlePage",
    "WriterFamily",
]

"""The task families homed in pdf, in synth's round-robin order (entry point
``cuagym.families``: ``pdf``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.pdf._cross import NoteFromMemo, PagesFromSheet
from cuagym.families.pdf._annotate import FlagInvoiceLines, HighlightLines, StampPage
from cuagym.families.pdf._pages import ClientPages, DropBlankPages, ExtractRange, MoveAppendix

__all__ = ["FAMILIES"]

# easy -> hard
FAMILIES: tuple[TaskFamily, ...] = (
    StampPage(),
    ExtractRange(),
    DropBlankPages(),
    HighlightLines(),
    NoteFromMemo(),
    ClientPages(),
    FlagInvoiceLines(),
    MoveAppendix(),
    PagesFromSheet(),
)

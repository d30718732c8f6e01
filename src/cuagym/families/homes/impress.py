"""The task families homed in impress, in synth's round-robin order (entry point
``cuagym.families``: ``impress``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.impress import SlideTableToWorkbook, WorkbookSlideTable
from cuagym.families.impress._content import (
    FixTypo,
    SlideTable,
    SpeakerNotes,
    TitleFormat,
    TwoColumn,
)
from cuagym.families.impress._copy import DuplicateSlide
from cuagym.families.impress._share import ExportPdf
from cuagym.families.impress._show import HideSlides
from cuagym.families.impress._slides import (
    AddBulletSlide,
    AgendaSlide,
    DeleteSlide,
    ReorderSlides,
)

__all__ = ["FAMILIES"]

# easy → hard; the last two are cross-application (calc → impress, impress → calc)
FAMILIES: tuple[TaskFamily, ...] = (
    SpeakerNotes(),
    DeleteSlide(),
    FixTypo(),
    HideSlides(),
    AddBulletSlide(),
    ReorderSlides(),
    DuplicateSlide(),
    ExportPdf(),
    TitleFormat(),
    TwoColumn(),
    SlideTable(),
    AgendaSlide(),
    WorkbookSlideTable(),
    SlideTableToWorkbook(),
)

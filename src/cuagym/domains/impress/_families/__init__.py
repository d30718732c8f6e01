"""impress's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily
from cuagym.domains.impress._families._base import ImpressFamily
from cuagym.domains.impress._families._content import (
    FixTypo,
    SlideTable,
    SpeakerNotes,
    TitleFormat,
    TwoColumn,
)
from cuagym.domains.impress._families._copy import DuplicateSlide
from cuagym.domains.impress._families._cross import SlideTableToWorkbook, WorkbookSlideTable
from cuagym.domains.impress._families._share import ExportPdf
from cuagym.domains.impress._families._show import HideSlides
from cuagym.domains.impress._families._slides import (
    AddBulletSlide,
    AgendaSlide,
    DeleteSlide,
    ReorderSlides,
)

__all__ = [
    "FAMILIES",
    "AddBulletSlide",
    "AgendaSlide",
    "DeleteSlide",
    "DuplicateSlide",
    "ExportPdf",
    "FixTypo",
    "HideSlides",
    "ImpressFamily",
    "ReorderSlides",
    "SlideTable",
    "SlideTableToWorkbook",
    "SpeakerNotes",
    "TitleFormat",
    "TwoColumn",
    "WorkbookSlideTable",
]

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

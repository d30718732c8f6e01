"""impress's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily

from ._base import ImpressFamily
from ._content import FixTypo, SlideTable, SpeakerNotes, TitleFormat, TwoColumn
from ._copy import DuplicateSlide
from ._cross import SlideTableToWorkbook, WorkbookSlideTable
from ._share import ExportPdf
from ._show import HideSlides
from ._slides import AddBulletSlide, AgendaSlide, DeleteSlide, ReorderSlides

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

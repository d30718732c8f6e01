"""impress's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.families._office_impress import ImpressFamily
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

__all__ = [
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
    "SpeakerNotes",
    "TitleFormat",
    "TwoColumn",
]

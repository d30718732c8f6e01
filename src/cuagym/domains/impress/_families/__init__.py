"""impress's procedural task families (the offline role backend), one per taxonomy leaf."""

from __future__ import annotations

from cuagym.domains._family import TaskFamily

from ._base import ImpressFamily
from ._content import FixTypo, SlideTable, SpeakerNotes, TitleFormat, TwoColumn
from ._slides import AddBulletSlide, AgendaSlide, DeleteSlide, ReorderSlides

__all__ = [
    "FAMILIES",
    "AddBulletSlide",
    "AgendaSlide",
    "DeleteSlide",
    "FixTypo",
    "ImpressFamily",
    "ReorderSlides",
    "SlideTable",
    "SpeakerNotes",
    "TitleFormat",
    "TwoColumn",
]

# easy → hard
FAMILIES: tuple[TaskFamily, ...] = (
    SpeakerNotes(),
    DeleteSlide(),
    FixTypo(),
    AddBulletSlide(),
    ReorderSlides(),
    TitleFormat(),
    TwoColumn(),
    SlideTable(),
    AgendaSlide(),
)

"""Families on getting a deck out of Impress: a PDF export."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.impress import deck_spec, pick_deck, slide_list
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._office import fragment
from cuagym.families._office_impress import (
    DeckParams,
    ImpressFamily,
    deck_context,
    deck_params,
    plan_of,
)
from cuagym.families._office_oracle import OfficeOracle
from cuagym.families.impress._oracle import ExportPdfOracle

#: Script fragments: real modules (:mod:`cuagym.families.impress._fragments`), pasted as text.
_FRAGMENTS = "cuagym.families.impress._fragments"
_EXPORT_PDF_CHECKS = fragment(_FRAGMENTS, "export_pdf_checks.py")

__all__ = ["ExportPdf"]

_SUFFIXES = ("final", "for_review", "shared", "handout", "v2")


def _frames(deck: str, pdf: str, folder: str) -> list[str]:
    """Sentence frames: each names the deck, the PDF's file name and folder, and that every
    slide is a page of it in the deck's order."""
    return [
        f"Export {deck} as a PDF file named {pdf} in the {folder} folder, one page per slide "
        "in the deck's order.",
        f"Colleagues without a presentation program need {deck}: save a PDF copy of it as "
        f"{pdf} in the {folder} folder, with every slide on its own page, in order.",
        f"I need {pdf} in my {folder} folder: the whole {deck} deck as a PDF, each slide a page, "
        "in the same order as the slides.",
        f"Produce a PDF version of {deck} called {pdf}, stored in the {folder} folder; it must "
        "hold all the slides, one per page and in their current order.",
        f"Make {pdf} (in {folder}) a PDF of the presentation {deck} that keeps every slide as "
        "a separate page, in slide order. The deck itself stays as it is.",
    ]


class ExportPdfParams(DeckParams):
    """What a export-pdf task states (its ``params``)."""

    pdf: str


class ExportPdf(ImpressFamily):
    id: ClassVar[str] = "export-pdf"
    params_type: ClassVar[type[TaskParams] | None] = ExportPdfParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = ExportPdfOracle
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("sharing", "save-export", "export-pdf")

    reward_imports: ClassVar[str] = (
        ImpressFamily.reward_imports + "import os\nimport unicodedata\n\nimport pymupdf\n"
    )

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_deck(rng, rng.randint(4, 7))
        folder = rng.choice(["Desktop", "Documents"])
        stem = plan.file.removesuffix(".pptx")
        pdf = f"/home/user/{folder}/{stem}_{rng.choice(_SUFFIXES)}.pdf"
        name = pdf.rsplit("/", 1)[-1]
        return self.make_task(
            task_id,
            rng.choice(_frames(plan.file, name, folder)),
            deck_context(plan) + f" There is no PDF of it yet; {pdf} does not exist.",
            **deck_params(plan),
            pdf=pdf,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        return [deck_spec(plan_of(p), slide_list(rng, plan_of(p)))]

    def patch(self, p: dict[str, Any]) -> str:
        # A PDF of the deck, a page per slide with its texts (what the reward reads of a page):
        # the patch runs without a display, so it draws the pages itself rather than driving
        # Impress's export.
        return """
import pymupdf

deck = Presentation(P["path"])
out = pymupdf.open()
for slide in deck.slides:
    page = out.new_page(width=720, height=540)
    y = 60
    for shape in slide.shapes:
        if not shape.has_text_frame:
            continue
        for paragraph in shape.text_frame.paragraphs:
            if paragraph.text.strip():
                page.insert_text((40, y), paragraph.text, fontsize=12)
                y += 24
out.save(P["pdf"])
"""

    def reward_read(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["path"])
first = Presentation(initial_path(P["path"]))
pdf = pymupdf.open(P["pdf"]) if os.path.isfile(P["pdf"]) else None
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return _EXPORT_PDF_CHECKS

"""Families on getting a deck out of Impress: a PDF export."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.impress import deck_spec, pick_deck, slide_list
from cuagym.core import Difficulty, TaskConfig
from cuagym.families.impress._base import ImpressFamily, deck_context, deck_params, plan_of

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


class ExportPdf(ImpressFamily):
    id: ClassVar[str] = "export-pdf"
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
        return """
# NFKC: a ligature glyph the PDF maps to one character ("\\ufb01") reads as its letters
pages = [norm(unicodedata.normalize("NFKC", page.get_text())) for page in pdf] \\
    if pdf is not None and pdf.is_pdf else []
# a line may break after a hyphen ("cross-" / "training"): no space after one, on both sides
pages = [re.sub(r"- ", "-", page) for page in pages]
wanted = [(re.sub(r"- ", "-", title_of(s)), [re.sub(r"- ", "-", x) for x in body_lines(s)])
          for s in first.slides]
titled = [t in page for (t, _), page in zip(wanted, pages)]
bodied = [all(x in page for x in lines) for (_, lines), page in zip(wanted, pages)]
checks.append(("pdf_saved", 1, bool(pages), P["pdf"]))
checks.append(("page_count", 2, len(pages) == len(wanted),
               f"{len(pages)} pages for {len(wanted)} slides"))
checks.append(("titles_in_order", 2, len(titled) == len(wanted) and all(titled),
               f"pages with their slide's title: {titled}"))
checks.append(("slide_text", 1, len(bodied) == len(wanted) and all(bodied),
               f"pages with their slide's points: {bodied}"))
# The deck is as setup wrote it (an export does not edit it), and the PDF is the one new file.
deck_diff = slide_changes(slide_views(first), slide_views(deck))
checks.append(("deck_kept", 0, not deck_diff, "deck changed: " + listing(deck_diff)))
strays = home_strays([home_relative(P["pdf"])])
checks.append(("no_other_files", 0, not strays, "other files changed: " + listing(strays)))
"""

"""Families on getting a document out of Writer: a PDF export."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.core import Difficulty, TaskConfig
from cuagym.domains._office import quote

from ._base import WriterFamily, files_guard
from ._text import _listing
from ._world import PEOPLE, body_blocks, heading_block, para, pick_plan

__all__ = ["ExportPdf"]

_SUFFIXES = ("final", "for_review", "signed_off", "print", "v3")


def _frames(doc: str, pdf: str, folder: str) -> list[str]:
    """Sentence frames: each names the document, the PDF's file name and its folder, and that
    the PDF holds the whole document."""
    return [
        f"Export {doc} as a PDF file named {pdf} in the {folder} folder, with the whole "
        "document in it.",
        f"The reviewers only read PDFs: save a PDF copy of {doc}, all of it, as {pdf} in the "
        f"{folder} folder.",
        f"I need {pdf} in my {folder} folder: the complete {doc} report as a PDF.",
        f"Produce a PDF version of {doc} called {pdf}, stored in the {folder} folder and "
        "holding every page of the document.",
        f"Make {pdf} (in {folder}) a PDF of the full document {doc}. The document itself "
        "stays as it is.",
    ]


class ExportPdf(WriterFamily):
    id: ClassVar[str] = "export-pdf"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("sharing", "export", "export-pdf")

    reward_imports: ClassVar[str] = (
        WriterFamily.reward_imports + "import os\nimport unicodedata\n\nimport pymupdf\n"
    )

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 5))
        folder = rng.choice(["Desktop", "Documents"])
        stem = plan.file.removesuffix(".docx")
        pdf = f"/home/user/{folder}/{stem}_{rng.choice(_SUFFIXES)}.pdf"
        return self.make_task(
            task_id,
            rng.choice(_frames(plan.file, pdf.rsplit("/", 1)[-1], folder)),
            f"{plan.path} is the report {quote(plan.title)} with the sections "
            f"{_listing(plan.sections)}. There is no PDF of it yet; {pdf} does not exist.",
            path=plan.path,
            title=plan.title,
            sections=list(plan.sections),
            pdf=pdf,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = [
            {"t": "title", "text": p["title"]},
            para(f"Prepared by {rng.choice(PEOPLE)}", "i"),
        ]
        for section in p["sections"]:
            blocks += [heading_block(section), *body_blocks(rng, "the project", 1, 3)]
        return [{"kind": "docx", "path": p["path"], "title": p["title"], "blocks": blocks}]

    def patch(self, p: dict[str, Any]) -> str:
        # A PDF of the document's text, wrapped into A4 pages: the patch runs without a
        # display, so it draws the pages itself rather than driving Writer's export.
        return """
import textwrap

import pymupdf

lines = []
for paragraph in Document(P["path"]).paragraphs:
    if paragraph.text.strip():
        lines += textwrap.wrap(paragraph.text, 80) + [""]
out = pymupdf.open()
for at in range(0, len(lines), 40):
    page = out.new_page(width=595, height=842)
    for i, line in enumerate(lines[at:at + 40]):
        page.insert_text((50, 60 + i * 18), line, fontsize=11)
out.save(P["pdf"])
"""

    def reward_read(self, p: dict[str, Any]) -> str:
        return """
first = Document(initial_path(P["path"]))
pdf = pymupdf.open(P["pdf"]) if os.path.isfile(P["pdf"]) else None
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return """
# NFKC: a ligature glyph the PDF maps to one character ("\\ufb01") reads as its letters
pages = [norm(unicodedata.normalize("NFKC", page.get_text())) for page in pdf] \\
    if pdf is not None and pdf.is_pdf else []
text = " ".join(pages)
wanted = [norm(x.text) for x in first.paragraphs if x.text.strip()]
found = [text.find(w) for w in wanted]
checks.append(("pdf_saved", 1, bool(pages), P["pdf"]))
checks.append(("title_first", 1, bool(pages) and norm(P["title"]) in pages[0],
               "the title on the first page"))
checks.append(("all_text", 2, bool(found) and min(found) >= 0,
               f"{sum(f >= 0 for f in found)} of {len(wanted)} paragraphs in the PDF"))
checks.append(("in_order", 1, bool(found) and min(found) >= 0 and found == sorted(found),
               "the paragraphs in the document's order"))
# The document is as setup wrote it (an export does not edit it): the PDF is the one new file.
""" + files_guard("pdf")

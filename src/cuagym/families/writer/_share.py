"""Families on getting a document out of Writer: a PDF export."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.writer import (
    PEOPLE,
    body_blocks,
    heading_block,
    para,
    pick_plan,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._office import fragment, quote
from cuagym.families._office_oracle import OfficeOracle
from cuagym.families._office_writer import WriterFamily, files_guard
from cuagym.families.writer._oracle_pages import ExportPdfOracle, SaveOdtOracle
from cuagym.families.writer._text import _listing

#: Script fragments: real modules (:mod:`cuagym.families.writer._fragments`), pasted as text.
_FRAGMENTS = "cuagym.families.writer._fragments"
_SAVE_ODT_PATCH = fragment(_FRAGMENTS, "save_odt_patch.py")

__all__ = ["ExportPdf", "SaveOdt"]

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


class ExportPdfParams(TaskParams):
    """What a export-pdf task states (its ``params``)."""

    path: str
    title: str
    sections: list[str]
    pdf: str


class ExportPdf(WriterFamily):
    id: ClassVar[str] = "export-pdf"
    params_type: ClassVar[type[TaskParams] | None] = ExportPdfParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = ExportPdfOracle
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
        lines += textwrap.wrap(paragraph.text, 80, break_on_hyphens=False) + [""]
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
# a line may break after a hyphen ("third-" / "party"): no space after one, on both sides
text = re.sub(r"- ", "-", " ".join(pages))
wanted = [re.sub(r"- ", "-", norm(x.text)) for x in first.paragraphs if x.text.strip()]
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


_ODT_FOLDERS = ("Desktop", "Documents")


def _odt_frames(doc: str, odt: str, folder: str) -> list[str]:
    """Sentence frames: each names the document, the copy's file name, its folder and its
    format (OpenDocument Text), and that the .docx stays."""
    return [
        f"Save a copy of {doc} in OpenDocument Text format as {odt} in the {folder} folder; "
        "the original .docx file stays as it is.",
        f"Our archive only takes OpenDocument files: store {doc} as {odt} (OpenDocument Text) "
        f"in {folder}, keeping the Word version untouched.",
        f"I need {odt} in my {folder} folder, an OpenDocument Text copy of {doc} with the same "
        "content. Do not change the .docx.",
        f"Produce an .odt version of {doc}, named {odt} and saved in the {folder} folder, "
        "alongside the unchanged original.",
        f"Make {odt} (in {folder}) the OpenDocument Text edition of the report {doc}; the "
        "report's .docx file must remain as it was.",
    ]


class SaveOdtParams(TaskParams):
    """What a save-odt task states (its ``params``)."""

    path: str
    title: str
    sections: list[str]
    odt: str


class SaveOdt(WriterFamily):
    id: ClassVar[str] = "save-odt"
    params_type: ClassVar[type[TaskParams] | None] = SaveOdtParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = SaveOdtOracle
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("sharing", "save-as", "save-format")

    reward_imports: ClassVar[str] = (
        WriterFamily.reward_imports + "import os\nimport zipfile\n\nfrom lxml import etree\n"
    )

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 5))
        folder = rng.choice(_ODT_FOLDERS)
        stem = plan.file.removesuffix(".docx")
        odt = f"/home/user/{folder}/{stem}_{rng.choice(['archive', 'copy', 'odf', '2025'])}.odt"
        return self.make_task(
            task_id,
            rng.choice(_odt_frames(plan.file, odt.rsplit("/", 1)[-1], folder)),
            f"{plan.path} is the report {quote(plan.title)} with the sections "
            f"{_listing(plan.sections)}. {odt} does not exist yet.",
            path=plan.path,
            title=plan.title,
            sections=list(plan.sections),
            odt=odt,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        return ExportPdf.files(self, p, rng)  # type: ignore[arg-type]

    def patch(self, p: dict[str, Any]) -> str:
        # A minimal OpenDocument Text package (mimetype first and stored, the manifest, the
        # content): headings as text:h with their outline level, other paragraphs as text:p.
        return _SAVE_ODT_PATCH

    def reward_read(self, p: dict[str, Any]) -> str:
        return """
first = Document(initial_path(P["path"]))
package = zipfile.ZipFile(P["odt"]) if os.path.isfile(P["odt"]) else None
names = package.namelist() if package is not None else []
kind = package.read("mimetype").decode() if "mimetype" in names else ""
content = etree.fromstring(package.read("content.xml")) if "content.xml" in names else None
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return """
TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
blocks = list(content.iter(TEXT + "h", TEXT + "p")) if content is not None else []
texts = [squash("".join(b.itertext())) for b in blocks]
heads = [t for b, t in zip(blocks, texts) if b.tag == TEXT + "h" and t]
wanted = [squash(x.text) for x in first.paragraphs if x.text.strip()]
found = [t for t in texts if t]
checks.append(("odt_saved", 1, kind == "application/vnd.oasis.opendocument.text",
               f"{P['odt']}: {kind or 'not an OpenDocument text'}"))
checks.append(("headings", 2, heads == [squash(s) for s in P["sections"]], f"headings: {heads}"))
checks.append(("all_text", 2, found == wanted,
               f"{len(found)} paragraphs, {len(wanted)} in the report"))
# The report's .docx is as setup wrote it; the copy is the one new file.
""" + files_guard("odt")

"""The writer world builder of ``initial_setup.py``: a JSON document spec rendered as a .docx.

``build_docx(spec)`` runs in the setup script (python-docx on the environment image); the host
pastes this module's text below the marker into the script (:func:`cuagym.scripts.inlined`).
Block kinds: title, subtitle, heading (level), para (runs = [[text, "b"|"i"|"bi"|""]], a "+"
or "-" in a run's format makes it a tracked insertion or deletion by the spec's "reviewer";
style, align), bullets / numbers (items), table (rows; the first row is the bold header),
pagebreak.
"""

# mypy: allow-untyped-defs, allow-untyped-calls
# The text below the marker is pasted into task scripts as it is (their bytes are part of
# every generated task): untyped, hand-wrapped lines kept, so ruff's formatter stays off.
# fmt: off
# -- inlined into reward.py --
import itertools

from docx import Document
from docx.enum.section import WD_ORIENT
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Cm

ALIGN = {"left": WD_ALIGN_PARAGRAPH.LEFT, "center": WD_ALIGN_PARAGRAPH.CENTER,
         "right": WD_ALIGN_PARAGRAPH.RIGHT, "justify": WD_ALIGN_PARAGRAPH.JUSTIFY}
REVISION_IDS = itertools.count(1)


def track(run, kind, author):
    """Make ``run`` a tracked insertion ("+", in a w:ins) or deletion ("-", in a w:del, its
    text as w:delText), by ``author``."""
    wrap = OxmlElement("w:ins" if kind == "+" else "w:del")
    wrap.set(qn("w:id"), str(next(REVISION_IDS)))
    wrap.set(qn("w:author"), author)
    wrap.set(qn("w:date"), "2025-03-14T09:30:00Z")
    if kind == "-":
        for text in run._r.findall(qn("w:t")):
            text.tag = qn("w:delText")
    run._r.addprevious(wrap)
    wrap.append(run._r)


def add_runs(paragraph, runs, author="Reviewer"):
    for text, fmt in runs:
        run = paragraph.add_run(text)
        if "b" in fmt:
            run.bold = True
        if "i" in fmt:
            run.italic = True
        if "+" in fmt or "-" in fmt:
            track(run, "+" if "+" in fmt else "-", author)


def build_docx(spec):
    doc = Document()
    doc.core_properties.title = spec.get("title", "")
    doc.core_properties.author = spec.get("author", "")
    section = doc.sections[0]
    page = spec.get("page")
    if page:
        section.orientation = WD_ORIENT.LANDSCAPE if page["landscape"] else WD_ORIENT.PORTRAIT
        section.page_width, section.page_height = Cm(page["width_cm"]), Cm(page["height_cm"])
        for side in ("top", "right", "bottom", "left"):
            setattr(section, side + "_margin", Cm(page["margin_cm"]))
    if spec.get("header"):
        section.header.paragraphs[0].text = spec["header"]
    if spec.get("footer"):
        section.footer.paragraphs[0].text = spec["footer"]
    for block in spec["blocks"]:
        kind = block["t"]
        if kind in ("title", "subtitle"):
            doc.add_paragraph(block["text"], style=kind.capitalize())
        elif kind == "heading":
            doc.add_heading(block["text"], level=block["level"])
        elif kind == "para":
            paragraph = doc.add_paragraph(style=block.get("style"))
            add_runs(paragraph, block["runs"], spec.get("reviewer", "Reviewer"))
            if block.get("align"):
                paragraph.alignment = ALIGN[block["align"]]
        elif kind in ("bullets", "numbers"):
            style = "List Bullet" if kind == "bullets" else "List Number"
            for item in block["items"]:
                doc.add_paragraph(item, style=style)
        elif kind == "table":
            rows = block["rows"]
            table = doc.add_table(rows=len(rows), cols=len(rows[0]))
            table.style = "Table Grid"
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    cell = table.cell(r, c)
                    cell.text = value
                    if r == 0:
                        cell.paragraphs[0].runs[0].bold = True
        elif kind == "pagebreak":
            doc.add_page_break()
    doc.save(spec["path"])

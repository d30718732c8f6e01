"""Edit helpers of a writer ``golden_patch.py``: find a paragraph, a section, insert after.

Pasted below the golden patch's imports (``PATCH_IMPORTS``) and its params; the patch then
edits the document setup wrote in place (copy-then-modify).
"""

# mypy: allow-untyped-defs, allow-untyped-calls
# The text below the marker is pasted into task scripts as it is (their bytes are part of
# every generated task): untyped, hand-wrapped lines kept, so ruff's formatter stays off.
# fmt: off
from docx.oxml import OxmlElement
from docx.text.paragraph import Paragraph


# -- inlined into reward.py --
def find_para(doc, text):
    """The one body paragraph whose text is ``text`` (the task names it)."""
    hits = [p for p in doc.paragraphs if p.text.strip() == text]
    if len(hits) != 1:
        raise SystemExit(f"expected one paragraph {text!r}, found {len(hits)}")
    return hits[0]


def is_heading(paragraph):
    return paragraph.style.name.startswith("Heading") or paragraph.style.name == "Title"


def section_paras(doc, heading):
    """The non-empty body paragraphs under the heading ``heading``, up to the next heading."""
    out, inside = [], False
    for p in doc.paragraphs:
        if inside and is_heading(p):
            break
        if inside and p.text.strip():
            out.append(p)
        if is_heading(p) and p.text.strip() == heading:
            inside = True
    return out


def insert_after(anchor, text="", style=None):
    """A new paragraph right after ``anchor`` (python-docx only inserts *before*)."""
    element = OxmlElement("w:p")
    anchor._p.addnext(element)
    paragraph = Paragraph(element, anchor._parent)
    if text:
        paragraph.add_run(text)
    if style:
        paragraph.style = style
    return paragraph

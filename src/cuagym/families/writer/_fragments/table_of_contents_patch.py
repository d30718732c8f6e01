"""The golden patch of ``table-of-contents``: statements after its params and edit helpers.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated, union-attr"
# union-attr: python-docx types a paragraph's style as optional; a paragraph of a
# document always has one (the default style when none is set).
from docx import Document
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Pt

from cuagym.apps.writer._docx_edit import find_para, insert_after
from cuagym.families._office_scope import P

# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
doc = Document(P["path"])
byline = find_para(doc, P["byline"])
entries, page = [], 1
for paragraph in doc.paragraphs:
    name = paragraph.style.name
    if name == "Heading 1" and entries:
        page += 1
    if name in ("Heading 1", "Heading 2"):
        entries.append((int(name[-1]), paragraph.text, page))
anchor = insert_after(byline, "Table of Contents")
begin = anchor
for level, text, number in entries:
    anchor = insert_after(anchor)
    anchor.paragraph_format.left_indent = Pt(12 * (level - 1))
    anchor.add_run(text)
    anchor.add_run().add_tab()
    anchor.add_run(str(number))
runs = begin.runs
for kind, value in (("begin", None), ("instr", ' TOC \\o "1-2" \\h '), ("separate", None)):
    run = begin.add_run()
    element = OxmlElement("w:instrText" if kind == "instr" else "w:fldChar")
    if kind == "instr":
        element.set(qn("xml:space"), "preserve")
        element.text = value
    else:
        element.set(qn("w:fldCharType"), kind)
    run._r.append(element)
    runs[0]._r.addprevious(run._r)
end = insert_after(anchor).add_run()
element = OxmlElement("w:fldChar")
element.set(qn("w:fldCharType"), "end")
end._r.append(element)
doc.save(P["path"])

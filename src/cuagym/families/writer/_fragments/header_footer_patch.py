"""The golden patch of ``header-footer``: statements after its params and edit helpers.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import OxmlElement
from docx.oxml.ns import qn

from cuagym.families._office_scope import P

# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
doc = Document(P["path"])
section = doc.sections[0]  # later sections inherit (are "linked to previous")
section.header.paragraphs[0].text = P["header"]
footer = section.footer.paragraphs[0]
footer.alignment = WD_ALIGN_PARAGRAPH.CENTER
for kind, text in (("begin", None), ("instr", " PAGE "), ("separate", None), ("text", "1"),
                   ("end", None)):
    run = footer.add_run()
    if kind == "instr":
        element = OxmlElement("w:instrText")
        element.set(qn("xml:space"), "preserve")
        element.text = text
        run._r.append(element)
    elif kind == "text":
        run.text = text
    else:
        element = OxmlElement("w:fldChar")
        element.set(qn("w:fldCharType"), kind)
        run._r.append(element)
doc.save(P["path"])

"""The pdf domain's ``initial_setup.py`` statements: render documents and companion files.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME``, ``DOCS`` (:data:`DocSpec`\\ s:
path, title, pages of positioned lines) and ``EXTRAS`` (a workbook ``{"path", "kind":
"sheet", "title", "rows"}``, a memo ``{"path", "kind": "memo", "paragraphs"}`` or a text
file ``{"path", "kind": "text", "text"}``) are the
script's constants, written before this text (empty here). Pages are A4; a line is drawn with
the base-14 Helvetica (bold: Helvetica-Bold), so its text extracts as written; an empty page is
a blank sheet. Document metadata is fixed (no dates, no producer string that changes). The
script imports openpyxl and python-docx only when ``EXTRAS`` holds a workbook or a memo.
"""

# mypy: disable-error-code="no-untyped-call"
import datetime
import os
from typing import Any

import docx  # type: ignore[import-untyped, unused-ignore]
import openpyxl  # type: ignore[import-untyped, unused-ignore]
import pymupdf  # type: ignore[import-untyped, unused-ignore]

HOME = "/home/user"
DOCS: list[dict[str, Any]] = []
EXTRAS: list[dict[str, Any]] = []

# -- inlined into reward.py --
for spec in DOCS:
    pdf = pymupdf.open()
    for lines in spec["pages"]:
        page = pdf.new_page(width=595, height=842)
        for line in lines:
            font = "hebo" if line["bold"] else "helv"
            page.insert_text((line["x"], line["y"]), line["text"], fontsize=line["size"],
                             fontname=font)  # fmt: skip
    pdf.set_metadata({"title": spec["title"], "author": "Operations", "creator": "cuagym",
                      "producer": "cuagym"})  # fmt: skip
    path = os.path.join(HOME, spec["path"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    pdf.save(path, garbage=3, deflate=True, no_new_id=True)
    pdf.close()
    stamp = datetime.datetime.fromisoformat(spec["mtime"]).timestamp()
    os.utime(path, (stamp, stamp))
for extra in EXTRAS:
    path = os.path.join(HOME, extra["path"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if extra["kind"] == "sheet":
        book = openpyxl.Workbook()
        sheet = book.active
        sheet.title = extra["title"]
        for row in extra["rows"]:
            sheet.append(row)
        sheet.column_dimensions["A"].width = 24
        sheet.column_dimensions["B"].width = 28
        book.save(path)
    elif extra["kind"] == "text":
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(extra["text"] + "\n")
    else:
        memo = docx.Document()
        for text in extra["paragraphs"]:
            memo.add_paragraph(text)
        memo.save(path)
print(len(DOCS), "documents written")

"""The statements of a code-editor ``initial_setup.py``: write the project's files.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME``, ``FILES`` (path relative to
the home -> text), ``SHEETS`` (path -> ``{"sheet", "rows"}``: a workbook a cross-app task
reads, first row the header) and ``DOCS`` (path -> ``{"title", "paragraphs", "rows"}``: a
document with a heading, paragraphs and one table) are the script's constants, written before
this text (empty here). Texts are written as UTF-8 with the LF line endings they carry; every
file gets one fixed modification time, so two setups of a task leave the same home.
"""

import os
from typing import Any

import docx  # type: ignore[import-untyped, unused-ignore]
import openpyxl  # type: ignore[import-untyped, unused-ignore]

HOME = "/home/user"
FILES: dict[str, str] = {}
SHEETS: dict[str, dict[str, Any]] = {}
DOCS: dict[str, dict[str, Any]] = {}
MTIME = 0.0

# -- inlined into reward.py --
for rel, text in sorted(FILES.items()):
    path = os.path.join(HOME, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    os.utime(path, (MTIME, MTIME))
for rel, spec in sorted(SHEETS.items()):
    path = os.path.join(HOME, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = spec["sheet"]
    for row in spec["rows"]:
        sheet.append(row)
    for column in "ABC":
        sheet.column_dimensions[column].width = 22
    book.save(path)
    os.utime(path, (MTIME, MTIME))
for rel, spec in sorted(DOCS.items()):
    path = os.path.join(HOME, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    document = docx.Document()
    document.add_heading(spec["title"], level=1)
    for paragraph in spec["paragraphs"]:
        document.add_paragraph(paragraph)
    table = document.add_table(rows=0, cols=len(spec["rows"][0]))
    table.style = "Table Grid"
    for row in spec["rows"]:
        cells = table.add_row().cells
        for cell, value in zip(cells, row, strict=True):
            cell.text = str(value)
    document.save(path)
    os.utime(path, (MTIME, MTIME))
print(len(FILES) + len(SHEETS) + len(DOCS), "files written")

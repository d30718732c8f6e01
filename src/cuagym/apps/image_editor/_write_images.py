"""The statements of the image domain's ``initial_setup.py``: paint and write the images and
the other files of the start home.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME``, ``IMAGES`` (image specs:
``path``, ``kind``, ``w``, ``h``, ``seed``, ``text``, ``format``, ``quality``, painter extras)
and ``OTHERS`` (``{"path", "kind": "text" | "xlsx" | "docx", "text" | "rows"}``: a brief, a
workbook) are the script's constants, written before this text (empty here); the painters
are inlined above it.
"""

# mypy: disable-error-code="no-untyped-call"
import os
from typing import Any

import docx  # type: ignore[import-untyped, unused-ignore]
import openpyxl  # type: ignore[import-untyped, unused-ignore]

from cuagym.apps.image_editor._painters import encoded, paint

HOME = "/home/user"
IMAGES: list[dict[str, Any]] = []
OTHERS: list[dict[str, Any]] = []

# -- inlined into reward.py --
for spec in IMAGES:
    path = os.path.join(HOME, spec["path"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(encoded(paint(spec), spec["format"], spec.get("quality", 90)))
for other in OTHERS:
    path = os.path.join(HOME, other["path"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if other["kind"] == "xlsx":
        book = openpyxl.Workbook()
        sheet = book.active
        for row in other["rows"]:
            sheet.append(row)
        book.save(path)
    elif other["kind"] == "docx":
        doc = docx.Document()
        for para in other["text"].split("\n"):
            doc.add_paragraph(para)
        doc.save(path)
    else:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(other["text"])
print(len(IMAGES), "images and", len(OTHERS), "other files written")

"""The pdf domain's ``golden_patch.py`` statements: the exports a person makes in Xournal++.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME`` and ``EXPORTS`` are the script's
constants, written before this text (empty here). An export ``{"src", "dst", "pages", "notes",
"marks"}`` writes ``dst`` holding the source's pages ``pages`` (1-based, in that order), with
text notes ``{"page", "x", "y", "text"}`` (``page`` 1-based in the output, ``y`` the centre of
the text) and highlighter strokes ``{"page", "x0", "x1", "y"}`` drawn as Xournal++ exports
them: a yellow stroke 8.5 pt wide at 47 % opacity across a line.
"""

# mypy: disable-error-code="no-untyped-call"
import os
from typing import Any

import pymupdf  # type: ignore[import-untyped, unused-ignore]

HOME = "/home/user"
EXPORTS: list[dict[str, Any]] = []

# -- inlined into reward.py --
for job in EXPORTS:
    source = pymupdf.open(os.path.join(HOME, job["src"]))
    out = pymupdf.open()
    for number in job["pages"]:
        out.insert_pdf(source, from_page=number - 1, to_page=number - 1)
    for note in job["notes"]:
        # insert_text takes the baseline: 4 pt below the centre for 11 pt text
        out[note["page"] - 1].insert_text((note["x"], note["y"] + 4), note["text"], fontsize=11)
    for mark in job["marks"]:
        ends = (mark["x0"], mark["y"]), (mark["x1"], mark["y"])
        out[mark["page"] - 1].draw_line(*ends, color=(1, 1, 0), width=8.5, stroke_opacity=0.47)
    dst = os.path.join(HOME, job["dst"])
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    out.save(dst, garbage=3, deflate=True)
    out.close()
    source.close()

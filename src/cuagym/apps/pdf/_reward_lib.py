"""Helpers every pdf ``reward.py`` carries: PDF pages as words and marks, matched to sources.

This module is real code (imported and tested on the host where PyMuPDF is installed) and the
text of the reward's helper block (pasted below the inline marker). What a reward compares:

- a page is its words (``(text, x0, y0, x1, y1)``, PyMuPDF's word boxes) and its *marks*:
  translucent drawings (a highlighter stroke, a translucent box), as rectangles widened by half
  the stroke width. Xournal++ exports a PDF page as the source page re-drawn through cairo, so
  the source's words come back with the same text, left, right and bottom edges; their tops
  move (Helvetica comes back as Nimbus Sans, whose ascender differs), and fonts, object layout
  and bytes differ, which is why nothing here compares bytes or tops;
- :func:`identify` tells which source page an output page is: the source page all of whose
  words are on it (:func:`same_word`); what is left over is text the user added (a text box);
- :func:`rows` groups a page's words into lines by their vertical centre.
"""

# mypy: disable-error-code="no-untyped-call"
# (PyMuPDF's bindings are generated and mostly unannotated)

# -- inlined into reward.py --
import os
from typing import Any

import pymupdf  # type: ignore[import-untyped, unused-ignore]

#: how far (points) a re-drawn word's left, right and bottom edges may move and still be the
#: source's word
SLACK = 2.0
#: a note belongs to a row when its centre is within this many points of the row's centre
BAND = 9.0


def pdf_pages(path: str) -> list[dict[str, Any]] | None:
    """The pages of the PDF at ``path`` as ``{"words", "marks", "size"}``; None when the file
    is missing or is not a readable PDF."""
    if not os.path.isfile(path):
        return None
    try:
        doc = pymupdf.open(path, filetype="pdf")
    except Exception:  # not a PDF: a reward treats it as missing
        return None
    pages = []
    for index in range(doc.page_count):
        page = doc.load_page(index)
        words = [(w[4], w[0], w[1], w[2], w[3]) for w in page.get_text("words")]
        marks = []
        for d in page.get_drawings():
            alpha = min(d.get("stroke_opacity") or 1.0, d.get("fill_opacity") or 1.0)
            if alpha < 0.9:
                r, half = d["rect"], (d.get("width") or 0) / 2
                marks.append((r.x0 - half, r.y0 - half, r.x1 + half, r.y1 + half))
        pages.append({"words": words, "marks": marks, "size": (page.rect.width, page.rect.height)})
    doc.close()
    return pages


def same_word(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """The same word at the same place: text, left and right edges and baseline side within
    :data:`SLACK` (tops differ: a substituted font reports another ascender)."""
    return a[0] == b[0] and all(abs(a[i] - b[i]) <= SLACK for i in (1, 3, 4))


def leftover(page: dict[str, Any], source: dict[str, Any]) -> list[Any] | None:
    """The words of ``page`` that are not ``source``'s (None: a source word is missing)."""
    rest = list(page["words"])
    for word in source["words"]:
        hit = next((i for i, w in enumerate(rest) if same_word(w, word)), None)
        if hit is None:
            return None
        rest.pop(hit)
    return rest


def identify(
    pages: list[dict[str, Any]], sources: list[dict[str, Any]]
) -> list[tuple[int, list[Any]]]:
    """For each output page: ``(source page number or 0, added words)``. A page with no
    source's words matches a blank source page (number of the first blank one) or none."""
    out: list[tuple[int, list[Any]]] = []
    for page in pages:
        best: tuple[int, list[Any]] = (0, page["words"])
        for number, source in enumerate(sources, 1):
            if not source["words"]:
                continue
            rest = leftover(page, source)
            if rest is not None and (not best[0] or len(rest) < len(best[1])):
                best = (number, rest)
        if not best[0]:
            blank = next((n for n, s in enumerate(sources, 1) if not s["words"]), 0)
            best = (blank, page["words"])
        out.append(best)
    return out


def text_of(words: list[Any]) -> str:
    return " ".join(w[0] for w in sorted(words, key=lambda w: (round((w[2] + w[4]) / 2), w[1])))


def squeeze(text: str) -> str:
    """Text compared loosely: lower case, no whitespace, curly quotes and dashes plain."""
    table = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2019": "'", "\u2013": "-",
                           "\u2014": "-"})  # fmt: skip
    return "".join(text.translate(table).lower().split())


def centre(word: tuple[Any, ...]) -> float:
    return float(word[2] + word[4]) / 2


def rows(words: list[Any]) -> list[tuple[float, float, float, str]]:
    """Lines of text: ``(centre y, x0, x1, text)`` for words sharing a vertical centre."""
    out: list[tuple[float, float, float, str]] = []
    for word in sorted(words, key=lambda w: (centre(w), w[1])):
        if out and abs(out[-1][0] - centre(word)) <= 2:
            y, x0, x1, text = out[-1]
            out[-1] = (y, min(x0, word[1]), max(x1, word[3]), text + " " + word[0])
        else:
            out.append((centre(word), word[1], word[3], word[0]))
    return out


def near(words: list[Any], y: float) -> list[Any]:
    """The words whose vertical centre is within :data:`BAND` of ``y``."""
    return [w for w in words if abs(centre(w) - y) <= BAND]


def covers(marks: list[Any], row: tuple[float, float, float, str]) -> bool:
    """Does a mark run across the middle of ``row`` over at least half its width?"""
    y, x0, x1 = row[0], row[1], row[2]
    for m in marks:
        if m[1] - 1 <= y <= m[3] + 1 and min(x1, m[2]) - max(x0, m[0]) >= (x1 - x0) / 2:
            return True
    return False


def marked_rows(marks: list[Any], page_rows: list[Any]) -> list[Any]:
    """The rows (of ``page_rows``) a mark crosses at their middle, over any width."""
    return [r for r in page_rows if any(m[1] - 1 <= r[0] <= m[3] + 1 and m[0] < r[2]
                                        and m[2] > r[1] for m in marks)]  # fmt: skip


def stray(changes: list[str], allowed: list[str], before: dict[str, Any]) -> list[str]:
    """Changed paths other than ``allowed``: a Xournal++ journal (a new ``.xopp``) the user
    saved on the way is free, any other change is not."""
    return sorted(p for p in changes if p not in allowed
                  and not (p.endswith((".xopp", ".xopp~")) and p not in before))  # fmt: skip

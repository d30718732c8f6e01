"""docx view (python-docx).

Paragraph and run formatting is *effective*: a value set on the run wins, else the run's
character style (and its base styles), else the paragraph's style chain. A heading's runs are
therefore ``bold: true`` when the Heading style makes them bold, which is what a reward asking
"is this bold?" means. Document defaults (docDefaults) are not consulted: unset stays None (for
font/size/color) or False (for bold/italic/underline).

Colors are 6-hex ``RRGGBB`` as Word stores them; lengths are points (floats, 2 decimals).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import docx
from docx.oxml.ns import qn
from docx.table import Table

from ._common import (
    JSON,
    MAX_PARAGRAPHS,
    MAX_RUNS_PER_PARAGRAPH,
    MAX_TABLE_ROWS,
    check_zip,
    enum_name,
    properties,
)
from ._docx_parts import lists_of, numbering_formats, section_view

_PROPERTIES = ("title", "subject", "author", "keywords", "category", "comments", "last_modified_by")
_HEADING = re.compile(r"^heading\s*(\d)$", re.IGNORECASE)


def parse(path: Path) -> JSON:
    check_zip(path)
    document = docx.Document(str(path))
    formats = numbering_formats(document)
    paragraphs: list[JSON] = []
    tables: list[JSON] = []
    body: list[JSON] = []
    truncated = False
    # Walk the body in order so paragraphs and tables keep their relative position.
    for block in document.iter_inner_content():
        if isinstance(block, Table):
            body.append({"type": "table", "index": len(tables)})
            tables.append(_table(block))
        elif len(paragraphs) >= MAX_PARAGRAPHS:
            truncated = True
        else:
            body.append({"type": "paragraph", "index": len(paragraphs)})
            paragraphs.append(_paragraph(block, len(paragraphs), formats))
    body_xml = document.element.body
    return {
        "format": "docx",
        "properties": properties(document.core_properties, _PROPERTIES),
        "paragraphs": paragraphs,
        "tables": tables,
        "body": body,
        "sections": [section_view(s) for s in document.sections],
        "images": len(body_xml.findall(".//" + qn("pic:pic"))),
        "comments": _comments(document),
        "text": "\n".join(p["text"] for p in paragraphs),
        "truncated": truncated,
    }


def _chain(style: Any) -> Iterator[Any]:
    """A style and its base styles, nearest first (guarded against cycles)."""
    seen: set[int] = set()
    while style is not None and id(style) not in seen:
        seen.add(id(style))
        yield style
        style = style.base_style


def _first(values: Iterator[Any]) -> Any:
    return next((v for v in values if v is not None), None)


def _paragraph(paragraph: Any, index: int, formats: dict[tuple[str, str], JSON]) -> JSON:
    style = paragraph.style
    style_name = style.name if style is not None else None
    pstyles = list(_chain(style))
    fmt = paragraph.paragraph_format

    def effective(attr: str) -> Any:
        formats = [fmt] + [s.paragraph_format for s in pstyles]
        try:
            return _first(getattr(f, attr) for f in formats)
        except ValueError:
            # A value outside python-docx's enums (LibreOffice writes jc="start"): raw below.
            return None

    runs = list(paragraph.runs)
    view: JSON = {
        "index": index,
        "style": style_name,
        "heading_level": _heading_level(pstyles),
        "alignment": _lower(enum_name(effective("alignment"))) or _raw_jc(paragraph, pstyles),
        "text": paragraph.text,
        "runs": [_run(r, pstyles) for r in runs[:MAX_RUNS_PER_PARAGRAPH]],
        "list": lists_of(paragraph, pstyles, formats),
        "spacing": {
            "before": _pt(effective("space_before")),
            "after": _pt(effective("space_after")),
            "line": _line_spacing(effective("line_spacing")),
        },
        "indent": {
            "left": _pt(effective("left_indent")),
            "right": _pt(effective("right_indent")),
            "first_line": _pt(effective("first_line_indent")),
        },
    }
    if len(runs) > MAX_RUNS_PER_PARAGRAPH:
        view["runs_truncated"] = True
    links = [{"text": h.text, "url": h.address} for h in paragraph.hyperlinks]
    if links:
        view["hyperlinks"] = links
    if paragraph.contains_page_break or effective("page_break_before"):
        view["page_break"] = True
    return view


def _raw_jc(paragraph: Any, pstyles: list[Any]) -> str | None:
    """The w:jc value as written, for values python-docx cannot map to an enum member."""
    for element in [paragraph._p] + [s.element for s in pstyles]:
        jc = element.find(f"{qn('w:pPr')}/{qn('w:jc')}")
        if jc is not None:
            return str(jc.get(qn("w:val")))
    return None


def _heading_level(pstyles: list[Any]) -> int | None:
    """``Title`` → 0, ``Heading N`` → N (also through a custom style based on a heading)."""
    for s in pstyles:
        name = s.name or ""
        if name.lower() == "title":
            return 0
        match = _HEADING.match(name)
        if match:
            return int(match.group(1))
    return None


def _run(run: Any, pstyles: list[Any]) -> JSON:
    rstyles = list(_chain(run.style)) if run.style is not None else []
    fonts = [run.font] + [s.font for s in rstyles] + [s.font for s in pstyles]

    def effective(attr: str) -> Any:
        return _first(getattr(f, attr) for f in fonts)

    def effective_color() -> str | None:
        for f in fonts:
            rgb = f.color.rgb if f.color is not None and f.color.type is not None else None
            if rgb is not None:
                return str(rgb)
        return None

    underline = effective("underline")
    highlight = run.font.highlight_color
    return {
        "text": run.text,
        "bold": bool(effective("bold")),
        "italic": bool(effective("italic")),
        # True means single; other WD_UNDERLINE members keep their name (DOUBLE, WAVY...).
        "underline": underline if isinstance(underline, bool) else _lower(enum_name(underline)),
        "strike": bool(effective("strike")),
        "font": effective("name"),
        "size": _pt(effective("size")),
        "color": effective_color(),
        "highlight": _lower(enum_name(highlight)),
        "shading": _shading(run),
        # python-docx reports the default character style for a run naming none: say None.
        "style": run.style.name if run._r.style is not None else None,
    }


def _shading(run: Any) -> str | None:
    """Character shading fill (w:shd): LibreOffice may export highlighting as shading."""
    rpr = run._r.rPr
    if rpr is None:
        return None
    shd = rpr.find(qn("w:shd"))
    if shd is None:
        return None
    fill = shd.get(qn("w:fill"))
    return None if fill in (None, "auto") else str(fill).upper()


def _table(table: Any) -> JSON:
    rows: list[list[str]] = []
    all_rows = list(table.rows)
    for row in all_rows[:MAX_TABLE_ROWS]:
        # row.cells repeats a merged cell once per grid column it spans: the grid as seen.
        rows.append([cell.text for cell in row.cells])
    return {
        "style": table.style.name if table.style is not None else None,
        "n_rows": len(all_rows),
        "n_cols": len(table.columns),
        "rows": rows,
        "truncated": len(all_rows) > MAX_TABLE_ROWS,
    }


def _comments(document: Any) -> list[JSON]:
    try:
        comments = list(document.comments)
    except (AttributeError, KeyError, ValueError):
        return []
    return [{"author": c.author, "initials": c.initials, "text": c.text} for c in comments]


def _pt(length: Any) -> float | None:
    return None if length is None else round(float(length.pt), 2)


def _line_spacing(value: Any) -> float | None:
    """A multiple (1.0, 1.5, 2.0) when the spacing is relative, else points."""
    if value is None:
        return None
    if hasattr(value, "pt"):
        return round(float(value.pt), 2)
    return round(float(value), 3)


def _lower(name: str | None) -> str | None:
    return None if name is None else name.lower()

"""docx pieces outside the paragraph walk: list numbering and sections (page, headers)."""

from __future__ import annotations

from typing import Any

from docx.oxml.ns import qn

from ._common import JSON, enum_name


def numbering_formats(document: Any) -> dict[tuple[str, str], JSON]:
    """``(numId, ilvl) → {"format", "text"}`` from the numbering part, e.g. ``bullet`` / ``•``
    or ``decimal`` / ``%1.``; empty when the document has no numbering part."""
    try:
        numbering = document.part.numbering_part.element
    except (KeyError, NotImplementedError, AttributeError):
        return {}
    abstract: dict[str, dict[str, JSON]] = {}
    for node in numbering.findall(qn("w:abstractNum")):
        levels: dict[str, JSON] = {}
        for lvl in node.findall(qn("w:lvl")):
            levels[str(lvl.get(qn("w:ilvl")))] = {
                "format": _val(lvl.find(qn("w:numFmt"))),
                "text": _val(lvl.find(qn("w:lvlText"))),
            }
        abstract[str(node.get(qn("w:abstractNumId")))] = levels
    out: dict[tuple[str, str], JSON] = {}
    for num in numbering.findall(qn("w:num")):
        ref = _val(num.find(qn("w:abstractNumId")))
        for ilvl, level in abstract.get(str(ref), {}).items():
            out[(str(num.get(qn("w:numId"))), ilvl)] = level
    return out


def _val(node: Any) -> str | None:
    return None if node is None else node.get(qn("w:val"))


def lists_of(
    paragraph: Any, pstyles: list[Any], formats: dict[tuple[str, str], JSON]
) -> JSON | None:
    """The paragraph's list membership: direct numPr, else one inherited from its style (the
    ``List Bullet`` / ``List Number`` styles carry their numbering). numId 0 means "no list"."""
    num_id: str | None = None
    ilvl: str | None = None
    for element in [paragraph._p] + [s.element for s in pstyles]:
        num_pr = element.find(f"{qn('w:pPr')}/{qn('w:numPr')}")
        if num_pr is None:
            continue
        if num_id is None:
            num_id = _val(num_pr.find(qn("w:numId")))
        if ilvl is None:
            ilvl = _val(num_pr.find(qn("w:ilvl")))
        if num_id is not None:
            break
    if num_id is None or num_id == "0":
        return None
    level = ilvl or "0"
    info = formats.get((num_id, level), {})
    return {
        "num_id": int(num_id),
        "level": int(level),
        "format": info.get("format"),
        "text": info.get("text"),
    }


def _emu_pt(value: Any) -> float | None:
    return None if value is None else round(float(value.pt), 2)


def _story_text(story: Any) -> str:
    """Text of a header or footer, tables included."""
    parts = [p.text for p in story.paragraphs]
    for table in story.tables:
        for row in table.rows:
            parts.append("\t".join(cell.text for cell in row.cells))
    return "\n".join(parts)


def section_view(section: Any) -> JSON:
    view: JSON = {
        "start_type": _lower(enum_name(section.start_type)),
        "orientation": _lower(enum_name(section.orientation)),
        "page_width": _emu_pt(section.page_width),
        "page_height": _emu_pt(section.page_height),
        "margins": {
            "top": _emu_pt(section.top_margin),
            "bottom": _emu_pt(section.bottom_margin),
            "left": _emu_pt(section.left_margin),
            "right": _emu_pt(section.right_margin),
        },
        "different_first_page": bool(section.different_first_page_header_footer),
        "header": _story(section.header),
        "footer": _story(section.footer),
    }
    if section.different_first_page_header_footer:
        view["first_page_header"] = _story(section.first_page_header)
        view["first_page_footer"] = _story(section.first_page_footer)
    return view


def _story(story: Any) -> JSON:
    # python-docx follows a link to the previous section's header, so text is what is shown.
    return {"linked_to_previous": bool(story.is_linked_to_previous), "text": _story_text(story)}


def _lower(name: str | None) -> str | None:
    return None if name is None else name.lower()

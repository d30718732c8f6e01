"""pptx view (python-pptx).

Positions and sizes are EMU integers (914400 per inch) as stored. Run formatting is what the run
sets directly: None means inherited from the placeholder, layout or master (python-pptx does
not resolve that inheritance, and guessing it would be wrong more often than useful).
Colors are 6-hex ``RRGGBB``; a theme color reads ``theme:NAME``.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pptx
from pptx.enum.dml import MSO_COLOR_TYPE, MSO_FILL
from pptx.shapes.picture import Picture

from ._common import JSON, MAX_SHAPES_PER_SLIDE, check_zip, enum_name, json_value, properties

_PROPERTIES = ("title", "subject", "author", "keywords", "category", "comments", "last_modified_by")
_TITLE_TYPES = ("TITLE", "CENTER_TITLE", "VERTICAL_TITLE")


def parse(path: Path) -> JSON:
    check_zip(path)
    prs = pptx.Presentation(str(path))
    return {
        "format": "pptx",
        "properties": properties(prs.core_properties, _PROPERTIES),
        "slide_width": prs.slide_width,
        "slide_height": prs.slide_height,
        "slides": [_slide(slide, i) for i, slide in enumerate(prs.slides)],
    }


def _slide(slide: Any, index: int) -> JSON:
    shapes = list(slide.shapes)
    views = [_shape(s) for s in shapes[:MAX_SHAPES_PER_SLIDE]]
    title = next(
        (v["text"] for v in views if (v.get("placeholder") or {}).get("type") in _TITLE_TYPES),
        None,
    )
    notes = None
    if slide.has_notes_slide:
        frame = slide.notes_slide.notes_text_frame
        notes = frame.text if frame is not None else None
    return {
        "index": index,
        "slide_id": slide.slide_id,
        "layout": slide.slide_layout.name,
        "hidden": slide._element.get("show") == "0",
        "title": title,
        "shapes": views,
        "shapes_truncated": len(shapes) > MAX_SHAPES_PER_SLIDE,
        "notes": notes,
        "background": _background(slide),
    }


def _background(slide: Any) -> str | None:
    # Reading slide.background creates a bg element when absent; only read one that exists.
    if slide._element.cSld.bg is None:
        return None
    return _fill_color(slide.background.fill)


def _shape(shape: Any) -> JSON:
    view: JSON = {
        "shape_id": shape.shape_id,
        "name": shape.name,
        "type": _shape_type(shape),
        "left": shape.left,
        "top": shape.top,
        "width": shape.width,
        "height": shape.height,
        "rotation": json_value(getattr(shape, "rotation", 0.0)),
        "placeholder": None,
    }
    if shape.is_placeholder:
        fmt = shape.placeholder_format
        view["placeholder"] = {"type": _safe_enum(lambda: fmt.type), "idx": fmt.idx}
    if view["type"] == "AUTO_SHAPE":
        view["auto_shape_type"] = _safe_enum(lambda: shape.auto_shape_type)
    if hasattr(shape, "fill") and view["type"] != "GROUP":
        view["fill"] = _fill_color(shape.fill)
    if shape.has_text_frame:
        view["text"] = shape.text_frame.text
        view["paragraphs"] = [_paragraph(p) for p in shape.text_frame.paragraphs]
    if getattr(shape, "has_table", False):
        view["table"] = _table(shape.table)
    if getattr(shape, "has_chart", False):
        view["chart"] = _chart(shape.chart)
    if isinstance(shape, Picture):  # PlaceholderPicture included
        view["image"] = _image(shape)
    if view["type"] == "GROUP":
        view["shapes"] = [_shape(s) for s in list(shape.shapes)[:MAX_SHAPES_PER_SLIDE]]
    return view


def _shape_type(shape: Any) -> str:
    try:
        kind = shape.shape_type
    except NotImplementedError:
        return "UNKNOWN"
    return "UNKNOWN" if kind is None else str(enum_name(kind))


def _safe_enum(getter: Any) -> str | None:
    try:
        return enum_name(getter())
    except (ValueError, NotImplementedError, AttributeError):
        return None


def _color(color: Any) -> str | None:
    try:
        kind = color.type
        if kind is None:
            return None
        if kind == MSO_COLOR_TYPE.RGB:
            return str(color.rgb)
        if kind == MSO_COLOR_TYPE.SCHEME:
            return f"theme:{enum_name(color.theme_color)}"
    except (AttributeError, ValueError, TypeError):
        return None
    return None


def _fill_color(fill: Any) -> str | None:
    """The solid fill color; None for no fill, inherited, gradient or picture fills."""
    try:
        if fill.type != MSO_FILL.SOLID:
            return None
        return _color(fill.fore_color)
    except (AttributeError, TypeError, NotImplementedError):
        return None


def _paragraph(paragraph: Any) -> JSON:
    return {
        "text": "".join(r.text for r in paragraph.runs),
        "level": paragraph.level,
        "alignment": _safe_enum(lambda: paragraph.alignment),
        "runs": [_run(r) for r in paragraph.runs],
    }


def _run(run: Any) -> JSON:
    font = run.font
    underline = font.underline
    view: JSON = {
        "text": run.text,
        "bold": font.bold,
        "italic": font.italic,
        "underline": underline if isinstance(underline, bool | None) else enum_name(underline),
        "font": font.name,
        "size": None if font.size is None else round(float(font.size.pt), 2),
        "color": _color(font.color),
    }
    address = run.hyperlink.address
    if address:
        view["hyperlink"] = address
    return view


def _table(table: Any) -> JSON:
    return {
        "n_rows": len(table.rows),
        "n_cols": len(table.columns),
        "rows": [[cell.text for cell in row.cells] for row in table.rows],
    }


def _chart(chart: Any) -> JSON:
    series: list[JSON] = []
    for plot in chart.plots:
        try:
            categories = [json_value(c) for c in plot.categories]
        except (AttributeError, ValueError, TypeError):
            categories = []
        for s in plot.series:
            series.append(
                {
                    "name": s.name,
                    "values": [json_value(v) for v in s.values],
                    "categories": categories,
                }
            )
    title = None
    if chart.has_title and chart.chart_title.has_text_frame:
        title = chart.chart_title.text_frame.text
    return {
        "type": _safe_enum(lambda: chart.chart_type),
        "title": title,
        "has_legend": bool(chart.has_legend),
        "series": series,
    }


def _image(shape: Any) -> JSON | None:
    try:
        image = shape.image
    except (AttributeError, ValueError, KeyError):
        return None
    blob = image.blob
    try:
        pixels: list[int] | None = list(image.size)
    except Exception:  # the header of an image format Pillow cannot read
        pixels = None
    return {
        "content_type": image.content_type,
        "size": len(blob),
        "sha256": hashlib.sha256(blob).hexdigest(),
        "pixels": pixels,
    }

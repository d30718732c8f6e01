"""openpyxl style objects → JSON: colors, fonts, fills, alignment, borders, differential styles.

Shared by cell styles and conditional-format (dxf) styles so both read the same way.
"""

from __future__ import annotations

import colorsys
import contextvars
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any
from xml.etree import ElementTree

from openpyxl.styles.colors import COLOR_INDEX  # type: ignore[import-untyped, unused-ignore]

from ._common import JSON, json_value, round_float

_BORDER_SIDES = ("left", "right", "top", "bottom")
_DRAWINGML = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
# Theme color index → clrScheme slot. Excel swaps the first two pairs (0 is lt1, 1 is dk1).
_THEME_SLOTS = ("lt1", "dk1", "lt2", "dk2", "accent1", "accent2", "accent3", "accent4",
                "accent5", "accent6", "hlink", "folHlink")  # fmt: skip
# Indexed 64/65 are the system foreground/background: black and white on every platform.
_SYSTEM_INDEXED = {64: "FF000000", 65: "FFFFFFFF"}

#: The theme palette of the workbook being parsed (set by the xlsx parser around one parse).
theme_palette: contextvars.ContextVar[Mapping[int, str]] = contextvars.ContextVar(
    "theme_palette", default=MappingProxyType({})
)


def read_palette(theme_xml: bytes | None) -> dict[int, str]:
    """Theme index → ``RRGGBB`` from a workbook's theme part; empty when it has none (files
    saved by LibreOffice), in which case theme colors stay symbolic."""
    if not theme_xml:
        return {}
    try:
        root = ElementTree.fromstring(theme_xml)
    except ElementTree.ParseError:
        return {}
    scheme = root.find(f"{_DRAWINGML}themeElements/{_DRAWINGML}clrScheme")
    if scheme is None:
        return {}
    palette: dict[int, str] = {}
    for index, slot in enumerate(_THEME_SLOTS):
        node = scheme.find(f"{_DRAWINGML}{slot}")
        if node is None or len(node) == 0:
            continue
        value = node[0].get("val") if node[0].tag.endswith("srgbClr") else node[0].get("lastClr")
        if value and len(value) == 6:
            palette[index] = value.upper()
    return palette


def _tinted(rgb: str, tint: float) -> str:
    """Excel's tint: scale HLS lightness toward black (tint < 0) or white (tint > 0)."""
    r, g, b = (int(rgb[i : i + 2], 16) / 255 for i in (0, 2, 4))
    h, lightness, s = colorsys.rgb_to_hls(r, g, b)
    lightness = lightness * (1 + tint) if tint < 0 else lightness * (1 - tint) + tint
    r, g, b = colorsys.hls_to_rgb(h, lightness, s)
    return "".join(f"{round(c * 255):02X}" for c in (r, g, b))


def color(value: Any) -> str | None:
    """An openpyxl ``Color`` as an 8-char ARGB string. Theme colors resolve through the
    workbook's theme (tint applied); without a theme part they stay ``theme:N[:tint]``; an
    unknown palette index is ``indexed:N``; automatic color is ``auto``.

    The alpha byte of an RGB color is normalized to ``FF``: openpyxl stores ``00`` when a script
    gives six hex digits (``"FF0000"`` → ``"00FF0000"``) while LibreOffice and Excel write
    ``FF``; spreadsheet applications ignore the alpha of cell colors, so both mean the same
    opaque red and must compare equal."""
    if value is None:
        return None
    kind = getattr(value, "type", None)
    if kind == "rgb":
        rgb = str(value.rgb).upper()
        if rgb == "00000000":
            # openpyxl's default Color(): what it reads back when the file names no color.
            return None
        return "FF" + rgb[-6:] if len(rgb) in (6, 8) else rgb
    if kind == "indexed":
        index = int(value.indexed)
        if index in _SYSTEM_INDEXED:
            return _SYSTEM_INDEXED[index]
        if 0 <= index < len(COLOR_INDEX):
            rgb = str(COLOR_INDEX[index]).upper()
            return "FF" + rgb[-6:]
        return f"indexed:{index}"
    if kind == "theme":
        tint = float(value.tint or 0.0)
        base = theme_palette.get().get(int(value.theme))
        if base is not None:
            return "FF" + (_tinted(base, tint) if tint else base)
        return f"theme:{int(value.theme)}" + (f":{round(tint, 4)}" if tint else "")
    if kind == "auto":
        return "auto"
    return None


def font(value: Any) -> JSON | None:
    if value is None:
        return None
    return {
        "name": value.name,
        "size": round_float(value.sz),
        "bold": bool(value.b),
        "italic": bool(value.i),
        "underline": value.u,  # None, "single", "double", "singleAccounting", ...
        "strike": bool(value.strike),
        "color": color(value.color),
        "vert_align": value.vertAlign,
    }


def fill(value: Any, *, differential: bool = False) -> JSON | None:
    """A fill, or None when there is none. ``color`` is the color the user sees: a cell's solid
    fill shows its fgColor; a conditional format's (dxf) solid fill shows its bgColor (an Excel
    quirk that LibreOffice follows), falling back to fgColor when only that is set."""
    if value is None:
        return None
    if getattr(value, "tagname", "") == "gradientFill":
        return {
            "pattern": "gradient",
            "gradient_type": value.type,
            "degree": json_value(value.degree),
            "stops": [color(stop.color) for stop in value.stop],
            "color": None,
        }
    pattern = value.patternType
    fg, bg = color(value.fgColor), color(value.bgColor)
    if pattern is None and not differential:
        return None
    if differential:
        visible = bg if bg is not None else fg
        # A dxf fill without patternType is solid when it names a color.
        if pattern is None and visible is None:
            return None
    else:
        visible = fg if pattern == "solid" else None
    return {"pattern": pattern, "fg_color": fg, "bg_color": bg, "color": visible}


def alignment(value: Any) -> JSON | None:
    """The alignment when any attribute differs from the default, else None."""
    if value is None:
        return None
    # "general" and "bottom" are what an unset alignment means: LibreOffice writes them on every
    # cell, openpyxl writes nothing; both must read as unset.
    out: JSON = {
        "horizontal": None if value.horizontal == "general" else value.horizontal,
        "vertical": None if value.vertical == "bottom" else value.vertical,
        "wrap_text": bool(value.wrap_text),
        "shrink_to_fit": bool(value.shrink_to_fit),
        "indent": json_value(value.indent),
        "text_rotation": json_value(value.text_rotation),
    }
    default = {
        "horizontal": None,
        "vertical": None,
        "wrap_text": False,
        "shrink_to_fit": False,
        "indent": 0.0,
        "text_rotation": 0,
    }
    return None if out == default else out


def border(value: Any) -> JSON | None:
    """``{side: {"style", "color"} | None}`` for the four sides, None when no side is drawn."""
    if value is None:
        return None
    out: JSON = {}
    for side_name in _BORDER_SIDES:
        side = getattr(value, side_name, None)
        style = getattr(side, "style", None)
        out[side_name] = (
            {"style": style, "color": color(getattr(side, "color", None))} if style else None
        )
    return out if any(out.values()) else None


def differential(value: Any) -> JSON | None:
    """A conditional format's dxf style: only the parts it sets."""
    if value is None:
        return None
    out: JSON = {}
    if value.font is not None:
        out["font"] = font(value.font)
    dxf_fill = fill(value.fill, differential=True)
    if dxf_fill is not None:
        out["fill"] = dxf_fill
    dxf_border = border(value.border)
    if dxf_border is not None:
        out["border"] = dxf_border
    if value.numFmt is not None:
        out["number_format"] = value.numFmt.formatCode
    return out

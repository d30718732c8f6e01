"""xlsx / xlsm view (openpyxl).

The workbook is loaded twice: with ``data_only=False`` for formulas and styles, and with
``data_only=True`` for the values cached in the file. openpyxl computes no formula, so a file
last saved by openpyxl has no cached values (``value`` is None on formula cells) while one saved
by LibreOffice or Excel has them. ``formulas_without_cached_value`` counts the former case so a
reward writer knows when to recompute instead of trusting ``value``.

Cell view (keys present only when meaningful, so a reward should use ``.get``)::

    {"value", "type", "number_format", "font",            # always
     "formula",                                            # when the cell holds a formula
     "fill", "alignment", "border",                        # when set
     "hyperlink", "comment"}                               # when present

``value`` is the literal for plain cells and the cached result for formula cells; ``type`` is
openpyxl's data type of the formula-side load (``n`` number, ``s`` string, ``f`` formula,
``b`` bool, ``d`` date, ``e`` error). Dates are ISO strings.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import openpyxl  # type: ignore[import-untyped, unused-ignore]
from openpyxl.utils import get_column_letter  # type: ignore[import-untyped, unused-ignore]

from . import _xlsx_extras as extras
from . import _xlsx_style as style
from ._common import JSON, MAX_CELLS_PER_SHEET, check_zip, json_value, properties, round_float

_PROPERTIES = ("title", "subject", "creator", "keywords", "description", "category")


def parse(path: Path) -> JSON:
    check_zip(path)
    with warnings.catch_warnings():
        # openpyxl warns about every extension it drops (slicers, x14 validations...): noise.
        warnings.simplefilter("ignore")
        # File objects, not paths: openpyxl refuses a path whose extension is not .xlsx/.xlsm,
        # and a workbook detected by content may be named anything.
        with path.open("rb") as handle:
            wb = openpyxl.load_workbook(handle, data_only=False)
        # The second load only serves formula cells; most workbooks are plain data.
        cached = wb
        if any(c.data_type == "f" for ws in wb.worksheets for c in ws._cells.values()):
            with path.open("rb") as handle:
                cached = openpyxl.load_workbook(handle, data_only=True)
    token = style.theme_palette.set(style.read_palette(wb.loaded_theme))
    try:
        sheets = [_sheet(ws, cached[ws.title], index) for index, ws in enumerate(wb.worksheets)]
        return {
            "format": "xlsx",
            "properties": properties(wb.properties, _PROPERTIES),
            "active_sheet": wb.active.title if wb.active is not None else None,
            "sheet_names": [ws.title for ws in wb.worksheets],
            "chartsheets": [cs.title for cs in wb.chartsheets],
            "defined_names": extras.defined_names(wb),
            "sheets": sheets,
            "formulas_without_cached_value": sum(
                s["formulas_without_cached_value"] for s in sheets
            ),
            "truncated": any(s["truncated"] for s in sheets),
        }
    finally:
        style.theme_palette.reset(token)
        wb.close()
        if cached is not wb:
            cached.close()


def _sheet(ws: Any, cached_ws: Any, index: int) -> JSON:
    cells, truncated, stats = _cells(ws, cached_ws)
    return {
        "name": ws.title,
        "index": index,
        "state": ws.sheet_state,  # visible, hidden, veryHidden
        "dimensions": ws.dimensions,
        "max_row": ws.max_row,
        "max_column": ws.max_column,
        "cells": cells,
        "cell_count": stats["cells"],
        "formula_count": stats["formulas"],
        "formulas_without_cached_value": stats["uncached"],
        "truncated": truncated,
        "merged_cells": sorted(str(r) for r in ws.merged_cells.ranges),
        "conditional_formats": extras.conditional_formats(ws),
        "data_validations": extras.data_validations(ws),
        "charts": [extras.chart(c) for c in ws._charts],
        "images": [{"anchor": extras.anchor_cell(img.anchor)} for img in ws._images],
        "tables": extras.tables(ws),
        "auto_filter": extras.auto_filter(ws),
        "freeze_panes": ws.freeze_panes,
        "column_widths": _column_widths(ws),
        "row_heights": _row_heights(ws),
        "tab_color": style.color(ws.sheet_properties.tabColor),
        "protected": bool(ws.protection.sheet),
        "print": {
            "orientation": ws.page_setup.orientation,
            "paper_size": json_value(ws.page_setup.paperSize),
            "print_area": _print_area(ws),
            "fit_to_page": bool(ws.sheet_properties.pageSetUpPr.fitToPage)
            if ws.sheet_properties.pageSetUpPr is not None
            else False,
        },
    }


def _print_area(ws: Any) -> str | None:
    try:
        area = ws.print_area
    except (AttributeError, ValueError):
        return None
    return str(area) if area else None


def _cells(ws: Any, cached_ws: Any) -> tuple[dict[str, JSON], bool, dict[str, int]]:
    """Row-major cell views. Iterates the sheet's stored cells rather than its bounding box: a
    sheet whose last formatted cell is XFD1048576 must not cost 17 billion lookups."""
    out: dict[str, JSON] = {}
    stats = {"cells": 0, "formulas": 0, "uncached": 0}
    truncated = False
    cached_cells = cached_ws._cells
    for key in sorted(ws._cells):
        cell = ws._cells[key]
        if cell.value is None and not cell.has_style:
            continue
        stats["cells"] += 1
        is_formula = cell.data_type == "f"
        if is_formula:
            stats["formulas"] += 1
            cached_cell = cached_cells.get(key)
            value = cached_cell.value if cached_cell is not None else None
            if value is None:
                stats["uncached"] += 1
        else:
            value = cell.value
        if len(out) >= MAX_CELLS_PER_SHEET:
            truncated = True
            continue  # keep counting so cell_count tells how much was left out
        out[cell.coordinate] = _cell(cell, value, is_formula)
    return out, truncated, stats


def _cell(cell: Any, value: Any, is_formula: bool) -> JSON:
    view: JSON = {
        "value": json_value(value),
        "type": cell.data_type,
        "number_format": cell.number_format,
        "font": style.font(cell.font),
    }
    if is_formula:
        raw = cell.value
        # Array and data-table formulas are objects; their text is the formula proper.
        view["formula"] = str(getattr(raw, "text", raw))
    cell_fill = style.fill(cell.fill)
    if cell_fill is not None:
        view["fill"] = cell_fill
    cell_alignment = style.alignment(cell.alignment)
    if cell_alignment is not None:
        view["alignment"] = cell_alignment
    cell_border = style.border(cell.border)
    if cell_border is not None:
        view["border"] = cell_border
    if cell.hyperlink is not None:
        view["hyperlink"] = cell.hyperlink.target or cell.hyperlink.location
    if cell.comment is not None:
        view["comment"] = {"text": cell.comment.text, "author": cell.comment.author}
    return view


def _column_widths(ws: Any) -> dict[str, JSON]:
    """Columns the file describes (``<col>`` elements), keyed ``"B"`` or ``"E:H"`` for a range."""
    out: dict[str, JSON] = {}
    # items() only: indexing column_dimensions creates entries, which would invent columns.
    for letter, dim in sorted(ws.column_dimensions.items(), key=lambda kv: (kv[1].min or 0, kv[0])):
        key = letter
        if dim.min and dim.max and dim.max != dim.min:
            key = f"{get_column_letter(dim.min)}:{get_column_letter(dim.max)}"
        out[key] = {"width": round_float(dim.width), "hidden": bool(dim.hidden)}
    return out


def _row_heights(ws: Any) -> dict[str, JSON]:
    out: dict[str, JSON] = {}
    for row, dim in sorted(ws.row_dimensions.items()):
        if dim.ht is None and not dim.hidden:
            continue
        if len(out) >= MAX_CELLS_PER_SHEET:
            break
        out[str(row)] = {"height": round_float(dim.ht), "hidden": bool(dim.hidden)}
    return out

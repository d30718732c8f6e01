"""Worksheet structures beyond cells: conditional formats, data validations, charts, tables,
auto-filter and defined names."""

from __future__ import annotations

import re
from typing import Any

from openpyxl.utils import get_column_letter  # type: ignore[import-untyped, unused-ignore]

from . import _xlsx_style as style
from ._common import JSON, json_value


def conditional_formats(ws: Any) -> list[JSON]:
    out: list[JSON] = []
    for cf in ws.conditional_formatting:
        rules = [_rule(rule) for rule in cf.rules]
        rules.sort(key=lambda r: (r["priority"] is None, r["priority"] or 0))
        out.append({"range": str(cf.sqref), "rules": rules})
    out.sort(key=lambda c: str(c["range"]))
    return out


def _rule(rule: Any) -> JSON:
    out: JSON = {
        "type": rule.type,  # cellIs, expression, colorScale, dataBar, top10, containsText, ...
        "operator": rule.operator,  # for cellIs: greaterThan, between, equal, ...
        "formula": [str(f) for f in (rule.formula or [])],
        "priority": json_value(rule.priority),
        "stop_if_true": bool(rule.stopIfTrue),
        "dxf": style.differential(rule.dxf),
    }
    # Only the attributes the rule's type uses: LibreOffice writes all of them on every rule
    # (text="", rank="0"...), openpyxl writes only the relevant ones; both must read alike.
    for key, attr in _TYPE_ATTRIBUTES.get(rule.type, ()):
        value = getattr(rule, attr, None)
        if value is not None:
            out[key] = json_value(value)
    if rule.colorScale is not None:
        scale = rule.colorScale
        out["color_scale"] = {
            "cfvo": [_cfvo(v) for v in scale.cfvo],
            "colors": [style.color(c) for c in scale.color],
        }
    if rule.dataBar is not None:
        bar = rule.dataBar
        out["data_bar"] = {"cfvo": [_cfvo(v) for v in bar.cfvo], "color": style.color(bar.color)}
    if rule.iconSet is not None:
        icons = rule.iconSet
        out["icon_set"] = {
            "icon_set": icons.iconSet,
            "cfvo": [_cfvo(v) for v in icons.cfvo],
            "reverse": bool(icons.reverse),
        }
    return out


_TEXT_RULE = (("text", "text"),)
_TYPE_ATTRIBUTES: dict[str, tuple[tuple[str, str], ...]] = {
    "containsText": _TEXT_RULE,
    "notContainsText": _TEXT_RULE,
    "beginsWith": _TEXT_RULE,
    "endsWith": _TEXT_RULE,
    "timePeriod": (("time_period", "timePeriod"),),
    "top10": (("rank", "rank"), ("percent", "percent"), ("bottom", "bottom")),
    "aboveAverage": (
        ("above_average", "aboveAverage"),
        ("equal_average", "equalAverage"),
        ("std_dev", "stdDev"),
    ),
}


def _cfvo(value: Any) -> JSON:
    return {"type": value.type, "value": json_value(value.val)}


def data_validations(ws: Any) -> list[JSON]:
    out: list[JSON] = []
    for dv in ws.data_validations.dataValidation:
        out.append(
            {
                "range": str(dv.sqref),
                "type": dv.type,  # list, whole, decimal, date, time, textLength, custom
                "operator": dv.operator,
                "formula1": dv.formula1,
                "formula2": dv.formula2,
                "allow_blank": bool(dv.allow_blank),
                # The file's showDropDown attribute means the opposite: true *hides* the arrow.
                "in_cell_dropdown": not bool(dv.showDropDown),
                "show_error": bool(dv.showErrorMessage),
                "error_style": dv.errorStyle,
                "error_title": dv.errorTitle,
                "error": dv.error,
                "show_prompt": bool(dv.showInputMessage),
                "prompt_title": dv.promptTitle,
                "prompt": dv.prompt,
            }
        )
    out.sort(key=lambda d: str(d["range"]))
    return out


def anchor_cell(anchor: Any) -> str | None:
    """Top-left cell of a drawing anchor: a cell string for objects added in memory, a
    One/TwoCellAnchor (0-based column/row) for objects read from a file."""
    if anchor is None:
        return None
    if isinstance(anchor, str):
        return anchor
    start = getattr(anchor, "_from", None)
    if start is None:
        return None
    return f"{get_column_letter(start.col + 1)}{start.row + 1}"


def _rich_text(title: Any) -> str | None:
    """Text of a chart or axis title (rich text runs or a cell reference)."""
    if title is None:
        return None
    tx = getattr(title, "tx", None)
    if tx is None:
        return None
    if tx.rich is not None:
        parts: list[str] = []
        for paragraph in tx.rich.p:
            parts.append("".join(run.t or "" for run in (paragraph.r or [])))
        return "\n".join(parts)
    if tx.strRef is not None:
        return f"={normalize_ref(str(tx.strRef.f))}"
    return None


_QUOTED_SHEET = re.compile(r"'([A-Za-z_][A-Za-z0-9_.]*)'!")


def normalize_ref(ref: str) -> str:
    """``'Sales'!$B$2`` → ``Sales!$B$2``: openpyxl quotes every sheet name, LibreOffice only
    those that need it; a simple name reads the same either way."""
    return _QUOTED_SHEET.sub(r"\1!", ref)


def _ref(source: Any) -> str | None:
    """The formula of a series' data source (numRef / strRef), or its literal values."""
    if source is None:
        return None
    for attr in ("numRef", "strRef"):
        ref = getattr(source, attr, None)
        if ref is not None and ref.f:
            return normalize_ref(str(ref.f))
    for attr in ("numLit", "strLit"):
        lit = getattr(source, attr, None)
        if lit is not None:
            return "{" + ",".join(str(pt.v) for pt in lit.pt) + "}"
    return None


def _series(series: Any) -> JSON:
    tx = series.tx
    title: str | None = None
    title_ref: str | None = None
    if tx is not None:
        if tx.strRef is not None and tx.strRef.f:
            title_ref = normalize_ref(str(tx.strRef.f))
        title = tx.v
    out: JSON = {
        "title": title,
        "title_ref": title_ref,
        "values": _ref(series.val),
        "categories": _ref(series.cat),
    }
    if getattr(series, "xVal", None) is not None or getattr(series, "yVal", None) is not None:
        # Scatter and bubble series address x and y data instead of categories and values.
        out["x_values"] = _ref(series.xVal)
        out["y_values"] = _ref(series.yVal)
    return out


def _chart_type(chart: Any) -> str:
    tag = str(getattr(chart, "tagname", "chart"))
    return tag[: -len("Chart")] if tag.endswith("Chart") else tag


def _axis_title(chart: Any, name: str) -> str | None:
    axis = getattr(chart, name, None)
    return _rich_text(getattr(axis, "title", None)) if axis is not None else None


def chart(chart_obj: Any) -> JSON:
    # A combined chart (bar + line) reads back as its first plot with the others in _charts.
    plots = list(getattr(chart_obj, "_charts", None) or [chart_obj])
    return {
        "type": _chart_type(chart_obj),
        "types": [_chart_type(p) for p in plots],
        "bar_dir": getattr(chart_obj, "type", None) if _chart_type(chart_obj) in _BAR else None,
        "grouping": getattr(chart_obj, "grouping", None),
        "title": _rich_text(chart_obj.title),
        "style": json_value(getattr(chart_obj, "style", None)),
        "x_axis_title": _axis_title(chart_obj, "x_axis"),
        "y_axis_title": _axis_title(chart_obj, "y_axis"),
        "legend": chart_obj.legend.position if chart_obj.legend is not None else None,
        "series": [_series(s) for p in plots for s in p.series],
        "anchor": anchor_cell(chart_obj.anchor),
    }


_BAR = ("bar", "bar3D")


def tables(ws: Any) -> list[JSON]:
    out: list[JSON] = []
    for name, table in sorted(ws.tables.items()):
        info = table.tableStyleInfo
        out.append(
            {
                "name": name,
                "display_name": table.displayName,
                "ref": table.ref,
                "style": info.name if info is not None else None,
                "header_row": bool(table.headerRowCount if table.headerRowCount is not None else 1),
                "columns": [c.name for c in table.tableColumns],
            }
        )
    return out


def auto_filter(ws: Any) -> JSON | None:
    af = ws.auto_filter
    if af is None or not af.ref:
        return None
    columns: list[JSON] = []
    for fc in af.filterColumn:
        entry: JSON = {"column": fc.colId}
        if fc.filters is not None:
            entry["values"] = [str(f) for f in fc.filters.filter]
            entry["blank"] = bool(fc.filters.blank)
        if fc.customFilters is not None:
            entry["custom"] = [
                {"operator": cf.operator, "value": cf.val} for cf in fc.customFilters.customFilter
            ]
        if fc.top10 is not None:
            top = fc.top10
            entry["top10"] = {"top": top.top, "percent": top.percent, "value": top.val}
        columns.append(entry)
    sort = None
    if af.sortState is not None:
        sort = [
            {"ref": c.ref, "descending": bool(c.descending)} for c in af.sortState.sortCondition
        ]
    return {"ref": af.ref, "filter_columns": columns, "sort": sort}


def defined_names(wb: Any) -> list[JSON]:
    """Workbook-level names and each sheet's local names (openpyxl ≥ 3.1 keeps them apart)."""
    out: list[JSON] = [
        {"name": name, "value": dn.attr_text, "scope": None}
        for name, dn in sorted(wb.defined_names.items())
    ]
    for ws in wb.worksheets:
        for name, dn in sorted(ws.defined_names.items()):
            out.append({"name": name, "value": dn.attr_text, "scope": ws.title})
    return out

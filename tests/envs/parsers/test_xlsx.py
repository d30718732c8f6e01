"""xlsx views: values, cached formula values, styles, structures, charts, caps."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

openpyxl = pytest.importorskip("openpyxl")

from openpyxl.chart import BarChart, LineChart, Reference  # noqa: E402
from openpyxl.formatting.rule import CellIsRule, ColorScaleRule, FormulaRule  # noqa: E402
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side  # noqa: E402
from openpyxl.workbook.defined_name import DefinedName  # noqa: E402
from openpyxl.worksheet.datavalidation import DataValidation  # noqa: E402

from cuagym.envs._parsers import parse_file  # noqa: E402


def _build(path: Path) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sales"
    ws.append(["Region", "Q1", "Q2"])
    ws.append(["North", 10, 20])
    ws.append(["South", 30, 40])
    ws["D2"] = "=SUM(B2:C2)"
    ws["A1"].fill = PatternFill("solid", fgColor="FF0000")  # six digits: openpyxl stores 00 alpha
    ws["A1"].font = Font(name="Arial", size=14, bold=True, italic=True, underline="single")
    ws["A1"].alignment = Alignment(horizontal="center", wrap_text=True)
    ws["A1"].border = Border(bottom=Side(style="thin", color="FF000000"))
    ws["B2"].number_format = "0.00%"
    ws.merge_cells("F1:G2")
    ws.conditional_formatting.add(
        "B2:C3",
        CellIsRule(
            operator="greaterThan",
            formula=["25"],
            fill=PatternFill(bgColor="FFC7CE", fill_type="solid"),
            font=Font(color="9C0006"),
        ),
    )
    ws.conditional_formatting.add("A2:A3", FormulaRule(formula=["LEN(A2)>4"], font=Font(bold=True)))
    ws.conditional_formatting.add(
        "D2:D3",
        ColorScaleRule(start_type="min", start_color="FFFFFF", end_type="max", end_color="00FF00"),
    )
    dv = DataValidation(type="list", formula1='"North,South"', allow_blank=True)
    ws.add_data_validation(dv)
    dv.add("A5:A20")
    chart = BarChart()
    chart.title = "Quarterly"
    chart.y_axis.title = "Units"
    data = Reference(ws, min_col=2, min_row=1, max_col=3, max_row=3)
    chart.add_data(data, titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=3))
    ws.add_chart(chart, "H2")
    ws.freeze_panes = "B2"
    ws.column_dimensions["A"].width = 25
    ws.row_dimensions[1].height = 30
    ws.auto_filter.ref = "A1:C3"
    wb.defined_names["total"] = DefinedName("total", attr_text="Sales!$D$2")
    hidden = wb.create_sheet("Notes")
    hidden.sheet_state = "hidden"
    hidden["A1"] = "n"
    wb.save(path)
    return path


@pytest.fixture
def view(tmp_path: Path) -> dict[str, Any]:
    result = parse_file(_build(tmp_path / "book.xlsx"))
    assert result is not None and "error" not in result, result
    return result


def test_sheets_in_order_with_visibility(view: dict[str, Any]) -> None:
    assert view["format"] == "xlsx"
    assert view["sheet_names"] == ["Sales", "Notes"]
    assert [(s["name"], s["state"]) for s in view["sheets"]] == [
        ("Sales", "visible"),
        ("Notes", "hidden"),
    ]
    assert view["sheets"][0]["dimensions"] == "A1:G3"


def test_values_and_formula_without_cache(view: dict[str, Any]) -> None:
    cells = view["sheets"][0]["cells"]
    assert cells["A2"]["value"] == "North"
    assert cells["C3"] == {**cells["C3"], "value": 40, "type": "n"}
    # openpyxl computes nothing: a workbook it saved has no cached value for its formulas.
    assert cells["D2"]["formula"] == "=SUM(B2:C2)"
    assert cells["D2"]["value"] is None
    assert view["sheets"][0]["formulas_without_cached_value"] == 1
    assert view["formulas_without_cached_value"] == 1
    assert "formula" not in cells["B2"]
    assert cells["B2"]["number_format"] == "0.00%"


def test_cell_styles(view: dict[str, Any]) -> None:
    a1 = view["sheets"][0]["cells"]["A1"]
    assert a1["fill"] == {
        "pattern": "solid",
        "fg_color": "FFFF0000",
        "bg_color": None,
        "color": "FFFF0000",
    }
    assert a1["font"]["name"] == "Arial"
    assert a1["font"]["size"] == 14.0
    assert a1["font"]["bold"] is True and a1["font"]["italic"] is True
    assert a1["font"]["underline"] == "single"
    assert a1["alignment"]["horizontal"] == "center" and a1["alignment"]["wrap_text"] is True
    assert a1["border"]["bottom"] == {"style": "thin", "color": "FF000000"}
    assert a1["border"]["top"] is None
    # The default font's theme color resolves through the workbook theme (dk1: black).
    assert view["sheets"][0]["cells"]["A2"]["font"]["color"] == "FF000000"
    # An unstyled cell has no fill/alignment/border keys.
    assert {"fill", "alignment", "border"}.isdisjoint(view["sheets"][0]["cells"]["A2"])


def test_structures(view: dict[str, Any]) -> None:
    sheet = view["sheets"][0]
    assert sheet["merged_cells"] == ["F1:G2"]
    assert sheet["freeze_panes"] == "B2"
    assert sheet["column_widths"]["A"]["width"] == 25.0
    assert sheet["row_heights"]["1"]["height"] == 30.0
    assert sheet["auto_filter"]["ref"] == "A1:C3"
    assert view["defined_names"] == [{"name": "total", "value": "Sales!$D$2", "scope": None}]
    [dv] = sheet["data_validations"]
    assert dv["range"] == "A5:A20" and dv["type"] == "list"
    assert dv["formula1"] == '"North,South"' and dv["in_cell_dropdown"] is True


def test_conditional_formats(view: dict[str, Any]) -> None:
    by_range = {cf["range"]: cf["rules"] for cf in view["sheets"][0]["conditional_formats"]}
    assert sorted(by_range) == ["A2:A3", "B2:C3", "D2:D3"]
    [cell_is] = by_range["B2:C3"]
    assert cell_is["type"] == "cellIs"
    assert cell_is["operator"] == "greaterThan"
    assert cell_is["formula"] == ["25"]
    # A dxf's solid fill shows its bgColor.
    assert cell_is["dxf"]["fill"]["color"] == "FFFFC7CE"
    assert cell_is["dxf"]["font"]["color"] == "FF9C0006"
    [expr] = by_range["A2:A3"]
    assert expr["type"] == "expression" and expr["formula"] == ["LEN(A2)>4"]
    assert expr["dxf"]["font"]["bold"] is True
    [scale] = by_range["D2:D3"]
    assert scale["type"] == "colorScale"
    assert scale["color_scale"]["colors"] == ["FFFFFFFF", "FF00FF00"]
    assert [c["type"] for c in scale["color_scale"]["cfvo"]] == ["min", "max"]


def test_chart(view: dict[str, Any]) -> None:
    [chart] = view["sheets"][0]["charts"]
    assert chart["type"] == "bar" and chart["bar_dir"] == "col"
    assert chart["title"] == "Quarterly"
    assert chart["y_axis_title"] == "Units"
    assert chart["anchor"] == "H2"
    # Sheet names are unquoted where quoting is optional (openpyxl always quotes, LibreOffice not).
    assert [s["values"] for s in chart["series"]] == ["Sales!$B$2:$B$3", "Sales!$C$2:$C$3"]
    assert [s["title_ref"] for s in chart["series"]] == ["Sales!B1", "Sales!C1"]
    assert chart["series"][0]["categories"] == "Sales!$A$2:$A$3"


def test_line_chart_type(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "My data"  # a name with a space keeps its quotes
    for row in ([1], [2], [3]):
        ws.append(row)
    chart = LineChart()
    chart.add_data(Reference(ws, min_col=1, min_row=1, max_row=3))
    ws.add_chart(chart, "C1")
    wb.save(tmp_path / "line.xlsx")
    view = parse_file(tmp_path / "line.xlsx")
    assert view is not None
    [parsed] = view["sheets"][0]["charts"]
    assert parsed["type"] == "line" and parsed["bar_dir"] is None
    assert parsed["series"][0]["values"] == "'My data'!$A$1:$A$3"


def test_deterministic(tmp_path: Path) -> None:
    path = _build(tmp_path / "book.xlsx")
    first = json.dumps(parse_file(path), sort_keys=True)
    assert first == json.dumps(parse_file(path), sort_keys=True)
    # The same content under another name and folder reads the same.
    other = tmp_path / "sub"
    other.mkdir()
    shutil.copy(path, other / "copy.xlsx")
    assert json.dumps(parse_file(other / "copy.xlsx"), sort_keys=True) == first


def test_large_sheet_is_capped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cuagym.envs._parsers import _xlsx

    monkeypatch.setattr(_xlsx, "MAX_CELLS_PER_SHEET", 50)
    wb = openpyxl.Workbook()
    ws = wb.active
    for r in range(1, 21):
        ws.append([r * 10 + c for c in range(10)])
    wb.save(tmp_path / "big.xlsx")
    view = parse_file(tmp_path / "big.xlsx")
    assert view is not None
    sheet = view["sheets"][0]
    assert sheet["truncated"] is True and view["truncated"] is True
    assert len(sheet["cells"]) == 50
    assert sheet["cell_count"] == 200
    assert list(sheet["cells"])[:2] == ["A1", "B1"]  # row-major order


def test_empty_unstyled_cells_are_omitted(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"] = 1
    _ = ws["C5"]  # touched, never set: an empty unstyled cell
    ws["B2"].fill = PatternFill("solid", fgColor="FFFF00")  # empty but styled: kept
    wb.save(tmp_path / "sparse.xlsx")
    view = parse_file(tmp_path / "sparse.xlsx")
    assert view is not None
    cells = view["sheets"][0]["cells"]
    assert sorted(cells) == ["A1", "B2"]
    assert cells["B2"]["value"] is None and cells["B2"]["fill"]["color"] == "FFFFFF00"


def _soffice() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


@pytest.mark.slow
@pytest.mark.skipif(_soffice() is None, reason="LibreOffice (soffice) is not installed")
def test_libreoffice_saved_file_has_cached_values(tmp_path: Path) -> None:
    source = _build(tmp_path / "book.xlsx")
    out_dir = tmp_path / "lo"
    # A private profile: a user's running LibreOffice (or a parallel test) must not interfere.
    profile = (tmp_path / "profile").as_uri()
    subprocess.run(
        [str(_soffice()), f"-env:UserInstallation={profile}", "--headless", "--convert-to",
         "xlsx:Calc MS Excel 2007 XML", "--outdir", str(out_dir), str(source)],
        check=True, capture_output=True, timeout=180,
    )  # fmt: skip
    view = parse_file(out_dir / "book.xlsx")
    assert view is not None and "error" not in view, view
    cells = view["sheets"][0]["cells"]
    assert cells["D2"]["formula"] == "=SUM(B2:C2)"
    assert cells["D2"]["value"] == 30
    assert view["formulas_without_cached_value"] == 0
    assert cells["A1"]["fill"]["color"] == "FFFF0000"
    assert view["sheets"][0]["merged_cells"] == ["F1:G2"]
    ranges = {cf["range"] for cf in view["sheets"][0]["conditional_formats"]}
    assert "B2:C3" in ranges
    [rule] = next(
        cf["rules"] for cf in view["sheets"][0]["conditional_formats"] if cf["range"] == "B2:C3"
    )
    assert rule["type"] == "cellIs" and rule["dxf"]["fill"]["color"] == "FFFFC7CE"


def test_theme_colors_resolve_with_tint() -> None:
    from openpyxl.styles.colors import Color

    from cuagym.envs._parsers import _xlsx_style

    token = _xlsx_style.theme_palette.set({4: "4F81BD"})  # Office 2007 accent1
    try:
        # Excel's "Accent 1, lighter 40%" and "darker 25%".
        assert _xlsx_style.color(Color(theme=4, tint=0.3999755851924192)) == "FF95B3D7"
        assert _xlsx_style.color(Color(theme=4, tint=-0.25)) == "FF376092"
        assert _xlsx_style.color(Color(theme=9)) == "theme:9"  # not in this palette
    finally:
        _xlsx_style.theme_palette.reset(token)
    assert _xlsx_style.color(Color(indexed=64)) == "FF000000"  # system foreground
    assert _xlsx_style.color(Color(rgb="00FF0000")) == "FFFF0000"  # alpha normalized

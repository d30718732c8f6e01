"""The helpers every calc reward carries: formula evaluation and chart lookup, on the host."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl  # type: ignore[import-untyped, unused-ignore]
import pytest
from openpyxl.chart import BarChart, Reference  # type: ignore[import-untyped, unused-ignore]

from cuagym.apps.calc import _reward_lib as lib
from cuagym.families.calc import _reward_guards as guards


@pytest.fixture
def wb() -> Any:
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Orders"
    for row in [["code", "qty", "price", "total"], ["A1X", 3, None, None], ["B2Y", 2, None, None]]:
        ws.append(row)
    prices = book.create_sheet("Price list")
    for row in [["code", "price"], ["A1X", 2.5], ["B2Y", 4.25], ["C3Z", 1]]:
        prices.append(row)
    return book


@pytest.mark.parametrize(
    ("formula", "expected"),
    [
        ("=SUM(B2:B3)", 5.0),
        ("=AVERAGE(B2:B3)*10%", 0.25),
        ("=VLOOKUP(A2,'Price list'!$A$2:$B$4,2,FALSE)", 2.5),
        ("=VLOOKUP(A3,'Price list'!A:B,2,0)", 4.25),
        ("=INDEX('Price list'!B:B,MATCH(A3,'Price list'!A:A,0))", 4.25),
        ('=IF(B2>B3,"Over","OK")', "Over"),
        ('=IF(B2<B3,"Over",IF(B2=B3,"Even","Under"))', "Under"),
        ('=COUNTIF(B2:B3,">2")', 1.0),
        ('=SUMIF(A2:A3,"B2Y",B2:B3)', 2.0),
        ("=ROUND(2.675,2)", 2.68),
        ("=-B2^2+1", 10.0),  # unary minus binds tighter than ^, as in Calc and Excel
        ('=A2&"-"&B2', "A1X-3"),
        ("=SUMPRODUCT(B2:B3,B2:B3)", 13.0),
        ("=IFERROR(VLOOKUP(\"nope\",'Price list'!A2:B4,2,0),0)", 0),
        ("=_xlfn.IFERROR(1/0,7)", 7),
    ],
)
def test_formulas_evaluate_like_a_spreadsheet(wb: Any, formula: str, expected: Any) -> None:
    wb["Orders"]["F1"] = formula
    assert lib.shown(wb, None, "Orders", "F1") == pytest.approx(expected)


def test_formulas_chain_and_cached_values_win(wb: Any) -> None:
    ws = wb["Orders"]
    ws["C2"] = "=VLOOKUP(A2,'Price list'!$A$2:$B$4,2,0)"
    ws["D2"] = "=B2*C2"
    assert lib.shown(wb, None, "Orders", "D2") == pytest.approx(7.5)
    cached = openpyxl.Workbook()
    cached.active.title = "Orders"
    cached["Orders"]["D2"] = 99
    assert lib.shown(wb, cached, "Orders", "D2") == 99  # what Calc saved is what shows


def test_unsupported_or_broken_formulas_are_errors_not_passes(wb: Any) -> None:
    ws = wb["Orders"]
    ws["F1"] = "=XLOOKUP(A2,A:A,B:B)"
    ws["F2"] = "=F2+1"  # a cycle
    ws["F3"] = "=SUM(B2:B3"
    for coord in ("F1", "F2", "F3"):
        assert str(lib.shown_or_error(wb, None, "Orders", coord)).startswith("#ERROR")
    assert not lib.close(lib.shown_or_error(wb, None, "Orders", "F1"), 0)


def test_charts_are_found_per_sheet(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Data"
    for row in [["Region", "Revenue"], ["North", 10], ["South", 20]]:
        ws.append(row)
    summary = book.create_sheet("Summary")
    chart = BarChart()
    chart.type = "col"
    chart.title = "Revenue by region"
    chart.add_data(Reference(ws, min_col=2, min_row=2, max_row=3))
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=3))
    summary.add_chart(chart, "B2")
    path = tmp_path / "c.xlsx"
    book.save(path)
    assert lib.charts_on_sheet(str(path), "Data") == []
    (found,) = lib.charts_on_sheet(str(path), "Summary")
    assert lib.chart_title(found) == "Revenue by region"
    (plot,) = found.iter(lib.NS_C + "barChart")
    assert [lib.split_ref(r, "x") for r in lib.series_refs(plot, "val")] == [("Data", "B2:B3")]
    assert [lib.split_ref(r, "x") for r in lib.series_refs(plot, "cat")] == [("Data", "A2:A3")]


def test_cell_keys_compare_across_apps() -> None:
    import datetime

    assert lib.cell_key(datetime.datetime(2025, 3, 7)) == lib.cell_key(datetime.date(2025, 3, 7))
    assert lib.cell_key(12.499999999) == lib.cell_key(12.5)
    assert lib.cell_key("  Open  invoice ") == "Open invoice"
    assert lib.rgb6(openpyxl.styles.colors.Color(rgb="FF1F4E78")) == "1F4E78"


# -- exactness helpers (_reward_guards) ----------------------------------------------------------
@pytest.mark.parametrize(
    ("fmt", "codes", "shows", "symbols"),
    [
        ('"€"#,##0.00', "#,##0.00", "€#,##0.00", ["€"]),
        ("[$€-1809]#,##0.00;[RED]-[$€-1809]#,##0.00", "#,##0.00", "€#,##0.00", ["€"]),
        ("#,##0.00 [$€-407]", "#,##0.00", "#,##0.00€", ["€"]),
        ('#,##0.00 "EUR"', "#,##0.00", "#,##0.00EUR", ["EUR"]),
        ('0.0"%"', "0.0", "0.0%", ["%"]),
        ("0.0%", "0.0%", "0.0%", []),
        ("yyyy\\-mm\\-dd", "yyyymmdd", "yyyy-mm-dd", ["-", "-"]),
        ("[$-409]YYYY-MM-DD", "YYYY-MM-DD", "YYYY-MM-DD", []),
        ("_-[$€-x]* #,##0.00_-", "#,##0.00", "€#,##0.00", ["€"]),
    ],
)
def test_number_formats_read_like_a_spreadsheet(
    fmt: str, codes: str, shows: str, symbols: list[str]
) -> None:
    assert guards.format_codes(fmt) == codes
    assert guards.format_shows(fmt) == shows
    assert guards.format_symbols(fmt) == symbols


def test_formula_refs_expand_ranges_and_name_sheets() -> None:
    assert guards.formula_refs("=SUM(F2:F4)", "Sales") == ["Sales!F2", "Sales!F3", "Sales!F4"]
    assert guards.formula_refs("=1234", "Sales") == []
    assert guards.formula_refs(1234, "Sales") == []
    assert guards.formula_refs("=VLOOKUP(C2,'Price list'!$A:$C,3,0)", "Orders") == [
        "Orders!C2",
        "Price list!A:C",
    ]
    assert guards.cells_of("S", "F", 2, 3) == ["S!F2", "S!F3"]


def test_unexpected_changes_name_cells_parts_and_sheet_keys() -> None:
    cell = [
        "x",
        "general",
        [False, False, "", False, "", 11.0],
        "",
        ["general", "bottom", False, 0],
    ]
    formatted = [cell[0], "0.0%", *cell[2:]]
    before = {"S!A1": cell, "S!B1": cell, "S:merged": []}
    after = {"S!A1": formatted, "S!B1": ["y", *cell[1:]], "S:merged": ["A1:B1"], "T!A1": cell}
    allowed = [["S!A1:A9", ["format"]], ["S:merged", "*"]]
    assert guards.unexpected_changes(before, after, allowed) == ["S!B1 (value)", "T!A1 (value)"]
    assert (
        guards.unexpected_changes(before, after, [["S!*", "*"], ["S:*", "*"], ["T!*", "*"]]) == []
    )

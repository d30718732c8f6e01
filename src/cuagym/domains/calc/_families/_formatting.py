"""Families on how cells look: number formats, header font and fill, conditional formatting."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.core import Difficulty, TaskConfig

from ._base import SAVE_NOTE, CalcFamily, Sheet, quote
from ._world import COMPANIES, budget_table, invoice_table, sales_table, slug

__all__ = ["ApplyNumberFormat", "HighlightCells", "StyleHeaderRow"]

# kind -> (what the instruction asks for, example rendering)
_FORMATS: dict[str, tuple[str, str]] = {
    "euro": ("euro amounts with the € sign, two decimals and a thousands separator", "€1,234.50"),
    "percent": ("percentages with exactly one decimal", "12.5%"),
    "isodate": ("dates in year-month-day form", "2025-03-07"),
}
# The reward's test of one cleaned format string per kind (escapes and quotes removed first).
_FORMAT_TESTS: dict[str, str] = {
    "euro": '("€" in f or "EUR" in f) and "#,##0.00" in f',
    "percent": '"0.0%" in f and "0.00%" not in f',
    "isodate": 'f.lower().startswith("yyyy-mm-dd")',
}


def _kind(p: dict[str, Any]) -> str:
    """The format kind a task's stated ``display`` phrase names."""
    return next(k for k, (what, _) in _FORMATS.items() if what == p["display"])


class ApplyNumberFormat(CalcFamily):
    id: ClassVar[str] = "apply-number-format"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formatting", "number-format", "apply-format")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        kind = rng.choice(sorted(_FORMATS))
        n = rng.randint(24, 48)
        if kind == "euro":
            sheet, header = "Orders", rng.choice(["Unit price", "Revenue"])
            col = "G" if header == "Unit price" else "H"
            path = f"/home/user/Documents/{slug(company)}_orders.xlsx"
        elif kind == "percent":
            sheet, header, col = "Budget", "Share of spend", "F"
            path = f"/home/user/Documents/{slug(company)}_budget.xlsx"
        else:
            sheet, header = "Invoices", rng.choice(["Issue date", "Due date"])
            col = "C" if header == "Issue date" else "D"
            path = f"/home/user/Documents/{slug(company)}_invoices.xlsx"
        what, example = _FORMATS[kind]
        return self.make_task(
            task_id,
            f"In {path}, make the {quote(header)} column (cells {col}2:{col}{n + 1} of sheet "
            f"{quote(sheet)}) display its values as {what}, e.g. {example}.",
            f"{company}'s workbook {path} is open in LibreOffice Calc. Sheet {quote(sheet)} has "
            f"a header in row 1 and {n} data rows (rows 2 to {n + 1}); column {col} is "
            f"{quote(header)}. {SAVE_NOTE}",
            path=path,
            sheet=sheet,
            header=header,
            col=col,
            n=n,
            display=what,
            example=example,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        n, kind = p["n"], _kind(p)
        if kind == "euro":
            header, rows = sales_table(rng, n)
            formats = {"B": "yyyy-mm-dd", "G": "0.00", "H": "0.00"}
        elif kind == "percent":
            header, rows = budget_table(rng, n)
            spend = sum(r[3] for r in rows)
            header.append("Share of spend")
            for r in rows:
                r.append(round(r[3] / spend, 4))
            formats = {"C": "#,##0.00", "D": "#,##0.00", "E": "#,##0.00", "F": "0.0000"}
        else:
            header, rows = invoice_table(rng, n)
            formats = {"C": "mm/dd/yy", "D": "mm/dd/yy", "E": "#,##0.00"}
            formats[p["col"]] = "d mmmm yyyy"
        widths = {c: 15 for c in "ABCDEFGH"}
        return [
            {"title": p["sheet"], "rows": [header, *rows], "formats": formats, "widths": widths}
        ], ""

    def patch(self, p: dict[str, Any]) -> str:
        fmt = {"euro": '"€"#,##0.00', "percent": "0.0%", "isodate": "yyyy-mm-dd"}[_kind(p)]
        return f"""
ws = wb[F["sheet"]]
for row in range(2, F["n"] + 2):
    ws[F["col"] + str(row)].number_format = {fmt!r}
"""

    def checks(self, p: dict[str, Any]) -> str:
        return f"""
ws = wb[P["sheet"]]
cells = [ws[P["col"] + str(row)] for row in range(2, P["n"] + 2)]
cleaned = [str(c.number_format).replace("\\\\", "").replace('"', "") for c in cells]
good = [f for f in cleaned if {_FORMAT_TESTS[_kind(p)]}]
typed = [c for c in cells if c.value is not None and not isinstance(c.value, str)]
checks.append(("header_kept", 0, norm_text(ws[P["col"] + "1"].value) == norm_text(P["header"]),
               "header: " + text_of(ws[P["col"] + "1"].value)))
checks.append(("values_kept", 0, len(typed) == P["n"], f"{{len(typed)}} of {{P['n']}} values"))
checks.append(("most_cells", 1, len(good) * 2 >= P["n"], f"{{len(good)}} of {{P['n']}} formatted"))
checks.append(("all_cells", 3, len(good) == P["n"],
               "formats seen: " + ", ".join(sorted(set(cleaned)))))
"""


_FILLS: tuple[tuple[str, str], ...] = (
    ("dark blue", "1F4E78"),
    ("dark green", "375623"),
    ("dark red", "833C0B"),
    ("dark purple", "5B2C6F"),
    ("dark teal", "0E6655"),
)


class StyleHeaderRow(CalcFamily):
    id: ClassVar[str] = "style-header-row"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formatting", "font-and-fill", "header-style")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        name, rgb = rng.choice(_FILLS)
        n = rng.randint(20, 40)
        path = f"/home/user/Documents/{slug(company)}_sales_log.xlsx"
        return self.make_task(
            task_id,
            f"Make the header row of sheet {quote('Sales')} in {path} (cells A1:H1) bold white "
            f"text (#FFFFFF) on a solid {name} background, colour #{rgb}. Leave the data rows "
            "as they are.",
            f"{company}'s sales log {path} is open in LibreOffice Calc; sheet {quote('Sales')} "
            f"has plain header labels in A1:H1 and {n} orders below. {SAVE_NOTE}",
            path=path,
            sheet="Sales",
            color_name=name,
            fill=rgb,
            n=n,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        header, rows = sales_table(rng, p["n"])
        return [
            {
                "title": p["sheet"],
                "rows": [header, *rows],
                "formats": {"B": "yyyy-mm-dd", "G": "#,##0.00", "H": "#,##0.00"},
                "widths": {c: 14 for c in "ABCDEFGH"},
            }
        ], ""

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = wb[F["sheet"]]
for (cell,) in ws.iter_cols(min_row=1, max_row=1, min_col=1, max_col=8):
    cell.font = Font(name=cell.font.name, size=cell.font.sz, bold=True, color="FFFFFFFF")
    cell.fill = PatternFill(fill_type="solid", fgColor="FF" + F["fill"], bgColor="FF" + F["fill"])
"""

    def checks(self, p: dict[str, Any]) -> str:
        return """
ws = wb[P["sheet"]]
head = [ws.cell(row=1, column=c) for c in range(1, 9)]
first = [ws.cell(row=2, column=c) for c in range(1, 9)]
bold = [c.coordinate for c in head if c.font is not None and c.font.b]
white = [c.coordinate for c in head if c.font is not None and rgb6(c.font.color) == "FFFFFF"]
filled = [c.coordinate for c in head
          if c.fill.fill_type == "solid" and rgb6(c.fill.fgColor) == P["fill"]]
leaked = [c.coordinate for c in first
          if c.fill.fill_type == "solid" and rgb6(c.fill.fgColor) == P["fill"]]
labels = [c.value for c in head if isinstance(c.value, str) and c.value.strip()]
checks.append(("labels_kept", 0, len(labels) == 8, f"{len(labels)} header labels"))
checks.append(("data_rows_unstyled", 0, not leaked, "row 2 filled: " + ",".join(leaked)))
checks.append(("bold", 1, len(bold) == 8, "bold: " + ",".join(bold)))
checks.append(("white_text", 1, len(white) == 8, "white: " + ",".join(white)))
checks.append(("fill", 2, len(filled) == 8,
               "fills: " + ",".join(sorted({rgb6(c.fill.fgColor) or "-" for c in head}))))
"""


class HighlightCells(CalcFamily):
    id: ClassVar[str] = "highlight-cells"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formatting", "conditional", "highlight-rule")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        n = rng.randint(20, 36)
        path = f"/home/user/Documents/{slug(company)}_budget_review.xlsx"
        if rng.random() < 0.5:
            col, header, op, threshold = "E", "Variance", "below", 0
            color_name, rgb = "light red", "FFC7CE"
        else:
            col, header, op = "D", "Actual", "above"
            threshold = rng.choice([15000, 20000, 25000])
            color_name, rgb = "light yellow", "FFEB9C"
        return self.make_task(
            task_id,
            f"In sheet {quote('Budget')} of {path}, give every {header} cell "
            f"({col}2:{col}{n + 1}) whose value is {op} {threshold} a solid {color_name} "
            f"background (#{rgb}), applied by a rule so the highlighting follows the numbers "
            "when they change. Other cells keep their look.",
            f"{company}'s budget review {path} is open in LibreOffice Calc. Sheet "
            f"{quote('Budget')} lists {n} budget lines (rows 2 to {n + 1}) with Department, "
            f"Category, Budget, Actual and Variance (= Budget - Actual). {SAVE_NOTE}",
            path=path,
            sheet="Budget",
            col=col,
            header=header,
            op=op,
            threshold=threshold,
            color_name=color_name,
            fill=rgb,
            n=n,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        header, rows = budget_table(rng, p["n"])
        return [
            {
                "title": p["sheet"],
                "rows": [header, *rows],
                "formats": {c: "#,##0.00" for c in "CDE"},
                "widths": {"A": 16, "B": 18, "C": 12, "D": 12, "E": 12},
            }
        ], ""

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = wb[F["sheet"]]
fill = PatternFill(fill_type="solid", start_color="FF" + F["fill"], end_color="FF" + F["fill"])
operator = "lessThan" if F["op"] == "below" else "greaterThan"
ws.conditional_formatting.add(
    f"{F['col']}2:{F['col']}{F['n'] + 1}",
    CellIsRule(operator=operator, formula=[str(F["threshold"])], fill=fill),
)
"""

    def checks(self, p: dict[str, Any]) -> str:
        return """
ws = wb[P["sheet"]]
col = openpyxl.utils.cell.column_index_from_string(P["col"])
wanted = set(range(2, P["n"] + 2))
sign = "<" if P["op"] == "below" else ">"
operator = "lessThan" if P["op"] == "below" else "greaterThan"
expression = f"{P['col']}2{sign}{P['threshold']}"
found = []  # (covers the column, right condition, right fill) per rule
for cf in ws.conditional_formatting:
    rows = set()
    for part in str(cf.sqref).split():
        c1, r1, c2, r2 = openpyxl.utils.cell.range_boundaries(part)
        if c1 <= col <= c2:
            rows |= set(range(r1, r2 + 1))
    for rule in cf.rules:
        formula = [str(f).replace("$", "").replace(" ", "").upper() for f in rule.formula or []]
        cond = (rule.type == "cellIs" and rule.operator == operator and len(formula) == 1
                and close(maybe_number(formula[0]), float(P["threshold"])))
        cond = cond or (rule.type == "expression" and formula == [expression])
        dfill = rule.dxf.fill if rule.dxf is not None else None
        colors = {rgb6(dfill.fgColor), rgb6(dfill.bgColor)} if dfill is not None else set()
        found.append((wanted <= rows, cond, P["fill"] in colors))
values = [ws.cell(row=r, column=col).value for r in sorted(wanted)]
numbers = [v for v in values if is_number(v)]
static = [ws.cell(row=r, column=col).coordinate for r in sorted(wanted)
          if rgb6(ws.cell(row=r, column=col).fill.fgColor) == P["fill"]]
checks.append(("values_kept", 0, len(numbers) == P["n"], f"{len(numbers)} numbers in the column"))
checks.append(("rule_on_range", 1, any(a for a, _, _ in found),
               f"{len(found)} rule(s) on the sheet"))
checks.append(("rule_condition", 2, any(a and b for a, b, _ in found), f"rules: {found}"))
checks.append(("rule_fill", 1, any(a and b and c for a, b, c in found), f"rules: {found}"))
checks.append(("no_static_fill", 0, not static, "cells filled by hand: " + ",".join(static[:5])))
"""

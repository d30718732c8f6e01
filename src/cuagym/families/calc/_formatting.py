"""Families on how cells look: number formats, header font and fill, conditional formatting."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.calc import (
    COMPANIES,
    budget_table,
    invoice_table,
    sales_table,
    slug,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.calc._base import SAVE_NOTE, CalcFamily, CalcParams, Sheet, quote

__all__ = ["ApplyNumberFormat", "HighlightCells", "StyleHeaderRow"]

# kind -> (what the instruction asks for, example rendering)
_FORMATS: dict[str, tuple[str, str]] = {
    "euro": ("euro amounts with the € sign, two decimals and a thousands separator", "€1,234.50"),
    "percent": ("percentages with exactly one decimal", "12.5%"),
    "isodate": ("dates in year-month-day form", "2025-03-07"),
}
# The reward's test of one cell's number format ``f`` per kind, read as a spreadsheet reads it
# (``format_codes``: the format characters alone; ``format_symbols``: literals and currency
# symbols): ``0.0"%"`` is no percent format, ``#,##0.000`` no two-decimal one, and a euro amount
# shows the € sign, not "EUR".
_FORMAT_TESTS: dict[str, str] = {
    "euro": 'format_codes(f) == "#,##0.00" and format_symbols(f) == ["€"]',
    "percent": 'format_codes(f) in ("0.0%", "#,##0.0%") and not format_symbols(f)',
    "isodate": (
        'format_shows(f).lower() == "yyyy-mm-dd" '
        'and format_codes(f).lower() in ("yyyy-mm-dd", "yyyymmdd")'
    ),
}


def _kind(p: dict[str, Any]) -> str:
    """The format kind a task's stated ``display`` phrase names."""
    return next(k for k, (what, _) in _FORMATS.items() if what == p["display"])


class ApplyNumberFormatParams(CalcParams):
    """What a :class:`ApplyNumberFormat` task states (its ``params``)."""

    sheet: str
    header: str
    col: str
    n: int
    display: str
    example: str


class ApplyNumberFormat(CalcFamily):
    id: ClassVar[str] = "apply-number-format"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formatting", "number-format", "apply-format")
    params_type: ClassVar[type[TaskParams] | None] = ApplyNumberFormatParams

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
        cells, name, tab = f"{col}2:{col}{n + 1}", quote(header), quote(sheet)
        instruction = rng.choice(
            [
                f"In {path}, make the {name} column (cells {cells} of sheet {tab}) display its "
                f"values as {what}, e.g. {example}.",
                f"The {name} values in sheet {tab} of {path} should show as {what} ({example}, "
                f"for instance). Change how {cells} are displayed, not the stored values.",
                f"Format {cells}, the {name} cells of sheet {tab} in {path}, so that every value "
                f"reads as {what}, like {example}.",
                f"I want the {name} column of {path} to read as {what}, the way {example} looks; "
                f"only the display of cells {cells} on sheet {tab} changes.",
                f"Show each entry of the {name} column on sheet {tab} of {path} as {what}: cells "
                f"{cells} should look like {example} while keeping their underlying values.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
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
        # Only number formats may change, and only in the task's column (a whole-column
        # selection also formats the header: harmless, it is text); values stay as they were.
        return f"""
ws = wb[P["sheet"]]
cells = [ws[P["col"] + str(row)] for row in range(2, P["n"] + 2)]
formats = [(c.coordinate, c.number_format) for c in cells]
good = [k for k, f in formats if {_FORMAT_TESTS[_kind(p)]}]
seen = sorted({{str(c.number_format) for c in cells}})
extra = unexpected_changes(before, after, [[P["sheet"] + "!" + P["col"] + ":" + P["col"],
                                            ["format"]]])
checks.append(("header_kept", 0, ws[P["col"] + "1"].value == P["header"],
               "header: " + text_of(ws[P["col"] + "1"].value)))
checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
checks.append(("most_cells", 1, len(good) * 2 >= P["n"], f"{{len(good)}} of {{P['n']}} formatted"))
checks.append(("all_cells", 3, len(good) == P["n"], "formats seen: " + listing(seen)))
"""


_FILLS: tuple[tuple[str, str], ...] = (
    ("dark blue", "1F4E78"),
    ("dark green", "375623"),
    ("dark red", "833C0B"),
    ("dark purple", "5B2C6F"),
    ("dark teal", "0E6655"),
)


class StyleHeaderRowParams(CalcParams):
    """What a :class:`StyleHeaderRow` task states (its ``params``)."""

    sheet: str
    color_name: str
    fill: str
    n: int


class StyleHeaderRow(CalcFamily):
    id: ClassVar[str] = "style-header-row"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formatting", "font-and-fill", "header-style")
    params_type: ClassVar[type[TaskParams] | None] = StyleHeaderRowParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        name, rgb = rng.choice(_FILLS)
        n = rng.randint(20, 40)
        path = f"/home/user/Documents/{slug(company)}_sales_log.xlsx"
        sales = quote("Sales")
        instruction = rng.choice(
            [
                f"Make the header row of sheet {sales} in {path} (cells A1:H1) bold white text "
                f"(#FFFFFF) on a solid {name} background, colour #{rgb}. Leave the data rows as "
                "they are.",
                f"Style the column labels in A1:H1 of sheet {sales} ({path}): bold, white "
                f"(#FFFFFF) lettering and a solid {name} fill of #{rgb}; the order rows below "
                "keep their current look.",
                f"I'd like the first row of the {sales} sheet in {path} to stand out: cells "
                f"A1:H1 in bold with font colour #FFFFFF, filled solid in {name} (#{rgb}). "
                "Nothing below the header row changes.",
                f"Give the header cells A1:H1 on sheet {sales} of {path} a solid #{rgb} "
                f"background ({name}) and bold white #FFFFFF text, leaving every data row "
                "untouched.",
                f"Bold white text (#FFFFFF) over a solid {name} #{rgb} background is our house "
                f"style for table headers; apply it to A1:H1 of sheet {sales} in {path} and to "
                "nothing else.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
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
        # The view's font part is (bold, italic, underline, strike, colour, size): only bold
        # and colour may change, the fill is the asked solid colour, nothing else anywhere.
        return """
head = [P["sheet"] + "!" + c + "1" for c in "ABCDEFGH"]
was = [before.get(k) or PLAIN_CELL for k in head]
now = [after.get(k) or PLAIN_CELL for k in head]
bold = [k for k, cell in zip(head, now) if cell[2][0]]
white = [k for k, cell in zip(head, now) if cell[2][4] == "FFFFFF"]
filled = [k for k, cell in zip(head, now) if cell[3] == P["fill"]]
restyled = [k for k, old, new in zip(head, was, now)
            if [new[2][1], new[2][2], new[2][3], new[2][5:]] != [old[2][1], old[2][2], old[2][3],
                                                                  old[2][5:]]]
extra = unexpected_changes(before, after, [[P["sheet"] + "!A1:H1", ["font", "fill"]]])
checks.append(("labels_kept", 0, [c[0] for c in now] == [c[0] for c in was],
               "labels: " + listing([text_of(c[0]) for c in now], 8)))
checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
checks.append(("no_other_font_change", 0, not restyled,
               "italic, underline, strike or size changed: " + listing(restyled)))
checks.append(("bold", 1, len(bold) == 8, "bold: " + listing(bold, 8)))
checks.append(("white_text", 1, len(white) == 8, "white: " + listing(white, 8)))
checks.append(("fill", 2, len(filled) == 8,
               "fills: " + listing(sorted({c[3] or "-" for c in now}))))
"""


class HighlightCellsParams(CalcParams):
    """What a :class:`HighlightCells` task states (its ``params``)."""

    sheet: str
    col: str
    header: str
    op: str
    threshold: int
    color_name: str
    fill: str
    n: int


class HighlightCells(CalcFamily):
    id: ClassVar[str] = "highlight-cells"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formatting", "conditional", "highlight-rule")
    params_type: ClassVar[type[TaskParams] | None] = HighlightCellsParams
    # Calc's conditional formats apply a cell style, not a bare colour: the oracle defines a
    # new style with the asked background, and the reward checks that fill on the rule.
    also_covers: ClassVar[tuple[str, ...]] = ("calc:formatting/styles/cell-styles",)

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
        cells, budget = f"{col}2:{col}{n + 1}", quote("Budget")
        instruction = rng.choice(
            [
                f"In sheet {budget} of {path}, give every {header} cell ({cells}) whose value is "
                f"{op} {threshold} a solid {color_name} background (#{rgb}), applied by a rule so "
                "the highlighting follows the numbers when they change. Other cells keep their "
                "look.",
                f"On sheet {budget} of {path}, have a rule colour each {header} cell in {cells} "
                f"with a solid {color_name} background (#{rgb}) whenever its value is {op} "
                f"{threshold}, so the colour updates as the numbers change; nothing else is "
                "restyled.",
                f"Make the {header} values {op} {threshold} stand out in {path}: cells {cells} of "
                f"sheet {budget} get a solid #{rgb} ({color_name}) fill from a formatting rule, "
                "not a fixed fill, and no other cell changes appearance.",
                f"I want a live highlight in sheet {budget} of {path}: any {header} cell "
                f"({cells}) that is {op} {threshold} shows a solid {color_name} background, "
                f"colour #{rgb}, driven by a rule that re-evaluates when values change. Leave "
                "every other cell's look alone.",
                f"Conditionally shade the {header} column of {path} (sheet {budget}, {cells}): a "
                f"value {op} {threshold} gets a solid #{rgb} background, the {color_name} one, "
                "and the shading must follow later edits. The rest of the sheet keeps its look.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
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
        # One rule, on exactly the stated cells, with the stated comparison and fill and no
        # other formatting (a bold or coloured font is more than was asked); nothing else of
        # the workbook changes (cells filled by hand are a change of the cells).
        return """
rules = after.get(P["sheet"] + ":conditional") or []
target = P["col"] + "2:" + P["col"] + str(P["n"] + 1)
operator = "lessThan" if P["op"] == "below" else "greaterThan"
expression = P["col"] + "2" + ("<" if P["op"] == "below" else ">") + str(P["threshold"])
found = []  # (on the stated cells, right condition, right fill, no other formatting) per rule
for sqref, kind, op, formula, fill, font, bold in rules:
    cond = (kind == "cellIs" and op == operator and len(formula) == 1
            and close(maybe_number(formula[0].replace("$", "")), float(P["threshold"])))
    cond = cond or (kind == "expression" and [f.replace("$", "") for f in formula] == [expression])
    found.append((sqref.replace("$", "") == target, cond, fill == P["fill"],
                  font in ("", "000000", "theme:1") and not bold))
extra = unexpected_changes(before, after, [[P["sheet"] + ":conditional", "*"]])
checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
checks.append(("one_rule", 0, len(rules) <= 1, f"{len(rules)} rules on the sheet"))
checks.append(("rule_on_range", 1, any(a for a, _, _, _ in found), f"rules: {rules}"))
checks.append(("rule_condition", 2, any(a and b for a, b, _, _ in found), f"rules: {rules}"))
checks.append(("rule_fill", 1, any(a and b and c and d for a, b, c, d in found),
               f"rules: {rules}"))
"""

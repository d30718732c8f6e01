"""Families on the data itself: sorting, validation lists, extracting rows, charts."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.calc import (
    COMPANIES,
    invoice_table,
    region_summary,
    sales_table,
    slug,
    task_table,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.calc._base import SAVE_NOTE, CalcFamily, CalcParams, Sheet, quote
from cuagym.families.calc._data_checks import (
    dropdown_list,
    extract_rows_to_sheet,
    region_chart,
    sort_rows,
)
from cuagym.scripts import statements_of

__all__ = ["DropdownList", "ExtractRowsToSheet", "RegionChart", "SortRows"]

# (primary column, direction, secondary column, direction); columns of the sales table
_SORTS: tuple[tuple[str, str, str, str], ...] = (
    ("Region", "A to Z", "Revenue", "largest first"),
    ("Sales rep", "A to Z", "Date", "newest first"),
    ("Product", "A to Z", "Units", "largest first"),
    ("Region", "Z to A", "Order ID", "A to Z"),
)
_COLS = {
    "Order ID": "A",
    "Date": "B",
    "Region": "C",
    "Sales rep": "D",
    "Product": "E",
    "Units": "F",
    "Unit price": "G",
    "Revenue": "H",
}


class SortRowsParams(CalcParams):
    """What a :class:`SortRows` task states (its ``params``)."""

    sheet: str
    key1: str
    dir1: str
    key2: str
    dir2: str
    col1: str
    col2: str
    n: int


class SortRows(CalcFamily):
    id: ClassVar[str] = "sort-rows"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("data", "sort", "multi-key-sort")
    params_type: ClassVar[type[TaskParams] | None] = SortRowsParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        key1, dir1, key2, dir2 = rng.choice(_SORTS)
        n = rng.randint(24, 40)
        path = f"/home/user/Documents/{slug(company)}_orders_{rng.randint(1, 4)}q.xlsx"
        orders = quote("Orders")
        instruction = rng.choice(
            [
                f"Sort the {n} orders in sheet {orders} of {path} by {key1} ({dir1}), and orders "
                f"with the same {key1} by {key2} ({dir2}). The header stays in row 1 and each "
                "order keeps all its values together.",
                f"Reorder sheet {orders} of {path} so its {n} orders run by {key1} ({dir1}), "
                f"breaking ties on {key2} ({dir2}); the header row stays on top and no order's "
                "values get separated.",
                f"I need the orders in {path} (sheet {orders}) grouped by {key1}, {dir1}, and "
                f"within each {key1} ordered by {key2}, {dir2}. Keep row 1 as the header and move "
                "each order as a whole row.",
                f"Arrange all {n} order rows on sheet {orders} in {path} with {key1} as the main "
                f"sort key ({dir1}) and {key2} as the second key ({dir2}); whole rows move "
                "together and the header is not sorted.",
                f"Sort order for sheet {orders} of {path}: first {key1}, {dir1}; among orders "
                f"sharing a {key1}, {key2}, {dir2}. The header row stays put and every order's "
                "cells stay in one row.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{path} is open in LibreOffice Calc. Sheet {quote('Orders')} has a header in row "
            f"1 and {n} orders in rows 2 to {n + 1}, in date order, with the columns "
            + ", ".join(f"{name} ({col})" for name, col in _COLS.items())
            + f"; Revenue = Units × Unit price. {SAVE_NOTE}",
            path=path,
            sheet="Orders",
            key1=key1,
            dir1=dir1,
            key2=key2,
            dir2=dir2,
            col1=_COLS[key1],
            col2=_COLS[key2],
            n=n,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        header, rows = sales_table(rng, p["n"])
        i1 = "ABCDEFGH".index(p["col1"])
        if [r[i1] for r in rows] == sorted(r[i1] for r in rows):
            rows.reverse()  # never start sorted by the first key
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
cells = list(ws.iter_rows(min_row=2, max_row=F["n"] + 1, max_col=8))
rows = [[c.value for c in row] for row in cells]
formats = [[c.number_format for c in row] for row in cells]
i1, i2 = "ABCDEFGH".index(F["col1"]), "ABCDEFGH".index(F["col2"])
key = lambda v: v.casefold() if isinstance(v, str) else v
order = sorted(range(len(rows)), key=lambda i: key(rows[i][i2]),
               reverse=F["dir2"] in ("largest first", "newest first", "Z to A"))
order = sorted(order, key=lambda i: key(rows[i][i1]), reverse=F["dir1"] == "Z to A")
for r, i in enumerate(order, start=2):
    for c, value in enumerate(rows[i], start=1):
        ws.cell(row=r, column=c, value=value).number_format = formats[i][c - 1]
"""

    def checks(self, p: dict[str, Any]) -> str:
        # Sorting only moves whole rows: the rows (as value tuples) are the same multiset as
        # before, and only values of the order rows change (each column keeps its format).
        return statements_of(sort_rows)


_STATUS_LISTS: tuple[tuple[str, ...], ...] = (
    ("Not started", "In progress", "Blocked", "Done"),
    ("To do", "Doing", "Review", "Done"),
    ("Open", "Waiting", "Closed"),
    ("Planned", "Active", "On hold", "Complete", "Cancelled"),
)


class DropdownListParams(CalcParams):
    """What a :class:`DropdownList` task states (its ``params``)."""

    sheet: str
    items: list[str]
    n: int


class DropdownList(CalcFamily):
    id: ClassVar[str] = "dropdown-list"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("data", "validation", "list-validation")
    params_type: ClassVar[type[TaskParams] | None] = DropdownListParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        items = list(rng.choice(_STATUS_LISTS))
        n = rng.randint(12, 30)
        path = f"/home/user/Documents/{slug(company)}_task_board.xlsx"
        shown = ", ".join(quote(i) for i in items)
        cells, tasks = f"F2:F{n + 1}", quote("Tasks")
        instruction = rng.choice(
            [
                f"Make the Status cells {cells} of sheet {tasks} in {path} accept only these "
                f"values, offered in a drop-down list in this order: {shown}. Any other entry "
                "must be rejected with an error message.",
                f"Restrict the Status entries of {path} (sheet {tasks}, {cells}) to {shown}, "
                "listed in that order in an in-cell drop-down; typing anything else must be "
                "refused with an error.",
                f"People keep typing free text into the Status column of {path}. Make cells "
                f"{cells} on sheet {tasks} offer a drop-down of exactly {shown}, in this order, "
                "and reject any other value with an error message.",
                f"Set up {cells} of sheet {tasks} in {path} so each Status cell can only hold "
                f"one of {shown}, shown in that order as a pick list in the cell, while an error "
                "stops any other entry.",
                f"Only {shown} may go into the Status cells of {path} ({cells} on sheet "
                f"{tasks}): offer them, in that order, in a drop-down on each cell and block "
                "everything else with an error.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{path} is open in LibreOffice Calc. Sheet {quote('Tasks')} lists {n} tasks in "
            f"rows 2 to {n + 1} (Task ID, Task, Owner, Due date, Priority, Status); the Status "
            f"column F is still empty and has no input rules. {SAVE_NOTE}",
            path=path,
            sheet="Tasks",
            items=items,
            n=n,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        header, rows = task_table(rng, p["n"])
        return [
            {
                "title": p["sheet"],
                "rows": [header, *rows],
                "formats": {"D": "yyyy-mm-dd"},
                "widths": {"A": 8, "B": 28, "C": 16, "D": 12, "E": 10, "F": 14},
            }
        ], ""

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = wb[F["sheet"]]
dv = DataValidation(type="list", formula1='"' + ",".join(F["items"]) + '"', allow_blank=True,
                    showDropDown=False, showErrorMessage=True, errorStyle="stop")
dv.add(f"F2:F{F['n'] + 1}")
ws.add_data_validation(dv)
"""

    def checks(self, p: dict[str, Any]) -> str:
        # showDropDown is inverted in the file format: true HIDES the in-cell arrow. One list
        # rule on exactly the Status cells, its items exactly as quoted and in order.
        return statements_of(dropdown_list)


class ExtractRowsToSheetParams(CalcParams):
    """What a :class:`ExtractRowsToSheet` task states (its ``params``)."""

    sheet: str
    other: str
    new: str
    status: str
    n: int


class ExtractRowsToSheet(CalcFamily):
    id: ClassVar[str] = "extract-rows-to-sheet"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("data", "filter", "extract-matching-rows")
    params_type: ClassVar[type[TaskParams] | None] = ExtractRowsToSheetParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        n = rng.randint(24, 40)
        status = rng.choice(["Overdue", "Open"])
        new = rng.choice([f"{status} invoices", f"{status} list", status])
        path = f"/home/user/Documents/{slug(company)}_receivables.xlsx"
        named, src = quote(new), quote("Invoices")
        instruction = rng.choice(
            [
                f"In {path}, add a sheet named {named} placed right after {src}. Starting at A1 "
                f"it should hold the header row of {src} and, below it, every invoice whose "
                f"Status is {status} (all six columns), in the same order as on {src} and "
                f"nothing else. {src} stays unchanged.",
                f"Copy every {status} invoice of {path} onto a new sheet {named} that sits "
                f"directly after {src}: its first row repeats the header of {src}, then the "
                "matching invoices follow with all six columns, in their original order, and "
                f"nothing else. Leave {src} itself unchanged.",
                f"I need a separate list of the invoices whose Status is {status}. In {path}, "
                f"create sheet {named} right after {src} holding, from A1 down, the header of "
                f"{src} and those invoices (six columns each) in the order they appear there; "
                f"{src} must stay as it is.",
                f"Add sheet {named} to {path}, positioned immediately after {src}, containing "
                f"only the header row of {src} (starting at A1) followed by each invoice with "
                f"Status {status}, all six of its columns, in the source order. Do not alter "
                f"{src}.",
                f"Pull the invoices with Status {status} out of {path} into their own sheet: "
                f"name it {named}, place it right behind {src}, and fill it from A1 with the "
                "header row plus the six columns of each such invoice, same order as the source. "
                "The source sheet stays unchanged.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{company}'s receivables workbook {path} is open in LibreOffice Calc. It has two "
            f"sheets, {quote('Invoices')} then {quote('Customers')}. {quote('Invoices')} has a "
            f"header in row 1 and {n} invoices in rows 2 to {n + 1}: Invoice, Customer, Issue "
            f"date, Due date, Amount, Status (Paid, Open or Overdue). {SAVE_NOTE}",
            path=path,
            sheet="Invoices",
            other="Customers",
            new=new,
            status=status,
            n=n,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        header, rows = invoice_table(rng, p["n"])
        customers = sorted({r[1] for r in rows})
        return [
            {
                "title": p["sheet"],
                "rows": [header, *rows],
                "formats": {"C": "yyyy-mm-dd", "D": "yyyy-mm-dd", "E": "#,##0.00"},
                "widths": {"A": 11, "B": 20, "C": 12, "D": 12, "E": 12, "F": 10},
            },
            {
                "title": p["other"],
                "rows": [["Customer", "Account manager"]]
                + [[c, rng.choice(["Ana Silva", "Dev Patel", "Grace Liu"])] for c in customers],
                "widths": {"A": 20, "B": 18},
            },
        ], ""

    def patch(self, p: dict[str, Any]) -> str:
        return """
src = wb[F["sheet"]]
dst = wb.create_sheet(F["new"], index=wb.sheetnames.index(F["sheet"]) + 1)
out = 1
for row in src.iter_rows(min_row=1, max_row=F["n"] + 1, max_col=6):
    if row[0].row == 1 or row[5].value == F["status"]:
        for c, cell in enumerate(row, start=1):
            dst.cell(row=out, column=c, value=cell.value).number_format = cell.number_format
        out += 1
"""

    def checks(self, p: dict[str, Any]) -> str:
        # Values are compared with their kind (a date pasted as text only looks alike); the
        # new sheet is the only change (the source keeps no filter, no hidden rows).
        return statements_of(extract_rows_to_sheet)


class RegionChartParams(CalcParams):
    """What a :class:`RegionChart` task states (its ``params``)."""

    sheet: str
    title: str
    k: int


class RegionChart(CalcFamily):
    id: ClassVar[str] = "region-chart"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("charts", "insert", "column-chart")
    params_type: ClassVar[type[TaskParams] | None] = RegionChartParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        k = rng.randint(4, 6)
        title = rng.choice(["Revenue by region", "Regional revenue 2025", "Revenue per region"])
        path = f"/home/user/Documents/{slug(company)}_regional_summary.xlsx"
        summary, named, values, cats = (
            quote("Summary"),
            quote(title),
            f"C2:C{k + 1}",
            f"A2:A{k + 1}",
        )
        instruction = rng.choice(
            [
                f"On sheet {summary} of {path}, add a column chart (vertical bars) with the title "
                f"{named} that shows one data series, the Revenue values {values}, with the "
                f"region names {cats} as its categories.",
                f"Chart the regional revenue on sheet {summary} of {path}: a column chart "
                f"(vertical bars) titled {named}, with a single series taken from {values} "
                f"(Revenue) and the regions in {cats} as category labels.",
                f"Put a vertical bar chart on sheet {summary} in {path} showing Revenue "
                f"({values}) per region (categories {cats}); it has exactly one data series and "
                f"the title {named}.",
                f"I want to see the {k} regions' revenue at a glance: add to sheet {summary} of "
                f"{path} a column chart with the title {named} whose only series is {values}, "
                f"labelled by the region names in {cats}.",
                f"Create one column chart (vertical bars) on sheet {summary} of {path}: title "
                f"{named}, categories from {cats} (the regions), values from {values} (Revenue) "
                "as its one data series.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{path} is open in LibreOffice Calc. Sheet {quote('Summary')} has a header in row "
            f"1 (Region, Orders, Revenue) and {k} regions in rows 2 to {k + 1}; sheet "
            f"{quote('Notes')} holds remarks. There are no charts yet. {SAVE_NOTE}",
            path=path,
            sheet="Summary",
            title=title,
            k=k,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        header, rows = region_summary(rng, p["k"])
        return [
            {
                "title": p["sheet"],
                "rows": [header, *rows],
                "formats": {"C": "#,##0.00"},
                "widths": {"A": 14, "B": 10, "C": 14},
            },
            {
                "title": "Notes",
                "rows": [
                    ["Note"],
                    ["Figures exported from the CRM on Friday."],
                    ["Revenue excludes VAT."],
                ],
                "widths": {"A": 50},
            },
        ], ""

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = wb[F["sheet"]]
chart = BarChart()
chart.type = "col"
chart.title = F["title"]
chart.add_data(Reference(ws, min_col=3, min_row=2, max_row=F["k"] + 1), titles_from_data=False)
chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=F["k"] + 1))
ws.add_chart(chart, "E2")
"""

    def checks(self, p: dict[str, Any]) -> str:
        # One chart, on the stated sheet, with the exact title; no other change of the workbook.
        return statements_of(region_chart)

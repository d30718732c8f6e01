"""writer → calc: a report's cost table becomes a workbook sheet with computed amounts and a
total.

The reward reads the report's table as it is in the final state (the rows to expect), and
the workbook as the spreadsheet app saved it (cached values: a formula counts by its result).
Guards keep the report and the workbook's other sheet as setup wrote them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.writer import BUDGETS, PEOPLE, body_blocks, heading_block, para
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._office import fragment, quote
from cuagym.families._office_writer import WriterFamily, files_guard
from cuagym.families.cross.writer._to_calc_oracle import TableToWorkbookOracle

#: Script fragments: real modules (:mod:`cuagym.families.cross.writer._fragments`), pasted as text.
_FRAGMENTS = "cuagym.families.cross.writer._fragments"
_TABLE_TO_WORKBOOK_CHECKS = fragment(_FRAGMENTS, "table_to_workbook_checks.py")

__all__ = ["TableToWorkbook"]

HEADER = ("Item", "Quantity", "Unit price", "Amount")


def _frames(doc: str, book: str, part: str) -> list[str]:
    """Sentence frames: each names both files, the section, the sheet, the columns (A-C from
    the report as numbers, D the product), the order, and the Total row."""
    sheet, total = quote("Budget"), quote("Total")
    return [
        f"Copy the line items of the table under {part} in {doc} into the sheet {sheet} of "
        f"{book}, below its headers and in the report's order: Item in column A, Quantity in "
        "B and Unit price in C as numbers, each line's Amount (Quantity \u00d7 Unit price) in "
        f"D, and a last row {total} whose Amount is the sum of the amounts.",
        f"The sheet {sheet} of {book} has only its headers. Fill it from the cost table in the "
        f"{part} section of {doc}: one row per line item in the same order, Item, Quantity "
        "and Unit price (numbers) in A to C, Quantity \u00d7 Unit price in D, then a "
        f"{total} row adding up column D.",
        f"Move the cost table of {doc} ({part} section) into {book}: under the headers of "
        f"{sheet}, each line item with its Item, Quantity and Unit price as numbers in "
        "columns A to C and its Amount, the product of the two, in D; finish with a "
        f"{total} row holding the sum of the amounts.",
        f"I want the line items from {part} in {doc} as a spreadsheet in {book}, sheet "
        f"{sheet}: same order, columns A to C for Item, Quantity and Unit price (numbers), "
        f"column D for Quantity \u00d7 Unit price, and a closing {total} row whose D is the "
        "sum.",
        f"Transfer every line of the table under {part} in {doc} to the {sheet} sheet of "
        f"{book}, starting below its headers in the report's order (A: item, B: quantity, C: "
        "unit price, as numbers; D: their product), and add a final row "
        f"{total} with the amounts summed in D.",
        f"Procurement wants to sort and filter the costs in {doc}, which a document cannot "
        f"do. Put the {part} line items on sheet {sheet} of {book}, in the same order: item, "
        "quantity and unit price as numbers in A to C, quantity times unit price in D, and "
        f"a {total} row at the end adding up D.",
        f"Our accountant only accepts spreadsheets. The costs listed under {part} in {doc} "
        f"therefore belong in {book}, sheet {sheet}, one row each in document order, with "
        "numeric quantity and unit price next to the item and their product in column D, "
        f"then {total} with the sum of column D.",
        f"What will the purchases in {doc} cost altogether? Let {book} answer it: on "
        f"{sheet}, below the headers, each line item of the {part} table with its quantity "
        "and unit price as numbers, its amount (the two multiplied) in D, keeping the "
        f"report's order, and a closing {total} row summing the amounts.",
        f"Before the budget meeting, the figures of the {part} table in {doc} must be in "
        f"{book} too. Sheet {sheet} should list the items in the report's sequence with "
        "quantity and unit price stored as numbers in B and C, each line's amount in D, "
        f"and a last row {total} whose amount is the sum.",
        f"I keep a workbook, {book}, for every budget we approve. Add the one from the "
        f"{part} section of {doc} to its {sheet} sheet: items in order in A, quantities in "
        "B and unit prices in C as numbers, per-line amounts (quantity multiplied by price) "
        f"in D, and a {total} row totalling D.",
    ]


class TableToWorkbookParams(TaskParams):
    """What a table-to-workbook task states (its ``params``)."""

    path: str
    report: str
    title: str
    section: str
    rows: int
    sheet: str


class TableToWorkbook(WriterFamily):
    id: ClassVar[str] = "table-to-workbook"
    params_type: ClassVar[type[TaskParams] | None] = TableToWorkbookParams
    apps: ClassVar[tuple[str, ...]] = ("writer", "calc")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("sharing", "export", "table-to-workbook")
    also_covers: ClassVar[tuple[str, ...]] = ("calc:formulas/aggregate/sum-average",)

    reward_imports: ClassVar[str] = (
        WriterFamily.reward_imports + "from openpyxl import load_workbook\n"
    )
    patch_imports: ClassVar[str] = (
        WriterFamily.patch_imports + "from openpyxl import load_workbook\n"
    )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The report in Writer, then the workbook in Calc (on top: it is what changes)."""
        return [
            StartWindow(app="writer", path=params["report"]),
            StartWindow(app="calc", path=params["path"]),
        ]

    def oracle(self, task: TaskConfig) -> Policy | None:
        """A Calc oracle: the workbook is what changes
        (:mod:`cuagym.families.cross.writer._to_calc_oracle`)."""
        return TableToWorkbookOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        title, stem, section, _ = rng.choice(BUDGETS)
        rows = rng.randint(3, 4)
        report = f"/home/user/Documents/{stem}.docx"
        book = f"/home/user/Documents/{stem}_budget.xlsx"
        doc, name = report.rsplit("/", 1)[-1], book.rsplit("/", 1)[-1]
        return self.make_task(
            task_id,
            rng.choice(_frames(doc, name, quote(section))),
            f"{report} is the {title}; its {quote(section)} section holds a table with the "
            f"columns Item, Quantity and Unit price and {rows} line items. {book} has a sheet "
            "\u201cBudget\u201d whose row 1 holds the headers Item, Quantity, Unit price and "
            "Amount, nothing below them, and a sheet \u201cNotes\u201d.",
            path=book,
            report=report,
            title=title,
            section=section,
            rows=rows,
            sheet="Budget",
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        items = next(b[3] for b in BUDGETS if b[2] == p["section"])
        table = [list(HEADER[:3])]
        for name, low, high in rng.sample(items, p["rows"]):
            price = round(rng.uniform(low, high) * 4) / 4
            table.append([name, str(rng.randint(1, 40)), f"{price:.2f}"])
        blocks: list[dict[str, Any]] = [
            {"t": "title", "text": p["title"]},
            heading_block("Purpose"),
            *body_blocks(rng, "the purchase", 1, 2),
            heading_block(p["section"]),
            para("All prices exclude VAT."),
            {"t": "table", "rows": table},
            heading_block("Approval"),
            para(f"Submitted by {rng.choice(PEOPLE)}.", "i"),
        ]
        notes = [["Note"], ["Prices exclude VAT."], [f"Source: {p['title']}."]]
        book = {
            "kind": "xlsx",
            "path": p["path"],
            "sheets": [
                {"name": p["sheet"], "rows": [list(HEADER)], "widths": [26, 10, 12, 12]},
                {"name": "Notes", "rows": notes, "widths": [40]},
            ],
        }
        return [
            {"kind": "docx", "path": p["report"], "title": p["title"], "blocks": blocks},
            book,
        ]

    def patch(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["report"])
table = next(t for t in doc.tables if t.rows[0].cells[0].text == "Item")
book = load_workbook(P["path"])
ws = book[P["sheet"]]
total = 0.0
for row in list(table.rows)[1:]:
    item, quantity, price = [c.text for c in row.cells]
    amount = round(float(quantity) * float(price), 2)
    total += amount
    ws.append([item, float(quantity), float(price), amount])
ws.append(["Total", None, None, round(total, 2)])
book.save(P["path"])
"""

    def reward_read(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["report"])
book = load_workbook(P["path"], data_only=True)
start = load_workbook(initial_path(P["path"]), data_only=True)
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return _TABLE_TO_WORKBOOK_CHECKS + files_guard("path")

    reward_helpers: ClassVar[str] = WriterFamily.reward_helpers + f"\n\nHEADER = {list(HEADER)!r}\n"

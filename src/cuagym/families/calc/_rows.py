"""Families on whole rows: cancelled orders deleted, the rows below moving up."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.calc import COMPANIES, sales_table, slug
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.calc._base import SAVE_NOTE, CalcFamily, CalcParams, Sheet, quote

__all__ = ["DeleteCancelledRows"]


class DeleteCancelledRowsParams(CalcParams):
    """What a :class:`DeleteCancelledRows` task states (its ``params``)."""

    sheet: str
    word: str
    cancelled: int
    n: int


class DeleteCancelledRows(CalcFamily):
    """Every order whose Status is the cancelled word loses its whole row; the orders below
    move up, so the list has no gaps and keeps its order."""

    id: ClassVar[str] = "delete-cancelled-rows"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("layout", "rows-columns", "insert-delete")
    params_type: ClassVar[type[TaskParams] | None] = DeleteCancelledRowsParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        n = rng.randint(18, 30)
        cancelled = rng.randint(3, 5)
        word = rng.choice(["Cancelled", "Void", "Withdrawn"])
        path = f"/home/user/Documents/{slug(company)}_order_log.xlsx"
        tab, status = quote("Orders"), quote(word)
        instruction = rng.choice(
            [
                f"Delete the whole row of every order whose Status (column I) is {status} in "
                f"sheet {tab} of {path}, so the orders below move up and the list has no "
                "empty rows. The other orders stay in their order.",
                f"Clean the {status} orders out of {path}: on sheet {tab}, remove each of "
                "their rows entirely, closing the gaps, and keep every other order, in the "
                "same sequence.",
                f"Sheet {tab} of {path} should list only live orders. Take out the rows whose "
                f"Status reads {status} (the rows themselves, not just their contents) and "
                "leave the remaining rows in their original order.",
                f"Remove the {cancelled} orders marked {status} in column I from sheet {tab} "
                f"in {path}: their rows disappear and the rows after them shift up; the header "
                "and all other orders are kept as they are.",
                f"I no longer want the {status} orders in {path}. Delete those rows from sheet "
                f"{tab} so the list closes up without blank lines, other orders unchanged and "
                "in order.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{company}'s order log {path} is open in LibreOffice Calc. Sheet {tab} has a "
            f"header in row 1 and {n} orders in rows 2 to {n + 1} with the columns Order ID, "
            f"Date, Region, Sales rep, Product, Units, Unit price, Revenue and Status (A to "
            f"I); {cancelled} of them have the Status {status}, the others {quote('Open')} or "
            f"{quote('Shipped')}. {SAVE_NOTE}",
            path=path,
            sheet="Orders",
            word=word,
            cancelled=cancelled,
            n=n,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        header, rows = sales_table(rng, p["n"])
        gone = set(rng.sample(range(p["n"]), p["cancelled"]))
        for i, row in enumerate(rows):
            row.append(p["word"] if i in gone else rng.choice(["Open", "Shipped"]))
        return [
            {
                "title": p["sheet"],
                "rows": [[*header, "Status"], *rows],
                "formats": {"B": "yyyy-mm-dd", "G": "#,##0.00", "H": "#,##0.00"},
                "widths": {c: 14 for c in "ABCDEFGHI"},
            }
        ], ""

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = wb[F["sheet"]]
for r in range(F["n"] + 1, 1, -1):  # bottom up: a deletion moves only the rows below it
    if ws.cell(row=r, column=9).value == F["word"]:
        ws.delete_rows(r)
"""

    def checks(self, p: dict[str, Any]) -> str:
        # The orders as setup wrote them (the initial file) minus the cancelled ones must be
        # the rows now, value by value and in order, with nothing below them. Keeping the
        # other orders is a guard (it holds at the start); cleared rows leave gaps.
        return """
ws = wb[P["sheet"]]
first = openpyxl.load_workbook(initial_path(P["path"]))[P["sheet"]]
old = [typed_row(first, r, 9) for r in range(2, first.max_row + 1)]
keep = [row for row in old if row[8][1] != P["word"]]
now = [typed_row(ws, r, 9) for r in range(2, max(ws.max_row, first.max_row) + 1)]
filled = [row for row in now if any(kind != "empty" for kind, _ in row)]
gone = [row for row in now if row[8][1] == P["word"]]
header_ok = typed_row(ws, 1, 9) == typed_row(first, 1, 9)
others = [name for name in wb.sheetnames if name != P["sheet"]]
checks.append(("orders_known", 0, len(old) == P["n"] and len(old) - len(keep) == P["cancelled"],
               f"{len(old)} orders, {len(old) - len(keep)} {P['word']}"))
checks.append(("header_kept", 0, header_ok and not others, "row 1 and the sheet list as they were"))
checks.append(("none_left", 2, not gone, f"{len(gone)} {P['word']} orders still there"))
checks.append(("others_kept_in_order", 0, [r for r in now if r in keep] == keep
               and all(r in now for r in keep), "the other orders, in order"))
checks.append(("no_gaps", 2, now[: len(filled)] == filled and filled == keep,
               f"{len(filled)} filled rows from row 2, {len(keep)} expected"))
"""

"""Families on sheet layout: merged title cells and frozen panes."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.calc import COMPANIES, budget_table, sales_table, slug
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.calc._base import SAVE_NOTE, CalcFamily, CalcParams, Sheet, quote

__all__ = ["FreezePanes", "MergeTitle"]


class MergeTitleParams(CalcParams):
    """What a :class:`MergeTitle` task states (its ``params``)."""

    sheet: str
    title: str
    n: int


class MergeTitle(CalcFamily):
    id: ClassVar[str] = "merge-title"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("layout", "cells", "merge-cells")
    params_type: ClassVar[type[TaskParams] | None] = MergeTitleParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        quarter = rng.choice(["Q1", "Q2", "Q3", "Q4"])
        title = f"{company} - {quarter} 2025 budget review"
        n = rng.randint(18, 30)
        path = f"/home/user/Documents/{slug(company)}_{quarter.lower()}_budget.xlsx"
        review, named = quote("Review"), quote(title)
        instruction = rng.choice(
            [
                f"In sheet {review} of {path}, merge cells A1:E1 into one cell that holds the "
                f"title {named}, with the title centred horizontally across it.",
                f"Turn A1:E1 of sheet {review} in {path} into a single merged cell whose title "
                f"{named} is centred across all five columns.",
                f"The title {named} in sheet {review} of {path} should span the table: merge A1 "
                "through E1 and centre the title horizontally in the merged cell.",
                f"Make the heading of {path} sit centred above the table: cells A1:E1 of sheet "
                f"{review} become one merged cell holding {named}, aligned to the centre.",
                f"On sheet {review} of {path} I want one cell covering A1:E1 that shows {named} "
                "centred from left to right, instead of five separate cells.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{path} is open in LibreOffice Calc. Sheet {quote('Review')} has the title "
            f"{quote(title)} in A1, an empty row 2, a header in row 3 (A3:E3) and {n} budget "
            f"lines in rows 4 to {n + 3}. {SAVE_NOTE}",
            path=path,
            sheet="Review",
            title=title,
            n=n,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        header, rows = budget_table(rng, p["n"])
        return [
            {
                "title": p["sheet"],
                "data_row": 4,
                "rows": [[p["title"]], [], header, *rows],
                "formats": {c: "#,##0.00" for c in "CDE"},
                "widths": {"A": 16, "B": 18, "C": 12, "D": 12, "E": 12},
            }
        ], ('wb["Review"]["A1"].font = Font(size=14, bold=True)')

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = wb[F["sheet"]]
ws.merge_cells("A1:E1")
ws["A1"].alignment = Alignment(horizontal="center", vertical=ws["A1"].alignment.vertical)
"""

    def checks(self, p: dict[str, Any]) -> str:
        # The merge and A1's horizontal alignment are the change; the covered cells B1:E1 may
        # take on the merged cell's look. Calc's own Merge and Center Cells also centres
        # vertically (invisible in a one-line row): allowed. The title keeps its text and font.
        return """
key = P["sheet"] + "!A1"
old, new = before.get(key) or PLAIN_CELL, after.get(key) or PLAIN_CELL
merged = after.get(P["sheet"] + ":merged") or []
extra = unexpected_changes(before, after, [[P["sheet"] + ":merged", "*"], [key, ["align"]],
                                           [P["sheet"] + "!B1:E1", ["format", "font", "fill",
                                                                    "align"]]])
checks.append(("title_kept", 0, wb[P["sheet"]]["A1"].value == P["title"],
               "A1: " + text_of(wb[P["sheet"]]["A1"].value)))
checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
checks.append(("merged", 2, "A1:E1" in merged, "merged ranges: " + listing(merged)))
checks.append(("only_that_merge", 0, set(merged) <= {"A1:E1"},
               "merged ranges: " + listing(merged)))
checks.append(("centred", 1, new[4][0] in ("center", "centerContinuous")
               and new[4][1] in (old[4][1], "center") and new[4][2:] == old[4][2:],
               f"A1 alignment: {new[4]}"))
"""


# (rows frozen, columns frozen) -> what the instruction names
_FREEZES: dict[tuple[int, int], str] = {
    (1, 0): "the header row (row 1)",
    (1, 1): "the header row (row 1) and the Order ID column (column A)",
    (1, 2): "the header row (row 1) and the first two columns (Order ID and Date, A:B)",
}


class FreezePanesParams(CalcParams):
    """What a :class:`FreezePanes` task states (its ``params``)."""

    sheet: str
    rows: int
    cols: int
    n: int


class FreezePanes(CalcFamily):
    id: ClassVar[str] = "freeze-panes"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("view", "freeze", "freeze-panes")
    params_type: ClassVar[type[TaskParams] | None] = FreezePanesParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        rows, cols = rng.choice(sorted(_FREEZES))
        n = rng.randint(40, 60)
        path = f"/home/user/Documents/{slug(company)}_order_history.xlsx"
        what = _FREEZES[(rows, cols)]
        orders, columns = quote("Orders"), "column" if cols == 1 else "columns"
        stay = "stays" if cols == 0 else "stay"
        instruction = rng.choice(
            [
                f"In sheet {orders} of {path}, freeze {what} so that "
                f"{'it stays' if cols == 0 else 'they stay'} in view while scrolling through the "
                f"orders: {rows} frozen row and {cols} frozen {columns}.",
                f"Scrolling through sheet {orders} of {path} should keep {what} on screen: "
                f"freeze exactly {rows} row and {cols} {columns} there.",
                f"Lock {what} of sheet {orders} in {path} in place ({rows} frozen row, {cols} "
                f"frozen {columns}) so the labels never scroll out of view.",
                f"I keep losing track of the columns in {path}. On sheet {orders}, freeze panes "
                f"so that {what} {stay} visible; that is {rows} row and {cols} {columns} frozen, "
                "no more.",
                f"Set sheet {orders} of {path} to keep {what} fixed while the rest scrolls, with "
                f"a freeze of {rows} row and {cols} {columns}.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{path} is open in LibreOffice Calc. Sheet {quote('Orders')} has a header row and "
            f"{n} orders (columns A:H: Order ID, Date, Region, Sales rep, Product, Units, Unit "
            f"price, Revenue); no panes are frozen yet. {SAVE_NOTE}",
            path=path,
            sheet="Orders",
            rows=rows,
            cols=cols,
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
ws.freeze_panes = openpyxl.utils.get_column_letter(F["cols"] + 1) + str(F["rows"] + 1)
"""

    def checks(self, p: dict[str, Any]) -> str:
        # The pane's split counts say what is frozen; topLeftCell is only where the lower-right
        # pane is scrolled to, so it is not read.
        cols_points = 1 if p["cols"] else 0
        return f"""
ws = wb[P["sheet"]]
pane = ws.sheet_view.pane
frozen = pane is not None and pane.state in ("frozen", "frozenSplit")
rows_frozen = int(pane.ySplit or 0) if frozen else 0
cols_frozen = int(pane.xSplit or 0) if frozen else 0
extra = unexpected_changes(before, after, [[P["sheet"] + ":freeze", "*"]])
checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
checks.append(("rows_frozen", 2, frozen and rows_frozen == P["rows"],
               f"frozen={{frozen}} rows={{rows_frozen}} state={{getattr(pane, 'state', None)}}"))
checks.append(("cols_frozen", {cols_points}, frozen and cols_frozen == P["cols"] or
               (P["cols"] == 0 and cols_frozen == 0), f"columns frozen: {{cols_frozen}}"))
"""

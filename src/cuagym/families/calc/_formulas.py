"""Families on computed cells: a totals row, an IF status column, a price lookup.

Rewards never trust a cell to be computed by Calc: :func:`shown` (from the reward helpers)
reads the cached value LibreOffice saved, or evaluates the formula itself, so a golden patch
written with openpyxl (no cached values) and an agent's file saved by Calc score the same.
Expected numbers are recomputed from the input cells of the final file.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.calc import (
    COMPANIES,
    budget_table,
    order_lines,
    price_list,
    sales_table,
    slug,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.calc._base import SAVE_NOTE, CalcFamily, CalcParams, Sheet, quote
from cuagym.families.calc._formulas_checks import price_lookup, status_column, totals_row
from cuagym.scripts import statements_of

__all__ = ["PriceLookup", "StatusColumn", "TotalsRow"]


class TotalsRowParams(CalcParams):
    """What a :class:`TotalsRow` task states (its ``params``)."""

    sheet: str
    label: str
    n: int
    row: int


class TotalsRow(CalcFamily):
    id: ClassVar[str] = "totals-row"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formulas", "aggregate", "sum-average")
    params_type: ClassVar[type[TaskParams] | None] = TotalsRowParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        n = rng.randint(24, 45)
        label = rng.choice(["Total", "Average"])
        row = n + 2
        path = f"/home/user/Documents/{slug(company)}_sales.xlsx"
        what = "the sum of" if label == "Total" else "the average of"
        units, revenue, sales = f"F2:F{n + 1}", f"H2:H{n + 1}", quote("Sales")
        instruction = rng.choice(
            [
                f"Below the last order in sheet {sales} of {path}, add a summary row {row}: "
                f"the label {quote(label)} in A{row}, and in F{row} and H{row} formulas that "
                f"compute {what} the Units ({units}) and Revenue ({revenue}) columns, so the row "
                "stays right when an order changes.",
                f"Give sheet {sales} in {path} a {quote(label)} row at row {row}: the label goes "
                f"in A{row}, while F{row} and H{row} hold live formulas giving {what} Units "
                f"({units}) and {what} Revenue ({revenue}) rather than typed numbers.",
                f"I need {what} the Units and Revenue columns under the orders of {path}, on "
                f"sheet {sales}. Row {row} should read {quote(label)} in column A, with a formula "
                f"over {units} in F{row} and one over {revenue} in H{row}, both updating "
                "whenever an order changes.",
                f"Row {row} of sheet {sales} in {path} is still empty; turn it into the "
                f"{quote(label)} line: label in A{row}, {what} {units} in F{row} and {what} "
                f"{revenue} in H{row}, each kept as a formula so it recalculates.",
                f"Summarise the {n} orders of {path} in row {row} of sheet {sales}: A{row} says "
                f"{quote(label)}, and F{row} and H{row} carry formulas that work out {what} Units "
                f"({units}) and {what} Revenue ({revenue}).",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{company}'s sales sheet {path} is open in LibreOffice Calc. Sheet "
            f"{quote('Sales')} has a header in row 1 and {n} orders in rows 2 to {n + 1} "
            f"(Order ID, Date, Region, Sales rep, Product, Units, Unit price, Revenue); row "
            f"{row} is empty. {SAVE_NOTE}",
            path=path,
            sheet="Sales",
            label=label,
            n=n,
            row=row,
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
fn = "SUM" if F["label"] == "Total" else "AVERAGE"
ws.cell(row=F["row"], column=1, value=F["label"])
for col in ("F", "H"):
    ws[f"{col}{F['row']}"] = f"={fn}({col}2:{col}{F['n'] + 1})"
    ws[f"{col}{F['row']}"].number_format = "#,##0.00"
"""

    def checks(self, p: dict[str, Any]) -> str:
        # A formula must read exactly the column's order cells (``=1234`` is a formula that
        # never follows a change); only the three summary cells change.
        return statements_of(totals_row)


class StatusColumnParams(CalcParams):
    """What a :class:`StatusColumn` task states (its ``params``)."""

    sheet: str
    over: str
    under: str
    even: str
    n: int


class StatusColumn(CalcFamily):
    id: ClassVar[str] = "status-column"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formulas", "logical", "if-condition")
    params_type: ClassVar[type[TaskParams] | None] = StatusColumnParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        n = rng.randint(20, 36)
        over, under, even = rng.choice(
            [
                ("Over budget", "Under budget", "On budget"),
                ("OVER", "UNDER", "EVEN"),
                ("Overspent", "Within budget", "Exactly on budget"),
            ]
        )
        path = f"/home/user/Documents/{slug(company)}_spend_tracker.xlsx"
        o, u, e, spend, status = (
            quote(over),
            quote(under),
            quote(even),
            quote("Spend"),
            quote("Status"),
        )
        instruction = rng.choice(
            [
                f"In sheet {spend} of {path}, fill column F for all {n} budget lines: header "
                f"{status} in F1, then for each line {o} when its Actual is greater than its "
                f"Budget, {u} when it is less, and {e} when the two are equal.",
                f"Add a {status} column F to sheet {spend} of {path}: for each of the {n} budget "
                f"lines it reads {o} if Actual exceeds Budget, {u} if Actual is lower, and {e} "
                "if they match exactly.",
                f"Flag every budget line of {path} (sheet {spend}, rows 2 to {n + 1}) in column "
                f"F, headed {status}: lines that spent more than budgeted say {o}, lines that "
                f"spent less say {u}, and lines that spent exactly the budget say {e}.",
                f"Column F of sheet {spend} in {path} needs the header {status} and, on all {n} "
                f"lines, a label comparing Actual with Budget: {o} above budget, {u} below it, "
                f"{e} when equal.",
                f"For the {n} budget lines in sheet {spend} of {path}, show in F2:F{n + 1} "
                f"whether each one is {o} (Actual greater than Budget), {u} (Actual less than "
                f"Budget) or {e} (the two equal), with {status} as the header in F1.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{path} is open in LibreOffice Calc. Sheet {quote('Spend')} has a header in row 1 "
            f"and {n} budget lines in rows 2 to {n + 1}: Department (A), Category (B), Budget "
            f"(C), Actual (D), Variance (E); column F is empty. {SAVE_NOTE}",
            path=path,
            sheet="Spend",
            over=over,
            under=under,
            even=even,
            n=n,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        header, rows = budget_table(rng, p["n"])
        return [
            {
                "title": p["sheet"],
                "rows": [header, *rows],
                "formats": {c: "#,##0.00" for c in "CDE"},
                "widths": {"A": 16, "B": 18, "C": 12, "D": 12, "E": 12, "F": 16},
            }
        ], ""

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = wb[F["sheet"]]
ws["F1"] = "Status"
for r in range(2, F["n"] + 2):
    ws[f"F{r}"] = (f'=IF(D{r}>C{r},"{F["over"]}",IF(D{r}<C{r},"{F["under"]}","{F["even"]}"))')
"""

    def checks(self, p: dict[str, Any]) -> str:
        # The instruction quotes each status: the exact text, not a case or spacing variant.
        return statements_of(status_column)


class PriceLookupParams(CalcParams):
    """What a :class:`PriceLookup` task states (its ``params``)."""

    sheet: str
    prices: str
    n: int
    m: int


class PriceLookup(CalcFamily):
    id: ClassVar[str] = "price-lookup"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formulas", "lookup", "lookup-across-sheets")
    params_type: ClassVar[type[TaskParams] | None] = PriceLookupParams
    # One lookup formula filled down all orders needs the price table's range fixed with $:
    # the oracle types it so, and relative ranges that slide down miss codes and fail the
    # prices checks.
    also_covers: ClassVar[tuple[str, ...]] = ("calc:formulas/references/absolute-references",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        n = rng.randint(20, 32)
        m = rng.randint(6, 9)
        path = f"/home/user/Documents/{slug(company)}_purchase_orders.xlsx"
        orders, prices, e, f = quote("Orders"), quote("Prices"), f"E2:E{n + 1}", f"F2:F{n + 1}"
        instruction = rng.choice(
            [
                f"In sheet {orders} of {path}, fill Unit price ({e}) for all {n} orders with the "
                f"price that sheet {prices} lists for the order's product code, and Line total "
                f"({f}) with Qty × Unit price. Both columns must be formulas, so they follow any "
                f"later change to the {prices} sheet or to a quantity.",
                f"Complete the {n} orders on sheet {orders} of {path}: {e} should pull each "
                f"order's Unit price from sheet {prices} by its product code, and {f} should give "
                f"Line total = Qty × Unit price. Keep both as formulas so a later edit to "
                f"{prices} or to a quantity flows through.",
                f"The Unit price and Line total columns of sheet {orders} in {path} are blank. "
                f"Fill them with formulas: the price comes from the {prices} sheet's entry for "
                f"the order's product code ({e}), the total multiplies Qty by that price ({f}).",
                f"Link the orders to the price list in {path}: every Unit price cell ({e}, sheet "
                f"{orders}) must look its product code up on sheet {prices}, and every Line "
                f"total cell ({f}) must compute Qty × Unit price, with formulas for all {n} "
                "orders.",
                f"I want {path} to price its own orders: on sheet {orders}, have {e} find each "
                f"product code's price on sheet {prices} and {f} multiply that price by the Qty, "
                "as formulas that stay correct when prices or quantities change.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{path} is open in LibreOffice Calc. Sheet {quote('Orders')} has a header and {n} "
            f"orders (Order, Customer, Product code, Qty, Unit price, Line total; the last two "
            f"empty). Sheet {quote('Prices')} lists {m} products in rows 2 to {m + 1}: Code "
            f"(A), Description (B), Unit price (C). Every order's code is on that list. "
            f"{SAVE_NOTE}",
            path=path,
            sheet="Orders",
            prices="Prices",
            n=n,
            m=m,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        p_header, prices = price_list(rng, p["m"])
        o_header, orders = order_lines(rng, p["n"], [r[0] for r in prices])
        return [
            {
                "title": p["sheet"],
                "rows": [o_header, *orders],
                "formats": {"E": "#,##0.00", "F": "#,##0.00"},
                "widths": {"A": 12, "B": 20, "C": 14, "D": 8, "E": 12, "F": 12},
            },
            {
                "title": p["prices"],
                "rows": [p_header, *prices],
                "formats": {"C": "#,##0.00"},
                "widths": {"A": 12, "B": 20, "C": 12},
            },
        ], ""

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = wb[F["sheet"]]
table = f"{F['prices']}!$A$2:$C${F['m'] + 1}"
for r in range(2, F["n"] + 2):
    ws[f"E{r}"] = f"=VLOOKUP(C{r},{table},3,0)"
    ws[f"F{r}"] = f"=D{r}*E{r}"
"""

    def checks(self, p: dict[str, Any]) -> str:
        # A price formula must look the order's own code up on the price sheet (a direct link
        # to one price cell does not follow a changed code); a line total reads the quantity.
        # The price sheet and every other cell stay as they were.
        return statements_of(price_lookup)

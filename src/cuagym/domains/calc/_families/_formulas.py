"""Families on computed cells: a totals row, an IF status column, a price lookup.

Rewards never trust a cell to be computed by Calc: :func:`shown` (from the reward helpers)
reads the cached value LibreOffice saved, or evaluates the formula itself, so a golden patch
written with openpyxl (no cached values) and an agent's file saved by Calc score the same.
Expected numbers are recomputed from the input cells of the final file.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.core import Difficulty, TaskConfig

from ._base import SAVE_NOTE, CalcFamily, Sheet, quote
from ._world import COMPANIES, budget_table, order_lines, price_list, sales_table, slug

__all__ = ["PriceLookup", "StatusColumn", "TotalsRow"]


class TotalsRow(CalcFamily):
    id: ClassVar[str] = "totals-row"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formulas", "aggregate", "sum-average")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        n = rng.randint(24, 45)
        label = rng.choice(["Total", "Average"])
        row = n + 2
        path = f"/home/user/Documents/{slug(company)}_sales.xlsx"
        what = "the sum of" if label == "Total" else "the average of"
        return self.make_task(
            task_id,
            f"Below the last order in sheet {quote('Sales')} of {path}, add a summary row "
            f"{row}: the label {quote(label)} in A{row}, and in F{row} and H{row} formulas that "
            f"compute {what} the Units (F2:F{n + 1}) and Revenue (H2:H{n + 1}) columns, so the "
            "row stays right when an order changes.",
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

    def oracle(self, task: TaskConfig) -> object | None:
        from ._oracle import TotalsRowOracle

        return TotalsRowOracle(task)

    def checks(self, p: dict[str, Any]) -> str:
        return """
ws = wb[P["sheet"]]
last, row = P["n"] + 1, str(P["row"])
units = [shown_or_error(wb, vals, P["sheet"], f"F{r}") for r in range(2, last + 1)]
revenue = [shown_or_error(wb, vals, P["sheet"], f"H{r}") for r in range(2, last + 1)]
inputs_ok = all(is_number(v) for v in units + revenue)
div = len(units) if P["label"] == "Average" else 1
want_f = sum(number(v) for v in units if is_number(v)) / div
want_h = sum(number(v) for v in revenue if is_number(v)) / div
got_f = shown_or_error(wb, vals, P["sheet"], "F" + row)
got_h = shown_or_error(wb, vals, P["sheet"], "H" + row)
checks.append(("orders_kept", 0, inputs_ok and len(units) == P["n"], f"{len(units)} order rows"))
checks.append(("label", 1, norm_text(ws["A" + row].value) == norm_text(P["label"]),
               "A: " + text_of(ws["A" + row].value)))
checks.append(("units_formula", 1, is_formula(wb, P["sheet"], "F" + row),
               text_of(ws["F" + row].value)))
checks.append(("units_value", 2, close(got_f, want_f, 0.01), f"got {got_f}, expected {want_f:.2f}"))
checks.append(("revenue_formula", 1, is_formula(wb, P["sheet"], "H" + row),
               text_of(ws["H" + row].value)))
checks.append(("revenue_value", 2, close(got_h, want_h, 0.01),
               f"got {got_h}, expected {want_h:.2f}"))
"""


class StatusColumn(CalcFamily):
    id: ClassVar[str] = "status-column"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formulas", "logical", "if-condition")

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
        return self.make_task(
            task_id,
            f"In sheet {quote('Spend')} of {path}, fill column F for all {n} budget lines: "
            f"header {quote('Status')} in F1, then for each line {quote(over)} when its Actual "
            f"is greater than its Budget, {quote(under)} when it is less, and {quote(even)} "
            "when the two are equal.",
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
        return """
ws = wb[P["sheet"]]
lines = range(2, P["n"] + 2)
budget = [shown_or_error(wb, vals, P["sheet"], f"C{r}") for r in lines]
actual = [shown_or_error(wb, vals, P["sheet"], f"D{r}") for r in lines]
want = [P["over"] if number(a) > number(b) else P["under"] if number(a) < number(b) else P["even"]
        for a, b in zip(actual, budget) if is_number(a) and is_number(b)]
got = [shown_or_error(wb, vals, P["sheet"], f"F{r}") for r in lines]
right = [r for r, g, w in zip(lines, got, want) if norm_text(g) == norm_text(w)]
wrong = [f"F{r}={text_of(g)}" for r, g, w in zip(lines, got, want) if norm_text(g) != norm_text(w)]
checks.append(("inputs_kept", 0, len(want) == P["n"], f"{len(want)} lines with numbers"))
checks.append(("header", 1, norm_text(ws["F1"].value) == "status",
               "F1: " + text_of(ws["F1"].value)))
checks.append(("most_lines", 1, len(right) * 5 >= P["n"] * 4, f"{len(right)} of {P['n']} right"))
checks.append(("all_lines", 3, len(right) == P["n"], "wrong: " + ", ".join(wrong[:5])))
"""


class PriceLookup(CalcFamily):
    id: ClassVar[str] = "price-lookup"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formulas", "lookup", "lookup-across-sheets")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        n = rng.randint(20, 32)
        m = rng.randint(6, 9)
        path = f"/home/user/Documents/{slug(company)}_purchase_orders.xlsx"
        return self.make_task(
            task_id,
            f"In sheet {quote('Orders')} of {path}, fill Unit price (E2:E{n + 1}) for all {n} "
            f"orders with the price that sheet {quote('Prices')} lists for the order's product "
            f"code, and Line total (F2:F{n + 1}) with Qty × Unit price. Both columns must be "
            f"formulas, so they follow any later change to the {quote('Prices')} sheet or to a "
            "quantity.",
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
        return """
ws = wb[P["sheet"]]
lines = list(range(2, P["n"] + 2))
price_of = {norm_text(shown_or_error(wb, vals, P["prices"], f"A{r}")):
            shown_or_error(wb, vals, P["prices"], f"C{r}") for r in range(2, P["m"] + 2)}
codes = [norm_text(shown_or_error(wb, vals, P["sheet"], f"C{r}")) for r in lines]
qty = [shown_or_error(wb, vals, P["sheet"], f"D{r}") for r in lines]
price = [shown_or_error(wb, vals, P["sheet"], f"E{r}") for r in lines]
total = [shown_or_error(wb, vals, P["sheet"], f"F{r}") for r in lines]
e_text = [text_of(ws[f"E{r}"].value).upper() for r in lines]
e_formulas = [r for r, t in zip(lines, e_text) if t.startswith("=") and P["prices"].upper() in t]
f_formulas = [r for r in lines if is_formula(wb, P["sheet"], f"F{r}")]
price_ok = [r for r, c, v in zip(lines, codes, price) if close(v, price_of.get(c))]
total_ok = [r for r, q, v, t in zip(lines, qty, price, total)
            if close(t, number(q) * number(v) if is_number(q) and is_number(v) else None, 0.01)
            and r in price_ok]
known = [c for c in codes if is_number(price_of.get(c))]
checks.append(("inputs_kept", 0, len(known) == P["n"] and len(price_of) == P["m"],
               f"{len(known)} orders with a listed code"))
checks.append(("price_formulas", 1, len(e_formulas) == P["n"],
               f"{len(e_formulas)} of {P['n']} prices are formulas reading {P['prices']}"))
checks.append(("prices_most", 1, len(price_ok) * 2 >= P["n"], f"{len(price_ok)} prices right"))
checks.append(("prices_all", 2, len(price_ok) == P["n"],
               "wrong: " + ", ".join(f"E{r}" for r in lines if r not in price_ok)[:150]))
checks.append(("total_formulas", 1, len(f_formulas) == P["n"],
               f"{len(f_formulas)} totals are formulas"))
checks.append(("totals_all", 2, len(total_ok) == P["n"],
               "wrong: " + ", ".join(f"F{r}" for r in lines if r not in total_ok)[:150]))
"""

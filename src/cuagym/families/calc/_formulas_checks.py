"""The check blocks of the rewards of :mod:`cuagym.families.calc._formulas`, as code.

Each function's body is one family's flat check block: :func:`cuagym.scripts.statements_of`
pastes it into reward.py's ``main``; the functions are never called. The names they read are
the reward's (its read block, ``P``, ``checks``, the inlined libraries), imported here for
the type checker only.
"""

# The blocks are pasted verbatim into rewards generated before they were code: one indent
# deeper here than there, and kept as they are (byte-identical scripts).
# ruff: noqa: B905, E501

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cuagym.apps.calc._read_workbook import after, before, vals, wb
    from cuagym.apps.calc._reward_lib import (
        close,
        is_number,
        norm_text,
        number,
        shown_or_error,
        text_of,
    )
    from cuagym.families.calc._reward_guards import cells_of, formula_refs, unexpected_changes
    from cuagym.scripts._globs import listing
    from cuagym.scripts._reward_names import P, checks

__all__ = ["price_lookup", "status_column", "totals_row"]

# fmt: off


def totals_row() -> None:
    """:class:`TotalsRow`: the checks of its reward."""
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
    reads_f = formula_refs(ws["F" + row].value, P["sheet"])
    reads_h = formula_refs(ws["H" + row].value, P["sheet"])
    extra = unexpected_changes(before, after, [[P["sheet"] + "!A" + row + " F" + row + " H" + row,
                                                "*"]])
    checks.append(("orders_kept", 0, inputs_ok and len(units) == P["n"], f"{len(units)} order rows"))
    checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
    checks.append(("label", 1, ws["A" + row].value == P["label"], "A: " + text_of(ws["A" + row].value)))
    checks.append(("units_formula", 1, reads_f == cells_of(P["sheet"], "F", 2, last),
                   text_of(ws["F" + row].value)))
    checks.append(("units_value", 2, close(got_f, want_f, 0.01), f"got {got_f}, expected {want_f:.2f}"))
    checks.append(("revenue_formula", 1, reads_h == cells_of(P["sheet"], "H", 2, last),
                   text_of(ws["H" + row].value)))
    checks.append(("revenue_value", 2, close(got_h, want_h, 0.01),
                   f"got {got_h}, expected {want_h:.2f}"))


def status_column() -> None:
    """:class:`StatusColumn`: the checks of its reward."""
    ws = wb[P["sheet"]]
    lines = range(2, P["n"] + 2)
    budget = [shown_or_error(wb, vals, P["sheet"], f"C{r}") for r in lines]
    actual = [shown_or_error(wb, vals, P["sheet"], f"D{r}") for r in lines]
    want = [P["over"] if number(a) > number(b) else P["under"] if number(a) < number(b) else P["even"]
            for a, b in zip(actual, budget) if is_number(a) and is_number(b)]
    got = [shown_or_error(wb, vals, P["sheet"], f"F{r}") for r in lines]
    right = [r for r, g, w in zip(lines, got, want) if g == w]
    wrong = [f"F{r}={text_of(g)}" for r, g, w in zip(lines, got, want) if g != w]
    extra = unexpected_changes(before, after, [[P["sheet"] + "!F1:F" + str(P["n"] + 1), "*"]])
    # A formula compares its own line: one that reads another row's Budget can show the right
    # word by chance on this data and a wrong one after an edit (C7 found such a line scoring 1.0).
    elsewhere = [f"F{r}" for r in lines if not set(formula_refs(ws[f"F{r}"].value, P["sheet"]))
                 <= {f"{P['sheet']}!{c}{r}" for c in "CDE"}]
    checks.append(("inputs_kept", 0, len(want) == P["n"], f"{len(want)} lines with numbers"))
    checks.append(("own_line", 0, not elsewhere, "reads another line: " + listing(elsewhere)))
    checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
    checks.append(("header", 1, ws["F1"].value == "Status", "F1: " + text_of(ws["F1"].value)))
    checks.append(("most_lines", 1, len(right) * 5 >= P["n"] * 4, f"{len(right)} of {P['n']} right"))
    checks.append(("all_lines", 3, len(right) == P["n"], "wrong: " + listing(wrong)))


def price_lookup() -> None:
    """:class:`PriceLookup`: the checks of its reward."""
    ws = wb[P["sheet"]]
    lines = list(range(2, P["n"] + 2))
    price_of = {norm_text(shown_or_error(wb, vals, P["prices"], f"A{r}")):
                shown_or_error(wb, vals, P["prices"], f"C{r}") for r in range(2, P["m"] + 2)}
    codes = [norm_text(shown_or_error(wb, vals, P["sheet"], f"C{r}")) for r in lines]
    qty = [shown_or_error(wb, vals, P["sheet"], f"D{r}") for r in lines]
    price = [shown_or_error(wb, vals, P["sheet"], f"E{r}") for r in lines]
    total = [shown_or_error(wb, vals, P["sheet"], f"F{r}") for r in lines]
    e_reads = [formula_refs(ws[f"E{r}"].value, P["sheet"]) for r in lines]
    f_reads = [formula_refs(ws[f"F{r}"].value, P["sheet"]) for r in lines]
    on_list = P["prices"] + "!"
    e_formulas = [r for r, refs in zip(lines, e_reads) if P["sheet"] + f"!C{r}" in refs
                  and any(x.startswith(on_list) for x in refs)]
    f_formulas = [r for r, refs in zip(lines, f_reads) if P["sheet"] + f"!D{r}" in refs
                  and (P["sheet"] + f"!E{r}" in refs or any(x.startswith(on_list) for x in refs))]
    price_ok = [r for r, c, v in zip(lines, codes, price) if close(v, price_of.get(c))]
    total_ok = [r for r, q, v, t in zip(lines, qty, price, total)
                if close(t, number(q) * number(v) if is_number(q) and is_number(v) else None, 0.01)
                and r in price_ok]
    known = [c for c in codes if is_number(price_of.get(c))]
    extra = unexpected_changes(before, after, [[P["sheet"] + "!E2:F" + str(P["n"] + 1), "*"]])
    checks.append(("inputs_kept", 0, len(known) == P["n"] and len(price_of) == P["m"],
                   f"{len(known)} orders with a listed code"))
    checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
    checks.append(("price_formulas", 1, len(e_formulas) == P["n"],
                   f"{len(e_formulas)} of {P['n']} prices look their code up on {P['prices']}"))
    checks.append(("prices_most", 1, len(price_ok) * 2 >= P["n"], f"{len(price_ok)} prices right"))
    checks.append(("prices_all", 2, len(price_ok) == P["n"],
                   "wrong: " + listing([f"E{r}" for r in lines if r not in price_ok])))
    checks.append(("total_formulas", 1, len(f_formulas) == P["n"],
                   f"{len(f_formulas)} totals are formulas of the quantity and price"))
    checks.append(("totals_all", 2, len(total_ok) == P["n"],
                   "wrong: " + listing([f"F{r}" for r in lines if r not in total_ok])))

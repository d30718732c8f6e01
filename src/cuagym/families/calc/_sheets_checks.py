"""The check blocks of the rewards of :mod:`cuagym.families.calc._sheets`, as code.

Each function's body is one family's flat check block: :func:`cuagym.scripts.statements_of`
pastes it into reward.py's ``main``; the functions are never called. The names they read are
the reward's (its read block, ``P``, ``checks``, the inlined libraries), imported here for
the type checker only.
"""

# The blocks are pasted verbatim into rewards generated before they were code: one indent
# deeper here than there, and kept as they are (byte-identical scripts).
# ruff: noqa: B905, E501, RUF005

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cuagym.apps.calc._read_workbook import after, before, vals, wb
    from cuagym.apps.calc._reward_lib import close, is_number, number, shown_or_error, text_of
    from cuagym.families.calc._reward_guards import cells_of, formula_refs, unexpected_changes
    from cuagym.scripts._globs import listing
    from cuagym.scripts._reward_names import P, checks

__all__ = ["rename_sheets", "summary_sheet"]

# fmt: off


def summary_sheet() -> None:
    """:class:`SummarySheet`: the checks of its reward."""
    names = wb.sheetnames
    new = wb[P["new"]] if P["new"] in names else None
    months = P["months"]
    last_row = {m: wb[m].max_row if m in names else 0 for m in months}
    units = {m: [shown_or_error(wb, vals, m, f"B{r}") for r in range(2, last_row[m] + 1)]
             for m in months}
    revenue = {m: [shown_or_error(wb, vals, m, f"C{r}") for r in range(2, last_row[m] + 1)]
               for m in months}
    inputs_ok = all(units[m] and all(is_number(v) for v in units[m] + revenue[m]) for m in months)
    want = {m: (sum(number(v) for v in units[m] if is_number(v)),
                sum(number(v) for v in revenue[m] if is_number(v))) for m in months}
    total = len(months) + 2
    shown_new = {}  # coord -> what the new sheet's cell shows
    reads = {}  # coord -> the cells its formula reads
    if new is not None:
        for row in new.iter_rows(min_row=1, max_row=max(new.max_row, total), max_col=3):
            for cell in row:
                shown_new[cell.coordinate] = shown_or_error(wb, vals, P["new"], cell.coordinate)
                reads[cell.coordinate] = formula_refs(cell.value, P["new"])
    # a month's formula reads only its column on its sheet (its data rows, a longer range or the
    # whole column) and every one of its data rows
    month_ok = {}
    for r, m in enumerate(months, start=2):
        for col in "BC":
            refs = reads.get(col + str(r), [])
            whole = m + "!" + col + ":" + col
            own = all(x == whole or (x.startswith(m + "!" + col) and x[len(m) + 2:].isdigit())
                      for x in refs)
            covers = whole in refs or set(cells_of(m, col, 2, last_row[m])) <= set(refs)
            month_ok[col + str(r)] = bool(refs) and own and covers
    labels = [shown_new.get(f"A{r}") for r in range(2, total)]
    formulas = [r for r in range(2, total) if month_ok[f"B{r}"] and month_ok[f"C{r}"]]
    values = [r for r, m in enumerate(months, start=2)
              if close(shown_new.get(f"B{r}"), want[m][0], 0.01)
              and close(shown_new.get(f"C{r}"), want[m][1], 0.01)]
    grand = (sum(w[0] for w in want.values()), sum(w[1] for w in want.values()))
    total_row = [shown_new.get(c + str(total)) for c in "ABC"]
    total_formulas = all(reads.get(c + str(total)) for c in "BC")
    head = [shown_new.get(c + "1") for c in "ABC"]
    size = (new.max_row, new.max_column) if new is not None else (0, 0)
    expected_names = [P["new"]] + list(before.get("sheets") or [])
    extra = unexpected_changes(before, after, [["sheets", "*"], [P["new"] + "!*", "*"],
                                               [P["new"] + ":*", "*"]])
    checks.append(("months_kept", 0, inputs_ok and P["notes"] in names,
                   f"month rows: {[len(units[m]) for m in months]}"))
    checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
    checks.append(("sheet_added", 1, new is not None, "sheets: " + listing(names)))
    checks.append(("placed_first", 1, names == expected_names, "sheets: " + listing(names)))
    checks.append(("headers", 1, head == ["Month", "Units", "Revenue"], f"row 1: {head}"))
    checks.append(("month_rows", 1, labels == months, f"months listed: {labels}"))
    checks.append(("month_formulas", 2, len(formulas) == len(months),
                   f"{len(formulas)} of {len(months)} months summed by formulas over their sheet"))
    checks.append(("month_values", 2, len(values) == len(months),
                   f"{len(values)} of {len(months)} months with the right totals"))
    checks.append(("total_row", 2, total_row[0] == "Total" and total_formulas
                   and close(total_row[1], grand[0], 0.01) and close(total_row[2], grand[1], 0.01),
                   f"row {total}: {total_row}, expected {grand}"))
    checks.append(("nothing_more", 1, size == (total, 3), f"used size {size}"))


def rename_sheets() -> None:
    """:class:`RenameSheets`: the checks of its reward."""
    names = wb.sheetnames
    first = list(before.get("sheets") or [])
    titles = [text_of(ws["A1"].value) for ws in wb.worksheets[: P["count"]]]
    regions = [t.split(":", 1)[1].strip() if t.startswith("Region:") else None for t in titles]
    renamed = {}
    if len(first) == len(names):
        for key, value in before.items():
            cut = min([i for i in (key.find("!"), key.find(":")) if i > 0], default=-1)
            sheet = key[:cut] if cut > 0 else None
            if sheet in first:
                key = names[first.index(sheet)] + key[cut:]
            renamed[key] = value
    extra = unexpected_changes(renamed, after, [["sheets", "*"]]) if renamed else ["sheet count"]
    right = [i for i, (name, region) in enumerate(zip(names, regions)) if name == region]
    checks.append(("sheets_kept", 0, len(names) == len(first) and all(regions),
                   "sheets: " + listing(names)))
    checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
    checks.append(("notes_kept", 0, names[-1:] == [P["notes"]], "last sheet: " + listing(names[-1:])))
    checks.append(("most_renamed", 1, len(right) * 2 >= P["count"], f"{len(right)} of {P['count']}"))
    checks.append(("all_renamed", 3, len(right) == P["count"],
                   "sheets: " + listing(names) + "; titles: " + listing(titles)))

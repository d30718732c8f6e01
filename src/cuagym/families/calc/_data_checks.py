"""The check blocks of the rewards of :mod:`cuagym.families.calc._data`, as code.

Each function's body is one family's flat check block: :func:`cuagym.scripts.statements_of`
pastes it into reward.py's ``main``; the functions are never called. The names they read are
the reward's (its read block, ``P``, ``checks``, the inlined libraries), imported here for
the type checker only.
"""

# The blocks are pasted verbatim into rewards generated before they were code: one indent
# deeper here than there, and kept as they are (byte-identical scripts).
# ruff: noqa: B905, E501, RUF007

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import openpyxl  # type: ignore[import-untyped, unused-ignore]

    from cuagym.apps.calc._read_workbook import after, before, vals, wb
    from cuagym.apps.calc._reward_lib import (
        NS_C,
        chart_title,
        charts_on_sheet,
        flat,
        ref_value,
        row_keys,
        series_refs,
        split_ref,
        text_of,
    )
    from cuagym.families.calc._reward_guards import typed_row, unexpected_changes, view_row
    from cuagym.scripts._globs import listing
    from cuagym.scripts._reward_names import P, checks

__all__ = ["dropdown_list", "extract_rows_to_sheet", "region_chart", "sort_rows"]

# fmt: off


def sort_rows() -> None:
    """:class:`SortRows`: the checks of its reward."""
    ws = wb[P["sheet"]]
    last = P["n"] + 1
    rows = [row_keys(ws, r, 8) for r in range(2, last + 1)]
    i1, i2 = "ABCDEFGH".index(P["col1"]), "ABCDEFGH".index(P["col2"])
    down1 = P["dir1"] == "Z to A"
    down2 = P["dir2"] in ("largest first", "newest first", "Z to A")
    k1 = [r[i1].casefold() if isinstance(r[i1], str) else r[i1] for r in rows]
    k2 = [r[i2].casefold() if isinstance(r[i2], str) else r[i2] for r in rows]
    pairs = list(zip(k1, k1[1:]))
    primary = all((b <= a) if down1 else (a <= b) for a, b in pairs)
    ties = [(k2[i], k2[i + 1]) for i, (a, b) in enumerate(pairs) if a == b]
    secondary = all((y <= x) if down2 else (x <= y) for x, y in ties)
    old_rows = sorted(repr(view_row(before, P["sheet"], r, 8)) for r in range(2, last + 1))
    new_rows = sorted(repr(view_row(after, P["sheet"], r, 8)) for r in range(2, last + 1))
    extra = unexpected_changes(before, after, [[P["sheet"] + "!A2:H" + str(last), ["value"]]])
    checks.append(("header_kept", 0, ws["A1"].value == "Order ID", "A1: " + text_of(ws["A1"].value)))
    checks.append(("rows_intact", 0, old_rows == new_rows,
                   f"{len(set(old_rows) - set(new_rows))} orders lost or changed"))
    checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
    checks.append(("first_key", 2, primary, f"{P['key1']} order ok: {primary}"))
    checks.append(("both_keys", 2, primary and secondary, f"{P['key2']} within ties ok: {secondary}"))


def dropdown_list() -> None:
    """:class:`DropdownList`: the checks of its reward."""
    ws = wb[P["sheet"]]
    wanted = {f"F{r}" for r in range(2, P["n"] + 2)}
    rules = list(ws.data_validations.dataValidation)
    found = []  # (exactly F2:Fn, items, arrow shown, rejects others) per list rule
    for dv in rules:
        if dv.type != "list":
            continue
        cells = set()
        for part in str(dv.sqref).split():
            c1, r1, c2, r2 = openpyxl.utils.cell.range_boundaries(part)
            cells |= {openpyxl.utils.get_column_letter(c) + str(r)
                      for c in range(c1, c2 + 1) for r in range(r1, r2 + 1)}
        source = str(dv.formula1 or "")
        if source.startswith('"'):
            items = source[1:-1].split(",")
        else:
            items = [text_of(v) for v in flat(ref_value(wb, vals, P["sheet"], source, 0))
                     if v is not None]
        found.append((wanted == cells, items, not dv.showDropDown,
                      bool(dv.showErrorMessage) and dv.errorStyle in (None, "stop")))
    good = [f for f in found if f[0]]
    ids = [r for r in range(2, P["n"] + 2) if ws[f"A{r}"].value]
    extra = unexpected_changes(before, after, [[P["sheet"] + ":validations", "*"]])
    checks.append(("tasks_kept", 0, len(ids) == P["n"], f"{len(ids)} task ids present"))
    checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
    checks.append(("one_rule", 0, len(rules) <= 1, f"{len(rules)} validation rules on the sheet"))
    checks.append(("list_rule", 2, bool(good), f"{len(found)} list rule(s)"))
    checks.append(("items", 2, any(f[1] == P["items"] for f in good), f"rules: {found}"))
    checks.append(("arrow_shown", 1, any(f[1] == P["items"] and f[2] for f in good), f"rules: {found}"))
    checks.append(("rejects_others", 1, any(f[1] == P["items"] and f[3] for f in good),
                   f"rules: {found}"))


def extract_rows_to_sheet() -> None:
    """:class:`ExtractRowsToSheet`: the checks of its reward."""
    src = wb[P["sheet"]]
    names = wb.sheetnames
    dst = wb[P["new"]] if P["new"] in names else None
    header = typed_row(src, 1, 6)
    matching = [typed_row(src, r, 6) for r in range(2, P["n"] + 2)
                if src.cell(row=r, column=6).value == P["status"]]
    got = [] if dst is None else [typed_row(dst, r, 6) for r in range(1, dst.max_row + 1)]
    got = [r for r in got if any(kind != "empty" for kind, _ in r)]
    extra_cols = 0 if dst is None else dst.max_column - 6
    ids = [src.cell(row=r, column=1).value for r in range(2, P["n"] + 2)]
    expected_names = list(before.get("sheets") or [])
    expected_names.insert(expected_names.index(P["sheet"]) + 1, P["new"])
    extra = unexpected_changes(before, after, [["sheets", "*"], [P["new"] + "!*", "*"],
                                               [P["new"] + ":*", "*"]])
    checks.append(("source_kept", 0, len([i for i in ids if i]) == P["n"] and len(matching) >= 1
                   and src["A1"].value == "Invoice", f"{len(matching)} {P['status']} rows"))
    checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
    checks.append(("sheet_added", 1, dst is not None, "sheets: " + listing(names)))
    checks.append(("placed_after", 1, names == expected_names, "sheets: " + listing(names)))
    checks.append(("header_row", 1, bool(got) and got[0] == header, f"first row: {got[:1]}"))
    checks.append(("rows_match", 3, got[1:] == matching and extra_cols <= 0,
                   f"{len(got) - 1 if got else 0} rows copied, {len(matching)} expected"))


def region_chart() -> None:
    """:class:`RegionChart`: the checks of its reward."""
    ws = wb[P["sheet"]]
    charts = charts_on_sheet(P["path"], P["sheet"])
    bars = [plot for chart in charts for plot in chart.iter(NS_C + "barChart")]
    columns = [plot for plot in bars if plot.find(NS_C + "barDir") is not None
               and plot.find(NS_C + "barDir").get("val") == "col"]
    titles = [chart_title(chart) for chart in charts]
    vals_refs = [split_ref(ref, P["sheet"]) for plot in columns for ref in series_refs(plot, "val")]
    cat_refs = [split_ref(ref, P["sheet"]) for plot in columns for ref in series_refs(plot, "cat")]
    all_series = [ser for chart in charts for ser in chart.iter(NS_C + "ser")]
    last = str(P["k"] + 1)
    regions = [ws[f"A{r}"].value for r in range(2, P["k"] + 2)]
    extra = unexpected_changes(before, after, [[P["sheet"] + ":charts", "*"]])
    checks.append(("data_kept", 0, all(isinstance(v, str) and v for v in regions),
                   f"regions: {regions}"))
    checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
    checks.append(("one_chart", 0, len(charts) <= 1, f"{len(charts)} charts on {P['sheet']}"))
    checks.append(("chart_on_sheet", 1, bool(charts), f"{len(charts)} chart(s) on {P['sheet']}"))
    checks.append(("column_chart", 1, bool(columns),
                   f"{len(bars)} bar plot(s), {len(columns)} vertical"))
    checks.append(("title", 1, P["title"] in titles, f"titles: {titles}"))
    checks.append(("values", 2, (P["sheet"], "C2:C" + last) in vals_refs,
                   f"series values: {vals_refs}"))
    checks.append(("categories", 1, (P["sheet"], "A2:A" + last) in cat_refs, f"categories: {cat_refs}"))
    checks.append(("one_series", 1, len(vals_refs) == 1 and len(all_series) == 1,
                   f"{len(all_series)} series"))

"""Wrong end states of every calc family score below 1.0, and for the stated reason.

Each case is a plausible end state an RL policy reaches — mostly from the gold state (the
golden patch, then a small script: a duplicate action, a collateral change, the right content
in the wrong place or format), some from the initial one (partial or mistaken work). It runs
for real (setup, the ``initial`` snapshot, the scripts, the reward in a sandbox) and must
score < 1.0 with the named check failing — the reason is written next to each case.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

import pytest

from cuagym.core import RewardOutput
from cuagym.domains import load_domain
from tests.families.desktop_harness import is_desk_web, score_end_states

domain = load_domain("calc")

pytestmark = pytest.mark.slow


def edit(body: str) -> Any:
    """A change script: load the task's workbook, run ``body`` (``P``, ``wb``, ``ws`` = the
    task's sheet), save."""

    def build(p: dict[str, Any]) -> str:
        return (
            "import datetime\nimport json\nimport openpyxl\n"
            "from openpyxl.chart import BarChart, Reference\n"
            "from openpyxl.formatting.rule import CellIsRule\n"
            "from openpyxl.styles import Alignment, Font, PatternFill\n"
            "from openpyxl.worksheet.datavalidation import DataValidation\n"
            f"P = json.loads({json.dumps(p)!r})\nwb = openpyxl.load_workbook(P['path'])\n"
            "ws = wb[P['sheet']] if 'sheet' in P else None\n" + body + "\nwb.save(P['path'])\n"
        )

    return build


@dataclass(frozen=True)
class Case:
    family: str
    seed: int
    why: str  # what is wrong with the end state
    script: Any  # params -> change script
    fails: str  # the check that must catch it
    from_gold: bool = True


FORMAT_LOOKALIKE = edit("""
fmt = {"percentages": '0.0"%"', "euro": '#,##0.00 "EUR"', "dates": "yyyy-mm-dd hh:mm"}
fmt = next(v for k, v in fmt.items() if P["display"].startswith(k))
for r in range(2, P["n"] + 2):
    ws[P["col"] + str(r)].number_format = fmt
""")
FORMAT_ONE_DECIMAL_TOO_MANY = edit("""
fmt = {"percentages": "0.00%", "euro": '"€"#,##0.000', "dates": "yy-mm-dd"}
fmt = next(v for k, v in fmt.items() if P["display"].startswith(k))
for r in range(2, P["n"] + 2):
    ws[P["col"] + str(r)].number_format = fmt
""")
FORMAT_NEIGHBOUR_TOO = edit("""
other = {"G": "H", "H": "G", "F": "E", "C": "D", "D": "C"}[P["col"]]
for r in range(2, P["n"] + 2):
    ws[other + str(r)].number_format = ws[P["col"] + str(r)].number_format
""")
FORMAT_VALUE_TYPED_AS_TEXT = edit("""
cell = ws[P["col"] + "3"]
cell.value = P["example"]  # the example typed over a value
""")

HEADER_ITALIC_TOO = edit("""
for (cell,) in ws.iter_cols(min_row=1, max_row=1, min_col=1, max_col=8):
    cell.font = Font(name=cell.font.name, size=cell.font.sz, bold=True, italic=True,
                     color=cell.font.color)
""")
HEADER_FILL_ON_ROW_2 = edit("""
for (cell,) in ws.iter_cols(min_row=2, max_row=2, min_col=1, max_col=8):
    cell.fill = PatternFill(fill_type="solid", fgColor="FF" + P["fill"])
""")
HEADER_NEAR_COLOUR = edit("""
near = P["fill"][:5] + ("0" if P["fill"][5] != "0" else "1")
for (cell,) in ws.iter_cols(min_row=1, max_row=1, min_col=1, max_col=8):
    cell.fill = PatternFill(fill_type="solid", fgColor="FF" + near)
""")
HEADER_BIGGER = edit("""
for (cell,) in ws.iter_cols(min_row=1, max_row=1, min_col=1, max_col=8):
    cell.font = Font(name=cell.font.name, size=14, bold=True, color=cell.font.color)
""")

MERGE_TOO_WIDE = edit("""
ws.unmerge_cells("A1:E1")
ws.merge_cells("A1:F1")
""")
MERGE_TITLE_RESIZED = edit("""
ws["A1"].font = Font(name=ws["A1"].font.name, size=18, bold=True)
""")
MERGE_HEADER_TOO = edit("""
ws.merge_cells("A3:B3")
""")
MERGE_TITLE_RETYPED = edit("""
ws["A1"].value = P["title"].upper()
""")

FREEZE_ONE_ROW_TOO_MANY = edit("""
ws.freeze_panes = openpyxl.utils.get_column_letter(P["cols"] + 1) + str(P["rows"] + 2)
""")
FREEZE_SPLIT_NOT_FROZEN = edit("""
ws.sheet_view.pane.state = "split"
""")
FREEZE_AND_EDIT = edit("""
ws["F2"].value = (ws["F2"].value or 0) + 1
""")

TOTALS_CONSTANT_FORMULA = edit("""
values = [ws.cell(row=r, column=6).value for r in range(2, P["n"] + 2)]
div = len(values) if P["label"] == "Average" else 1
ws.cell(row=P["row"], column=6).value = "=" + repr(round(sum(values) / div, 6))
""")
TOTALS_RANGE_SHORT = edit("""
fn = "SUM" if P["label"] == "Total" else "AVERAGE"
ws.cell(row=P["row"], column=8).value = f"={fn}(H2:H{P['n']})"
""")
TOTALS_ALSO_PRICE = edit("""
fn = "SUM" if P["label"] == "Total" else "AVERAGE"
ws.cell(row=P["row"], column=7).value = f"={fn}(G2:G{P['n'] + 1})"
""")
TOTALS_ONE_ROW_LOW = edit("""
for c in (1, 6, 8):
    ws.cell(row=P["row"] + 1, column=c).value = ws.cell(row=P["row"], column=c).value
    ws.cell(row=P["row"], column=c).value = None
""")
TOTALS_AS_NUMBERS = edit("""
ws.cell(row=P["row"], column=1, value=P["label"])
for col in (6, 8):
    values = [ws.cell(row=r, column=col).value for r in range(2, P["n"] + 2)]
    div = len(values) if P["label"] == "Average" else 1
    ws.cell(row=P["row"], column=col, value=sum(values) / div)
""")

STATUS_LOWERCASE = edit("""
for r in range(2, P["n"] + 2):
    a, b = ws[f"D{r}"].value, ws[f"C{r}"].value
    label = P["over"] if a > b else P["under"] if a < b else P["even"]
    ws[f"F{r}"] = label.lower() if label.lower() != label else label.upper()
""")
STATUS_EQUAL_IS_UNDER = edit("""
for r in range(2, P["n"] + 2):
    ws[f"F{r}"] = f'=IF(D{r}>C{r},"{P["over"]}","{P["under"]}")'
""")
STATUS_BUDGET_REFORMATTED = edit("""
for r in range(2, P["n"] + 2):
    ws[f"C{r}"].number_format = "0"
""")

HIGHLIGHT_OR_EQUAL = edit("""
ws.conditional_formatting = type(ws.conditional_formatting)()
op = "lessThanOrEqual" if P["op"] == "below" else "greaterThanOrEqual"
fill = PatternFill(fill_type="solid", start_color="FF" + P["fill"], end_color="FF" + P["fill"])
ws.conditional_formatting.add(f"{P['col']}2:{P['col']}{P['n'] + 1}",
                              CellIsRule(operator=op, formula=[str(P["threshold"])], fill=fill))
""")
HIGHLIGHT_WHOLE_TABLE = edit("""
ws.conditional_formatting = type(ws.conditional_formatting)()
op = "lessThan" if P["op"] == "below" else "greaterThan"
fill = PatternFill(fill_type="solid", start_color="FF" + P["fill"], end_color="FF" + P["fill"])
ws.conditional_formatting.add(f"C2:E{P['n'] + 1}",
                              CellIsRule(operator=op, formula=[str(P["threshold"])], fill=fill))
""")
HIGHLIGHT_SECOND_RULE = edit("""
fill = PatternFill(fill_type="solid", start_color="FFC6EFCE", end_color="FFC6EFCE")
ws.conditional_formatting.add(f"{P['col']}2:{P['col']}{P['n'] + 1}",
                              CellIsRule(operator="equal", formula=["0"], fill=fill))
""")
HIGHLIGHT_BOLD_TOO = edit("""
ws.conditional_formatting = type(ws.conditional_formatting)()
op = "lessThan" if P["op"] == "below" else "greaterThan"
fill = PatternFill(fill_type="solid", start_color="FF" + P["fill"], end_color="FF" + P["fill"])
ws.conditional_formatting.add(f"{P['col']}2:{P['col']}{P['n'] + 1}",
                              CellIsRule(operator=op, formula=[str(P["threshold"])], fill=fill,
                                         font=Font(bold=True)))
""")
HIGHLIGHT_BY_HAND = edit("""
col = openpyxl.utils.cell.column_index_from_string(P["col"])
for r in range(2, P["n"] + 2):
    v = ws.cell(row=r, column=col).value
    if (v < P["threshold"]) if P["op"] == "below" else (v > P["threshold"]):
        ws.cell(row=r, column=col).fill = PatternFill(fill_type="solid", fgColor="FF" + P["fill"])
""")

SORT_KEY_COLUMN_ONLY = edit("""
i1 = "ABCDEFGH".index(P["col1"]) + 1
keys = sorted((ws.cell(row=r, column=i1).value for r in range(2, P["n"] + 2)),
              key=lambda v: v.casefold() if isinstance(v, str) else v,
              reverse=P["dir1"] == "Z to A")
for r, v in enumerate(keys, start=2):
    ws.cell(row=r, column=i1).value = v
""")
SORT_ROW_OVERWRITTEN = edit("""
for c in range(1, 9):
    ws.cell(row=3, column=c).value = ws.cell(row=2, column=c).value
""")
SORT_SECOND_KEY_BACKWARDS = edit("""
rows = [[c.value for c in row] for row in ws.iter_rows(min_row=2, max_row=P["n"] + 1, max_col=8)]
i1, i2 = "ABCDEFGH".index(P["col1"]), "ABCDEFGH".index(P["col2"])
down2 = P["dir2"] in ("largest first", "newest first", "Z to A")
rows.sort(key=lambda r: r[i2], reverse=not down2)  # the wrong way round
rows.sort(key=lambda r: r[i1].casefold(), reverse=P["dir1"] == "Z to A")
for r, values in enumerate(rows, start=2):
    for c, v in enumerate(values, start=1):
        ws.cell(row=r, column=c, value=v)
""")
SORT_HEADER_SORTED_IN = edit("""
rows = [[c.value for c in row] for row in ws.iter_rows(min_row=1, max_row=P["n"] + 1, max_col=8)]
i1 = "ABCDEFGH".index(P["col1"])
rows.sort(key=lambda r: r[i1].casefold(), reverse=P["dir1"] == "Z to A")
for r, values in enumerate(rows, start=1):
    for c, v in enumerate(values, start=1):
        ws.cell(row=r, column=c, value=v)
""")
SORT_HEADER_BOLDED = edit("""
for (cell,) in ws.iter_cols(min_row=1, max_row=1, min_col=1, max_col=8):
    cell.font = Font(bold=True)
""")


def validation(sqref: str, items: str, style: str = "stop") -> str:
    return f"""
ws.data_validations.dataValidation = []
dv = DataValidation(type="list", formula1='"' + {items} + '"', allow_blank=True,
                    showDropDown=False, showErrorMessage=True, errorStyle={style!r})
dv.add({sqref})
ws.add_data_validation(dv)
"""


DROPDOWN_ONE_SHORT = edit(validation("f\"F2:F{P['n']}\"", '",".join(P["items"])'))
DROPDOWN_LOWERCASE = edit(validation("f\"F2:F{P['n'] + 1}\"", '",".join(P["items"]).lower()'))
DROPDOWN_WARNING_ONLY = edit(
    validation("f\"F2:F{P['n'] + 1}\"", '",".join(P["items"])', style="warning")
)
DROPDOWN_PRIORITY_TOO = edit("""
dv = DataValidation(type="list", formula1='"High,Medium,Low"', showErrorMessage=True)
dv.add(f"E2:E{P['n'] + 1}")
ws.add_data_validation(dv)
""")
DROPDOWN_REORDERED = edit("""
dv = DataValidation(type="list", formula1='"' + ",".join(sorted(P["items"])) + '"',
                    showErrorMessage=True)
dv.add(f"F2:F{P['n'] + 1}")
ws.add_data_validation(dv)
""")

LOOKUP_DIRECT_LINKS = edit("""
prices = wb[P["prices"]]
row_of = {prices[f"A{r}"].value: r for r in range(2, P["m"] + 2)}
for r in range(2, P["n"] + 2):
    ws[f"E{r}"] = f"={P['prices']}!C{row_of[ws[f'C{r}'].value]}"
""")
LOOKUP_PRICES_SORTED = edit("""
prices = wb[P["prices"]]
rows = sorted([[c.value for c in row] for row in prices.iter_rows(min_row=2, max_row=P["m"] + 1,
                                                                  max_col=3)])
for r, values in enumerate(rows, start=2):
    for c, v in enumerate(values, start=1):
        prices.cell(row=r, column=c, value=v)
""")
LOOKUP_TOTAL_CONSTANT = edit("""
prices = wb[P["prices"]]
price_of = {prices[f"A{r}"].value: prices[f"C{r}"].value for r in range(2, P["m"] + 2)}
for r in range(2, P["n"] + 2):
    ws[f"F{r}"] = "=" + repr(round(ws[f"D{r}"].value * price_of[ws[f"C{r}"].value], 2))
""")
LOOKUP_PASTED_AS_VALUES = edit("""
prices = wb[P["prices"]]
price_of = {prices[f"A{r}"].value: prices[f"C{r}"].value for r in range(2, P["m"] + 2)}
for r in range(2, P["n"] + 2):
    ws[f"E{r}"] = price_of[ws[f"C{r}"].value]
    ws[f"F{r}"] = f"=D{r}*E{r}"
""")

EXTRACT_DATES_AS_TEXT = edit("""
dst = wb[P["new"]]
for row in dst.iter_rows(min_row=2, min_col=3, max_col=4):
    for cell in row:
        cell.value = cell.value.date().isoformat()
        cell.number_format = "General"
""")
EXTRACT_FILTER_LEFT_ON = edit("""
ws.auto_filter.ref = f"A1:F{P['n'] + 1}"
""")
EXTRACT_ONE_ROW_TOO_MANY = edit("""
src, dst = ws, wb[P["new"]]
extra = next(r for r in range(2, P["n"] + 2) if src.cell(row=r, column=6).value != P["status"])
dst.append([src.cell(row=extra, column=c).value for c in range(1, 7)])
""")
EXTRACT_NAME_LOWERCASE = edit("""
wb[P["new"]].title = P["new"].lower() if P["new"].lower() != P["new"] else P["new"].upper()
""")
EXTRACT_SHEET_AT_THE_END = edit("""
dst = wb.create_sheet(P["new"])
for row in ws.iter_rows(min_row=1, max_row=P["n"] + 1, max_col=6):
    if row[0].row == 1 or row[5].value == P["status"]:
        dst.append([c.value for c in row])
        for c, cell in enumerate(row, start=1):
            dst.cell(row=dst.max_row, column=c).number_format = cell.number_format
""")


def chart(body: str) -> Any:
    return edit(
        """
ws._charts = []
chart = BarChart()
chart.type = "col"
chart.title = P["title"]
last = P["k"] + 1
"""
        + body
    )


CHART_HORIZONTAL = chart("""
chart.type = "bar"
chart.add_data(Reference(ws, min_col=3, min_row=2, max_row=last), titles_from_data=False)
chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=last))
ws.add_chart(chart, "E2")
""")
CHART_TWO_SERIES = chart("""
chart.add_data(Reference(ws, min_col=2, max_col=3, min_row=2, max_row=last),
               titles_from_data=False)
chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=last))
ws.add_chart(chart, "E2")
""")
CHART_TITLE_LOWERCASE = chart("""
chart.title = P["title"].lower()
chart.add_data(Reference(ws, min_col=3, min_row=2, max_row=last), titles_from_data=False)
chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=last))
ws.add_chart(chart, "E2")
""")
SUMMARY_AT_THE_END = edit("""
wb.move_sheet(P["new"], offset=len(wb.sheetnames) - 1)
""")
SUMMARY_TYPED_TOTALS = edit("""
new, month = wb[P["new"]], wb[P["months"][0]]
new["B2"] = sum(month.cell(row=r, column=2).value for r in range(2, month.max_row + 1))
""")
SUMMARY_WRONG_MONTH = edit("""
first, second = P["months"][0], P["months"][1]
wb[P["new"]]["C3"] = f"=SUM('{first}'!C2:C{wb[first].max_row})"
""")
SUMMARY_TOTAL_SHORT = edit("""
total = len(P["months"]) + 2
wb[P["new"]][f"C{total}"] = f"=SUM(C2:C{total - 2})"
""")
SUMMARY_MONTH_EDITED = edit("""
wb[P["months"][1]]["B2"] = wb[P["months"][1]]["B2"].value + 5
""")

INVENTORY_UNSORTED = edit("""
ws = wb[P["sheet"]]
rows = [[ws.cell(row=r, column=c).value for c in (1, 2, 3)] for r in range(2, P["count"] + 2)]
rows.reverse()
for r, row in enumerate(rows, start=2):
    for c, value in enumerate(row, start=1):
        ws.cell(row=r, column=c, value=value)
""")
INVENTORY_SIZES_AS_TEXT = edit("""
ws = wb[P["sheet"]]
for r in range(2, P["count"] + 2):
    ws.cell(row=r, column=3).value = str(ws.cell(row=r, column=3).value)
""")
INVENTORY_SIZES_IN_KB = edit("""
ws = wb[P["sheet"]]
for r in range(2, P["count"] + 2):
    ws.cell(row=r, column=3).value = round(ws.cell(row=r, column=3).value / 1024, 1)
""")
INVENTORY_TYPES_WITH_DOT = edit("""
ws = wb[P["sheet"]]
for r in range(2, P["count"] + 2):
    ws.cell(row=r, column=2).value = "." + ws.cell(row=r, column=2).value
""")
INVENTORY_FILE_DELETED = """
import os
folder = os.path.join("/home/user", __FOLDER__)
os.remove(os.path.join(folder, sorted(os.listdir(folder))[-1]))
"""


def inventory_file_deleted(p: dict[str, Any]) -> str:
    return INVENTORY_FILE_DELETED.replace("__FOLDER__", repr(p["folder"]))


NAMES_AS_TEXT = edit("""
vals = openpyxl.load_workbook(P["path"])[P["sheet"]]
for r in range(2, P["n"] + 2):
    a, b, c = (vals.cell(row=r, column=k).value for k in (1, 2, 3))
    ws[f"E{r}"] = {"the last name, a comma and a space, then the first name": f"{b}, {a}",
                   "the first name, one space, then the last name": f"{a} {b}"}.get(
        P["style"], f"{a} {b} ({c})")
""")
NAMES_NO_SPACE = edit("""
for r in range(2, P["n"] + 2):
    ws[f"E{r}"] = ws[f"E{r}"].value.replace('", "', '","').replace('" "', '""').replace(
        '" ("', '"("')
""")
NAMES_ROW_BELOW = edit("""
for r in range(2, P["n"] + 2):
    ws[f"E{r}"] = ws[f"E{r}"].value.replace(str(r), str(r + 1))
""")
NAMES_EMAIL_OVERWRITTEN = edit("""
ws["D2"] = ws["D2"].value.upper()
""")

SHEETS_IN_CAPITALS = edit("""
for sheet in wb.worksheets[: P["count"]]:
    sheet.title = sheet.title.upper()
""")
SHEETS_REORDERED = edit("""
wb.move_sheet(wb.worksheets[0], offset=P["count"] - 1)
""")
SHEETS_TITLE_EDITED = edit("""
sheet = wb.worksheets[0]
sheet.title = sheet.title + " region"
sheet["A1"] = "Region: " + sheet.title
""")
SHEETS_NOTES_RENAMED = edit("""
wb["Notes"].title = "Remarks"
""")

SERIES_AS_TEXT = edit("""
for r in range(2, P["n"] + 2):
    ws[f"A{r}"].value = ws[f"A{r}"].value.isoformat()
""")
SERIES_DAILY = edit("""
first = ws["A2"].value
for r in range(2, P["n"] + 2):
    ws[f"A{r}"].value = first + datetime.timedelta(days=r - 2)
""")
SERIES_REFORMATTED = edit("""
for r in range(2, P["n"] + 2):
    ws[f"A{r}"].number_format = "dd/mm/yyyy"
""")
SERIES_ONE_SHORT = edit("""
ws[f"A{P['n'] + 1}"].value = None
""")

ROWS_CLEARED_NOT_DELETED = edit("""
for r in range(2, P["n"] + 2):
    if ws.cell(row=r, column=9).value == P["word"]:
        for c in range(1, 10):
            ws.cell(row=r, column=c).value = None
""")
ROWS_ONE_MORE_DELETED = edit("""
ws.delete_rows(2)
""")
ROWS_SORTED_BY_STATUS = edit("""
rows = [[c.value for c in row] for row in ws.iter_rows(min_row=2, max_row=ws.max_row, max_col=9)]
rows.sort(key=lambda row: row[8])
for r, row in enumerate(rows, start=2):
    for c, value in enumerate(row, start=1):
        ws.cell(row=r, column=c).value = value
""")
ROWS_HEADER_RENAMED = edit("""
ws["I1"] = "State"
""")

CHART_ON_NOTES = chart("""
chart.add_data(Reference(ws, min_col=3, min_row=2, max_row=last), titles_from_data=False)
chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=last))
wb["Notes"].add_chart(chart, "C2")
""")

CASES: list[Case] = [
    # apply-number-format: seed 0 asks for percent, 1 for euro, 6 for ISO dates
    Case("apply-number-format", 0, "0.0\"%\" shows a % sign but is no percent format",
         FORMAT_LOOKALIKE, "all_cells"),
    Case("apply-number-format", 1, "EUR text instead of the € sign", FORMAT_LOOKALIKE,
         "all_cells"),
    Case("apply-number-format", 6, "a time of day shown too", FORMAT_LOOKALIKE, "all_cells"),
    Case("apply-number-format", 0, "two decimals where one was asked",
         FORMAT_ONE_DECIMAL_TOO_MANY, "all_cells"),
    Case("apply-number-format", 1, "three decimals where two were asked",
         FORMAT_ONE_DECIMAL_TOO_MANY, "all_cells"),
    Case("apply-number-format", 6, "a two-digit year", FORMAT_ONE_DECIMAL_TOO_MANY, "all_cells"),
    Case("apply-number-format", 1, "the neighbouring column formatted too",
         FORMAT_NEIGHBOUR_TOO, "nothing_else_changed"),
    Case("apply-number-format", 0, "a value overwritten by its rendering, as text",
         FORMAT_VALUE_TYPED_AS_TEXT, "nothing_else_changed"),
    # style-header-row
    Case("style-header-row", 0, "italic added where only bold was asked", HEADER_ITALIC_TOO,
         "no_other_font_change"),
    Case("style-header-row", 0, "the first data row filled too", HEADER_FILL_ON_ROW_2,
         "nothing_else_changed"),
    Case("style-header-row", 0, "a colour one shade off the asked hex", HEADER_NEAR_COLOUR,
         "fill"),
    Case("style-header-row", 0, "the header text enlarged", HEADER_BIGGER,
         "no_other_font_change"),
    # merge-title
    Case("merge-title", 0, "merged one column too wide", MERGE_TOO_WIDE, "merged"),
    Case("merge-title", 0, "the title's font enlarged", MERGE_TITLE_RESIZED,
         "nothing_else_changed"),
    Case("merge-title", 0, "header cells merged as well", MERGE_HEADER_TOO, "only_that_merge"),
    Case("merge-title", 0, "the title retyped in capitals", MERGE_TITLE_RETYPED, "title_kept"),
    # freeze-panes
    Case("freeze-panes", 0, "one row too many frozen", FREEZE_ONE_ROW_TOO_MANY, "rows_frozen"),
    Case("freeze-panes", 0, "the window split, not frozen", FREEZE_SPLIT_NOT_FROZEN,
         "rows_frozen"),
    Case("freeze-panes", 0, "a quantity changed on the way", FREEZE_AND_EDIT,
         "nothing_else_changed"),
    # totals-row
    Case("totals-row", 0, "a formula holding a constant, not the column",
         TOTALS_CONSTANT_FORMULA, "units_formula"),
    Case("totals-row", 1, "the range stops one order short", TOTALS_RANGE_SHORT,
         "revenue_value"),
    Case("totals-row", 0, "Unit price summed too", TOTALS_ALSO_PRICE, "nothing_else_changed"),
    Case("totals-row", 0, "the summary one row too low", TOTALS_ONE_ROW_LOW, "label"),
    Case("totals-row", 1, "numbers typed instead of formulas", TOTALS_AS_NUMBERS,
         "units_formula", from_gold=False),
    # status-column
    Case("status-column", 0, "the quoted labels in another case", STATUS_LOWERCASE,
         "all_lines"),
    Case("status-column", 0, "lines exactly on budget called under", STATUS_EQUAL_IS_UNDER,
         "all_lines"),
    Case("status-column", 0, "the Budget column reformatted", STATUS_BUDGET_REFORMATTED,
         "nothing_else_changed"),
    # highlight-cells: seed 0 is "above", seed 2 "below"
    Case("highlight-cells", 0, "or-equal where strictly above was asked", HIGHLIGHT_OR_EQUAL,
         "rule_condition"),
    Case("highlight-cells", 2, "the rule over the whole table", HIGHLIGHT_WHOLE_TABLE,
         "rule_on_range"),
    Case("highlight-cells", 0, "a second rule with another colour", HIGHLIGHT_SECOND_RULE,
         "one_rule"),
    Case("highlight-cells", 2, "bold text added to the highlight", HIGHLIGHT_BOLD_TOO,
         "rule_fill"),
    Case("highlight-cells", 1, "cells filled by hand, no rule", HIGHLIGHT_BY_HAND,
         "nothing_else_changed", from_gold=False),
    # sort-rows
    Case("sort-rows", 0, "only the key column sorted: rows torn apart", SORT_KEY_COLUMN_ONLY,
         "rows_intact", from_gold=False),
    Case("sort-rows", 1, "an order overwritten by its neighbour", SORT_ROW_OVERWRITTEN,
         "rows_intact"),
    Case("sort-rows", 1, "the second key the wrong way round", SORT_SECOND_KEY_BACKWARDS,
         "both_keys", from_gold=False),
    Case("sort-rows", 0, "sorted again with the header taken for data", SORT_HEADER_SORTED_IN,
         "header_kept"),
    Case("sort-rows", 2, "the header made bold", SORT_HEADER_BOLDED, "nothing_else_changed"),
    # dropdown-list
    Case("dropdown-list", 0, "the rule stops one row short", DROPDOWN_ONE_SHORT, "list_rule"),
    Case("dropdown-list", 0, "the items in lower case", DROPDOWN_LOWERCASE, "items"),
    Case("dropdown-list", 0, "a warning that lets other entries in", DROPDOWN_WARNING_ONLY,
         "rejects_others"),
    Case("dropdown-list", 0, "a list put on Priority too", DROPDOWN_PRIORITY_TOO, "one_rule"),
    Case("dropdown-list", 1, "the items sorted, not in the asked order", DROPDOWN_REORDERED,
         "items", from_gold=False),
    # price-lookup
    Case("price-lookup", 0, "links to one price cell each: a changed code is not followed",
         LOOKUP_DIRECT_LINKS, "price_formulas"),
    Case("price-lookup", 0, "the price list sorted", LOOKUP_PRICES_SORTED,
         "nothing_else_changed"),
    Case("price-lookup", 0, "line totals as constant formulas", LOOKUP_TOTAL_CONSTANT,
         "total_formulas"),
    Case("price-lookup", 1, "prices pasted as values", LOOKUP_PASTED_AS_VALUES,
         "price_formulas", from_gold=False),
    # extract-rows-to-sheet
    Case("extract-rows-to-sheet", 0, "dates pasted as text", EXTRACT_DATES_AS_TEXT,
         "rows_match"),
    Case("extract-rows-to-sheet", 0, "a filter left on the source sheet",
         EXTRACT_FILTER_LEFT_ON, "nothing_else_changed"),
    Case("extract-rows-to-sheet", 0, "one other invoice copied too", EXTRACT_ONE_ROW_TOO_MANY,
         "rows_match"),
    Case("extract-rows-to-sheet", 0, "the sheet named in another case", EXTRACT_NAME_LOWERCASE,
         "sheet_added"),
    Case("extract-rows-to-sheet", 1, "the new sheet at the end", EXTRACT_SHEET_AT_THE_END,
         "placed_after", from_gold=False),
    # region-chart
    Case("region-chart", 0, "horizontal bars", CHART_HORIZONTAL, "column_chart"),
    Case("region-chart", 0, "Orders plotted as a second series", CHART_TWO_SERIES,
         "one_series"),
    Case("region-chart", 0, "the title in lower case", CHART_TITLE_LOWERCASE, "title"),
    Case("region-chart", 0, "the chart on the Notes sheet", CHART_ON_NOTES,
         "chart_on_sheet"),
    # folder-inventory (files -> calc)
    Case("folder-inventory", 0, "the files listed Z to A", INVENTORY_UNSORTED, "names_sorted"),
    Case("folder-inventory", 1, "sizes typed as text", INVENTORY_SIZES_AS_TEXT, "sizes"),
    Case("folder-inventory", 2, "sizes in KiB, not bytes", INVENTORY_SIZES_IN_KB, "sizes"),
    Case("folder-inventory", 0, "types written with the dot", INVENTORY_TYPES_WITH_DOT, "types"),
    Case("folder-inventory", 1, "a file deleted to match a short list", inventory_file_deleted,
         "folder_kept"),
    # display-names
    Case("display-names", 1, "the names typed as text", NAMES_AS_TEXT, "formulas",
         from_gold=False),
    Case("display-names", 0, "the separators' spaces left out", NAMES_NO_SPACE, "all_right"),
    Case("display-names", 1, "each formula reads the next row", NAMES_ROW_BELOW, "formulas"),
    Case("display-names", 2, "an email changed on the way", NAMES_EMAIL_OVERWRITTEN,
         "nothing_else_changed"),
    # rename-sheets
    Case("rename-sheets", 0, "the regions in capitals", SHEETS_IN_CAPITALS, "all_renamed"),
    Case("rename-sheets", 1, "the sheets reordered", SHEETS_REORDERED, "nothing_else_changed"),
    Case("rename-sheets", 2, "a title edited to fit a longer name", SHEETS_TITLE_EDITED,
         "nothing_else_changed"),
    Case("rename-sheets", 0, "the notes sheet renamed too", SHEETS_NOTES_RENAMED, "notes_kept"),
    # week-series
    Case("week-series", 0, "dates typed as text", SERIES_AS_TEXT, "all_dates"),
    Case("week-series", 1, "one day apart, not the asked step", SERIES_DAILY, "all_dates"),
    Case("week-series", 2, "the column given another date format", SERIES_REFORMATTED,
         "nothing_else_changed"),
    Case("week-series", 0, "the last task left without a date", SERIES_ONE_SHORT, "all_dates"),
    # delete-cancelled-rows
    Case("delete-cancelled-rows", 0, "rows cleared, not deleted: gaps left",
         ROWS_CLEARED_NOT_DELETED, "no_gaps", from_gold=False),
    Case("delete-cancelled-rows", 1, "an open order deleted too", ROWS_ONE_MORE_DELETED,
         "others_kept_in_order"),
    Case("delete-cancelled-rows", 2, "the orders re-sorted by status", ROWS_SORTED_BY_STATUS,
         "others_kept_in_order"),
    Case("delete-cancelled-rows", 0, "the Status header renamed", ROWS_HEADER_RENAMED,
         "header_kept"),
    # summary-sheet
    Case("summary-sheet", 0, "the summary sheet added at the end", SUMMARY_AT_THE_END,
         "placed_first"),
    Case("summary-sheet", 1, "a month's Units typed as a number", SUMMARY_TYPED_TOTALS,
         "month_formulas"),
    Case("summary-sheet", 2, "the second month's Revenue read from the first month",
         SUMMARY_WRONG_MONTH, "month_values"),
    Case("summary-sheet", 0, "the total leaves out the last month", SUMMARY_TOTAL_SHORT,
         "total_row"),
    Case("summary-sheet", 1, "a month sheet edited to fit", SUMMARY_MONTH_EDITED,
         "nothing_else_changed"),
]  # fmt: skip


def params(family: str, seed: int) -> dict[str, Any]:
    return domain.family(family).sample(seed).params or {}  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def outputs() -> dict[int, RewardOutput]:
    """Every case scored: one environment per (family, seed), cases restored from its
    ``initial`` snapshot; a few environments at a time (the CPUs are shared)."""
    groups: dict[tuple[str, int], list[int]] = {}
    for i, case in enumerate(CASES):
        groups.setdefault((case.family, case.seed), []).append(i)
    gate = asyncio.Semaphore(3)

    async def group(key: tuple[str, int], indices: list[int]) -> list[RewardOutput]:
        family = domain.family(key[0])
        gold = family.generate(family.sample(key[1])).golden_patch
        states: list[tuple[str, ...]] = []
        for i in indices:
            change = CASES[i].script(params(*key))
            states.append((gold, change) if CASES[i].from_gold else (change,))
        async with gate:
            return await score_end_states(family, key[1], states)

    async def everything() -> list[list[RewardOutput]]:
        return await asyncio.gather(*(group(k, v) for k, v in groups.items()))

    done = asyncio.run(everything())
    return {i: out for indices, outs in zip(groups.values(), done, strict=True)
            for i, out in zip(indices, outs, strict=True)}  # fmt: skip


def test_every_family_has_three_wrong_end_states_from_gold() -> None:
    # a desktop x web family's wrong end states (a hub session too) are in tests/families/desk_web
    for family in [f for f in domain.families if not is_desk_web(f)]:
        from_gold = [c for c in CASES if c.family == family.id and c.from_gold]
        assert len(from_gold) >= 3, family.id


@pytest.mark.parametrize("index", range(len(CASES)), ids=[f"{c.family}:{c.why}" for c in CASES])
def test_a_wrong_end_state_is_not_full_credit(index: int, outputs: dict[int, RewardOutput]) -> None:
    case, out = CASES[index], outputs[index]
    failed = {c.name for c in out.checks if not c.passed}
    assert out.reward is not None and out.reward < 1.0, (case.why, out)
    assert case.fails in failed, (case.why, failed, out)

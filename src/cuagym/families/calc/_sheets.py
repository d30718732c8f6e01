"""Families on the workbook's sheets: a summary sheet built over the month sheets, sheets
renamed after what they hold."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.calc import COMPANIES, REGIONS, month_sheet, slug
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.calc._base import SAVE_NOTE, CalcFamily, CalcParams, Sheet, quote
from cuagym.families.calc._sheets_checks import rename_sheets, summary_sheet
from cuagym.scripts import statements_of

__all__ = ["RenameSheets", "SummarySheet"]

_QUARTERS: dict[str, tuple[str, ...]] = {
    "Q1": ("January", "February", "March"),
    "Q2": ("April", "May", "June"),
    "Q3": ("July", "August", "September"),
    "Q4": ("October", "November", "December"),
}


class SummarySheetParams(CalcParams):
    """What a :class:`SummarySheet` task states (its ``params``)."""

    new: str
    months: list[str]
    notes: str
    quarter: str


class SummarySheet(CalcFamily):
    """A new first sheet that sums each month sheet's Units and Revenue with live formulas,
    one row per month in sheet order, and a grand total row. The notes sheet is no month."""

    id: ClassVar[str] = "summary-sheet"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("sheets", "manage", "insert-sheet")
    params_type: ClassVar[type[TaskParams] | None] = SummarySheetParams
    also_covers: ClassVar[tuple[str, ...]] = ("calc:formulas/aggregate/sum-average",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        quarter = rng.choice(sorted(_QUARTERS))
        months = list(_QUARTERS[quarter])
        new = rng.choice(["Summary", "Overview", "Totals"])
        path = f"/home/user/Documents/{slug(company)}_{quarter.lower()}_sales.xlsx"
        named, listed = quote(new), ", ".join(quote(m) for m in months)
        head = ", ".join(quote(h) for h in ("Month", "Units", "Revenue"))
        last = len(months) + 2
        instruction = rng.choice(
            [
                f"In {path}, add a sheet {named} in front of all the others. Its first row "
                f"holds the headers {head}; rows 2 to {last - 1} list the month sheets "
                f"{listed} in that order, each with formulas that total its Units and its "
                f"Revenue; row {last} is {quote('Total')} with formulas adding up the months "
                "above.",
                f"Build a quarter overview in {path}: a new first sheet named {named} whose "
                f"A1:C1 read {head}, then one row per month sheet ({listed}) giving the "
                f"month's name and, as formulas, the sum of its Units and of its Revenue, and "
                f"finally a {quote('Total')} row {last} over those months.",
                f"I want the totals of {listed} side by side in {path}. Insert sheet {named} "
                f"as the very first sheet, with {head} as headers in row 1, a row per month "
                f"below it in sheet order whose Units and Revenue are formulas over that "
                f"month's sheet, and a {quote('Total')} row {last} summing them.",
                f"{path} has one sheet per month but no summary. Create {named} before every "
                f"other sheet: headers {head} across A1:C1, rows 2 to {last - 1} naming "
                f"{listed} with formula totals of each month's Units and Revenue, and row "
                f"{last} labelled {quote('Total')} with formulas for the quarter.",
                f"Add a {named} sheet at the front of {path} that stays current when a month "
                f"changes: headers {head} in row 1, then {listed} one per row with their "
                f"summed Units and Revenue as formulas, then {quote('Total')} in row {last} "
                "with the quarter's sums.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{company}'s {quarter} sales workbook {path} is open in LibreOffice Calc. It has the "
            f"sheets {listed} and {quote('Notes')}, in that order. Each month sheet has the "
            f"header Product, Units, Revenue in row 1 and one row per product below it "
            f"(columns A to C); {quote('Notes')} holds remarks, not sales. {SAVE_NOTE}",
            path=path,
            new=new,
            months=months,
            notes="Notes",
            quarter=quarter,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        specs: list[Sheet] = []
        for month in p["months"]:
            header, rows = month_sheet(rng, rng.randint(5, 9))
            specs.append(
                {
                    "title": month,
                    "rows": [header, *rows],
                    "formats": {"C": "#,##0.00"},
                    "widths": {"A": 18, "B": 10, "C": 14},
                }
            )
        specs.append(
            {
                "title": p["notes"],
                "rows": [
                    ["Remark"],
                    [f"{p['quarter']} figures are final after the month-end close."],
                    ["Returns are booked in the month they arrive."],
                ],
                "widths": {"A": 60},
            }
        )
        return specs, ""

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = wb.create_sheet(F["new"], index=0)
for c, text in enumerate(("Month", "Units", "Revenue"), start=1):
    ws.cell(row=1, column=c, value=text)
for r, month in enumerate(F["months"], start=2):
    last = wb[month].max_row
    ws.cell(row=r, column=1, value=month)
    ws.cell(row=r, column=2, value=f"=SUM('{month}'!B2:B{last})")
    ws.cell(row=r, column=3, value=f"=SUM('{month}'!C2:C{last})").number_format = "#,##0.00"
total = len(F["months"]) + 2
ws.cell(row=total, column=1, value="Total")
ws.cell(row=total, column=2, value=f"=SUM(B2:B{total - 1})")
ws.cell(row=total, column=3, value=f"=SUM(C2:C{total - 1})").number_format = "#,##0.00"
"""

    def checks(self, p: dict[str, Any]) -> str:
        # Each month's formulas must read only that month's column (its data rows, a longer
        # range or the whole column) and every one of its data rows: a link to one cell or a
        # sum over the wrong sheet does not follow the month. The months are read as they are
        # now; the guard keeps them as setup wrote them.
        return statements_of(summary_sheet)


class RenameSheetsParams(CalcParams):
    """What a :class:`RenameSheets` task states (its ``params``)."""

    count: int
    notes: str


class RenameSheets(CalcFamily):
    """Sheets still called Sheet1, Sheet2, ... renamed after the region in their A1 title;
    order, contents and the notes sheet stay as they are."""

    id: ClassVar[str] = "rename-sheets"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("sheets", "manage", "rename-sheet")
    params_type: ClassVar[type[TaskParams] | None] = RenameSheetsParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        count = rng.randint(3, 5)
        path = f"/home/user/Documents/{slug(company)}_regional_sales.xlsx"
        generic = [f"Sheet{i}" for i in range(1, count + 1)]
        listed = ", ".join(quote(g) for g in generic)
        title = quote("Region: North")
        instruction = rng.choice(
            [
                f"In {path}, rename the sheets {listed} after the region each one covers, as "
                f"its cell A1 states (a sheet whose A1 reads {title} becomes {quote('North')}). "
                f"Keep the sheets in their order and {quote('Notes')} as it is.",
                f"The region sheets of {path} still carry the default names {listed}. Give "
                f"each the name of its region from the title in A1 ({title} means the sheet "
                f"is called {quote('North')}), without reordering or editing any sheet.",
                f"Name every sheet of {path} that is now called like {quote('Sheet1')} after "
                f"the region in its A1 heading, for instance {quote('North')} for {title}; "
                f"the sheet order, the contents and the {quote('Notes')} sheet stay unchanged.",
                f"I can't tell the tabs of {path} apart: {listed}. Rename each to just the "
                f"region named in its A1 title (so {title} gives {quote('North')}) and leave "
                "everything else alone.",
                f"Replace the placeholder sheet names {listed} in {path} with the regions their "
                f"A1 titles name, such as {quote('North')} for a sheet titled {title}. Nothing "
                f"else changes, {quote('Notes')} included.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{company}'s workbook {path} is open in LibreOffice Calc. It has the sheets "
            f"{listed} and {quote('Notes')}, in that order. Each of the first {count} has a "
            f"title like {title} in A1 (a different region each), an empty row 2 and a table "
            f"of sales from row 3. {SAVE_NOTE}",
            path=path,
            count=count,
            notes="Notes",
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        specs: list[Sheet] = []
        for i, region in enumerate(rng.sample(REGIONS, p["count"]), start=1):
            header, rows = month_sheet(rng, rng.randint(4, 7))
            specs.append(
                {
                    "title": f"Sheet{i}",
                    "data_row": 4,
                    "rows": [[f"Region: {region}"], [], header, *rows],
                    "formats": {"C": "#,##0.00"},
                    "widths": {"A": 18, "B": 10, "C": 14},
                }
            )
        specs.append(
            {
                "title": p["notes"],
                "rows": [["Remark"], ["Figures per region; totals are checked monthly."]],
                "widths": {"A": 60},
            }
        )
        return specs, ""

    def patch(self, p: dict[str, Any]) -> str:
        return """
for ws in wb.worksheets[: F["count"]]:
    ws.title = ws["A1"].value.split(":", 1)[1].strip()
"""

    def checks(self, p: dict[str, Any]) -> str:
        # Sheets are matched by position: the view before, its keys renamed to the sheet
        # names now, must equal the view now except for the sheet list itself.
        return statements_of(rename_sheets)

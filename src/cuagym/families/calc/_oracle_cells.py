"""GUI oracles of calc's cell-level families: number formats, header style, merged title,
frozen panes, totals row, status column, price lookup."""

from __future__ import annotations

import datetime
from collections.abc import AsyncIterator
from typing import Any, ClassVar

from cuagym.families._gui_oracle import answer, call
from cuagym.families.calc._name_styles import joined_columns
from cuagym.families.calc._oracle import BACKGROUND_COLOR, FONT_COLOR, CalcOracle

__all__ = [
    "ApplyNumberFormatOracle",
    "DeleteCancelledRowsOracle",
    "DisplayNamesOracle",
    "FreezePanesOracle",
    "MergeTitleOracle",
    "PriceLookupOracle",
    "StatusColumnOracle",
    "StyleHeaderRowOracle",
    "TotalsRowOracle",
    "WeekSeriesOracle",
]

# The format code a person types into Format Cells > Numbers > Format code, per asked look.
FORMAT_CODES = {
    "percentages": "0.0%",
    "euro": "[$€-1809]#,##0.00",
    "dates": "YYYY-MM-DD",
}
# Where Format Cells' Numbers tab has its Format code field (the dialog opens there first).
FORMAT_CODE_FIELD = (582, 610)


class ApplyNumberFormatOracle(CalcOracle):
    """Select the column's cells, Format Cells, type the format code, OK, save."""

    def __init__(self, task: Any) -> None:
        super().__init__(task)
        self.code = next(v for k, v in FORMAT_CODES.items() if self.p["display"].startswith(k))
        self.range = f"{self.p['col']}2:{self.p['col']}{self.p['n'] + 1}"

    async def edit(self) -> AsyncIterator[str]:
        async for turn in self.goto(self.range):
            yield turn
        yield answer("open Format Cells.", call("key", keys=["ctrl", "1"]))
        async for turn in self.until_title(lambda t: t == "Format Cells", "Format Cells"):
            yield turn
        yield answer(
            f"replace the format code with {self.code}.",
            call("triple_click", coordinate=list(FORMAT_CODE_FIELD)),
            call("key", keys=["ctrl", "a"]),
            call("type", text=self.code),
        )
        async for turn in self.dialog_ok("apply the format (OK)."):
            yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        col, last = self.p["col"], self.p["n"] + 1
        formats = {self.cell(sheet, f"{col}{r}").get("number_format") for r in range(2, last + 1)}
        if len(formats) != 1 or None in formats:
            return f"the cells have formats {sorted(str(f) for f in formats)}"
        fmt = str(formats.pop())
        digits = fmt.replace("\\", "").replace('"', "")
        wanted = {"0.0%": "0.0%", "YYYY-MM-DD": "-mm-dd", "[$€-1809]#,##0.00": "#,##0.00"}
        if wanted[self.code] not in digits.lower() and wanted[self.code] not in digits:
            return f"the format is {fmt!r}"
        return None


class StyleHeaderRowOracle(CalcOracle):
    """Select A1:H1, bold (ctrl+B, unless the last save shows it bold), white text and the
    fill through the toolbar's colour drop-downs (custom hex colours), save."""

    HEADER: ClassVar[tuple[str, ...]] = tuple(f"{c}1" for c in "ABCDEFGH")

    async def edit(self) -> AsyncIterator[str]:
        async for turn in self.goto("A1:H1"):
            yield turn
        if not self._all(lambda cell: bool(cell.get("font", {}).get("bold"))):
            yield answer("make the header bold.", call("key", keys=["ctrl", "b"]))
        async for turn in self.pick_color(*FONT_COLOR, "FFFFFF", "font colour"):
            yield turn
        async for turn in self.pick_color(*BACKGROUND_COLOR, self.p["fill"], "background colour"):
            yield turn

    def _all(self, test: Any) -> bool:
        if self.last_book is None:
            return False
        sheet = self.sheet(self.last_book, self.p["sheet"])
        return all(test(self.cell(sheet, c)) for c in self.HEADER)

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        for coord in self.HEADER:
            cell = self.cell(sheet, coord)
            font, fill = cell.get("font", {}), cell.get("fill", {})
            if not font.get("bold") or str(font.get("color", ""))[-6:].upper() != "FFFFFF":
                return f"{coord} font is {font}"
            if str(fill.get("fg_color", ""))[-6:].upper() != self.p["fill"].upper():
                return f"{coord} fill is {fill}"
        return None


class MergeTitleOracle(CalcOracle):
    """Select A1:E1, Merge and Center Cells (command search), save."""

    async def edit(self) -> AsyncIterator[str]:
        sheet = self.sheet(self.last_book, self.p["sheet"]) if self.last_book else {}
        if "A1:E1" in sheet.get("merged_cells", []):
            return
        async for turn in self.goto("A1:E1"):
            yield turn
        async for turn in self.command("Merge and Center Cells", None, "merge and centre A1:E1."):
            yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        align = self.cell(sheet, "A1").get("alignment", {})
        if sheet.get("merged_cells") != ["A1:E1"]:
            return f"merged: {sheet.get('merged_cells')}"
        if align.get("horizontal") != "center":
            return f"A1 alignment: {align}"
        return None


class FreezePanesOracle(CalcOracle):
    """Put the cursor below and right of what stays in view, Freeze Rows and Columns, save."""

    async def edit(self) -> AsyncIterator[str]:
        sheet = self.sheet(self.last_book, self.p["sheet"]) if self.last_book else {}
        if sheet.get("freeze_panes"):  # frozen at the wrong place: unfreeze first (a toggle)
            async for turn in self.command("Freeze Rows and Columns", None, "unfreeze."):
                yield turn
        corner = "ABCDEFGH"[self.p["cols"]] + str(self.p["rows"] + 1)
        async for turn in self.goto("A1", "scroll to the top left (A1)."):
            yield turn
        async for turn in self.goto(corner, f"put the cursor on {corner}."):
            yield turn
        async for turn in self.command(
            "Freeze Rows and Columns", None, f"freeze above/left of {corner}."
        ):
            yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        corner = "ABCDEFGH"[self.p["cols"]] + str(self.p["rows"] + 1)
        if sheet.get("freeze_panes") != corner:
            return f"frozen at {sheet.get('freeze_panes')}"
        return None


class TotalsRowOracle(CalcOracle):
    """Type the label and the two formulas into the summary row, save."""

    async def edit(self) -> AsyncIterator[str]:
        fn = "SUM" if self.p["label"] == "Total" else "AVERAGE"
        row, last = self.p["row"], self.p["n"] + 1
        async for turn in self.type_cells([
            (f"A{row}", self.p["label"]),
            (f"F{row}", f"={fn}(F2:F{last})"),
            (f"H{row}", f"={fn}(H2:H{last})"),
        ]):  # fmt: skip
            yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        row = self.p["row"]
        label = self.cell(sheet, f"A{row}").get("value")
        if label != self.p["label"]:
            return f"A{row} is {label!r}"
        for col in "FH":
            if not self.cell(sheet, f"{col}{row}").get("formula"):
                return f"{col}{row} holds no formula: {self.cell(sheet, f'{col}{row}')}"
        return None


class StatusColumnOracle(CalcOracle):
    """The header, one IF formula in F2 filled down the lines, save."""

    async def edit(self) -> AsyncIterator[str]:
        p, last = self.p, self.p["n"] + 1
        formula = f'=IF(D2>C2,"{p["over"]}",IF(D2<C2,"{p["under"]}","{p["even"]}"))'
        async for turn in self.type_cells([("F1", "Status"), ("F2", formula)]):
            yield turn
        async for turn in self.fill_down(f"F2:F{last}"):
            yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        if self.cell(sheet, "F1").get("value") != "Status":
            return f"F1 is {self.cell(sheet, 'F1').get('value')!r}"
        labels = {self.p["over"], self.p["under"], self.p["even"]}
        for r in range(2, self.p["n"] + 2):
            value = self.cell(sheet, f"F{r}").get("value")
            if value not in labels:
                return f"F{r} shows {value!r}"
        return None


class PriceLookupOracle(CalcOracle):
    """A VLOOKUP into the price list in E2 and Qty x price in F2, both filled down, save."""

    async def edit(self) -> AsyncIterator[str]:
        p, last = self.p, self.p["n"] + 1
        table = f"${p['prices']}.$A$2:$C${p['m'] + 1}"
        async for turn in self.type_cells([("E2", f"=VLOOKUP(C2,{table},3,0)"), ("F2", "=D2*E2")]):
            yield turn
        async for turn in self.fill_down(f"E2:F{last}"):
            yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        for r in range(2, self.p["n"] + 2):
            for col in "EF":
                cell = self.cell(sheet, f"{col}{r}")
                if not cell.get("formula") or not isinstance(cell.get("value"), int | float):
                    return f"{col}{r} is {cell.get('formula')!r} = {cell.get('value')!r}"
        return None


class DisplayNamesOracle(CalcOracle):
    """The header and one joining formula per contact, typed as a block down column E."""

    def formula(self, r: int) -> str:
        cols, seps = joined_columns(self.p["style"])
        joined = f"{cols[0]}{r}"
        for sep, col in zip(seps, cols[1:], strict=True):
            joined += f'&"{sep}"&{col}{r}'
        return "=" + joined + ('&")"' if len(cols) == 3 else "")

    async def edit(self) -> AsyncIterator[str]:
        rows = [[self.p["header"]]] + [[self.formula(r)] for r in range(2, self.p["n"] + 2)]
        async for turn in self.type_block(rows, column=4):
            yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        if self.cell(sheet, "E1").get("value") != self.p["header"]:
            return f"E1 is {self.cell(sheet, 'E1').get('value')!r}"
        for r in range(2, self.p["n"] + 2):
            cell = self.cell(sheet, f"E{r}")
            if not cell.get("formula") or not isinstance(cell.get("value"), str):
                return f"E{r} is {cell.get('formula')!r} = {cell.get('value')!r}"
        return None


class WeekSeriesOracle(CalcOracle):
    """The series typed down A2:An as ISO dates (Calc reads them as dates)."""

    async def edit(self) -> AsyncIterator[str]:
        first = datetime.date.fromisoformat(self.p["start"])
        step = datetime.timedelta(days=self.p["step"])
        rows = [[(first + step * i).isoformat()] for i in range(self.p["n"])]
        async for turn in self.type_block(rows, row=2):
            yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        for r in range(2, self.p["n"] + 2):
            value = self.cell(sheet, f"A{r}").get("value")
            if not isinstance(value, str) or not value.startswith("20"):
                return f"A{r} is {value!r}"
        return None


class DeleteCancelledRowsOracle(CalcOracle):
    """Bottom up, each cancelled order's row (read from the saved workbook): the cursor on
    its first cell, Delete Rows (command search)."""

    def cancelled(self, book: dict[str, Any]) -> list[int]:
        sheet = self.sheet(book, self.p["sheet"])
        rows = [
            int(coord[1:])
            for coord, cell in sheet.get("cells", {}).items()
            if coord.startswith("I")
            and coord[1:].isdigit()
            and (cell or {}).get("value") == self.p["word"]
        ]
        return sorted(rows, reverse=True)

    async def edit(self) -> AsyncIterator[str]:
        book = self.last_book or await self.workbook()
        for r in self.cancelled(book):
            async for turn in self.goto(f"A{r}", f"put the cursor on row {r}."):
                yield turn
            async for turn in self.command("delete rows", None, f"delete row {r}."):
                yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        left = self.cancelled(book)
        return f"rows {left} are still {self.p['word']}" if left else None

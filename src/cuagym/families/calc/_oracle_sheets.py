"""GUI oracles of calc's sheet-level families: a summary sheet over the month sheets, sheets
renamed after their titles."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from cuagym.families._gui_oracle import answer, call, key
from cuagym.families.calc._oracle import CalcOracle

__all__ = ["RenameSheetsOracle", "SummarySheetOracle"]

# the Insert Sheet dialog: the name field (its position default is "Before current sheet")
SHEET_NAME = (700, 351)


class SummarySheetOracle(CalcOracle):
    """On the first month sheet, Insert Sheet (before the current one: the new sheet comes
    first) with the asked name; then the headers, one row per month with SUM formulas over its
    sheet's data rows (read from the saved workbook) and the total row, typed cell by cell."""

    async def edit(self) -> AsyncIterator[str]:
        book = self.last_book or await self.workbook()
        new, months = self.p["new"], self.p["months"]
        if new not in book.get("sheet_names", []):
            async for turn in self.goto(f"${months[0]}.A1", "go to the first month sheet."):
                yield turn
            async for turn in self.command("insert sheet", "Insert Sheet", "add a sheet."):
                yield turn
            yield answer(
                f"keep it before the current sheet and name it {new!r}.",
                call("triple_click", coordinate=list(SHEET_NAME)),
                key("ctrl", "a"),
                call("type", text=new),
            )
            async for turn in self.dialog_ok("insert the sheet (OK)."):
                yield turn
        rows = [["Month", "Units", "Revenue"]]
        for month in months:
            last = self.last_data_row(book, month)
            rows.append([month, f"=SUM(${month}.B2:B{last})", f"=SUM(${month}.C2:C{last})"])
        total = len(months) + 2
        rows.append(["Total", f"=SUM(B2:B{total - 1})", f"=SUM(C2:C{total - 1})"])
        async for turn in self.goto(f"${new}.A1", f"show the {new} sheet."):
            yield turn
        async for turn in self.type_block(rows):
            yield turn

    def last_data_row(self, book: dict[str, Any], month: str) -> int:
        rows = [
            int(coord.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
            for coord, cell in self.sheet(book, month).get("cells", {}).items()
            if coord.startswith("A") and (cell or {}).get("value") not in (None, "")
        ]
        return max(rows)

    def check(self, book: dict[str, Any]) -> str | None:
        names = book.get("sheet_names", [])
        if not names or names[0] != self.p["new"]:
            return f"sheets: {names}"
        sheet = self.sheet(book, self.p["new"])
        months = self.p["months"]
        labels = [self.cell(sheet, f"A{r}").get("value") for r in range(2, len(months) + 2)]
        if labels != months:
            return f"months listed: {labels}"
        for r in range(2, len(months) + 3):
            for col in "BC":
                cell = self.cell(sheet, f"{col}{r}")
                if not cell.get("formula") or not isinstance(cell.get("value"), int | float):
                    return f"{col}{r} is {cell.get('formula')!r} = {cell.get('value')!r}"
        return None


class RenameSheetsOracle(CalcOracle):
    """Each SheetN in turn: go to its A1, Rename Sheet (command search), the region from the
    title the saved workbook shows in A1, Enter."""

    async def edit(self) -> AsyncIterator[str]:
        book = self.last_book or await self.workbook()
        for name in book.get("sheet_names", [])[: self.p["count"]]:
            title = str(self.cell(self.sheet(book, name), "A1").get("value") or "")
            region = title.split(":", 1)[1].strip()
            if name == region:
                continue
            async for turn in self.goto(f"${name}.A1", f"go to sheet {name}."):
                yield turn
            async for turn in self.command("rename sheet", "Rename Sheet", "rename it."):
                yield turn
            yield answer(f"name it {region!r}.", key("ctrl", "a"), call("type", text=region))
            async for turn in self.dialog_ok("rename (OK)."):
                yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        names = book.get("sheet_names", [])
        for name in names[: self.p["count"]]:
            title = str(self.cell(self.sheet(book, name), "A1").get("value") or "")
            if not title.endswith(": " + name):
                return f"sheet {name!r} has the title {title!r}"
        return None

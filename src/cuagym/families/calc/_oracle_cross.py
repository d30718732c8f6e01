"""GUI oracles of calc's cross-application families (files → calc, mail → calc)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from cuagym.families._gui_oracle import OracleStuck, answer, call, key
from cuagym.families.calc._oracle import CalcOracle

__all__ = ["FolderInventoryOracle", "RecordMailedPricesOracle"]


class FolderInventoryOracle(CalcOracle):
    """The folder's listing (names and exact sizes, what the file manager's Properties show)
    read through the state API, then the rows typed into the sheet as one block from A2."""

    async def listing(self) -> list[tuple[str, int]]:
        from cuagym.envs import StateQuery

        folder = self.p["folder"].rstrip("/") + "/"
        state = await self.env.read_state(
            StateQuery(paths=(folder + "*",), text_max_bytes=0, parse=False, hub=False)
        )
        return sorted(
            (e.path[len(folder) :], e.size)
            for e in state.files
            if e.kind == "file" and "/" not in e.path[len(folder) :]
        )

    async def edit(self) -> AsyncIterator[str]:
        # a cell typed outside the table by a lost key in an earlier round: clear it
        for coord in self.strays(self.last_book) if self.last_book is not None else []:
            async for turn in self.goto(coord, f"go to the stray {coord}."):
                yield turn
            yield answer(f"clear {coord}.", call("wait", time=0.5), key("delete"))
        files = await self.listing()
        # The block starts with the headers as they are: Calc's autocorrect capitalised the
        # first word typed after the jump (a file name), and a header is capitalised already.
        rows = [["Name", "Type", "Size (bytes)"]]
        rows += [[name, name.rsplit(".", 1)[-1].lower(), str(size)] for name, size in files]
        # "Total" ends the block, which leaves the cursor below it. The sum goes beside it in
        # turns of their own, up once and right twice with pauses between the keys: arrows sent
        # right after typed text were lost, and chords sent back to back were dropped under
        # load (a sum once landed on the cell clicked to focus the sheet).
        rows.append(["Total"])
        async for turn in self.type_block(rows):
            yield turn
        yield answer(
            "go to column C of the Total row.",
            call("wait", time=0.5),
            key("up"),
            call("wait", time=0.3),
            key("right"),
            call("wait", time=0.3),
            key("right"),
        )
        yield answer(
            "type the sum of the sizes there.",
            call("wait", time=0.5),
            call("type", text=f"=SUM(C2:C{len(files) + 1})\n"),
        )

    def strays(self, book: dict[str, Any]) -> list[str]:
        """Cells with a value outside the table (A1 to C of the total row)."""
        last = self.p["count"] + 2
        return sorted(
            coord
            for coord, cell in self.sheet(book, self.p["sheet"]).get("cells", {}).items()
            if (cell or {}).get("value") not in (None, "")
            and (coord[0] not in "ABC" or not coord[1:].isdigit() or int(coord[1:]) > last)
        )

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        count = self.p["count"]
        strays = self.strays(book)
        if strays:
            return f"typed outside the table: {strays}"
        for r in range(2, count + 2):
            cell = self.cell(sheet, f"C{r}")
            if not isinstance(cell.get("value"), int | float):
                return f"C{r} is {cell.get('value')!r}"
            name = self.cell(sheet, f"A{r}").get("value")
            if not isinstance(name, str) or name != name.lower():
                return f"A{r} is {name!r} (the names are all lower case)"
        label = self.cell(sheet, f"A{count + 2}").get("value")
        total = self.cell(sheet, f"C{count + 2}")
        if label != "Total" or not total.get("formula"):
            return f"row {count + 2} is {label!r}, {total}"
        return None


class RecordMailedPricesOracle(CalcOracle):
    """mail -> calc: the new prices are the task's (a person reads them in the email, which
    the start screen shows under the workbook); each goes into the Unit price cell of its
    item's row, found by code in the workbook as it was saved."""

    async def edit(self) -> AsyncIterator[str]:
        rows = self.rows(await self.workbook())
        entries = []
        for code, _, _, new in self.p["changes"]:
            if code not in rows:
                raise OracleStuck(f"no row with the code {code} in the workbook")
            entries.append((f"D{rows[code]}", str(new)))
        async for turn in self.type_cells(entries):
            yield turn

    def rows(self, book: dict[str, Any]) -> dict[str, int]:
        """Item code -> its row on the price sheet."""
        cells = self.sheet(book, self.p["sheet"]).get("cells", {})
        return {
            str(cell.get("value")): int(coord[1:])
            for coord, cell in cells.items()
            if coord[0] == "A" and coord[1:].isdigit() and int(coord[1:]) > 1 and cell
        }

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        rows = self.rows(book)
        for code, _, _, new in self.p["changes"]:
            value = self.cell(sheet, f"D{rows.get(code, 0)}").get("value")
            if not isinstance(value, int | float) or abs(value - new) > 0.005:
                return f"{code}'s price is {value!r}, not {new}"
        return None

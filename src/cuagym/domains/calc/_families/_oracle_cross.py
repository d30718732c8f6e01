"""GUI oracles of calc's cross-application families (files → calc)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from cuagym.domains._gui_oracle import answer, call, key

from ._oracle import FAR_CELL, CalcOracle

__all__ = ["FolderInventoryOracle"]


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
        files = await self.listing()
        # The block starts with the headers as they are: Calc's autocorrect capitalised the
        # first word typed after the jump (a file name), and a header is capitalised already.
        rows = [["Name", "Type", "Size (bytes)"]]
        rows += [[name, name.rsplit(".", 1)[-1].lower(), str(size)] for name, size in files]
        # "Total" ends the block. Its sum is typed in a turn of its own, the cell reached from
        # A1 with ctrl+Down (the last name, "Total") and Right twice: arrows sent in the
        # block's turn were lost, and the second of two Tabs over the empty middle cell did
        # not move on.
        rows.append(["Total"])
        async for turn in self.type_block(rows):
            yield turn
        yield answer(
            "type the sum of the sizes beside Total, in column C.",
            call("left_click", coordinate=list(FAR_CELL)),
            call("wait", time=0.5),
            key("ctrl", "home"),
            key("ctrl", "down"),
            key("right"),
            key("right"),
            call("wait", time=0.5),
            call("type", text=f"=SUM(C2:C{len(files) + 1})\n"),
        )

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        count = self.p["count"]
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

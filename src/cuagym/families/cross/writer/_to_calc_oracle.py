"""The GUI oracle of writer's table-to-workbook (writer -> calc): it works in Calc.

The report is only read (what a person reads off the table in Writer's window); the workbook
is what changes, so the solver is a :class:`cuagym.families.calc._oracle.CalcOracle`:
each cell reached through the Name Box and typed, the amounts as one formula filled down, the
total as a SUM, a save kept in xlsx format, the saved workbook read back.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from cuagym.families.calc._oracle import CalcOracle

__all__ = ["TableToWorkbookOracle"]


class TableToWorkbookOracle(CalcOracle):
    """table-to-workbook: the report's line items typed under the Budget headers, "Total" and
    =SUM over the amounts, then D2 =B2*C2 filled down."""

    def lines(self) -> list[list[str]]:
        from docx import Document

        doc = Document(str(Path(self.env.home) / str(self.p["report"]).removeprefix("/home/user/")))
        for table in doc.tables:
            if table.rows[0].cells[0].text.strip() == "Item":
                return [[" ".join(c.text.split()) for c in r.cells] for r in list(table.rows)[1:]]
        return []

    def wanted(self) -> list[tuple[str, str, Any]]:
        """(cell, what to type, the value it must show) for the rows, the total and D2."""
        lines = self.lines()
        last = len(lines) + 2
        out: list[tuple[str, str, Any]] = []
        for i, (item, quantity, price) in enumerate(lines, start=2):
            out += [(f"A{i}", item, item), (f"B{i}", quantity, float(quantity))]
            out.append((f"C{i}", price, float(price)))
        total = sum(round(float(q) * float(p), 2) for _, q, p in lines)
        out += [(f"A{last}", "Total", "Total"), (f"D{last}", f"=SUM(D2:D{last - 1})", total)]
        return out

    async def edit(self) -> AsyncIterator[str]:
        # a cell a turn (the Name Box, then its text and Enter); after a failed check only the
        # cells the saved workbook shows wrong, so a second try fits the episode
        lines = self.lines()
        sheet = self.sheet(self.last_book, self.p["sheet"]) if self.last_book else None

        def shows(cell: str, value: Any) -> bool:
            got = self.cell(sheet, cell).get("value") if sheet is not None else None
            if isinstance(value, float):
                return isinstance(got, int | float) and abs(got - value) < 0.006
            return bool(got == value)

        entries = [(c, t) for c, t, v in self.wanted() if not shows(c, v)]
        amounts = [
            (f"D{i}", round(float(q) * float(p), 2)) for i, (_, q, p) in enumerate(lines, start=2)
        ]
        if not all(shows(c, v) for c, v in amounts):
            entries.append(("D2", "=B2*C2"))
        async for turn in self.type_cells(entries):
            yield turn
        if len(lines) > 1 and not all(shows(c, v) for c, v in amounts):
            async for turn in self.fill_down(f"D2:D{len(lines) + 1}"):
                yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        lines = self.lines()
        total = 0.0
        for i, (item, quantity, price) in enumerate(lines, start=2):
            row = [self.cell(sheet, f"{c}{i}").get("value") for c in "ABCD"]
            amount = round(float(quantity) * float(price), 2)
            total += amount
            exact = row[:3] == [item, float(quantity), float(price)]
            if not exact or not isinstance(row[3], int | float) or abs(row[3] - amount) > 0.006:
                return f"row {i} is {row}"
        last = len(lines) + 2
        if self.cell(sheet, f"A{last}").get("value") != "Total":
            return "no total row"
        value = self.cell(sheet, f"D{last}").get("value")
        return (
            None
            if isinstance(value, int | float) and abs(value - total) < 0.011
            else (f"total {value!r}")
        )

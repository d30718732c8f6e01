"""The GUI oracle of impress's slide-table-to-workbook (impress -> calc): it works in Calc.

The deck is only read (what a person reads off the slide in Impress's window); the workbook is
what changes, so the solver is a :class:`cuagym.families.calc._oracle.CalcOracle`:
each cell reached through the Name Box and typed, the total as a SUM formula, a save kept in
xlsx format, the saved workbook read back.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from cuagym.families.calc._oracle import CalcOracle

__all__ = ["SlideTableToWorkbookOracle"]


class SlideTableToWorkbookOracle(CalcOracle):
    """slide-table-to-workbook: the slide's rows typed under the Summary headers, then
    "Total" and =SUM over the revenues."""

    def rows(self) -> list[list[str]]:
        from pptx import Presentation

        deck = Presentation(
            str(Path(self.env.home) / str(self.p["deck"]).removeprefix("/home/user/"))
        )
        for slide in deck.slides:
            title = slide.shapes.title
            if title is not None and " ".join(title.text_frame.text.split()) == self.p["slide"]:
                tables = [s.table for s in slide.shapes if getattr(s, "has_table", False)]
                return [
                    [" ".join(c.text.split()) for c in r.cells] for r in list(tables[0].rows)[1:]
                ]
        return []

    def edit(self) -> AsyncIterator[str]:
        rows = self.rows()
        entries = []
        for i, (region, revenue) in enumerate(rows, start=2):
            entries += [(f"A{i}", region), (f"B{i}", revenue)]
        last = len(rows) + 2
        entries += [(f"A{last}", "Total"), (f"B{last}", f"=SUM(B2:B{last - 1})")]
        return self.type_cells(entries)

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        rows = self.rows()
        for i, (region, revenue) in enumerate(rows, start=2):
            a, b = self.cell(sheet, f"A{i}").get("value"), self.cell(sheet, f"B{i}").get("value")
            if a != region or b != float(revenue):
                return f"row {i} is {a!r}, {b!r}"
        last = len(rows) + 2
        total = self.cell(sheet, f"B{last}").get("value")
        if self.cell(sheet, f"A{last}").get("value") != "Total" or total != sum(
            float(r) for _, r in rows
        ):
            return f"total row: {total!r}"
        return None

"""The GUI oracle of workbook-slide-table: slide-table's, its cells read from the workbook."""

from __future__ import annotations

from cuagym.families._impress_oracle import (
    SlideTableOracle,
)

__all__ = ["WorkbookTableOracle"]


class WorkbookTableOracle(SlideTableOracle):
    """workbook-slide-table (calc -> impress): the region counts and sums read from the
    workbook (what a person reads off Calc's window), then the slide's table as slide-table
    makes it."""

    def cells(self) -> list[list[str]]:
        from openpyxl import load_workbook  # type: ignore[import-untyped, unused-ignore]

        book = load_workbook(str(self.host(self.p["xlsx"])), read_only=True)
        try:
            lines = list(book[self.p["sheet"]].iter_rows(values_only=True))
        finally:
            book.close()
        head = [str(c).strip().casefold() for c in lines[0]]
        sums: dict[str, float] = {}
        counts: dict[str, int] = {}
        for row in lines[1:]:
            region, amount = str(row[head.index("region")]), row[head.index("amount")]
            if isinstance(amount, int | float):
                sums[region] = sums.get(region, 0.0) + amount
                counts[region] = counts.get(region, 0) + 1
        rows = [list(self.p["header"])]
        rows += [[r, str(counts[r]), f"{sums[r]:.2f}"] for r in sorted(sums, key=str.casefold)]
        return [*rows, ["Total", str(sum(counts.values())), f"{sum(sums.values()):.2f}"]]

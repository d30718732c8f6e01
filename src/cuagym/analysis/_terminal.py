"""The report's tables as rich tables for a terminal."""

from __future__ import annotations

from collections.abc import Iterator

from rich.table import Table

from cuagym.analysis._models import Stats
from cuagym.analysis._report import ReportTable, report_tables

__all__ = ["rich_table", "stats_tables"]


def rich_table(spec: ReportTable) -> Table:
    """One report table as a rich Table (the paper's columns dimmed)."""
    table = Table(
        title=spec.title,
        caption=spec.caption or None,
        show_footer=spec.footer is not None,
        caption_justify="left",
    )
    for index, name in enumerate(spec.columns):
        table.add_column(
            name,
            justify="right" if index and spec.numeric(index) else "left",
            style="dim" if index in spec.paper_columns else None,
            footer=spec.footer[index] if spec.footer else "",
        )
    for row in spec.rows:
        table.add_row(*row)
    return table


def stats_tables(stats: Stats) -> Iterator[Table]:
    """Every table of ``cuagym stats`` for the terminal, in report order."""
    for spec in report_tables(stats):
        yield rich_table(spec)

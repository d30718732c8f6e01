"""``cuagym scan PATH... [--json]``: report forbidden patterns in reward scripts (condition C5).

Exit codes: 0 when every script is clean, 1 when any violation was found, 2 when a path does
not exist (nothing is scanned then, so a typo cannot pass as a clean run).
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from cuagym.synth import ScanReport, iter_scripts, scan_file


def _render(reports: list[ScanReport], console: Console) -> None:
    table = Table(title="Forbidden patterns in reward scripts", show_lines=False)
    table.add_column("path", overflow="fold")
    table.add_column("line", justify="right")
    table.add_column("pattern", style="bold red")
    table.add_column("message", overflow="fold")
    for report in reports:
        if report.ok:
            table.add_row(report.path, "", "[green]ok[/green]", "")
        for v in report.violations:
            table.add_row(report.path, str(v.line), v.pattern, v.message)
    console.print(table)
    bad = sum(1 for r in reports if not r.ok)
    console.print(f"{len(reports)} script(s) scanned, {bad} with violations.")


def scan_command(
    paths: list[Path] = typer.Argument(
        ..., help="Reward scripts; a directory stands for every *.py below it, sorted."
    ),
    json_output: bool = typer.Option(
        False, "--json", help="Print a JSON list of {path, violations} instead of a table."
    ),
) -> None:
    """Scan reward scripts for reward-hacking patterns; exit 1 if any is found."""
    missing = [p for p in paths if not p.exists()]
    if missing:
        for p in missing:
            typer.echo(f"error: no such file or directory: {p}", err=True)
        raise typer.Exit(2)
    reports = [scan_file(script) for p in paths for script in iter_scripts(p)]
    if json_output:
        typer.echo(json.dumps([r.model_dump(mode="json") for r in reports], indent=2))
    else:
        _render(reports, Console(highlight=False, soft_wrap=True))
    raise typer.Exit(0 if all(r.ok for r in reports) else 1)

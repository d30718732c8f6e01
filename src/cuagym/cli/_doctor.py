"""``cuagym doctor``: what this machine can run, and how to install what is missing."""

from __future__ import annotations

import json
import sys

import typer
from rich.console import Console
from rich.table import Table

from cuagym.doctor import DoctorReport, run_checks


def doctor_command(
    json_output: bool = typer.Option(False, "--json", help="Print the report as one JSON object."),
) -> None:
    """Exit 0 when the main job (procedural synth + verify) can run here, 1 when it cannot."""
    report = run_checks()
    if json_output:
        payload = {
            "main_job_ready": report.main_job_ready,
            "checks": [c.model_dump() for c in report.checks],
        }
        sys.stdout.write(json.dumps(payload) + "\n")
    else:
        _print(report)
    raise typer.Exit(0 if report.main_job_ready else 1)


def _print(report: DoctorReport) -> None:
    console = Console(highlight=False, soft_wrap=True)  # a fix line stays one line
    table = Table(title="cuagym doctor", title_justify="left")
    for column in ("", "check", "found", "needed for"):
        table.add_column(column, overflow="fold")
    for check in report.checks:
        mark = "[green]ok[/green]" if check.ok else (
            "[red]MISSING[/red]" if check.main_job else "[yellow]missing[/yellow]"
        )  # fmt: skip
        table.add_row(mark, check.name, check.detail, check.needed_for)
    console.print(table)
    fixes = [c for c in report.checks if not c.ok and c.fix]
    if fixes:
        console.print("To install what is missing:")
        for check in fixes:
            console.print(f"  {check.name}: {check.fix}", markup=False)
    if report.main_job_ready:
        console.print("The main job (procedural synth + verify) can run on this machine.")
    else:
        missing = ", ".join(report.main_job_missing)
        console.print(f"The main job (procedural synth + verify) cannot run here: no {missing}.")

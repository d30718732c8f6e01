"""``cuagym stats CORPUS [--episodes RUN] [--json] [--html FILE]`` (DESIGN.md §10, a contract).

    cuagym stats output/final
    cuagym stats output --episodes runs/rl --json
    cuagym stats output/final --episodes runs/teacher --html report.html

Prints the paper's dataset tables for the corpus (and action batching for the episodes) as
tables, or with ``--json`` one JSON object holding every figure; ``--html`` also writes a
self-contained report with plots and a trajectory viewer (``--view N`` trajectories embedded).

Exit codes: 0 done · 2 the corpus or the run folder cannot be read (the message names every bad
file; nothing is written), or ``--html`` without matplotlib (the ``report`` extra).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import typer
from rich.console import Console

__all__ = ["stats_command"]

NOT_READABLE = 2


def stats_command(
    corpus: Path = typer.Argument(
        ...,
        help="A folder of bundles (output/final), a synth output folder, or an exported dataset.",
    ),
    episodes: Path | None = typer.Option(
        None, "--episodes", help="A rollout run folder (<task_id>/<k>/episode.json, turns.jsonl)."
    ),
    json_out: bool = typer.Option(False, "--json", help="Print every figure as one JSON object."),
    html: Path | None = typer.Option(
        None, "--html", help="Also write a self-contained HTML report to this file."
    ),
    view: int = typer.Option(
        12, "--view", min=0, help="Trajectories embedded in the HTML report (all are listed)."
    ),
) -> None:
    """Corpus statistics: the paper's tables for any corpus, and action batching."""
    from cuagym.analysis import CorpusError, RunError, analyze, stats_tables, write_report

    if html is not None and importlib.util.find_spec("matplotlib") is None:
        typer.echo(
            "error: the HTML report draws its plots with matplotlib: pip install 'cuagym[report]'",
            err=True,
        )
        raise typer.Exit(NOT_READABLE)
    try:
        analysis = analyze(corpus, episodes)
    except (CorpusError, RunError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(NOT_READABLE) from None
    if html is not None:
        try:
            written = write_report(analysis, html, view=view)
        except OSError as exc:  # e.g. REPORT_files/ holds files of the user's
            typer.echo(f"error: cannot write the report: {exc}", err=True)
            raise typer.Exit(NOT_READABLE) from None
        typer.echo(f"report: {written}", err=json_out)
    if json_out:
        typer.echo(json.dumps(analysis.stats.to_json(), ensure_ascii=False))
        return
    console = Console()
    for table in stats_tables(analysis.stats):
        console.print(table)
        console.print()

"""``cuagym rescore RUN [--bundles DIR] [--json] [--write]`` (DESIGN.md §13).

Re-runs each episode's (possibly fixed) reward.py on the final state the episode kept under
``final/``, without re-running the episode, and reports every reward that changed. Exit codes
(§14): 0 every scored episode was re-scored; 1 some could not be (nothing kept, a bundle
missing, the reward crashed); 2 bad input (no such folder, no episodes in it).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from cuagym.agent import RescoreItem, RescoreSummary, find_episodes, rescore_run


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def _render(summary: RescoreSummary, console: Console, write: bool) -> None:
    table = Table(title="Changed rewards", show_lines=False)
    for col in ("task", "k", "old", "new"):
        table.add_column(col)
    for i in summary.changed:
        table.add_row(i.task_id, str(i.k), f"{i.old}", f"{i.new}")
    if summary.changed:
        console.print(table)
    for i in summary.errors:
        console.print(f"[red]not re-scored[/red] {i.task_id} #{i.k}: {i.error}")
    note = f", {summary.written} episode.json rewritten" if write else ""
    console.print(
        f"{len(summary.items)} episode(s) re-scored, {len(summary.changed)} changed, "
        f"{len(summary.errors)} not re-scorable, {summary.skipped} error episode(s) skipped{note}."
    )


def rescore_command(
    run: Path = typer.Argument(..., help="A rollout output folder (OUT of cuagym rollout)."),
    bundles: Path | None = typer.Option(
        None, "--bundles", help="Look each episode's bundle up here by task id (else its own)."
    ),
    json_output: bool = typer.Option(
        False, "--json", help='Print {"episodes", "changed": [{task_id, k, old, new}]}.'
    ),
    write: bool = typer.Option(
        False, "--write", help="Rewrite changed episode.json files (old reward kept in history)."
    ),
    timeout: float = typer.Option(120.0, "--timeout", min=1, help="Seconds per reward.py run."),
) -> None:
    """Re-score recorded episodes with their bundles' reward.py; report every change."""
    if not run.is_dir():
        raise _fail(f"{run}: no such folder (pass the --out folder of cuagym rollout)")
    if bundles is not None and not bundles.is_dir():
        raise _fail(f"--bundles {bundles}: no such folder")
    if not find_episodes(run):
        raise _fail(f"{run}: no episodes (<task_id>/<k>/episode.json) in it")
    console = Console(stderr=True, highlight=False, soft_wrap=True)
    quiet = json_output or not sys.stderr.isatty()

    def progress(item: RescoreItem) -> None:
        if not quiet:
            what = item.error or (f"{item.old} -> {item.new}" if item.changed else "same")
            console.print(f"{item.task_id} #{item.k}: {what}")

    summary = asyncio.run(rescore_run(run, bundles=bundles, write=write, timeout_s=timeout,
                                      on_item=progress))  # fmt: skip
    if json_output:
        typer.echo(json.dumps(summary.json_line()))
    else:
        _render(summary, Console(highlight=False, soft_wrap=True), write)
    raise typer.Exit(1 if summary.errors else 0)

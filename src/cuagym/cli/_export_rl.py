"""``cuagym export verl`` and ``cuagym export sft``: RL prompts of a corpus, SFT slices of rollouts.

Exit codes: 0 ok · 2 bad input (the message names the folder or file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

__all__ = ["export_sft_command", "export_verl_command"]

BAD_INPUT = 2
SHOWN_VAL_IDS = 5


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(BAD_INPUT)


def _tasks(n: int) -> str:
    return f"{n} task" if n == 1 else f"{n} tasks"


def export_verl_command(
    corpus: Annotated[Path, typer.Argument(help="Folder of verified bundles (e.g. OUT/final).")],
    out: Annotated[Path, typer.Option("--out", help="Where train.parquet / val.parquet go.")],
    val: Annotated[
        int | None,
        typer.Option(
            help="Tasks held out for val.parquet, chosen by task id (default 10 %, at least 1; "
            "0: no validation split)."
        ),
    ] = None,
) -> None:
    """verl's dataset: one parquet row per bundle (agent_name, bundle, the instruction)."""
    from cuagym.rl._export import export_verl

    try:
        summary = export_verl(corpus, out, val=val)
    except ValueError as exc:
        raise _fail(str(exc)) from None
    typer.echo(f"{_tasks(summary.sources)} -> {out}")
    typer.echo(f"  train.parquet: {_tasks(summary.rows)}")
    if summary.val_ids:
        shown = ", ".join(summary.val_ids[:SHOWN_VAL_IDS])
        more = len(summary.val_ids) - SHOWN_VAL_IDS
        shown += f", ... ({more} more)" if more > 0 else ""
        typer.echo(f"  val.parquet: {_tasks(len(summary.val_ids))} held out by task id ({shown})")
    else:
        typer.echo("  no validation split (--val 0): val.parquet not written")


def export_sft_command(
    run: Annotated[Path, typer.Argument(help="A rollout output folder (OUT/<task_id>/<k>/...).")],
    out: Annotated[Path, typer.Option("--out", help="Where train.parquet goes.")],
    min_reward: Annotated[float, typer.Option(help="Keep episodes with reward >= this.")] = 1.0,
) -> None:
    """SFT data: the trained turns of good episodes' slices, as TRL prompt-completion rows."""
    from cuagym.rl._export import export_sft

    try:
        summary = export_sft(run, out, min_reward=min_reward)
    except ValueError as exc:
        raise _fail(str(exc)) from None
    typer.echo(
        f"{summary.rows} turns from {summary.sources - summary.skipped} of {summary.sources} "
        f"episodes -> {summary.files[0]}"
    )

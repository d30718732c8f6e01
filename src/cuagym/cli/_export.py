"""``cuagym export ...``: a corpus in the formats other tools and publishers read."""

from __future__ import annotations

import typer

from cuagym.cli._export_hf import export_hf_command

__all__ = ["export_app"]

export_app = typer.Typer(help="Export a corpus for other tools.", no_args_is_help=True)
export_app.command("hf", help="Write a Hugging Face dataset (parquet + dataset card).")(
    export_hf_command
)

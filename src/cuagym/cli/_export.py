"""``cuagym export ...``: a corpus in the formats other tools and publishers read.

``cuagym export osworld CORPUS --out DIR [--hub URL] [--token T] [--json]`` writes the
corpus's bundles as OSWorld tasks (``examples/<domain>/<id>.json`` and ``test_all.json``) with
the hub's address baked in for web tasks; see
:func:`cuagym.synth.osworld.export_osworld`. Exit 2 when a bundle cannot be exported (a path that is
not a bundle, a web task and no ``--hub``), naming each problem. ``cuagym export hf`` lives
in ``_export_hf``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from cuagym.cli._export_hf import export_hf_command
from cuagym.cli._export_rl import export_sft_command, export_verl_command

__all__ = ["export_app"]

export_app = typer.Typer(help="Export a corpus for other tools.", no_args_is_help=True)
export_app.command("hf", help="Write a Hugging Face dataset (parquet + dataset card).")(
    export_hf_command
)
export_app.command("verl", help="verl's dataset: one parquet row per bundle (cuagym.rl).")(
    export_verl_command
)
export_app.command("sft", help="SFT rows of good episodes' slices, as TRL reads them.")(
    export_sft_command
)


@export_app.command("osworld")
def export_osworld_command(
    corpus: Annotated[Path, typer.Argument(help="A synth output folder, or bundle folders.")],
    out: Annotated[Path, typer.Option("--out", help="Folder to write (replaced).")],
    hub: Annotated[
        str | None,
        typer.Option(help="The hub's root URL as the OSWorld VMs reach it (web tasks)."),
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(envvar="CUAGYM_HUB_TOKEN", help="The hub's bearer token (web tasks)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON summary.")] = False,
) -> None:
    """Write OSWorld task configs for every bundle of CORPUS."""
    from cuagym.core import Bundle, BundleError
    from cuagym.synth.osworld import ExportError, export_osworld, find_bundles

    try:
        bundles = [Bundle.load(path) for path in find_bundles(corpus)]
        if not bundles:
            raise ExportError(f"{corpus} holds no bundle")
        done = export_osworld(bundles, out, hub=hub, token=token)
    except (BundleError, ExportError, FileNotFoundError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        summary = {"exported": done.count, "web": len(done.web), "out": str(done.out)}
        typer.echo(json.dumps(summary))
        return
    for domain, ids in sorted(done.by_domain.items()):
        typer.echo(f"{domain:16} {len(ids):5d} tasks")
    note = " (the hub token is in the web tasks' commands: files are owner-only)" if token else ""
    typer.echo(f"wrote {done.count} OSWorld tasks to {done.out}{note}")

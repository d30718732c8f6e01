"""``cuagym export hf CORPUS --out DIR``: publish a corpus as a Hugging Face dataset.

    cuagym export hf output/final --out dataset/ --name "Acme CUA tasks" --license apache-2.0
    python -c "from datasets import load_dataset; print(load_dataset('dataset', split='train'))"

Writes parquet shards (one row per tuple: every bundle file as a column, meta.json flattened)
and a dataset card (README.md) with the corpus's figures and the release disclosure of every
mock web app it uses. ``cuagym.data.load_corpus(DIR)`` gives the bundles back byte for byte.

Exit codes: 0 written · 1 written, but some web app of the corpus declares no release disclosure
(the card says so; review before publishing) · 2 the corpus cannot be read or exported, DIR
exists without --replace, or the ``data`` extra is missing (nothing is written).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import typer

from cuagym._extras import MissingExtra

__all__ = ["export_hf_command"]

UNDECLARED = 1
NOT_EXPORTED = 2


def export_hf_command(
    corpus: Path = typer.Argument(
        ..., help="A folder of bundles (output/final) or a synth output folder."
    ),
    out: Path = typer.Option(..., "--out", help="The dataset folder to write."),
    name: str | None = typer.Option(None, "--name", help="The dataset's pretty name."),
    license_id: str = typer.Option(
        "other", "--license", help="License id for the card (e.g. apache-2.0, cc-by-4.0)."
    ),
    replace: bool = typer.Option(False, "--replace", help="Replace an existing DIR."),
    shard_rows: int = typer.Option(1000, "--shard-rows", min=1, help="Rows per parquet shard."),
    json_out: bool = typer.Option(False, "--json", help="Print a JSON summary line."),
) -> None:
    """Write a Hugging Face dataset (parquet + dataset card) of a corpus."""
    from cuagym.analysis import CorpusError, export_hf
    from cuagym.data import DatasetError

    if importlib.util.find_spec("datasets") is None:
        typer.echo(f"error: {MissingExtra('data', 'datasets')}", err=True)
        raise typer.Exit(NOT_EXPORTED)
    try:
        result = export_hf(
            corpus, out, name=name, license_id=license_id, replace=replace, shard_rows=shard_rows
        )
    except (CorpusError, DatasetError, FileExistsError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(NOT_EXPORTED) from None
    ds = result.dataset
    if json_out:
        summary = {
            "path": str(ds.path),
            "rows": ds.rows,
            "shards": len(ds.shards),
            "bytes": ds.bytes,
            "web_apps": [d.app_id for d in result.disclosures],
            "undeclared": result.undeclared,
        }
        typer.echo(json.dumps(summary))
    else:
        typer.echo(
            f"{ds.rows:,} tuples → {ds.path} ({len(ds.shards)} parquet shard(s), "
            f"{ds.bytes / 1e6:.1f} MB) with README.md (dataset card)"
        )
    if result.undeclared:
        typer.echo(
            "warning: no release disclosure declared for web app(s) "
            f"{', '.join(result.undeclared)}; the card marks them for review before publishing",
            err=True,
        )
        raise typer.Exit(UNDECLARED)

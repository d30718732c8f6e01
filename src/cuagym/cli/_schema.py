"""``cuagym schema [NAME]``: print the JSON schema of a bundle's JSON files."""

from __future__ import annotations

import json

import typer

from cuagym.core.files import schemas

__all__ = ["schema_command"]

# Accept the file name or a short name, so both `cuagym schema meta` and
# `cuagym schema meta.json` work.
_ALIASES: dict[str, str] = {
    "task_config.json": "task_config.json",
    "task_config": "task_config.json",
    "task-config": "task_config.json",
    "task": "task_config.json",
    "meta.json": "meta.json",
    "meta": "meta.json",
    "config.json": "config.json",
    "config": "config.json",
    "osworld": "config.json",
}


def schema_command(
    name: str | None = typer.Argument(
        None,
        metavar="[NAME]",
        help="task_config.json, meta.json or config.json (or task_config, meta, config). "
        "Without NAME, all of them as one JSON object keyed by file name.",
        show_default=False,
    ),
) -> None:
    """Print the JSON schema of the bundle files task_config.json, meta.json and config.json."""
    every = schemas()
    if name is None:
        typer.echo(json.dumps(every, indent=2, ensure_ascii=False))
        return
    key = _ALIASES.get(name.strip().lower())
    if key is None:
        choices = ", ".join(sorted(every))
        raise typer.BadParameter(
            f"unknown file {name!r}; choose one of {choices}", param_hint="NAME"
        )
    typer.echo(json.dumps(every[key], indent=2, ensure_ascii=False))

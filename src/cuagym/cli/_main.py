"""Top-level Typer application: ``cuagym [--version] COMMAND``."""

from __future__ import annotations

import typer

from cuagym import __version__
from cuagym._extras import extra_for_missing
from cuagym.cli._appgen import appgen_app
from cuagym.cli._doctor import doctor_command
from cuagym.cli._env import env_app
from cuagym.cli._export import export_app
from cuagym.cli._filter import filter_app
from cuagym.cli._hub import hub_app
from cuagym.cli._rescore import rescore_command
from cuagym.cli._rollout import rollout_command, view_command
from cuagym.cli._scan import scan_command
from cuagym.cli._schema import schema_command
from cuagym.cli._stats import stats_command
from cuagym.cli._synth import synth_command
from cuagym.cli._taskgen import taskgen_app
from cuagym.cli._train import train_command
from cuagym.cli._verify import verify_command

app = typer.Typer(
    name="cuagym",
    help=(
        "Manufacture verified reinforcement-learning tasks for computer-use agents.\n\n"
        "Serve resettable mock web apps behind one state API (hub), run scripts in sandboxed "
        "environments, and synthesize (task, initial state, golden state, reward) tuples whose "
        "consensus conditions are checked by code."
    ),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)
app.add_typer(hub_app, name="hub")
app.add_typer(env_app, name="env")
app.add_typer(export_app, name="export")
app.add_typer(filter_app, name="filter")
app.add_typer(taskgen_app, name="taskgen")
app.add_typer(appgen_app, name="appgen")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cuagym {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """cuagym: verified RL tasks for computer-use agents."""


app.command(
    "synth", help="Synthesize verified tuples: the Generator/Discriminator loop (resumable)."
)(synth_command)
app.command("scan", help="Scan reward scripts for reward-hacking patterns.")(scan_command)
app.command("schema", help="Print the JSON schemas of the bundle's JSON files.")(schema_command)
app.command(
    "verify", help="Re-run the consensus conditions C1-C7 on bundles in fresh environments."
)(verify_command)
app.command(
    "stats", help="Corpus statistics: the paper's tables for any corpus, and action batching."
)(stats_command)
app.command(
    "rollout", help="Let a policy act on bundles through computer_use; write episodes (resumable)."
)(rollout_command)
app.command(
    "rescore", help="Re-run (fixed) rewards on the final states rollouts kept; report changes."
)(rescore_command)
app.command(
    "doctor", help="What this machine can run (sandbox, GUI apps, extras); how to install the rest."
)(doctor_command)
app.command("view", help="Write a self-contained HTML page per episode of a rollout.")(view_command)
app.command(
    "train",
    help="Train a policy with the paper's recipe on verl (extra verl overrides after --).",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
)(train_command)


def main() -> None:
    try:
        app()
    except Exception as exc:
        # An optional SDK a command imports where it needs it (DESIGN.md §14): one line naming
        # the extra, never an ImportError's traceback.
        missing = extra_for_missing(exc)
        if missing is None:
            raise
        typer.echo(f"error: {missing}", err=True)
        raise SystemExit(2) from None

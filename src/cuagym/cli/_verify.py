"""``cuagym verify BUNDLE... [--json] [--workers N]``: re-run C1-C7 on bundles (DESIGN.md §5).

Every bundle is checked in fresh environments, whatever its REVIEW.md says. With ``--json`` the
output is the contract: ``[{"task_id", "bundle", "passed", "conditions": {"C1": {"ok",
"detail"}, ...}, "r_init", "r_gold"}]`` in argument order; otherwise a table. ``--timeout``
limits each script run; a reward.py that hangs is run once per state, not twice. Progress goes
to stderr (a bar on a terminal, a status line every 10 s otherwise).

Exit codes: 0 every bundle passed · 1 some bundle failed a condition · 2 a path is not a bundle
(nothing is verified then; the message names the file and field) · 3 the verification itself
could not run (sandbox or hub failure; says nothing about the bundles).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from cuagym.cli._progress import ProgressReporter
from cuagym.synth._near_miss_run import DEFAULT_NEAR_MISS_BUDGET

if TYPE_CHECKING:
    from cuagym.core import Bundle
    from cuagym.synth import ConsensusReport

NOT_A_BUNDLE = 2
# DESIGN §14: 1 when the command ran but items failed or errored. Machinery that cannot run
# (no env image, no sandbox) leaves every bundle unverified: an error of the items, not of
# the user's input, so 1 like a bundle that fails.
MACHINERY_FAILED = 1
_MARK = {True: "[green]✔[/green]", False: "[bold red]✘[/bold red]", None: "[dim]–[/dim]"}


def _load(paths: list[Path]) -> list[Bundle]:
    """Every bundle, or exit 2 naming every problem of every path that is not one."""
    from cuagym.core import Bundle, BundleError

    bundles: list[Bundle] = []
    problems: list[str] = []
    for path in paths:
        try:
            bundle = Bundle.load(path)
        except BundleError as exc:
            problems.append(str(exc))
            continue
        missing = [
            name
            for name, text in (
                ("initial_setup.py", bundle.initial_setup),
                ("golden_patch.py", bundle.golden_patch),
                ("reward.py", bundle.reward),
            )
            if text is None
        ]
        if missing:
            lines = "\n".join(f"  {m}: missing (verify runs all three scripts)" for m in missing)
            problems.append(f"invalid bundle {path}:\n{lines}")
        bundles.append(bundle)
    if problems:
        for text in problems:
            typer.echo(f"error: {text}", err=True)
        raise typer.Exit(NOT_A_BUNDLE)
    return bundles


def _render(reports: list[ConsensusReport], paths: list[Path], console: Console) -> None:
    from cuagym.core.review import CONDITION_IDS

    table = Table(title="Consensus conditions (C1-C7)")
    table.add_column("task", overflow="fold")
    for cid in CONDITION_IDS:
        table.add_column(cid, justify="center")
    table.add_column("r_init", justify="right")
    table.add_column("r_gold", justify="right")
    table.add_column("verdict")
    for report in reports:
        marks = [_MARK[report.conditions[c].ok] for c in CONDITION_IDS]
        verdict = "[green]PASS[/green]" if report.passed else "[bold red]FAIL[/bold red]"
        r_init = "n/a" if report.r_init is None else f"{report.r_init:g}"
        r_gold = "n/a" if report.r_gold is None else f"{report.r_gold:g}"
        table.add_row(report.task_id, *marks, r_init, r_gold, verdict)
    console.print(table)
    for report, path in zip(reports, paths, strict=True):
        for failed in report.failed_conditions():
            outcome = report.conditions[failed]
            word = "not run" if outcome.ok is None else "failed"
            detail = outcome.detail
            if detail.startswith(f"{word}: "):  # the detail may say it already
                detail = detail[len(word) + 2 :]
            console.print(f"{path}: {failed} {word}: {detail}", markup=False)
    bad = sum(1 for r in reports if not r.passed)
    console.print(f"{len(reports)} bundle(s) verified, {bad} failed.")


def verify_command(
    bundles: Annotated[
        list[Path], typer.Argument(help="Bundle folders (task_config.json, scripts, ...).")
    ],
    json_output: bool = typer.Option(
        False, "--json", help="Print the JSON list of the contract instead of a table."
    ),
    workers: int = typer.Option(
        1, "--workers", min=1, help="Bundles verified at once (each uses two environments)."
    ),
    executor: str = typer.Option(
        "local", help="local (this process) or ray (one actor per worker, own hub each)."
    ),
    ray_address: str = typer.Option("", help="ray: a cluster address (default: a local one)."),
    timeout: float = typer.Option(
        120.0, "--timeout", min=0.1, help="Seconds each script run may take (C1-C6)."
    ),
    near_misses: int = typer.Option(
        DEFAULT_NEAR_MISS_BUDGET,
        "--near-misses",
        min=0,
        help="C7: near misses of the gold state tried per bundle (0: C7 not run).",
    ),
) -> None:
    """Re-run the consensus conditions C1-C7 on bundles in fresh environments; exit 1 on a fail."""
    import httpx

    from cuagym.exec import EXECUTORS, RayOptions
    from cuagym.sandbox import SandboxError
    from cuagym.synth import ConsensusError, verify_bundles

    if executor not in EXECUTORS:
        typer.echo(f"error: --executor {executor!r}: one of {', '.join(EXECUTORS)}", err=True)
        raise typer.Exit(NOT_A_BUNDLE)
    loaded = _load(bundles)
    ray = RayOptions(address=ray_address or None)
    progress = ProgressReporter("verify", len(loaded), counters=[("passed", "green")])
    tally = {"passed": 0}

    def on_done(report: ConsensusReport) -> None:
        tally["passed"] += report.passed
        progress.advance(passed=tally["passed"])

    checking = verify_bundles(
        loaded, workers=workers, executor=executor, ray=ray, script_timeout_s=timeout,
        near_miss_budget=near_misses, on_done=on_done,
    )  # fmt: skip
    try:
        with progress:
            reports = asyncio.run(checking)
    except (SandboxError, ConsensusError, httpx.HTTPError, OSError) as exc:
        typer.echo(f"error: verification could not run: {exc}", err=True)
        raise typer.Exit(MACHINERY_FAILED) from None
    if json_output:
        out = [r.verify_json(str(p)) for r, p in zip(reports, bundles, strict=True)]
        typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        _render(reports, bundles, Console(highlight=False, soft_wrap=True))
    raise typer.Exit(0 if all(r.passed for r in reports) else 1)

"""``cuagym taskgen``: plan and generate a task list; ``coverage`` and ``families`` reports.

    cuagym taskgen --domains all --n 200 --seed 0 --out tasks.json
    cuagym taskgen --domains calc,writer --n 500 --backend llm --model openai:NAME --out t.json
    cuagym synth --tasks tasks.json --out ./output
    cuagym taskgen coverage [--json]
    cuagym taskgen families [--seeds 300] [--json]

Contract (DESIGN.md §8): the output is a JSON array of task_config.json objects, each with a
``cell`` {platform, category, difficulty, scenario, task_type, taxonomy_path, source_pass};
with ``--json`` the last stdout line is {tasks, by_category, hard_share, cross_share,
max_app_share, rejected_dedup, rejected_lint, constraints_met}.

Exit codes: 0 the task list was written; 1 a constraint (or the requested number of tasks)
could not be met — the report names it, the best value reached and what generators are
missing, and nothing is written unless ``--best-effort``; 2 bad arguments or an installation
problem (unknown domain, invalid taxonomy, missing extra, model errors).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Literal

import typer
from rich.console import Console
from rich.table import Table

from cuagym.cli._inputs import check_model_url
from cuagym.cli._progress import ProgressReporter
from cuagym.domains import load_domains
from cuagym.taskgen import (
    BackendFailing,
    Catalog,
    CatalogError,
    CoverageReport,
    DedupUnavailable,
    DraftBackend,
    TaskgenError,
    TaskgenOptions,
    build_catalog,
    coverage,
    family_diversity,
    resolve_domains,
    run_taskgen,
    write_task_file,
)

__all__ = ["taskgen_app"]

taskgen_app = typer.Typer(
    name="taskgen", invoke_without_command=True, no_args_is_help=False,
    help="Plan and generate a task list for cuagym synth --tasks (DESIGN.md §8).",
)  # fmt: skip


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def _split(domains: str) -> list[str] | Literal["all"]:
    return "all" if domains.strip() == "all" else [d for d in domains.split(",") if d.strip()]


@taskgen_app.callback()
def taskgen_command(
    ctx: typer.Context,
    domains: str = typer.Option("", help="Comma-separated domain ids, or all."),
    n: int = typer.Option(0, "--n", help="Total number of tasks."),
    seed: int = typer.Option(0, help="Sampling seed (same seed: same plan and tasks)."),
    backend: str = typer.Option("procedural", help="procedural or llm."),
    model: str = typer.Option("", help="llm backend: openai:NAME or anthropic:NAME."),
    base_url: str = typer.Option("", help="llm backend: OpenAI-compatible endpoint URL."),
    api_key_env: str = typer.Option("", help="llm backend: variable holding the API key."),
    prices: Path | None = typer.Option(None, help="llm backend: price table (TOML or JSON)."),
    assets: Path | None = typer.Option(
        None, help="llm backend: asset folder (DOMAIN/ subfolders; top-level files for all)."
    ),
    concurrency: int = typer.Option(8, min=1, help="llm backend: model calls at a time."),
    out: Path | None = typer.Option(None, help="The task list to write (JSON)."),
    best_effort: bool = typer.Option(
        False,
        "--best-effort",
        help="Write the best corpus the generators allow even if a constraint is unmet.",
    ),
    json_output: bool = typer.Option(False, "--json", help="Print the summary as a JSON line."),
) -> None:
    """Plan n tasks over the domains' taxonomies, generate them, lint and deduplicate them."""
    if ctx.invoked_subcommand is not None:
        return
    if not domains or not n or out is None:
        raise _fail("give --domains, --n and --out (or a subcommand: coverage)")
    if backend not in ("procedural", "llm"):
        raise _fail(f"unknown backend {backend!r} (procedural or llm)")
    console = Console(stderr=True, highlight=False)
    options = TaskgenOptions(
        domains=_split(domains), n=n, seed=seed,
        backend="llm" if backend == "llm" else "procedural",
    )  # fmt: skip
    client_box: list[object] = []

    def llm_drafts(catalog: Catalog) -> DraftBackend:
        from cuagym.llm import PriceTable, make_client
        from cuagym.taskgen import LlmDrafts, assets_by_domain

        found = assets_by_domain(assets) if assets is not None else {}
        client = make_client(model, base_url=base_url or None,
                             api_key_env=api_key_env or None)  # fmt: skip
        client_box.append(client)
        table = PriceTable.load(prices) if prices is not None else PriceTable()
        return LlmDrafts(client, catalog, seed=seed, assets=found, prices=table,
                         concurrency=concurrency)  # fmt: skip

    if backend == "llm":
        if not model:
            raise _fail("the llm backend needs --model openai:NAME or anthropic:NAME")
        if base_url:
            check_model_url(base_url)  # seconds, before the catalog and the model load
        options.batch_size = concurrency
    progress = ProgressReporter("taskgen", n, counters=[("drafts", "cyan")])

    def on_progress(accepted: int, drafts: int) -> None:
        progress.advance(max(0, min(accepted, n) - progress.done), drafts=drafts)

    async def main() -> object:
        try:
            return await run_taskgen(
                options, drafts=llm_drafts if backend == "llm" else None, on_progress=on_progress
            )
        finally:
            for client in client_box:
                await client.aclose()  # type: ignore[attr-defined]

    try:
        with progress:
            result = asyncio.run(main())
    except (
        TaskgenError, CatalogError, DedupUnavailable, BackendFailing, ValueError, OSError,
    ) as exc:  # fmt: skip
        raise _fail(str(exc)) from None
    from cuagym.taskgen import TaskgenResult

    assert isinstance(result, TaskgenResult)
    report = result.report
    console.print(report.describe())
    console.print(
        f"passes: {report.by_pass}; drafts {report.drafts}, rejected {report.rejected}; "
        f"{len(report.retired)} generators exhausted; {report.trimmed} trimmed; "
        f"{report.wall_s:.1f} s"
    )
    if report.constraints_met or best_effort:
        write_task_file(out, result.tasks)
        console.print(f"{len(result.tasks)} tasks written to {out}")
    else:
        console.print(f"[red]not written[/red]: the constraints above are unmet; --best-effort "
                      f"writes the {len(result.tasks)} tasks anyway")  # fmt: skip
    if json_output:
        sys.stdout.write(json.dumps(report.json_line()) + "\n")
        sys.stdout.flush()
    if not report.constraints_met and not best_effort:
        raise typer.Exit(1)


@taskgen_app.command("coverage")
def coverage_command(
    domains: str = typer.Option("all", help="Comma-separated domain ids, or all."),
    json_output: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Taxonomy leaves covered and uncovered by the procedural families, per domain."""
    installed = load_domains()
    try:
        ids = resolve_domains(installed, _split(domains))
        report = coverage(build_catalog(installed), domains=ids)
    except (TaskgenError, CatalogError) as exc:
        raise _fail(str(exc)) from None
    if json_output:
        sys.stdout.write(report.model_dump_json(indent=2) + "\n")
        return
    _print_coverage(report)


def _print_coverage(report: CoverageReport) -> None:
    """The coverage table, then per domain its uncovered leaves and subtrees without a family.

    Domain names never shrink (the column is as wide as the longest); long lists go below the
    table, where they can wrap, so the table fits an 80-column terminal.
    """
    console = Console(highlight=False)
    table = Table(title="Taxonomy coverage by procedural families", show_footer=True)
    longest = max((len(d.domain) for d in report.domains), default=6)
    table.add_column("domain", footer="total", no_wrap=True, min_width=max(longest, 6))
    for name, total in (
        ("leaves", str(report.leaves)),
        ("covered", str(report.covered)),
        ("share", f"{report.share:.0%}"),
        ("families", str(report.families)),
        ("hard", str(report.hard_families)),
        ("cross-app", str(report.cross_families)),
    ):
        table.add_column(name, justify="right", footer=total, overflow="fold")
    for d in report.domains:
        table.add_row(d.domain, str(d.leaves), str(d.covered), f"{d.share:.0%}", str(d.families),
                      str(d.hard_families), str(d.cross_families))  # fmt: skip
    console.print(table)
    _print_paper_domains(console, report)
    for d in report.domains:
        console.print(f"[bold]{d.domain}[/bold] uncovered ({len(d.uncovered_leaves)}): "
                      + ", ".join(d.uncovered_leaves))  # fmt: skip
        if d.subtrees_without_family:
            console.print(f"[bold]{d.domain}[/bold] subtrees without a family: "
                          + ", ".join(d.subtrees_without_family))  # fmt: skip


def _print_paper_domains(console: Console, report: CoverageReport) -> None:
    """The paper's 18 Table-10 domains: which apps count toward each, and its families."""
    table = Table(
        title=f"The paper's Table-10 domains: {report.paper_domains_covered} of "
        f"{len(report.paper_domains)} covered"
    )
    table.add_column("paper domain", no_wrap=True)
    table.add_column("apps", overflow="fold")
    table.add_column("families", justify="right")
    for p in report.paper_domains:
        table.add_row(p.paper_domain, ", ".join(p.apps) or "-",
                      str(p.families) if p.covered else "[bold]none[/bold]")  # fmt: skip
    console.print(table)


@taskgen_app.command("families")
def families_command(
    domains: str = typer.Option("all", help="Comma-separated domain ids, or all."),
    seeds: int = typer.Option(300, min=1, help="Seeds sampled per family (0..seeds-1)."),
    json_output: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Per family over many seeds: distinct instructions and sentence frames, lint, glitches."""
    installed = load_domains()
    try:
        ids = resolve_domains(installed, _split(domains))
        report = family_diversity(build_catalog(installed), seeds=seeds, domains=ids)
    except (TaskgenError, CatalogError) as exc:
        raise _fail(str(exc)) from None
    if json_output:
        sys.stdout.write(report.model_dump_json(indent=2) + "\n")
        return
    console = Console(highlight=False)
    table = Table(title=f"Procedural families over {seeds} seeds")
    for name in ("family", "difficulty", "apps", "instructions", "frames", "lint / glitches"):
        table.add_column(name, justify="right" if name in ("instructions", "frames") else "left")
    for f in report.families:
        problems = [f"{k} {v}" for k, v in {**f.lint_failures, **f.glitches}.items()]
        if f.honorific_mismatches:
            problems.append(f"honorifics {len(f.honorific_mismatches)} names")
        table.add_row(f.family, f.difficulty, ",".join(f.apps), str(f.distinct_instructions),
                      str(f.distinct_frames), "; ".join(problems) or "-")  # fmt: skip
    console.print(table)
    n = len(report.families)
    console.print(
        f"{n} families: {report.below_min_frames} with fewer than 5 sentence frames "
        f"({report.single_frame} with one); hard {report.hard_families}, cross-app "
        f"{report.cross_families}; {report.lint_failures} instructions rejected by the linter; "
        f"{report.glitchy_families} families with generator glitches"
    )

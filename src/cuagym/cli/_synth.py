"""``cuagym synth``: the main job — synthesize verified (t, s_init, s_gold, r) tuples.

    cuagym synth --backend procedural --domains team-chat,calc --n 40 --seed 0 --out ./output
    cuagym synth --backend command --tasks tasks.json --out ./output \\
        --generator-cmd 'my-agent generate' --discriminator-cmd 'my-agent judge'

Contract (DESIGN.md §5): ``--n`` is the total, spread evenly over ``--domains`` (default: every
installed domain with procedural task families); re-running the same command continues the
batch; with ``--json`` the last stdout line is ``{"accepted", "rejected", "rounds_mean",
"wall_s", "tuples_per_hour", "tokens_in", "tokens_out", "cost_usd"}`` (totals over the batch,
earlier runs included; ``wall_s`` and ``tuples_per_hour`` of this run). The summary table goes
to stderr with ``--json``, to stdout otherwise; progress always goes to stderr (a bar on a
terminal, a status line every 10 s otherwise). Tasks the machinery failed on are redone by the
next run; tasks done earlier by another role backend make the run refuse unless ``--force``.

Exit codes (DESIGN.md §14): 0 every task ran (rejections are results, not errors); 1 some task
could not run (the machinery failed: sandbox, hub), or another batch holds the output folder;
2 bad arguments, task file, an unreachable ``--base-url`` or another backend's tuples.
"""

from __future__ import annotations

import asyncio
import functools
import json
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from cuagym.cli._inputs import check_model_url
from cuagym.cli._progress import ProgressReporter
from cuagym.domains import load_domains
from cuagym.synth import (
    BatchBusy,
    BatchOptions,
    BatchSummary,
    SettingsMismatch,
    TaskFileError,
    TaskOutcome,
    TaskSpec,
    UnknownBackend,
    domains_with_families,
    load_tasks_file,
    make_backend,
    run_batch,
    sample_tasks,
)
from cuagym.synth._near_miss_run import DEFAULT_NEAR_MISS_BUDGET

__all__ = ["synth_command"]


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def _summary_table(summary: BatchSummary, out: Path) -> Table:
    table = Table(title=f"cuagym synth → {out}", show_footer=True)
    table.add_column("domain", footer="total")
    for key, foot in (
        ("accepted", summary.accepted), ("rejected", summary.rejected),
        ("error", summary.errors),
    ):  # fmt: skip
        table.add_column(key, justify="right", footer=str(foot))
    for domain, counts in sorted(summary.by_domain.items()):
        table.add_row(domain, *(str(counts.get(k, 0)) for k in ("accepted", "rejected", "error")))
    return table


def _model_id(model: str) -> str:
    """``provider:name`` as the llm backend records it in meta.json (the llm extra is loaded
    only for the llm backend)."""
    from cuagym.llm import ModelSpec

    return str(ModelSpec.parse(model))


def synth_command(
    backend: str = typer.Option("procedural", help="Role backend: procedural, llm or command."),
    domains: str = typer.Option(
        "", help="Comma-separated domain ids (default: every domain with task families)."
    ),
    n: int = typer.Option(0, "--n", help="Total number of tasks, spread evenly over domains."),
    seed: int = typer.Option(0, help="Sampling seed (same seed and n: same tasks)."),
    tasks: Path | None = typer.Option(
        None, "--tasks", help="A JSON list of task configs instead of --domains/--n."
    ),
    out: Path = typer.Option(Path("output"), help="Output folder (final/, rejected/, logs/)."),
    workers: int = typer.Option(2, min=1, help="Tasks synthesized at the same time."),
    json_output: bool = typer.Option(False, "--json", help="Print the summary as a JSON line."),
    max_rounds: int = typer.Option(5, min=1, help="Adversarial rounds per task (the paper's K)."),
    role_timeout: float = typer.Option(600.0, min=1, help="Seconds a role may run per round."),
    script_timeout: float = typer.Option(120.0, min=1, help="Seconds per script run (C1-C6)."),
    near_misses: int = typer.Option(
        DEFAULT_NEAR_MISS_BUDGET,
        "--near-misses",
        min=0,
        help="C7: near misses of the gold state tried per tuple (0: C7 not run).",
    ),
    generator_cmd: str = typer.Option("", help="command backend: the Generator's command."),
    discriminator_cmd: str = typer.Option("", help="command backend: the Discriminator's command."),
    pass_env: list[str] = typer.Option(
        [], "--pass-env", help="command backend: host variable to pass into role jails."
    ),
    model: str = typer.Option("", help="llm backend: openai:NAME or anthropic:NAME."),
    base_url: str = typer.Option("", help="llm backend: OpenAI-compatible endpoint URL."),
    api_key_env: str = typer.Option(
        "", help="llm backend: environment variable holding the API key."
    ),
    max_turns: int = typer.Option(
        0, min=0, help="llm backend: tool-call turns per role (0: default)."
    ),
    prices: Path | None = typer.Option(
        None, help="llm backend: price table (TOML or JSON, USD per million tokens)."
    ),
    executor: str = typer.Option(
        "local", help="local (this process) or ray (one actor per worker, own hub each)."
    ),
    ray_address: str = typer.Option("", help="ray: a cluster address (default: a local one)."),
    force: bool = typer.Option(
        False, help="Keep tuples another role backend made in --out and add the rest."
    ),
) -> None:
    """Synthesize verified tuples with the Generator/Discriminator loop; resumable."""
    from cuagym.exec import EXECUTORS, RayOptions

    console = Console(stderr=json_output, highlight=False)
    installed = load_domains()
    if executor not in EXECUTORS:
        raise _fail(f"--executor {executor!r}: one of {', '.join(EXECUTORS)}")
    # A picklable recipe as well as the backend: Ray actors build their own.
    recipe = functools.partial(
        make_backend, backend, generator_cmd=generator_cmd, discriminator_cmd=discriminator_cmd,
        pass_env=tuple(pass_env), model=model or None, base_url=base_url or None,
        api_key_env=api_key_env or None, max_turns=max_turns or None, prices=prices,
    )  # fmt: skip
    try:
        role_backend = recipe()
    except (UnknownBackend, ValueError) as exc:
        raise _fail(str(exc)) from None
    try:
        if tasks is not None:
            if domains or n:
                raise TaskFileError("give either --tasks or --domains/--n, not both")
            specs = load_tasks_file(tasks, installed, need_family=backend == "procedural")
        else:
            ids = [d.strip() for d in domains.split(",") if d.strip()]
            specs = sample_tasks(installed, ids or domains_with_families(installed), n, seed)
    except TaskFileError as exc:
        raise _fail(str(exc)) from None
    if backend == "llm" and base_url:
        check_model_url(base_url)  # seconds, before the hub, jails and environments start

    progress = ProgressReporter(
        "synth", len(specs),
        counters=[("accepted", "green"), ("rejected", "yellow"), ("errors", "red")],
    )  # fmt: skip
    tally = {"accepted": 0, "rejected": 0, "errors": 0, "rounds": 0, "done": 0}

    def on_done(outcome: TaskOutcome) -> None:
        status = outcome.detail if outcome.status == "skipped" else outcome.status
        if status in ("accepted", "rejected"):
            tally[status] += 1
            tally["rounds"] += outcome.rounds
            tally["done"] += 1
        tally["errors"] += status == "error"
        if tally["done"]:
            progress.show(rounds=f"{tally['rounds'] / tally['done']:.2f}/task")
        progress.advance(
            accepted=tally["accepted"], rejected=tally["rejected"], errors=tally["errors"]
        )
        if outcome.status == "error":
            progress.note(f"error {outcome.task_id}: {outcome.detail}")

    def on_start(spec: TaskSpec) -> None:
        return None

    options = BatchOptions(
        out=out, workers=workers, max_rounds=max_rounds, role_timeout_s=role_timeout,
        script_timeout_s=script_timeout, on_done=on_done, on_start=on_start,
        executor=executor, ray=RayOptions(address=ray_address or None), backend_factory=recipe,
        force=force, model=_model_id(model) if backend == "llm" and model else None,
        near_miss_budget=near_misses,
    )  # fmt: skip
    try:
        with progress:
            summary, _outcomes = asyncio.run(run_batch(specs, role_backend, options))
    except SettingsMismatch as exc:
        raise _fail(str(exc)) from None
    except BatchBusy as exc:
        raise _fail(str(exc), 1) from None
    except (RuntimeError, OSError) as exc:
        raise _fail(str(exc), 1) from None
    console.print(_summary_table(summary, out))
    console.print(
        f"{summary.accepted} accepted in {out / 'final'}, {summary.rejected} rejected in "
        f"{out / 'rejected'}, logs in {out / 'logs'}; {summary.skipped} already done earlier; "
        f"{summary.rounds_mean} rounds/task, {summary.tuples_per_hour} tuples/h this run"
    )
    if json_output:
        sys.stdout.write(json.dumps(summary.json_line()) + "\n")
        sys.stdout.flush()
    if summary.errors:
        raise typer.Exit(1)  # the machinery failed some tasks: the next run redoes them

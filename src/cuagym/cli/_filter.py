"""``cuagym filter``: the corpus filters of DESIGN.md §9 (critic vote, teacher rollouts).

    cuagym filter critics output/final --critic openai:gpt-4.1 \\
        --critic anthropic:claude-sonnet-4-5 --critic openai:Qwen/Qwen3-32B@http://gpu:8000/v1 \\
        --out filtered

Tuples land in ``OUT/kept/``, ``OUT/dropped/`` or ``OUT/offline/`` with every decision in
meta.json; re-running the same command continues. With ``--json`` the last stdout line is the
summary: ``{"stage", "tuples", "decided", "earlier", "errors", "buckets", "decisions":
{"critics": {...}, "teacher": {...}}, "severity", "refined", "tokens_in", "tokens_out",
"cost_usd", "wall_s"}`` (buckets, decisions and severity count the whole OUT).

Exit codes: 0 every tuple given is decided (now or earlier) · 1 some tuple was left undecided
(provider or machinery errors; re-run to retry), or another filter command holds OUT · 2 bad
arguments or a path that is not an accepted bundle (nothing runs then).
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.table import Table

from cuagym.cli._progress import ProgressReporter

# The filters need the llm extra (the chat SDKs); importing them only when a filter command
# runs keeps every other command working without it.
if TYPE_CHECKING:
    from cuagym.filter import FilterSummary, TupleOutcome
    from cuagym.llm import PriceTable

__all__ = ["filter_app"]

filter_app = typer.Typer(
    help="Filter a verified corpus: critic majority vote, teacher rollouts (DESIGN.md §9).",
    no_args_is_help=True,
)

UNDECIDED = 1
BAD_INPUT = 2


def _fail(message: str, code: int = BAD_INPUT) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def _prices(path: Path | None) -> PriceTable:
    from cuagym.llm import PriceTable

    if path is None:
        return PriceTable()
    try:
        return PriceTable.load(path)
    except ValueError as exc:
        raise _fail(str(exc)) from None


def summary_table(summary: FilterSummary, out: Path) -> Table:
    table = Table(title=f"cuagym filter {summary.stage} → {out}")
    table.add_column("stage")
    table.add_column("decision")
    table.add_column("tuples", justify="right")
    for stage, counts in summary.decisions.items():
        for decision, n in counts.items():
            if n or stage == summary.stage:
                table.add_row(stage, decision, str(n))
    for bucket, n in summary.buckets.items():
        table.add_row("[bold]bucket[/bold]", f"{bucket}/", str(n))
    return table


def _progress(stage: str, total: int) -> tuple[ProgressReporter, Callable[..., None]]:
    """The shared reporter (DESIGN §14): a bar on a terminal, a status line on stderr otherwise."""
    progress = ProgressReporter(
        stage, total, counters=[("kept", "green"), ("dropped", "red"), ("errors", "red")]
    )
    tally = {"kept": 0, "dropped": 0, "offline": 0, "errors": 0}

    def on_done(outcome: TupleOutcome) -> None:
        if outcome.status == "error":
            tally["errors"] += 1
            progress.note(f"undecided {outcome.task_id}: {outcome.detail}")
        elif outcome.bucket is not None:
            tally[outcome.bucket] += 1
        progress.advance(kept=tally["kept"], dropped=tally["dropped"], errors=tally["errors"])

    return progress, on_done


def _report(
    console: Console, summary: FilterSummary, out: Path, json_output: bool, extra: list[str]
) -> None:
    console.print(summary_table(summary, out))
    spend = f"{summary.tokens_in} tokens in / {summary.tokens_out} out, ${summary.cost_usd:.4f}"
    console.print(
        f"this run: {summary.decided} decided, {summary.earlier} decided earlier, "
        f"{summary.errors} left undecided; {spend}; {summary.wall_s:.1f} s"
    )
    for note in [*extra, *summary.notes]:
        console.print(f"note: {note}")
    if json_output:
        sys.stdout.write(json.dumps(summary.json_line()) + "\n")
        sys.stdout.flush()


@filter_app.command("critics")
def critics_command(
    bundles: list[Path] = typer.Argument(
        ..., help="Accepted bundles (OUT/final/<id>), or folders of them."
    ),
    critic: list[str] = typer.Option(
        [],
        "--critic",
        help="A critic: openai:NAME, anthropic:NAME, or openai:NAME@URL for an "
        "OpenAI-compatible server. Repeat; mix model families.",
    ),
    out: Path = typer.Option(..., help="Output folder (kept/, dropped/, offline/)."),
    workers: int = typer.Option(4, min=1, help="Tuples judged at the same time."),
    prices: Path | None = typer.Option(
        None, help="Price table (TOML or JSON, USD per million tokens)."
    ),
    max_chars: int = typer.Option(
        60_000, min=1000, help="Characters of each script shown to a critic (head and tail)."
    ),
    max_tokens: int = typer.Option(4096, min=256, help="Answer tokens per critic request."),
    temperature: float | None = typer.Option(None, help="Sampling temperature of the critics."),
    json_output: bool = typer.Option(False, "--json", help="Print the summary as a JSON line."),
) -> None:
    """Critic majority vote: V models judge each tuple; ⌈V/2⌉ + 1 keep-or-modify pass it."""
    from cuagym.filter import (
        CriticPanel,
        CriticsOptions,
        FilterBusy,
        InputError,
        PoolStopped,
        StoreConflict,
        collect_inputs,
        parse_critic,
        quorum,
        run_critics,
    )

    console = Console(stderr=json_output, highlight=False)
    if len(critic) < 2:
        raise _fail(
            f"give at least two --critic: with V = {len(critic)} the quorum ⌈V/2⌉ + 1 = "
            f"{quorum(max(1, len(critic)))} can never be reached"
        )
    try:
        providers = {parse_critic(c)[0].provider for c in critic}
        inputs = collect_inputs(bundles)
        panel = CriticPanel.from_specs(
            critic, prices=_prices(prices), max_chars=max_chars, max_tokens=max_tokens,
            temperature=temperature,
        )  # fmt: skip
    except (InputError, ValueError) as exc:
        raise _fail(str(exc)) from None
    notes = []
    if len(providers) == 1:
        notes.append(
            f"every critic is an {providers.pop()} model: the paper mixes model families to "
            "decorrelate their biases"
        )
    progress, on_done = _progress("critics", len(inputs))

    async def run() -> tuple[FilterSummary, list[TupleOutcome]]:
        try:
            return await run_critics(
                inputs, panel, CriticsOptions(out=out, workers=workers, on_done=on_done)
            )
        finally:
            await panel.aclose()

    try:
        with progress:
            summary, _outcomes = asyncio.run(run())
    except (FilterBusy, StoreConflict, PoolStopped, OSError) as exc:
        raise _fail(str(exc), UNDECIDED) from None
    _report(console, summary, out, json_output, notes)
    if summary.errors:
        raise typer.Exit(UNDECIDED)


def _model_and_url(text: str) -> tuple[str, str | None]:
    from cuagym.filter import parse_critic

    spec, url = parse_critic(text)
    return str(spec), url


@filter_app.command("teacher")
def teacher_command(
    bundles: list[Path] = typer.Argument(
        ..., help="Accepted bundles, or folders of them (e.g. OUT/kept after the critics)."
    ),
    policy: str = typer.Option(
        ..., help="Teacher policy: oracle, anthropic:MODEL or openai:MODEL[@URL]."
    ),
    n: int | None = typer.Option(
        None, "--n", min=1, help="N_teach: rollouts per tuple and pass (4; the oracle plays once)."
    ),
    judge: str = typer.Option(
        ..., help="VLM judge for r_vlm: openai:MODEL[@URL], anthropic:MODEL, or none."
    ),
    delta: float = typer.Option(0.2, min=0.0, max=1.0, help="δ: the |mean r − mean r_vlm| gap."),
    out: Path = typer.Option(..., help="Output folder (kept/, dropped/, offline/)."),
    refine_model: str = typer.Option(
        "", help="The Discriminator that refines disagreeing tuples (llm backend): MODEL[@URL]."
    ),
    downsample_keep: float = typer.Option(
        0.5, min=0.0, max=1.0, help="Share of too-easy (all-1) tuples kept, chosen by task id."
    ),
    workers: int = typer.Option(2, min=1, help="Rollouts (GUI environments) at the same time."),
    max_steps: int = typer.Option(50, min=1, help="Model turns per rollout."),
    prices: Path | None = typer.Option(
        None, help="Price table (TOML or JSON, USD per million tokens)."
    ),
    role_timeout: float = typer.Option(600.0, min=1, help="Seconds the Discriminator may run."),
    script_timeout: float = typer.Option(120.0, min=1, help="Seconds per script run (C1-C6)."),
    json_output: bool = typer.Option(False, "--json", help="Print the summary as a JSON line."),
) -> None:
    """Teacher rollouts: r from reward.py, r_vlm from a VLM judge; drop, downsample, refine or
    accept each tuple (DESIGN.md §9)."""
    from cuagym.agent import PolicyConfig, RolloutOptions
    from cuagym.core import Bundle
    from cuagym.filter import (
        AgentRollouts,
        DiscriminatorRefiner,
        FilterBusy,
        InputError,
        PoolStopped,
        StoreConflict,
        TeacherOptions,
        VlmJudge,
        collect_inputs,
        run_teacher,
    )
    from cuagym.filter._teacher_stage import NO_JUDGE_NOTE, ORACLE_NOTE
    from cuagym.llm import make_client

    console = Console(stderr=json_output, highlight=False)
    table = _prices(prices)
    try:
        inputs = collect_inputs(bundles)
        tasks = [Bundle.load(t.path).task for t in inputs]
        oracle = policy.strip() == "oracle"
        if oracle and n not in (None, 1):
            raise ValueError(
                f"--n {n}: the oracle is deterministic and plays each tuple once; drop --n"
            )
        options = TeacherOptions(
            out=out, n=1 if oracle else (n or 4), delta=delta,
            downsample_keep=downsample_keep, workers=workers, deterministic=oracle,
        )  # fmt: skip
        if oracle:
            config = PolicyConfig(policy="oracle")
        else:
            name, url = _model_and_url(policy)
            config = PolicyConfig(policy=name, base_url=url)
        runner = AgentRollouts(
            config, tasks=tasks, workers=workers, options=RolloutOptions(max_steps=max_steps)
        )
        vlm = None
        if judge.strip().lower() != "none":
            name, url = _model_and_url(judge)
            vlm = VlmJudge(make_client(name, base_url=url, max_tokens=1024), prices=table)
        refiner = None
        if refine_model:
            from cuagym.synth._llm_backend import LlmBackend

            name, url = _model_and_url(refine_model)
            refiner = DiscriminatorRefiner(
                LlmBackend(name, base_url=url, prices=table), out=out, tasks=tasks,
                role_timeout_s=role_timeout, script_timeout_s=script_timeout,
            )  # fmt: skip
    except (InputError, ValueError) as exc:
        raise _fail(str(exc)) from None
    # Said once, before the long work; the summary below leaves them out.
    notes = ([ORACLE_NOTE] if oracle else []) + ([NO_JUDGE_NOTE] if vlm is None else [])
    for note in notes:
        console.print(f"note: {note}")
    progress, on_done = _progress("teacher", len(inputs))
    options.on_done = on_done

    async def run() -> tuple[FilterSummary, list[TupleOutcome]]:
        try:
            return await run_teacher(inputs, runner, options, judge=vlm, refiner=refiner)
        finally:
            await runner.aclose()
            if vlm is not None:
                await vlm.aclose()
            if refiner is not None:
                await refiner.aclose()

    try:
        with progress:
            summary, _outcomes = asyncio.run(run())
    except (FilterBusy, StoreConflict, PoolStopped, OSError) as exc:
        raise _fail(str(exc), UNDECIDED) from None
    summary.notes = [n for n in summary.notes if n not in notes]  # said once, above
    _report(console, summary, out, json_output, [])
    if summary.errors:
        raise typer.Exit(UNDECIDED)

"""``cuagym rollout`` and ``cuagym view``: agents act on tuples; their episodes as HTML.

    cuagym rollout output/final/* --policy openai:Qwen/Qwen3-VL-8B --base-url http://gpu:8000/v1 \\
        --n 4 --workers 8 --out runs/qwen
    cuagym rollout output/final/calc--* --policy oracle --out runs/oracle
    cuagym view runs/qwen

Contract (DESIGN.md §6): writes ``OUT/<task_id>/<k>/`` episodes (resumable: re-running the same
command continues), prints a table per domain, and with ``--json`` a last stdout line
``{"episodes", "success_rate", "mean_reward", "mean_steps", "calls_per_step", "errors",
"wall_s"}`` (totals over the batch, earlier runs included; wall time of this run). The table
goes to stderr with ``--json``, to stdout otherwise; progress always goes to stderr (a bar on a
terminal, a status line every 10 s otherwise). A re-run redoes the episodes that ended in
``error``; one with other settings than the folder's finished episodes is refused unless
``--force``. ``--base-url`` is parsed and probed (3 s) before any environment starts.

Exit codes (DESIGN.md §14): 0 every episode ran (failed episodes are results); 1 some episode
ended in ``error`` or could not run, the machinery failed, or another batch holds the output
folder; 2 bad arguments, bundles, an unreachable ``--base-url`` or mixed settings (nothing ran).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from cuagym.cli._inputs import check_model_url
from cuagym.cli._progress import ProgressReporter

__all__ = ["rollout_command", "view_command"]


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def _screen(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise _fail(f"--screen {text!r}: use WIDTHxHEIGHT, e.g. 1280x800") from None
    return w, h


def rollout_command(
    bundles: Annotated[list[Path], typer.Argument(help="Bundle folders (OUT/final/<task_id>).")],
    policy: str = typer.Option(..., help="oracle, openai:MODEL or anthropic:MODEL."),
    out: Path = typer.Option(..., help="Where episodes go: OUT/<task_id>/<k>/."),
    base_url: str = typer.Option("", help="The model server (an OpenAI-compatible /v1 URL)."),
    n: int = typer.Option(1, "--n", min=1, help="Rollouts per bundle (k = 0..n-1)."),
    max_steps: int = typer.Option(50, min=1, help="Model turns before an episode is cut."),
    workers: int = typer.Option(1, min=1, help="Rollouts at once, each its own environment."),
    executor: str = typer.Option("local", help="local (this process) or ray (one actor each)."),
    json_output: bool = typer.Option(False, "--json", help="Print the summary as a JSON line."),
    api_key_env: str = typer.Option("", help="Variable holding the API key."),
    temperature: float | None = typer.Option(None, min=0, help="Sampling temperature."),
    top_p: float | None = typer.Option(None, min=0, max=1, help="Nucleus sampling."),
    max_tokens: int = typer.Option(2048, min=1, help="New tokens per turn."),
    logprobs: bool = typer.Option(True, help="openai: ask the server for token logprobs."),
    image: str = typer.Option(
        "", help="Screenshots sent: native, or smart (Qwen's resize; default for openai)."
    ),
    factor: int = typer.Option(28, help="smart resize grid: 28 or 32 (the model's processor)."),
    min_pixels: int = typer.Option(65536, help="smart resize: fewest pixels."),
    max_pixels: int = typer.Option(2097152, help="smart resize: most pixels."),
    coordinate_space: str = typer.Option("pixels", help="pixels (of the image) or norm1000."),
    tool_version: str = typer.Option(
        "computer_toolset_20260801", help="anthropic: the computer tool type."
    ),
    turn_timeout: float = typer.Option(600.0, min=1, help="Seconds one model request may take."),
    episode_timeout: float = typer.Option(3600.0, min=1, help="Seconds of turns per episode."),
    screen: str = typer.Option("1280x800", help="The display's size, WIDTHxHEIGHT."),
    ray_address: str = typer.Option("", help="ray: a cluster address (default: a local one)."),
    force: bool = typer.Option(
        False, help="Add to an --out whose episodes were made with other settings."
    ),
) -> None:
    """Let a policy act on bundles through computer_use; write episodes (resumable)."""
    asks_a_server = bool(base_url) and policy != "oracle"
    from cuagym.agent import (
        BatchBusy,
        BundlesInvalid,
        PolicyConfig,
        RolloutBatch,
        RolloutOptions,
        run_rollouts,
    )
    from cuagym.core import ImageSpec
    from cuagym.exec import EXECUTORS, RayOptions

    if executor not in EXECUTORS:
        raise _fail(f"--executor {executor!r}: one of {', '.join(EXECUTORS)}")
    if coordinate_space not in ("pixels", "norm1000"):
        raise _fail(f"--coordinate-space {coordinate_space!r}: pixels or norm1000")
    try:
        spec = None
        if image == "native":
            spec = ImageSpec(mode="native")
        elif image in ("smart", ""):
            if image or (factor, min_pixels, max_pixels) != (28, 65536, 2097152):
                spec = ImageSpec(
                    mode="smart", factor=factor, min_pixels=min_pixels, max_pixels=max_pixels
                )
        else:
            raise ValueError(f"--image {image!r}: native or smart")
        config = PolicyConfig(
            policy=policy, base_url=base_url or None, api_key_env=api_key_env or None,
            temperature=temperature, top_p=top_p, max_tokens=max_tokens, logprobs=logprobs,
            image=spec, coordinate_space=coordinate_space,
            tool_version=tool_version,
        )  # fmt: skip
        # The extras first (a missing SDK is one line naming it), then the server: both in
        # seconds, before any environment starts (DESIGN §14).
        config.require_installed()
        if asks_a_server:
            check_model_url(base_url)
        options = RolloutOptions(
            max_steps=max_steps, turn_timeout_s=turn_timeout, episode_timeout_s=episode_timeout
        )
    except ValueError as exc:
        raise _fail(str(exc)) from None
    server = f" (model server {base_url})" if asks_a_server else ""
    console = Console(stderr=json_output, highlight=False, soft_wrap=True)
    progress = ProgressReporter(
        "rollout", len(bundles) * n, counters=[("success", "green"), ("errors", "red")]
    )
    tally = {"success": 0, "errors": 0}

    def on_done(job: object, result: object, why: str | None) -> None:
        record = getattr(result, "record", None)
        if record is not None:
            tally["success"] += record.status == "success"
            tally["errors"] += record.status == "error"
            if record.status == "error":
                error = record.error or ""
                progress.note(f"error {record.task_id} #{record.k}: {error}{server}")
        elif why and why != "done earlier":
            tally["errors"] += 1
            progress.note(f"not run {why}")
        progress.advance(success=tally["success"], errors=tally["errors"])

    batch = RolloutBatch(
        out=out, n=n, workers=workers, executor=executor,
        ray=RayOptions(address=ray_address or None), options=options,
        screen=_screen(screen), on_done=on_done, force=force,
    )  # fmt: skip
    try:
        with progress:
            summary = asyncio.run(run_rollouts(bundles, config, batch))
    except BundlesInvalid as exc:
        for problem in exc.problems:
            typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2) from None
    except ValueError as exc:
        raise _fail(str(exc)) from None
    except (BatchBusy, RuntimeError, OSError) as exc:
        raise _fail(str(exc), 1) from None
    console.print(_table(summary, out))
    line = summary.json_line()
    console.print(
        f"{line['episodes']} episodes in {out} ({summary.skipped} from earlier runs): "
        f"success rate {line['success_rate']:.3f}, mean reward {line['mean_reward']:.3f}, "
        f"{line['mean_steps']} steps, {line['calls_per_step']} calls/step, "
        f"{line['errors']} errors; {line['wall_s']} s. View them: cuagym view {out}"
    )
    for failure in summary.failures[:10]:
        console.print(f"not run: {failure}", markup=False)
    if json_output:
        sys.stdout.write(json.dumps(line) + "\n")
        sys.stdout.flush()
    if line["errors"]:
        raise typer.Exit(1)  # the machinery failed some episodes: the next run redoes them


def _table(summary: object, out: Path) -> Table:
    from cuagym.agent import RolloutSummary

    assert isinstance(summary, RolloutSummary)
    table = Table(title=f"cuagym rollout → {out}", show_footer=True)
    line = summary.json_line()
    table.add_column("domain", footer="total")
    table.add_column("episodes", justify="right", footer=str(summary.episodes))
    table.add_column("success", justify="right", footer=str(summary.success))
    table.add_column("errors", justify="right", footer=str(summary.errors + summary.not_run))
    table.add_column("mean reward", justify="right", footer=f"{line['mean_reward']:.3f}")
    table.add_column("mean steps", justify="right", footer=str(line["mean_steps"]))
    for domain, stats in sorted(summary.by_domain.items()):
        reward = "-" if stats.mean_reward is None else f"{stats.mean_reward:.3f}"
        steps = "-" if stats.mean_steps is None else str(stats.mean_steps)
        table.add_row(
            domain, str(stats.episodes), str(stats.success), str(stats.errors), reward, steps
        )
    return table


def view_command(
    run_dir: Annotated[Path, typer.Argument(help="A rollout's --out folder, or one episode.")],
    out: Path | None = typer.Option(None, help="Where the pages go (default: RUN_DIR/view)."),
) -> None:
    """Write a self-contained HTML page per episode (screens, actions drawn, checks)."""
    from cuagym.agent import write_run_html

    if not run_dir.is_dir():
        raise _fail(f"{run_dir} is not a folder")
    pages = write_run_html(run_dir, out)
    typer.echo(f"{len(pages) - 1} episode page(s); open {pages[-1]}")

"""``cuagym appgen plan | build | install``: the mock-app pipeline's commands (DESIGN.md §12).

    cuagym appgen plan --category C --product P --out DIR [--backend llm --model M]
    cuagym appgen plan --category C --product P --out DIR --backend file --from PLAN.json
    cuagym appgen build DIR [--backend command --command CMD | --backend llm --model M] [--rounds K]
    cuagym appgen install DIR [--target SITE_DIR]

Exit codes (§14): 0 done, 1 the work ran but failed (no valid plan, the app needs review, the
audit is not clean), 2 an input error named in one line on stderr.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path
from typing import Any, NoReturn, get_args

import typer

from cuagym.appgen._build import BuildRefused, build_app, load_record
from cuagym.appgen._build_models import BuildSettings, RoundRecord
from cuagym.appgen._install import InstallError, install_app, verify_install
from cuagym.appgen._plan import (
    PlanError,
    load_plan,
    plan_with_model,
    read_plan_file,
    save_plan_run,
    write_plan,
)
from cuagym.apps import AppCategory, AppError
from cuagym.cli._appgen import appgen_app
from cuagym.cli._inputs import check_model_url
from cuagym.cli._progress import ProgressReporter

__all__ = ["build_command", "install_command", "plan_command"]


def _fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _client(model: str, base_url: str, api_key_env: str) -> Any:
    from cuagym.llm import make_client

    if not model:
        _fail("--backend llm needs --model openai:NAME or anthropic:NAME")
    if base_url:
        base_url = check_model_url(base_url)
    try:
        return make_client(model, base_url=base_url or None, api_key_env=api_key_env or None)
    except ValueError as exc:  # a bad model id, a missing key
        _fail(f"--model {model}: {exc}")


def _prices(path: Path | None) -> Any:
    from cuagym.llm import PriceTable

    try:
        return PriceTable.load(path) if path else PriceTable()
    except ValueError as exc:
        _fail(f"--prices: {exc}")


@appgen_app.command("plan")
def plan_command(
    category: str = typer.Option(..., help="The app category (one of the paper's)."),
    product: str = typer.Option(..., help="The real product it stands in for (never named)."),
    out: Path = typer.Option(..., help="The workspace folder to write."),
    backend: str = typer.Option("llm", help="llm (the Plan agent) or file (--from PLAN.json)."),
    model: str = typer.Option("", help="llm: openai:NAME or anthropic:NAME."),
    base_url: str = typer.Option("", help="llm: an OpenAI-compatible endpoint URL."),
    api_key_env: str = typer.Option("", help="llm: the variable holding the API key."),
    prices: Path | None = typer.Option(None, help="llm: price table (TOML or JSON)."),
    plan_file: Path | None = typer.Option(None, "--from", help="file: a plan.json to check."),
    app_id: str | None = typer.Option(None, help="The app id the plan must use."),
    max_turns: int = typer.Option(12, min=1, help="llm: model calls at most."),
    force: bool = typer.Option(False, help="Plan again over an existing plan."),
) -> None:
    """Plan a mock app: plan.json, DESIGN.md, TODO.md, app/SKILL.md, app/taxonomy.yaml."""
    if category not in get_args(AppCategory):
        _fail(f"--category {category!r} is not one of: {', '.join(get_args(AppCategory))}")
    if backend not in ("llm", "file"):
        _fail(f"--backend {backend!r}: use llm or file")
    if backend == "file" and plan_file is None:
        _fail("--backend file needs --from PLAN.json")
    if out.exists() and not out.is_dir():
        _fail(f"--out {out} is a file: give a folder for the workspace")
    existing = out / "plan.json"
    if existing.is_file() and not force:
        try:
            old = read_plan_file(existing)
        except PlanError:
            _fail(f"{existing} exists and is not a valid plan: use --force to plan again")
        if (old.category, old.reference_product) != (category, product):
            _fail(f"{existing} plans another app ({old.category}, {old.reference_product!r}): "
                  "use --force to plan again")  # fmt: skip
        typer.echo(f"{out}: already planned ({old.app_id}); nothing to do", err=True)
        return
    if backend == "file":
        assert plan_file is not None
        try:
            plan = read_plan_file(plan_file, product)
        except PlanError as exc:
            _fail(str(exc))
        if plan.category != category or (app_id and plan.app_id != app_id):
            _fail(f"{plan_file}: plans {plan.app_id} ({plan.category}), not what was asked")
    else:
        client, table = _client(model, base_url, api_key_env), _prices(prices)
        run = asyncio.run(
            plan_with_model(
                client, category=category, product=product, app_id=app_id, prices=table,
                max_turns=max_turns,
            )
        )  # fmt: skip
        typer.echo(
            f"plan agent: {run.stop} after {run.turns} turns, {run.tokens_in} tokens in / "
            f"{run.tokens_out} out, ${run.cost_usd:.4f}",
            err=True,
        )
        out.mkdir(parents=True, exist_ok=True)
        save_plan_run(run, out, model)
        if run.plan is None:
            _fail(
                "the Plan agent wrote no plan that passes the checks:\n" + run.transcript[-3000:], 1
            )
        plan = run.plan
    plan = load_plan(plan.model_copy(update={"reference_product": product}).model_dump(), product)
    for path in write_plan(plan, out):
        typer.echo(str(path))


def _settings(backend: str, command: str, model: str, rounds: int) -> BuildSettings:
    if backend not in ("command", "llm"):
        _fail(f"--backend {backend!r}: use command or llm")
    if backend == "command":
        if not command.strip():
            _fail("--backend command needs --command CMD (a coding-agent CLI)")
        if os.geteuid() != 0 or shutil.which("bwrap") is None:
            _fail("--backend command runs the agent in the sandbox: it needs root and "
                  "bubblewrap (see cuagym doctor)")  # fmt: skip
        return BuildSettings(backend="command", command=command, rounds=rounds)
    return BuildSettings(backend="llm", model=model, rounds=rounds)


def _round_line(rec: RoundRecord) -> str:
    audit = rec.audit
    seen = f"audit {audit.dead} dead, {audit.errors} errors" if audit else "no audit"
    p0 = sum(f.priority == "P0" for f in rec.findings)
    return (
        f"round {rec.round}: {rec.status} ({seen}; {p0} P0 / {len(rec.findings) - p0} P1 "
        f"findings; {rec.tokens_in + rec.tokens_out} tokens, ${rec.cost_usd:.4f}, "
        f"{rec.wall_s:.1f} s){' ' + rec.error if rec.error else ''}"
    )


@appgen_app.command("build")
def build_command(
    workspace: Path = typer.Argument(..., help="The workspace cuagym appgen plan wrote."),
    backend: str = typer.Option("command", help="command (a coding-agent CLI) or llm."),
    command: str = typer.Option("", help="command: the CLI to run (sh -c) in the sandbox."),
    pass_env: list[str] = typer.Option([], help="command: host variables to pass (a key)."),
    tool: list[Path] = typer.Option([], help="command: folders bound read-only at /opt/tools/N."),
    model: str = typer.Option("", help="llm: openai:NAME or anthropic:NAME."),
    base_url: str = typer.Option("", help="llm: an OpenAI-compatible endpoint URL."),
    api_key_env: str = typer.Option("", help="llm: the variable holding the API key."),
    prices: Path | None = typer.Option(None, help="llm: price table (TOML or JSON)."),
    max_turns: int = typer.Option(80, min=1, help="llm: model calls per round."),
    rounds: int = typer.Option(5, min=1, help="Rounds at most before the app needs review."),
    round_timeout: float = typer.Option(3600.0, min=1, help="Seconds a Dev round may take."),
    force: bool = typer.Option(False, help="Build again from the plan."),
    json_out: bool = typer.Option(False, "--json", help="Print the build record as JSON."),
) -> None:
    """Build the planned app in rounds (Dev agent, static checks, audit) until it is clean."""
    if not (workspace / "plan.json").is_file():
        _fail(f"{workspace}: no plan.json (run cuagym appgen plan first)")
    settings = _settings(backend, command, model, rounds)
    dev: Any
    if backend == "command":
        from cuagym.appgen._dev import CommandDevBackend

        missing = [str(t) for t in tool if not t.is_dir()]
        if missing:
            _fail(f"--tool {missing[0]} is not a folder")
        dev = CommandDevBackend(command, pass_env=pass_env, tools=tool)
    else:
        from cuagym.appgen._dev_llm import LlmDevBackend

        client = _client(model, base_url, api_key_env)
        settings = settings.model_copy(update={"model": str(client.spec)})
        dev = LlmDevBackend(client, prices=_prices(prices), max_turns=max_turns)

    progress = ProgressReporter(
        f"appgen build {workspace.name}", rounds, counters=[("dead", "red"), ("findings", "yellow")]
    )

    def on_round(rec: RoundRecord) -> None:
        progress.note(_round_line(rec))
        dead = rec.audit.dead if rec.audit else 0
        progress.advance(dead=dead, findings=len(rec.findings))

    async def run() -> Any:
        try:
            return await build_app(
                workspace, dev, settings, force=force, round_timeout_s=round_timeout,
                on_round=on_round,
            )  # fmt: skip
        finally:
            await dev.aclose()

    try:
        with progress:
            record = asyncio.run(run())
    except BuildRefused as exc:
        _fail(str(exc))
    if json_out:
        typer.echo(record.model_dump_json())
    typer.echo(
        f"{record.app_id}: {record.status} after {len(record.rounds)} round(s); "
        f"{record.tokens_in} tokens in / {record.tokens_out} out, ${record.cost_usd:.4f}",
        err=True,
    )
    if record.status != "clean":
        if record.status == "needs_review":
            typer.echo(f"{workspace}/AUDIT.md and TEST.md hold what is left", err=True)
        raise typer.Exit(1)


@appgen_app.command("install")
def install_command(
    workspace: Path = typer.Argument(..., help="The built workspace (or its app/ project)."),
    target: Path | None = typer.Option(None, help="Site folder to install into."),
) -> None:
    """Install a clean build by entry point (editable, no network) and check it is found."""
    if not workspace.is_dir():
        _fail(f"{workspace} is not a folder")
    record_dir = workspace if (workspace / "plan.json").is_file() else workspace.parent
    try:
        record = load_record(record_dir)
    except ValueError as exc:
        _fail(f"{record_dir}/appgen.json is unreadable: {exc}")
    if record is None:
        _fail(f"{record_dir}: not built (no appgen.json): run cuagym appgen build", 1)
    if not record.last_audit_clean:
        last = record.rounds[-1] if record.rounds else None
        why = f"round {last.round} is {last.status}" if last else "no round ran"
        _fail(f"{record.app_id} is {record.status} ({why}): only a clean build installs", 1)
    try:
        installed = install_app(record_dir, target)
        verify_install(installed)
    except (AppError, InstallError, OSError) as exc:
        _fail(str(exc), 1)
    typer.echo(
        f"installed {installed.project.app_id} into {installed.site} "
        f"({installed.dist_info.name}); a new interpreter finds it"
    )

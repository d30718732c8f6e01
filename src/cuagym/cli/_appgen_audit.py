"""``cuagym appgen audit APP_ID|DIR [--json] [--out DIR] [--workers N]`` (DESIGN.md §12).

Exit codes (§14): 0 the app is clean (nothing dead, nothing errored); 1 the audit found dead
controls or errors; 2 bad input: an unknown app id, a desktop app, a folder that is not an app
project, no Chromium or no Playwright (one line on stderr naming it and what to do).
"""

from __future__ import annotations

import json
from pathlib import Path
from types import TracebackType

import typer
from rich.console import Console

from cuagym.appgen import AuditReport, AuditUnavailable, check_browser, run_audit
from cuagym.apps import AppError, AppSpec, load_app
from cuagym.cli._appgen import appgen_app
from cuagym.cli._progress import ProgressReporter


class _Stages:
    """The audit's stages (routes, controls, ...) each as its own progress bar or status line."""

    def __init__(self) -> None:
        self._current: ProgressReporter | None = None

    def stage(self, label: str, total: int) -> None:
        self.close()
        self._current = ProgressReporter(label, total).__enter__()

    def step(self) -> None:
        if self._current is not None:
            self._current.advance()

    def close(self) -> None:
        if self._current is not None:
            self._current.__exit__(None, None, None)
            self._current = None

    def __enter__(self) -> _Stages:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def _load(target: str) -> AppSpec:
    path = Path(target)
    try:
        if path.exists():
            if not path.is_dir():
                raise AppError(f"{target}: not a folder (give an app id or an app project folder)")
            from cuagym.appgen._workspace import load_app_dir

            return load_app_dir(path)
        return load_app(target)
    except AppError as exc:
        raise _fail(str(exc)) from None


def _render(report: AuditReport, out: Path | None) -> None:
    console = Console(highlight=False, soft_wrap=True)
    verdict = "[green]ok[/green]" if report.ok else "[red]findings[/red]"
    console.print(
        f"{report.app}: {verdict} — {report.routes} routes, {report.controls} controls, "
        f"{len(report.dead)} dead, {len(report.errors)} errors"
    )
    for d in report.dead:
        console.print(f"  [red]dead[/red] {d.route}: {d.control}", markup=True)
    for e in report.errors:
        console.print(f"  [red]{e.kind}[/red] {e.route}: {e.detail}")
    if out is not None:
        console.print(f"report: {out / 'index.html'}")


@appgen_app.command("audit")
def audit_command(
    target: str = typer.Argument(..., help="An installed app id (mail) or an app project folder."),
    json_output: bool = typer.Option(
        False, "--json", help='Print {"app", "routes", "controls", "dead", "errors", "ok"}.'
    ),
    out: Path | None = typer.Option(
        None, "--out", help="Write index.html, shots/*.png and audit.json here."
    ),
    workers: int = typer.Option(2, "--workers", min=1, max=8, help="Browser pages at once."),
) -> None:
    """Audit a web app in real Chromium: dead controls, HTTP and page errors, h1, tabs,
    labels, the state API and session isolation."""
    spec = _load(target)
    if spec.web_app is None:
        raise _fail(f"{spec.app_id} is a {spec.kind} app; the audit is for web apps")
    if out is not None and out.exists() and not out.is_dir():
        raise _fail(f"--out {out}: exists and is not a folder")
    try:
        check_browser()
    except AuditUnavailable as exc:
        raise _fail(str(exc)) from None
    with _Stages() as stages:
        report = run_audit(spec, out=out, workers=workers, progress=stages)
    if json_output:
        typer.echo(json.dumps(report.model_dump(mode="json")))
    else:
        _render(report, out)
    raise typer.Exit(0 if report.ok else 1)

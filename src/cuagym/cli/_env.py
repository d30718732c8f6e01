"""``cuagym env exec|shell``: run a script, or a person's shell, in a fresh sandbox.

``exec`` prints the DESIGN.md §4 contract with ``--json``: exactly
``{"exit_code", "stdout", "stderr", "timed_out", "duration_s"}``. Its own exit status is the
script's (so it composes in shell pipelines like running the script directly), 124 when the
timeout killed it (as GNU ``timeout`` does) and 125 when the sandbox itself failed (then no
JSON is printed: the script never ran).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from cuagym.sandbox import HubLink, ScriptResult

env_app = typer.Typer(
    help="Run scripts in sandboxed environments (bubblewrap jail, copy-on-write home).",
    no_args_is_help=True,
)

SANDBOX_FAILED = 125
HomeOption = Annotated[
    Path | None,
    typer.Option("--home", exists=True, file_okay=False, help="Folder /home/user starts as (CoW)."),
]


def _hub_link(hub: str | None, token: str | None, sid: str | None) -> HubLink | None:
    from cuagym.sandbox import HubLink

    if hub is None:
        return None
    try:
        link = HubLink(url=hub, token=token or "", sid=sid)
        link.target()
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--hub") from None
    return link


@env_app.command("exec")
def exec_script(
    script: Annotated[Path, typer.Argument(exists=True, dir_okay=False, readable=True)],
    home: HomeOption = None,
    timeout: float = typer.Option(60.0, "--timeout", min=0.001, help="Wall-clock seconds."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as one JSON object."),
    hub: str | None = typer.Option(None, help="Hub URL the script may reach (http://host:port)."),
    token: str | None = typer.Option(None, envvar="CUAGYM_HUB_TOKEN", help="Hub token."),
    sid: str | None = typer.Option(None, help="Hub session id (generated if absent)."),
    readonly_home: bool = typer.Option(False, help="Mount /home/user read-only (as rewards)."),
) -> None:
    """Run SCRIPT (Python; .sh with bash) in a fresh sandbox, cwd /home/user, as a non-root user."""
    from cuagym.sandbox import Sandbox, SandboxError

    code = script.read_text(encoding="utf-8")
    name = script.name if not script.name.startswith(".") else "script.py"
    link = _hub_link(hub, token, sid)

    async def run() -> ScriptResult:
        async with Sandbox(base=home, hub=link) as box:
            if name.endswith(".sh"):
                result = await box.run(
                    ["/bin/bash", f"/opt/task/{name}"],
                    files={name: code},
                    timeout=timeout,
                    readonly_home=readonly_home,
                )
            else:
                result = await box.run_python(
                    code, name=name, timeout=timeout, readonly_home=readonly_home
                )
            return result

    try:
        result = asyncio.run(run())
    except SandboxError as exc:
        typer.echo(f"sandbox failed: {exc}", err=True)
        raise typer.Exit(SANDBOX_FAILED) from None
    if as_json:
        typer.echo(json.dumps(result.contract(), ensure_ascii=False))
    else:
        sys.stdout.write(result.stdout)
        sys.stderr.write(result.stderr)
        status = (
            f"timed out after {timeout:g} s" if result.timed_out else f"exit {result.exit_code}"
        )
        typer.echo(f"[{script.name}: {status}, {result.duration_s:.3f} s]", err=True)
    raise typer.Exit(result.exit_code)


@env_app.command("shell")
def shell(
    home: HomeOption = None,
    hub: str | None = typer.Option(None, help="Hub URL reachable from inside."),
    token: str | None = typer.Option(None, envvar="CUAGYM_HUB_TOKEN", help="Hub token."),
) -> None:
    """An interactive bash inside a sandbox; every change is discarded when it exits."""
    from cuagym.sandbox import Sandbox, SandboxError

    link = _hub_link(hub, token, None)
    typer.echo(
        f"cuagym sandbox shell: /home/user is a copy-on-write view of {home or 'an empty folder'}"
        " (changes are dropped on exit); no network"
        + (f" but the hub at $CUAGYM_HUB ({hub})" if hub else "")
        + ".",
        err=True,
    )

    async def run() -> int:
        async with Sandbox(base=home, hub=link, interactive=True) as box:
            result = await box.run(["/bin/bash", "-i"], timeout=None)
            return result.exit_code

    try:
        code = asyncio.run(run())
    except SandboxError as exc:
        typer.echo(f"sandbox failed: {exc}", err=True)
        raise typer.Exit(SANDBOX_FAILED) from None
    raise typer.Exit(code)

"""``cuagym hub serve|apps``: run the state-API hub over every installed web app."""

from __future__ import annotations

import sys

import typer

hub_app = typer.Typer(help="Serve mock web apps behind the hub state API.", no_args_is_help=True)


def _store(url: str, ttl: float):  # type: ignore[no-untyped-def]
    from cuagym.hub import MemoryStore, RedisStore

    if url == "memory":
        return MemoryStore(ttl=ttl)
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisStore(url, ttl=ttl)
    raise typer.BadParameter(f"unknown store {url!r}: use 'memory' or redis://host:port/db")


@hub_app.command("serve")
def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to listen on."),
    port: int = typer.Option(8765, help="TCP port."),
    apps: str | None = typer.Option(
        None, help="Comma-separated app ids to serve (default: every installed web app)."
    ),
    store: str = typer.Option("memory", help="Session store: 'memory' or redis://host:port/db."),
    ttl: float = typer.Option(
        3600.0, min=0.001, help="Seconds a session lives after its last access."
    ),
    token: str | None = typer.Option(
        None,
        envvar="CUAGYM_HUB_TOKEN",
        help="Bearer token for the state API (generated if absent).",
    ),
    log_level: str = typer.Option("warning", help="uvicorn log level."),
) -> None:
    """Serve the hub: the state API and UI of every web app at /<app_id>."""
    import uvicorn

    from cuagym.hub import Hub, discover_web_apps

    try:
        web_apps = discover_web_apps([a for a in apps.split(",") if a] if apps else None)
    except LookupError as exc:
        raise typer.BadParameter(str(exc), param_hint="--apps") from None
    if not web_apps:
        typer.echo("no web apps are installed", err=True)
        raise typer.Exit(2)
    hub = Hub(apps=web_apps, store=_store(store, ttl), token=token)
    base = f"http://{host}:{port}"
    typer.echo(banner(base, hub.token, [w.app_id for w in web_apps], store, ttl, token is None))
    sys.stdout.flush()
    uvicorn.run(
        hub.asgi(),
        host=host,
        port=port,
        log_level=log_level,
        lifespan="on",
        loop="uvloop" if _has("uvloop") else "asyncio",
        http="httptools" if _has("httptools") else "h11",
    )


@hub_app.command("apps")
def list_apps() -> None:
    """List the installed web apps."""
    from cuagym.hub import discover_web_apps

    for web_app in discover_web_apps():
        typer.echo(f"{web_app.app_id}\t{web_app.title}")


def banner(
    base: str, token: str, app_ids: list[str], store: str, ttl: float, generated: bool
) -> str:
    """The start-up text: where each app is, the token, and a curl session to try."""
    first = app_ids[0]
    lines = [f"cuagym hub on {base}  (store: {store}, session ttl: {ttl:g} s)", ""]
    lines += [f"  {app_id:<16} {base}/{app_id}/?sid=demo" for app_id in app_ids]
    lines += [
        "",
        f"token{' (generated)' if generated else ''}: {token}",
        "",
        "Try it (another terminal):",
        f"  export CUAGYM_HUB={base} CUAGYM_HUB_TOKEN={token}",
        '  auth="Authorization: Bearer $CUAGYM_HUB_TOKEN"',
        f'  curl -s -H "$auth" "$CUAGYM_HUB/{first}/state?sid=demo"',
        f"  # open {base}/{first}/?sid=demo in a browser and change something, then:",
        f'  curl -s -H "$auth" "$CUAGYM_HUB/{first}/go?sid=demo" | python3 -m json.tool',
        f'  curl -s -H "$auth" "$CUAGYM_HUB/{first}/post?sid=demo" -d \'{{"action": "reset"}}\'',
        "",
        "Ctrl-C stops the hub.",
    ]
    return "\n".join(lines)


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None

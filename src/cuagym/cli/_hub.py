"""``cuagym hub serve|apps``: run the state-API hub over every installed web app."""

from __future__ import annotations

import os
import sys

import typer

hub_app = typer.Typer(help="Serve mock web apps behind the hub state API.", no_args_is_help=True)


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
    workers: int = typer.Option(
        1, min=1, help="Server processes on one port; more than 1 needs --store redis://..."
    ),
    log_level: str = typer.Option("warning", help="uvicorn log level."),
    allow_sid_binding: bool = typer.Option(
        False,
        "--allow-sid-binding",
        help="Let GET /<app>/?sid=S bind a browser (for trying the apps by hand; never for "
        "agents: anyone who knows a session id could take it over). Off: a browser binds by "
        "a one-time link from POST /<app>/bind?sid=S.",
    ),
) -> None:
    """Serve the hub: the state API and UI of every web app at /<app_id>."""
    import secrets

    import uvicorn

    from cuagym.hub import Hub, discover_web_apps
    from cuagym.hub._factory import ENV_PREFIX, make_store

    if workers > 1 and store == "memory":
        raise typer.BadParameter(
            "several workers must share sessions: add --store redis://host:port/db",
            param_hint="--workers",
        )
    try:
        session_store = make_store(store, ttl)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--store") from None

    try:
        web_apps = discover_web_apps([a for a in apps.split(",") if a] if apps else None)
    except LookupError as exc:
        raise typer.BadParameter(str(exc), param_hint="--apps") from None
    if not web_apps:
        typer.echo("no web apps are installed", err=True)
        raise typer.Exit(2)
    the_token = token or secrets.token_urlsafe(24)
    base = f"http://{host}:{port}"
    ids = [w.app_id for w in web_apps]
    typer.echo(banner(base, the_token, ids, store, ttl, token is None, allow_sid_binding))
    sys.stdout.flush()
    server: dict[str, object] = {
        "host": host,
        "port": port,
        "log_level": log_level,
        "lifespan": "on",
        "loop": "uvloop" if _has("uvloop") else "asyncio",
        "http": "httptools" if _has("httptools") else "h11",
    }
    if workers == 1:
        hub = Hub(
            apps=web_apps,
            store=session_store,
            token=the_token,
            allow_sid_binding=allow_sid_binding,
        )
        uvicorn.run(hub.asgi(), **server)  # type: ignore[arg-type]
        return
    # Worker processes build their own hub from the environment (same apps, store, token).
    os.environ.update(
        {
            f"{ENV_PREFIX}APPS": ",".join(ids),
            f"{ENV_PREFIX}STORE": store,
            f"{ENV_PREFIX}TTL": str(ttl),
            f"{ENV_PREFIX}TOKEN": the_token,
            f"{ENV_PREFIX}ALLOW_SID_BINDING": "1" if allow_sid_binding else "",
        }
    )
    uvicorn.run(
        "cuagym.hub._factory:hub_from_env",
        factory=True,
        workers=workers,
        **server,  # type: ignore[arg-type]
    )


@hub_app.command("apps")
def list_apps() -> None:
    """List the installed web apps."""
    from cuagym.hub import discover_web_apps

    for web_app in discover_web_apps():
        typer.echo(f"{web_app.app_id}\t{web_app.title}")


def banner(
    base: str,
    token: str,
    app_ids: list[str],
    store: str,
    ttl: float,
    generated: bool,
    allow_sid_binding: bool = False,
) -> str:
    """The start-up text: where each app is, the token, and a curl session to try."""
    first = app_ids[0]
    lines = [f"cuagym hub on {base}  (store: {store}, session ttl: {ttl:g} s)", ""]
    query = "?sid=demo" if allow_sid_binding else ""
    lines += [f"  {app_id:<16} {base}/{app_id}/{query}" for app_id in app_ids]
    lines += [
        "",
        f"token{' (generated)' if generated else ''}: {token}",
        "",
        "Try it (another terminal):",
        f"  export CUAGYM_HUB={base} CUAGYM_HUB_TOKEN={token}",
        '  auth="Authorization: Bearer $CUAGYM_HUB_TOKEN"',
        f'  curl -s -H "$auth" "$CUAGYM_HUB/{first}/state?sid=demo"',
    ]
    if allow_sid_binding:
        lines.append(f"  # open {base}/{first}/?sid=demo in a browser and change something, then:")
    else:
        lines += [
            "  # a one-time link that binds a browser to session demo (valid 60 s):",
            f'  curl -s -X POST -H "$auth" "$CUAGYM_HUB/{first}/bind?sid=demo"',
            f"  # open {base}<its url> in a browser and change something, then:",
        ]
    lines += [
        f'  curl -s -H "$auth" "$CUAGYM_HUB/{first}/go?sid=demo" | python3 -m json.tool',
        f'  curl -s -H "$auth" "$CUAGYM_HUB/{first}/post?sid=demo" -d \'{{"action": "reset"}}\'',
        "",
        "Ctrl-C stops the hub.",
    ]
    return "\n".join(lines)


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None

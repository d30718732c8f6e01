"""A hub served from inside another program's event loop (orchestrator, verifier, tests)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass

import uvicorn

from cuagym.hub._server import Hub
from cuagym.hub._store import SessionStore
from cuagym.hub._webapp import WebApp

__all__ = ["EmbeddedHub", "serve_hub"]


@dataclass(frozen=True)
class EmbeddedHub:
    """Where a running embedded hub answers, and its token."""

    url: str
    token: str
    hub: Hub

    @property
    def app_ids(self) -> list[str]:
        return list(self.hub.apps)


class _QuietServer(uvicorn.Server):
    def install_signal_handlers(self) -> None:  # the host program owns its signals
        pass


@contextlib.asynccontextmanager
async def serve_hub(
    apps: Iterable[WebApp],
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    token: str | None = None,
    store: SessionStore | None = None,
) -> AsyncIterator[EmbeddedHub]:
    """Serve ``apps`` on ``host:port`` (0: a free port) in the running event loop.

    >>> async with serve_hub(discover_web_apps()) as hub:   # doctest: +SKIP
    ...     print(hub.url, hub.token)
    """
    hub = Hub(apps=apps, token=token, store=store)
    config = uvicorn.Config(
        hub.asgi(), host=host, port=port, log_level="warning", lifespan="on", access_log=False
    )
    server = _QuietServer(config)
    task = asyncio.create_task(server.serve())
    try:
        while not server.started:
            if task.done():  # failed to start (port taken, store unreachable): say why
                task.result()
                raise RuntimeError("the embedded hub stopped before it started")
            await asyncio.sleep(0.01)
        bound = server.servers[0].sockets[0].getsockname()
        yield EmbeddedHub(url=f"http://{bound[0]}:{bound[1]}", token=hub.token, hub=hub)
    finally:
        server.should_exit = True
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, timeout=10)

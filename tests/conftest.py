"""Shared fixtures: a real hub served by uvicorn on a free port, in a background thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import uvicorn
from hypothesis import HealthCheck, settings

from cuagym.hub import Hub, discover_web_apps

# The suite runs on two shared cores: a property test's input generation can take over a
# second under that load, which says nothing about the property. Timing is benchmarks' job.
settings.register_profile(
    "shared-cores", suppress_health_check=[HealthCheck.too_slow], deadline=None
)
settings.load_profile("shared-cores")


@dataclass
class LiveHub:
    url: str
    token: str
    hub: Hub

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


class _ThreadServer(uvicorn.Server):
    def install_signal_handlers(self) -> None:  # the test process owns its signals
        pass


def serve_in_thread(app: Any) -> tuple[str, Any]:
    """Start ``app`` under uvicorn on 127.0.0.1:<free port>; returns (url, stop callable)."""
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    server = _ThreadServer(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
    thread.start()
    for _ in range(500):
        if server.started:
            break
        threading.Event().wait(0.01)
    else:  # pragma: no cover
        raise RuntimeError("uvicorn did not start")
    port = server.servers[0].sockets[0].getsockname()[1]

    def stop() -> None:
        server.should_exit = True
        thread.join(timeout=10)

    return f"http://127.0.0.1:{port}", stop


@pytest.fixture
def live_hub() -> Iterator[LiveHub]:
    """Every installed web app on a real uvicorn server (memory store)."""
    hub = Hub(apps=discover_web_apps(), token="test-token", allow_sid_binding=True)
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One real redis-server for the whole run (tests isolate themselves by key prefix)."""
    from tests.redis_server import RedisServer

    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    try:
        yield server
    finally:
        server.stop()

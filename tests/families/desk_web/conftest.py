"""A live hub for the desktop x web families: the web apps they use, on a real server that
the sandboxes' forwarders reach (one per test module: each environment has its own session)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cuagym.apps.mail import MailApp
from cuagym.apps.team_chat import TeamChat
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread


@pytest.fixture(scope="module")
def live_hub_module() -> Iterator[LiveHub]:
    hub = Hub(apps=[TeamChat(), MailApp()], token="desk-web-token")
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()

"""Fixtures for expenses: an in-process hub, a browser-like client bound to a session, a live hub.

The expenses app is not registered as an entry point of the shared install, so the live hub here
serves it explicitly instead of relying on discovery (tests/conftest.py's ``live_hub``).
"""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from cuagym.apps.crm import CrmApp
from cuagym.apps.expenses import ExpensesApp, build_seed
from cuagym.apps.issue_tracker import IssueTracker
from cuagym.apps.mail import MailApp
from cuagym.apps.team_chat import TeamChat
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread

TOKEN = "secret"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


class ExpensesClient:
    """A browser bound to one session (cookie) plus the reward's view over the state API."""

    def __init__(self, client: httpx.AsyncClient, sid: str) -> None:
        self.http = client
        self.sid = sid

    async def get(self, path: str, **kw: Any) -> httpx.Response:
        return await self.http.get(f"/expenses{path}", **kw)

    async def post(
        self, path: str, data: dict[str, Any] | None = None, **kw: Any
    ) -> httpx.Response:
        return await self.http.post(f"/expenses{path}", data=data or {}, **kw)

    async def go(self) -> dict[str, Any]:
        r = await self.http.get(f"/expenses/go?sid={self.sid}", headers=AUTH)
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    async def diff(self) -> dict[str, Any]:
        return (await self.go())["state_diff"]  # type: ignore[no-any-return]

    async def current(self) -> dict[str, Any]:
        return (await self.go())["current_state"]  # type: ignore[no-any-return]

    async def inject(self, state: dict[str, Any], action: str = "set") -> httpx.Response:
        return await self.http.post(
            f"/expenses/post?sid={self.sid}", json={"action": action, "state": state}, headers=AUTH
        )


@pytest.fixture
def seed() -> dict[str, Any]:
    return copy.deepcopy(build_seed())


@pytest.fixture
async def expenses() -> AsyncIterator[ExpensesClient]:
    hub = Hub(apps=[ExpensesApp()], token=TOKEN, allow_sid_binding=True)
    transport = httpx.ASGITransport(app=hub.asgi())
    async with httpx.AsyncClient(transport=transport, base_url="http://hub") as client:
        bound = await client.get("/expenses/?sid=s1")
        assert bound.status_code == 303  # binds the cookie, then redirects to the clean URL
        yield ExpensesClient(client, "s1")


@pytest.fixture
def expenses_hub() -> Iterator[LiveHub]:
    """A real uvicorn server with the expenses app, and mail, team chat, the issue tracker and
    crm for the cross-app families that also read or write those apps (one session holds every
    app's state)."""
    hub = Hub(
        apps=[ExpensesApp(), MailApp(), TeamChat(), IssueTracker(), CrmApp()],
        token="test-token",
        allow_sid_binding=True,
    )
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()

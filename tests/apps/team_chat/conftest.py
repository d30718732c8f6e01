"""Fixtures for team-chat: an in-process hub, a browser-like client, a live hub of its own."""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from cuagym.apps.crm import CrmApp
from cuagym.apps.issue_tracker import IssueTracker
from cuagym.apps.mail import MailApp
from cuagym.apps.team_chat import TeamChat, build_seed
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread

TOKEN = "secret"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


class ChatClient:
    """A browser bound to one session (cookie) plus the reward's view over the state API."""

    def __init__(self, client: httpx.AsyncClient, sid: str) -> None:
        self.http = client
        self.sid = sid

    async def get(self, path: str, **kw: Any) -> httpx.Response:
        return await self.http.get(f"/team-chat{path}", **kw)

    async def post(
        self, path: str, data: dict[str, Any] | None = None, **kw: Any
    ) -> httpx.Response:
        return await self.http.post(f"/team-chat{path}", data=data or {}, **kw)

    async def go(self) -> dict[str, Any]:
        r = await self.http.get(f"/team-chat/go?sid={self.sid}", headers=AUTH)
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    async def diff(self) -> dict[str, Any]:
        return (await self.go())["state_diff"]  # type: ignore[no-any-return]

    async def current(self) -> dict[str, Any]:
        return (await self.go())["current_state"]  # type: ignore[no-any-return]

    async def inject(self, state: dict[str, Any], action: str = "set") -> httpx.Response:
        return await self.http.post(
            f"/team-chat/post?sid={self.sid}", json={"action": action, "state": state}, headers=AUTH
        )


@pytest.fixture
def seed() -> dict[str, Any]:
    return copy.deepcopy(build_seed())


@pytest.fixture
async def chat() -> AsyncIterator[ChatClient]:
    hub = Hub(apps=[TeamChat()], token=TOKEN, allow_sid_binding=True)
    transport = httpx.ASGITransport(app=hub.asgi())
    async with httpx.AsyncClient(transport=transport, base_url="http://hub") as client:
        bound = await client.get("/team-chat/?sid=s1")
        assert bound.status_code == 303  # binds the cookie, then redirects to the clean URL
        yield ChatClient(client, "s1")


@pytest.fixture
def chat_hub() -> Iterator[LiveHub]:
    """team-chat with the issue tracker, mail and crm (for the cross-app families) on a real
    uvicorn server: no reliance on entry-point discovery."""
    apps = [TeamChat(), IssueTracker(), MailApp(), CrmApp()]
    hub = Hub(apps=apps, token="family-token", allow_sid_binding=True)
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()

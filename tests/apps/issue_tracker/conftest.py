"""Fixtures for issue-tracker: an in-process hub with a browser-like client bound to a session,
and a live hub (uvicorn in a thread) serving only this app, for scripts and the browser."""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from cuagym.apps.issue_tracker import IssueTracker, build_seed
from cuagym.apps.mail import MailApp
from cuagym.apps.team_chat import TeamChat
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread

TOKEN = "secret"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
APP = "/issue-tracker"


class TrackerClient:
    """A browser bound to one session (cookie) plus the reward's view over the state API."""

    def __init__(self, client: httpx.AsyncClient, sid: str) -> None:
        self.http = client
        self.sid = sid

    async def get(self, path: str, **kw: Any) -> httpx.Response:
        return await self.http.get(f"{APP}{path}", **kw)

    async def post(
        self, path: str, data: dict[str, Any] | None = None, **kw: Any
    ) -> httpx.Response:
        return await self.http.post(f"{APP}{path}", data=data or {}, **kw)

    async def go(self) -> dict[str, Any]:
        r = await self.http.get(f"{APP}/go?sid={self.sid}", headers=AUTH)
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    async def diff(self) -> dict[str, Any]:
        return (await self.go())["state_diff"]  # type: ignore[no-any-return]

    async def current(self) -> dict[str, Any]:
        return (await self.go())["current_state"]  # type: ignore[no-any-return]

    async def inject(self, state: dict[str, Any], action: str = "set") -> httpx.Response:
        return await self.http.post(
            f"{APP}/post?sid={self.sid}", json={"action": action, "state": state}, headers=AUTH
        )


@pytest.fixture
def seed() -> dict[str, Any]:
    return copy.deepcopy(build_seed())


@pytest.fixture
async def tracker() -> AsyncIterator[TrackerClient]:
    hub = Hub(apps=[IssueTracker()], token=TOKEN, allow_sid_binding=True)
    transport = httpx.ASGITransport(app=hub.asgi())
    async with httpx.AsyncClient(transport=transport, base_url="http://hub") as client:
        bound = await client.get(f"{APP}/?sid=s1")
        assert bound.status_code == 303  # binds the cookie, then redirects to the clean URL
        yield TrackerClient(client, "s1")


@pytest.fixture
def tracker_hub() -> Iterator[LiveHub]:
    """This app, the team chat and mail (for the cross-app families) on a real uvicorn server
    (the shared ``live_hub`` serves only apps registered as entry points)."""
    apps = [IssueTracker(), TeamChat(), MailApp()]
    hub = Hub(apps=apps, token="test-token", allow_sid_binding=True)
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()

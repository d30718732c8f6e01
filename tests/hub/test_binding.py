"""Binding a browser to a session: one-time links, never a bare ?sid= (DESIGN.md §3, §4)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from cuagym.hub import Hub, MemoryStore, RedisStore
from cuagym.hub._store import SessionStore

from .notes_app import NotesApp

TOKEN = "bind-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


class OtherNotes(NotesApp):
    app_id = "other-notes"
    title = "Other notes"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.redis)])
def store(request: pytest.FixtureRequest) -> SessionStore:
    if request.param == "redis":
        server = request.getfixturevalue("redis_server")
        return RedisStore(server.url, prefix=f"b-{uuid.uuid4().hex}")
    return MemoryStore()


async def make_client(hub: Hub) -> httpx.AsyncClient:
    await hub.store.start()
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=hub.asgi()), base_url="http://hub")


@pytest.fixture
async def hub(store: SessionStore) -> AsyncIterator[Hub]:
    made = Hub(apps=[NotesApp(), OtherNotes()], store=store, token=TOKEN, bind_ttl=5)
    yield made
    await made.store.close()


async def set_owner(c: httpx.AsyncClient, sid: str, owner: str) -> None:
    state = {"owner": owner, "notes": {}}
    r = await c.post(f"/notes/post?sid={sid}", json={"action": "set", "state": state}, headers=AUTH)
    assert r.status_code == 200, r.text


async def mint(c: httpx.AsyncClient, sid: str, app: str = "notes") -> dict[str, Any]:
    r = await c.post(f"/{app}/bind?sid={sid}", headers=AUTH)
    assert r.status_code == 200, r.text
    return dict(r.json())


async def owner_seen(c: httpx.AsyncClient) -> str:
    page = await c.get("/notes/")
    assert page.status_code == 200, page.text
    return page.text


async def test_a_nonce_binds_once(hub: Hub) -> None:
    async with await make_client(hub) as c:
        await set_owner(c, "envA", "alice-of-A")
        link = await mint(c, "envA")
        assert link["url"] == f"/notes/?bind={link['nonce']}" and link["expires_in_s"] == 5
        assert link["sid"] == "envA" and TOKEN not in link["url"]
        r = await c.get(f"/notes/n/x?bind={link['nonce']}&keep=1")
        assert r.status_code == 303 and r.headers["location"] == "/notes/n/x?keep=1"
        assert "HttpOnly" in r.headers["set-cookie"]
        assert "alice-of-A" in await owner_seen(c)
        # The same link again, from another browser: refused, nothing bound.
        async with await make_client(hub) as other:
            again = await other.get(link["url"])
            assert again.status_code == 403 and "used already" in again.text
            assert "set-cookie" not in again.headers


async def test_minting_needs_the_token(hub: Hub) -> None:
    async with await make_client(hub) as c:
        assert (await c.post("/notes/bind?sid=envA")).status_code == 401
        wrong = {"Authorization": "Bearer nope"}
        assert (await c.post("/notes/bind?sid=envA", headers=wrong)).status_code == 401
        assert (await c.get("/notes/bind?sid=envA", headers=AUTH)).status_code == 405


async def test_an_expired_nonce_is_refused() -> None:
    clock = Clock()
    hub = Hub(apps=[NotesApp()], store=MemoryStore(clock=clock), token=TOKEN, bind_ttl=5)
    async with await make_client(hub) as c:
        link = await mint(c, "envA")
        clock.now += 5.01
        r = await c.get(link["url"])
        assert r.status_code == 403 and "expired" in r.text
    await hub.store.close()


@pytest.mark.redis
async def test_an_expired_nonce_is_refused_by_redis(redis_server: Any) -> None:
    import asyncio

    store = RedisStore(redis_server.url, prefix=f"b-{uuid.uuid4().hex}")
    hub = Hub(apps=[NotesApp()], store=store, token=TOKEN, bind_ttl=0.2)
    async with await make_client(hub) as c:
        link = await mint(c, "envA")
        await asyncio.sleep(0.4)
        assert (await c.get(link["url"])).status_code == 403
    await store.close()


async def test_another_apps_nonce_is_refused(hub: Hub) -> None:
    async with await make_client(hub) as c:
        link = await mint(c, "envA", app="other-notes")
        r = await c.get(f"/notes/?bind={link['nonce']}")
        assert r.status_code == 403 and "other-notes" in r.text
        assert "set-cookie" not in r.headers


async def test_a_bare_sid_binds_nothing_by_default(hub: Hub) -> None:
    async with await make_client(hub) as c:
        await set_owner(c, "envB", "bob-of-B")
        r = await c.get("/notes/?sid=envB")
        assert r.status_code == 403 and "--allow-sid-binding" in r.text
        assert "set-cookie" not in r.headers
        # A browser bound to A stays on A whatever ?sid= it opens.
        await set_owner(c, "envA", "alice-of-A")
        await c.get((await mint(c, "envA"))["url"])
        assert (await c.get("/notes/?sid=envB")).status_code == 403
        seen = await owner_seen(c)
        assert "alice-of-A" in seen and "bob-of-B" not in seen


async def test_a_hub_for_people_may_allow_sid_binding() -> None:
    hub = Hub(apps=[NotesApp()], token=TOKEN, allow_sid_binding=True)
    async with await make_client(hub) as c:
        r = await c.get("/notes/?sid=demo")
        assert r.status_code == 303 and "cuagym_sid=demo" in r.headers["set-cookie"]
    await hub.store.close()


@pytest.mark.parametrize("query", ["bind=short", "bind=a&bind=b", "bind=" + "x" * 200])
async def test_a_malformed_nonce_is_a_400(hub: Hub, query: str) -> None:
    async with await make_client(hub) as c:
        assert (await c.get(f"/notes/?{query}")).status_code == 400


@pytest.mark.redis
async def test_of_two_hub_processes_racing_for_a_nonce_one_gets_it(redis_server: Any) -> None:
    import asyncio

    prefix = f"b-{uuid.uuid4().hex}"
    stores = [RedisStore(redis_server.url, prefix=prefix) for _ in range(2)]
    try:
        for round_ in range(20):
            nonce = f"nonce-{round_:02d}-{uuid.uuid4().hex}"
            await stores[0].put_nonce(nonce, "notes", "envA", 30)
            got = await asyncio.gather(*(s.take_nonce(nonce) for s in stores))
            assert [g for g in got if g is not None] == [("notes", "envA")]
    finally:
        for store in stores:
            await store.close()

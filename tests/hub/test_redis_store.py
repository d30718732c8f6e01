"""The Redis store: states stored once by id, edits sent as deltas, several processes agreeing.

Two stores on one Redis stand for two hub processes: each has its own local cache, so what one
writes the other must rebuild from Redis alone (a state sent as a delta from its base, a base
that vanished and was sent again whole).
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
import orjson
import pytest

from cuagym.core.canonical import canonical_bytes
from cuagym.hub import Hub, RedisStore, discover_web_apps
from cuagym.hub._redis_client import RedisClient, RedisError

pytestmark = pytest.mark.redis

TOKEN = "redis-token"
AUTH = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}


class Process:
    """One hub over its own RedisStore (its own local cache), as a separate process has."""

    def __init__(self, url: str, prefix: str) -> None:
        self.store = RedisStore(url, prefix=prefix)
        hub = Hub(apps=discover_web_apps(["team-chat"]), store=self.store, token=TOKEN)
        self.client = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=hub.asgi()), base_url="http://hub"
        )

    async def post(self, sid: str, body: dict[str, Any]) -> dict[str, Any]:
        r = await self.client.post(
            f"/team-chat/post?sid={sid}", content=orjson.dumps(body), headers=AUTH
        )
        assert r.status_code == 200, r.text
        return dict(r.json())

    async def go(self, sid: str) -> dict[str, Any]:
        r = await self.client.get(f"/team-chat/go?sid={sid}", headers=AUTH)
        assert r.status_code == 200, r.text
        return dict(r.json())

    async def close(self) -> None:
        await self.client.aclose()
        await self.store.close()


@pytest.fixture
async def pair(redis_server: Any) -> AsyncIterator[tuple[Process, Process, str]]:
    prefix = f"rs-{uuid.uuid4().hex}"
    a, b = Process(redis_server.url, prefix), Process(redis_server.url, prefix)
    await a.store.start()
    await b.store.start()
    yield a, b, prefix
    await a.close()
    await b.close()


def edited(state: dict[str, Any], text: str) -> dict[str, Any]:
    new = copy.deepcopy(state)
    conv = next(c for c, msgs in new["messages"].items() if msgs)
    new["messages"][conv][0]["text"] = text
    return new


async def test_an_edit_travels_as_a_delta_and_another_process_rebuilds_it(
    pair: tuple[Process, Process, str], redis_server: Any
) -> None:
    a, b, prefix = pair
    seed = discover_web_apps(["team-chat"])[0].seed()
    await a.post("s1", {"action": "set", "state": seed})
    answer = await a.post("s1", {"action": "set_current", "state": edited(seed, "changed")})
    raw = RedisClient(redis_server.url)
    try:
        deltas = await raw.scan(f"{prefix}#delta:team-chat:*")
        assert [k.decode().rsplit(":", 1)[1] for k in deltas] == [answer["state_id"]]
        middle = await raw.call("HGET", deltas[0], "middle")
        assert len(middle) < 2000  # one message, not the state
    finally:
        await raw.close()
    go = await b.go("s1")  # b has seen nothing: it reads both states from Redis
    assert go["current_state"] == (await a.go("s1"))["current_state"]
    assert hashlib.sha256(canonical_bytes(go["current_state"])).hexdigest() == answer["state_id"]
    assert list(go["state_diff"]) == [f"messages.{next(iter(seed['messages']))}"]


async def test_a_state_that_vanished_from_redis_is_sent_again_whole(
    pair: tuple[Process, Process, str], redis_server: Any
) -> None:
    a, b, prefix = pair
    seed = discover_web_apps(["team-chat"])[0].seed()
    first = await a.post("s1", {"action": "set", "state": seed})
    raw = RedisClient(redis_server.url)
    try:
        # Lost behind the hub's back (a flush): a still believes Redis has it.
        assert await raw.call("DEL", f"{prefix}#state:team-chat:{first['state_id']}") == 1
        again = await a.post("s2", {"action": "set", "state": seed})
        assert again["state_id"] == first["state_id"]
        assert await raw.call("EXISTS", f"{prefix}#state:team-chat:{first['state_id']}") == 1
    finally:
        await raw.close()
    assert (await b.go("s2"))["current_state"] == (await a.go("s2"))["current_state"]


async def test_concurrent_writers_of_one_session_never_lose_an_update(
    pair: tuple[Process, Process, str],
) -> None:
    """Merges from two processes at once: optimistic concurrency retries, none is lost."""
    a, b, _ = pair
    seed = discover_web_apps(["team-chat"])[0].seed()
    await a.post("s1", {"action": "set", "state": seed})
    users = list(seed["users"])

    async def title(proc: Process, user: str) -> None:
        await proc.post(
            "s1", {"action": "merge", "state": {"users": {user: {"title": f"T {user}"}}}}
        )

    await asyncio.gather(*(title(a if i % 2 else b, u) for i, u in enumerate(users)))
    current = (await b.go("s1"))["current_state"]
    assert all(current["users"][u]["title"] == f"T {u}" for u in users)


async def test_the_client_pipelines_and_reconnects(redis_server: Any) -> None:
    client = RedisClient(redis_server.url)
    try:
        key = f"rc-{uuid.uuid4().hex}"
        replies = await asyncio.gather(*(client.call("INCR", key) for _ in range(300)))
        assert sorted(replies) == list(range(1, 301))  # each reply reached its own caller
        got = await client.pipeline(("GET", key), ("NOSUCHCOMMAND",), ("TYPE", key))
        assert got[0] == b"300" and isinstance(got[1], RedisError) and got[2] == b"string"
        with pytest.raises(RedisError):
            await client.call("INCR", "a", "b")
        me = await client.call("CLIENT", "ID")
        killer = RedisClient(redis_server.url)
        await killer.call("CLIENT", "KILL", "ID", me)
        await killer.close()
        await asyncio.sleep(0.1)
        assert await client.call("GET", key) == b"300"  # a new connection
        assert await client.call("CLIENT", "ID") != me
    finally:
        await client.close()


async def test_an_idle_hub_forgets_the_states_no_session_holds(redis_server: Any) -> None:
    """With Redis, states live in Redis; the hub's own copies go once it has been idle."""
    store = RedisStore(redis_server.url, prefix=f"idle-{uuid.uuid4().hex}")

    class QuickHub(Hub):
        SETTLE_AFTER = 0.05
        FORGET_AFTER = 0.3

    hub = QuickHub(apps=discover_web_apps(["team-chat"]), store=store, token=TOKEN)
    await store.start()
    watcher = asyncio.create_task(hub._watch_idle())
    try:
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=hub.asgi()), base_url="http://hub"
        ) as c:
            seed = discover_web_apps(["team-chat"])[0].seed()
            body = orjson.dumps({"action": "set", "state": edited(seed, "kept")})
            r = await c.post("/team-chat/post?sid=s1", content=body, headers=AUTH)
            state_id = r.json()["state_id"]
            ctx = hub.apps["team-chat"]
            assert ctx._states.get(state_id) is not None  # cached while the hub is busy
            await asyncio.sleep(0.6)
            assert ctx._states.get(state_id) is None
            assert len(ctx._keep) == 0
            # ... and the session still reads it back, from Redis.
            r = await c.get("/team-chat/go?sid=s1", headers=AUTH)
            assert "kept" in r.text
    finally:
        watcher.cancel()
        await store.close()

"""Sessions stay isolated when their states share validated pieces.

Every session below injects the same team-chat state and then edits it in its own way, so the
hub validates most bodies by their difference from another session's body and stores states
that share unchanged messages with other sessions' states. Under random interleavings, with
resets and merges in between, each session must still read exactly its own state.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import re
import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
import orjson
import pytest

from cuagym.core.canonical import canonical_bytes
from cuagym.hub import Hub, MemoryStore, RedisStore, discover_web_apps
from cuagym.hub._store import SessionStore

TOKEN = "iso-token"
AUTH = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}
SESSIONS = 500


MARK = re.compile(r"\[(s\d+) v\d\]")


def clone(state: Any) -> Any:
    return orjson.loads(orjson.dumps(state))


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.redis)])
async def client(request: pytest.FixtureRequest) -> AsyncIterator[httpx.AsyncClient]:
    store: SessionStore = MemoryStore()
    if request.param == "redis":
        server = request.getfixturevalue("redis_server")
        store = RedisStore(server.url, prefix=f"iso-{uuid.uuid4().hex}")
    hub = Hub(apps=discover_web_apps(["team-chat"]), store=store, token=TOKEN)
    await store.start()
    transport = httpx.ASGITransport(app=hub.asgi())
    async with httpx.AsyncClient(transport=transport, base_url="http://hub") as c:
        yield c
    await store.close()


async def post(c: httpx.AsyncClient, sid: str, body: dict[str, Any]) -> dict[str, Any]:
    r = await c.post(f"/team-chat/post?sid={sid}", content=orjson.dumps(body), headers=AUTH)
    assert r.status_code == 200, r.text
    return dict(r.json())


def mark(state: dict[str, Any], sid: str, version: int, rng: random.Random) -> None:
    """Edit one message of ``state`` in a way only this session and version would."""
    convs = [c for c, msgs in state["messages"].items() if msgs]
    conv = rng.choice(convs)
    msg = rng.choice(state["messages"][conv])
    msg["text"] = f"{msg['text']} [{sid} v{version}]"
    if rng.random() < 0.3:
        msg["pinned"] = not msg.get("pinned", False)


async def test_sessions_that_share_pieces_never_see_each_other(client: httpx.AsyncClient) -> None:
    rng = random.Random(11)
    base = discover_web_apps(["team-chat"])[0].seed()
    expected: dict[str, dict[str, Any]] = {}
    initials: dict[str, dict[str, Any]] = {}

    async def run(sid: str) -> None:
        state = clone(base)
        await post(client, sid, {"action": "set", "state": state})
        initial = clone(state)
        for version in range(1, 4):
            await asyncio.sleep(rng.random() / 1000)
            choice = rng.random()
            if choice < 0.1:  # start over
                await post(client, sid, {"action": "reset"})
                state = clone(base)
                await post(client, sid, {"action": "set", "state": state})
                initial = clone(state)
            mark(state, sid, version, rng)
            answer = await post(client, sid, {"action": "set_current", "state": state})
            assert answer["sid"] == sid
        expected[sid], initials[sid] = state, initial

    order = [f"s{i}" for i in range(SESSIONS)]
    rng.shuffle(order)
    await asyncio.gather(*(run(s) for s in order))

    state_ids = {}
    for sid in order:
        r = await client.get(f"/team-chat/go?sid={sid}", headers=AUTH)
        assert r.status_code == 200
        go = r.json()
        current, initial = go["current_state"], go["initial_state"]
        text = orjson.dumps(current).decode()
        assert f"[{sid} v3]" in text
        assert set(MARK.findall(text)) == {sid}, f"{sid} sees another session's edits"
        assert not MARK.findall(orjson.dumps(initial).decode())
        # What the session stored is exactly what it sent, normalized by the schema.
        r = await client.post(
            f"/team-chat/post?sid=check-{sid}",
            content=orjson.dumps({"action": "set", "state": expected[sid]}),
            headers=AUTH,
        )
        want_id = r.json()["state_id"]
        assert hashlib.sha256(canonical_bytes(current)).hexdigest() == want_id
        for path, entry in go["state_diff"].items():
            assert path.startswith("messages."), path
            assert f"[{sid} v" in orjson.dumps(entry["new"]).decode()
        state_ids[sid] = want_id
    assert len(set(state_ids.values())) == SESSIONS

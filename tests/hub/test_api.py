"""The state API contract (DESIGN.md §3), over HTTP, on the engine's own test app."""

from __future__ import annotations

import asyncio
import hashlib
import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from cuagym.core import canonical_json
from cuagym.hub import Hub, MemoryStore, RedisStore
from cuagym.hub._context import HubLimits
from cuagym.hub._store import SessionStore

from .notes_app import SEED, NotesApp

TOKEN = "secret-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def sha(state: Any) -> str:
    return hashlib.sha256(canonical_json(state).encode()).hexdigest()


def normalized(state: dict[str, Any]) -> dict[str, Any]:
    """What the hub stores for the notes app: the schema's dump, defaults filled in."""
    notes = {
        k: {"body": "", "tags": [], "pinned": False, "score": 0.0, **v}
        for k, v in state.get("notes", {}).items()
    }
    return {"owner": state["owner"], "notes": notes, "ui": state.get("ui", {})}


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.redis)])
async def client(request: pytest.FixtureRequest) -> AsyncIterator[httpx.AsyncClient]:
    store: SessionStore = MemoryStore()
    if request.param == "redis":
        server = request.getfixturevalue("redis_server")
        store = RedisStore(server.url, prefix=f"t-{uuid.uuid4().hex}")
    limits = HubLimits(max_body=64 * 1024, max_file=1024, max_upload_body=8 * 1024)
    hub = Hub(apps=[NotesApp()], store=store, token=TOKEN, limits=limits, allow_sid_binding=True)
    await hub.store.start()
    transport = httpx.ASGITransport(app=hub.asgi())
    async with httpx.AsyncClient(transport=transport, base_url="http://hub") as c:
        yield c
    await hub.store.close()


async def post(c: httpx.AsyncClient, sid: str, action: str, state: Any = None) -> httpx.Response:
    body: dict[str, Any] = {"action": action}
    if state is not None:
        body["state"] = state
    return await c.post(f"/notes/post?sid={sid}", json=body, headers=AUTH)


async def go(c: httpx.AsyncClient, sid: str) -> dict[str, Any]:
    r = await c.get(f"/notes/go?sid={sid}", headers=AUTH)
    assert r.status_code == 200, r.text
    return r.json()


WORLD = {"owner": "grace", "notes": {"a": {"id": "a", "title": "Compiler", "tags": ["cobol"]}}}


async def test_healthz_lists_apps(client: httpx.AsyncClient) -> None:
    r = await client.get("/healthz")
    assert r.status_code == 200
    assert r.json() == {"apps": ["notes"]}


async def test_new_session_reads_the_seed_and_has_no_custom_state(
    client: httpx.AsyncClient,
) -> None:
    body = await go(client, "fresh")
    assert body["initial_state"] == normalized(SEED)
    assert body["current_state"] == normalized(SEED)
    assert body["state_diff"] == {}
    r = await client.get("/notes/state?sid=fresh", headers=AUTH)
    assert r.json() == {"stored_state": None, "has_custom_state": False, "sid": "fresh"}


async def test_set_writes_both_snapshots_and_returns_the_state_id(
    client: httpx.AsyncClient,
) -> None:
    r = await post(client, "s1", "set", WORLD)
    assert r.status_code == 200
    stored = normalized(WORLD)
    assert r.json() == {"success": True, "sid": "s1", "state_id": sha(stored)}
    body = await go(client, "s1")
    assert body["initial_state"] == stored == body["current_state"]
    assert body["state_diff"] == {}
    state = (await client.get("/notes/state?sid=s1", headers=AUTH)).json()
    assert state == {"stored_state": stored, "has_custom_state": True, "sid": "s1"}


async def test_set_current_keeps_initial_and_diff_reports_leaves(client: httpx.AsyncClient) -> None:
    await post(client, "s1", "set", WORLD)
    edited = json.loads(json.dumps(WORLD))
    edited["notes"]["a"]["title"] = "Compilers"
    edited["notes"]["b"] = {"id": "b", "title": "Navy"}
    r = await post(client, "s1", "set_current", edited)
    assert r.json()["state_id"] == sha(normalized(edited))
    body = await go(client, "s1")
    assert body["initial_state"] == normalized(WORLD)
    assert body["state_diff"] == {
        "notes.a.title": {"op": "changed", "old": "Compiler", "new": "Compilers"},
        "notes.b": {
            "op": "added",
            "old": None,
            "new": {
                "id": "b",
                "title": "Navy",
                "body": "",
                "tags": [],
                "pinned": False,
                "score": 0.0,
            },
        },
    }


async def test_set_current_on_a_new_session_diffs_against_the_seed(
    client: httpx.AsyncClient,
) -> None:
    edited = json.loads(json.dumps(SEED))
    del edited["notes"]["n1"]
    await post(client, "s2", "set_current", edited)
    body = await go(client, "s2")
    assert body["initial_state"] == normalized(SEED)
    assert list(body["state_diff"]) == ["notes.n1"]
    assert body["state_diff"]["notes.n1"]["op"] == "removed"


async def test_merge_is_deep_for_objects_and_replaces_arrays(client: httpx.AsyncClient) -> None:
    await post(client, "m", "set", WORLD)
    r = await post(client, "m", "merge", {"notes": {"a": {"tags": ["fortran"], "pinned": True}}})
    assert r.status_code == 200, r.text
    body = await go(client, "m")
    assert body["current_state"]["notes"]["a"]["title"] == "Compiler"
    assert body["state_diff"] == {
        "notes.a.pinned": {"op": "changed", "old": False, "new": True},
        "notes.a.tags": {"op": "changed", "old": ["cobol"], "new": ["fortran"]},
    }


async def test_reset_forgets_the_session(client: httpx.AsyncClient) -> None:
    await post(client, "r", "set", WORLD)
    r = await post(client, "r", "reset")
    assert r.json() == {"success": True, "sid": "r", "state_id": sha(normalized(SEED))}
    assert (await go(client, "r"))["current_state"] == normalized(SEED)
    state = (await client.get("/notes/state?sid=r", headers=AUTH)).json()
    assert state["has_custom_state"] is False and state["stored_state"] is None


async def test_volatile_fields_are_masked_from_the_diff(client: httpx.AsyncClient) -> None:
    await post(client, "v", "set", WORLD)
    await post(client, "v", "merge", {"ui": {"scroll": 3}})
    assert (await go(client, "v"))["state_diff"] == {}


async def test_sessions_do_not_see_each_other(client: httpx.AsyncClient) -> None:
    await post(client, "alice", "set", WORLD)
    assert (await go(client, "bob"))["current_state"] == normalized(SEED)
    assert (await go(client, "alice"))["current_state"] == normalized(WORLD)


# -- errors: every one answers JSON and changes nothing -------------------------------------


async def assert_unchanged(c: httpx.AsyncClient, sid: str, expected: dict[str, Any]) -> None:
    body = await go(c, sid)
    assert body["current_state"] == expected


@pytest.mark.parametrize(
    ("headers", "status"),
    [({}, 401), ({"Authorization": "Bearer nope"}, 401), ({"Authorization": "Basic x"}, 401)],
)
async def test_state_endpoints_need_the_token(
    client: httpx.AsyncClient, headers: dict[str, str], status: int
) -> None:
    await post(client, "t", "set", WORLD)
    for method, path in [
        ("POST", "/notes/post?sid=t"),
        ("GET", "/notes/go?sid=t"),
        ("GET", "/notes/state?sid=t"),
        ("POST", "/notes/upload?sid=t"),
    ]:
        r = await client.request(
            method, path, headers=headers, json={"action": "reset"} if method == "POST" else None
        )
        assert r.status_code == status, (path, r.text)
        assert r.json()["success"] is False and r.json()["error"]
    await assert_unchanged(client, "t", normalized(WORLD))


@pytest.mark.parametrize(
    "query",
    [
        "",
        "sid=",
        "sid=a%E0",
        "sid=%E0",
        "sid=../x",
        "sid=a b",
        "sid=a&sid=b",
        "sid=a&sid=a",
        "sid=" + "x" * 129,
        "sid=%zz",
        "sid=a%2Fb",
        "sid=a+b",
    ],
)
async def test_bad_sids_answer_400(client: httpx.AsyncClient, query: str) -> None:
    r = await client.post(
        f"/notes/post?{query}", json={"action": "set", "state": WORLD}, headers=AUTH
    )
    assert r.status_code == 400, r.text
    assert "sid" in r.json()["error"]
    assert await client.get("/healthz")  # still serving
    await assert_unchanged(client, "x", normalized(SEED))


async def test_percent_encoded_valid_sid_is_the_same_session(client: httpx.AsyncClient) -> None:
    await post(client, "ab", "set", WORLD)
    r = await client.get("/notes/go?sid=%61b", headers=AUTH)
    assert r.json()["current_state"] == normalized(WORLD)


@pytest.mark.parametrize(
    ("body", "status", "fragment"),
    [
        (b"{not json", 400, "malformed JSON"),
        (b"[1, 2]", 400, "JSON object"),
        (b'{"action": "explode", "state": {}}', 400, "unknown action"),
        (b'{"action": "set"}', 400, "needs a 'state'"),
        (b'{"action": "set", "state": {}, "extra": 1}', 400, "unknown body field"),
        (b'{"state": {}}', 400, "unknown action"),
        ('{"action": "set", "state": {"owner": "\u00e9"'.encode(), 400, "malformed JSON"),
        (b'{"action": "set", "state": {"owner": NaN}}', 400, "malformed JSON"),
        (b"\xff\xfe", 400, "malformed JSON"),
    ],
)
async def test_malformed_requests_answer_400_and_change_nothing(
    client: httpx.AsyncClient, body: bytes, status: int, fragment: str
) -> None:
    await post(client, "e", "set", WORLD)
    r = await client.post("/notes/post?sid=e", content=body, headers=AUTH)
    assert r.status_code == status, r.text
    assert fragment in r.json()["error"]
    await assert_unchanged(client, "e", normalized(WORLD))


@pytest.mark.parametrize(
    ("state", "path"),
    [
        ({"notes": {}}, "owner"),
        ({"owner": 7}, "owner"),
        ({"owner": "x", "notes": {"a": {"id": "a", "title": 5}}}, "notes.a.title"),
        ({"owner": "x", "unknown": 1}, "unknown"),
        ({"owner": "x", "notes": {"a": {"id": "b", "title": "t"}}}, "notes.a.id"),
        ({"owner": "x", "notes": {"a": {"id": "a", "title": " "}}}, "notes.a.title"),
        ({"owner": "x", "notes": {"a": {"id": "a", "title": "t", "pinned": 1}}}, "notes.a.pinned"),
        ({"owner": "x", "notes": {"a.b": {"id": "a.b", "title": ""}}}, 'notes["a.b"].title'),
        ([1, 2], ""),
        ("text", ""),
    ],
)
@pytest.mark.parametrize("action", ["set", "set_current", "merge"])
async def test_invalid_states_answer_422_naming_the_path(
    client: httpx.AsyncClient, state: Any, path: str, action: str
) -> None:
    await post(client, "i", "set", WORLD)
    if action == "merge" and isinstance(state, dict) and "owner" not in state:
        state = {**state, "owner": 7}  # merge keeps the owner, so make it fail explicitly
        path = "owner"
    r = await post(client, "i", action, state)
    assert r.status_code == 422, r.text
    paths = [d["path"] for d in r.json()["details"]]
    assert path in paths, paths
    await assert_unchanged(client, "i", normalized(WORLD))


async def test_wrong_method_and_unknown_app(client: httpx.AsyncClient) -> None:
    assert (await client.get("/notes/post?sid=a", headers=AUTH)).status_code == 405
    assert (await client.post("/notes/go?sid=a", headers=AUTH)).status_code == 405
    r = await client.get("/nope/go?sid=a", headers=AUTH)
    assert r.status_code == 404 and r.json()["success"] is False


async def test_oversized_body_answers_413_and_changes_nothing(client: httpx.AsyncClient) -> None:
    await post(client, "big", "set", WORLD)
    huge = {"owner": "x" * (65 * 1024)}
    r = await post(client, "big", "set", huge)
    assert r.status_code == 413
    assert len(r.content) < 1024  # the body is never echoed back
    await assert_unchanged(client, "big", normalized(WORLD))


async def test_chunked_oversized_body_answers_413(client: httpx.AsyncClient) -> None:
    async def chunks() -> AsyncIterator[bytes]:
        yield b'{"action": "set", "state": {"owner": "'
        for _ in range(100):
            yield b"x" * 1024
        yield b'"}}'

    r = await client.post("/notes/post?sid=c", content=chunks(), headers=AUTH)
    assert r.status_code == 413


# -- uploads ----------------------------------------------------------------------------------


async def test_upload_stores_files_per_session_with_safe_names(client: httpx.AsyncClient) -> None:
    files = [
        ("file", ("../../etc/passwd", b"root:x", "text/plain")),
        ("file", ("report final.pdf", b"%PDF-1", "application/pdf")),
        ("file", ("passwd", b"second", "text/plain")),
    ]
    r = await client.post("/notes/upload?sid=u", files=files, headers=AUTH)
    assert r.status_code == 200, r.text
    listed = r.json()["files"]
    assert [f["name"] for f in listed] == ["passwd", "report_final.pdf", "passwd-1"]
    assert listed[1] == {
        "name": "report_final.pdf",
        "url": "/notes/files/report_final.pdf",
        "size": 6,
        "content_type": "application/pdf",
    }
    got = await client.get("/notes/files/passwd-1?sid=u", headers=AUTH)
    assert got.status_code == 200 and got.content == b"second"
    assert got.headers["content-type"].startswith("text/plain")
    # another session has no such file; nor does a request without a session
    assert (await client.get("/notes/files/passwd?sid=other", headers=AUTH)).status_code == 404
    assert (await client.get("/notes/files/passwd")).status_code == 401


@pytest.mark.parametrize(
    ("files", "status"),
    [
        ([("file", ("big.bin", b"x" * 2048, "application/octet-stream"))], 413),
        ([("file", (f"f{i}", b"x" * 1000, "text/plain")) for i in range(10)], 413),
        ([("other", ("a.txt", b"x", "text/plain"))], 400),
    ],
)
async def test_upload_limits_and_field_names(
    client: httpx.AsyncClient, files: list[Any], status: int
) -> None:
    r = await client.post("/notes/upload?sid=u2", files=files, headers=AUTH)
    assert r.status_code == status, r.text
    assert (await client.get("/notes/files/big.bin?sid=u2", headers=AUTH)).status_code == 404


async def test_upload_needs_multipart(client: httpx.AsyncClient) -> None:
    r = await client.post("/notes/upload?sid=u3", content=b"raw", headers=AUTH)
    assert r.status_code == 400


# -- the browser side --------------------------------------------------------------------------


async def test_ui_binds_a_session_by_cookie_and_writes_through_the_ui(
    client: httpx.AsyncClient,
) -> None:
    await post(client, "b1", "set", WORLD)
    r = await client.get("/notes/?sid=b1")
    assert r.status_code == 303 and r.headers["location"] == "/notes/"
    assert "HttpOnly" in r.headers["set-cookie"] and "Path=/notes" in r.headers["set-cookie"]
    page = await client.get("/notes/")
    assert "Compiler" in page.text and "grace" in page.text
    assert TOKEN not in page.text
    r = await client.post("/notes/add", data={"title": "Debugging"})
    assert r.status_code == 303
    diff = (await go(client, "b1"))["state_diff"]
    assert list(diff) == ["notes.n2"] and diff["notes.n2"]["new"]["title"] == "Debugging"
    # an invalid UI write changes nothing
    r = await client.post("/notes/add", data={"title": "  "})
    assert r.status_code == 422
    assert list((await go(client, "b1"))["state_diff"]) == ["notes.n2"]


async def test_purely_visual_ui_actions_leave_an_empty_diff(client: httpx.AsyncClient) -> None:
    await post(client, "b2", "set", WORLD)
    await client.get("/notes/?sid=b2")
    assert (await client.get("/notes/n/a")).status_code == 200
    body = await go(client, "b2")
    assert body["current_state"]["ui"] == {"lastViewed": "a"}
    assert body["state_diff"] == {}


async def test_a_browser_without_a_session_gets_a_fresh_one(client: httpx.AsyncClient) -> None:
    r = await client.get("/notes/")
    assert r.status_code == 303 and "cuagym_sid=" in r.headers["set-cookie"]
    assert (await client.get("/notes/")).status_code == 200
    async with httpx.AsyncClient(transport=client._transport, base_url="http://hub") as fresh:
        r = await fresh.post("/notes/add", data={"title": "x"})
        assert r.status_code == 400


async def test_ui_rejects_a_bad_sid(client: httpx.AsyncClient) -> None:
    r = await client.get("/notes/?sid=%E0")
    assert r.status_code == 400


# -- isolation under load, TTL ----------------------------------------------------------------


async def test_500_sessions_interleaved_stay_intact(client: httpx.AsyncClient) -> None:
    import random

    rng = random.Random(7)
    sessions = [f"iso-{i}" for i in range(500)]

    def world(sid: str, version: int) -> dict[str, Any]:
        return {"owner": sid, "notes": {"a": {"id": "a", "title": f"{sid} v{version}"}}}

    async def run(sid: str) -> None:
        for version in range(3):
            await asyncio.sleep(rng.random() / 1000)
            action = "set" if version == 0 else rng.choice(["set_current", "merge"])
            r = await post(client, sid, action, world(sid, version))
            assert r.status_code == 200
            body = await go(client, sid)
            assert body["current_state"]["owner"] == sid
            assert body["current_state"]["notes"]["a"]["title"] == f"{sid} v{version}"

    order = sessions[:]
    rng.shuffle(order)
    await asyncio.gather(*(run(s) for s in order))
    for sid in sessions:
        body = await go(client, sid)
        assert body["initial_state"]["notes"]["a"]["title"] == f"{sid} v0"
        assert body["current_state"]["notes"]["a"]["title"] == f"{sid} v2"


async def test_sessions_expire_after_ttl_from_last_access() -> None:
    now = [0.0]
    store = MemoryStore(ttl=10, clock=lambda: now[0])
    hub = Hub(apps=[NotesApp()], store=store, token=TOKEN)
    transport = httpx.ASGITransport(app=hub.asgi())
    async with httpx.AsyncClient(transport=transport, base_url="http://hub") as c:
        await post(c, "ttl", "set", WORLD)
        await c.post("/notes/upload?sid=ttl", files=[("file", ("a.txt", b"x"))], headers=AUTH)
        now[0] = 8.0
        await go(c, "ttl")  # a read touches the session
        now[0] = 16.0
        assert (await go(c, "ttl"))["current_state"] == normalized(WORLD)
        now[0] = 26.5
        assert store.sweep() == 1
        assert (await go(c, "ttl"))["current_state"] == normalized(SEED)
        assert (await c.get("/notes/files/a.txt?sid=ttl", headers=AUTH)).status_code == 404


@pytest.mark.redis
async def test_redis_sessions_expire_by_themselves(redis_server: Any) -> None:
    store = RedisStore(redis_server.url, ttl=0.3, prefix=f"ttl-{uuid.uuid4().hex}")
    hub = Hub(apps=[NotesApp()], store=store, token=TOKEN)
    await store.start()
    try:
        transport = httpx.ASGITransport(app=hub.asgi())
        async with httpx.AsyncClient(transport=transport, base_url="http://hub") as c:
            await post(c, "gone", "set", WORLD)
            await c.post("/notes/upload?sid=gone", files=[("file", ("a.txt", b"x"))], headers=AUTH)
            for _ in range(4):  # reads keep it alive past one ttl
                await asyncio.sleep(0.15)
                assert (await go(c, "gone"))["current_state"] == normalized(WORLD)
            assert await store.session_count() == 1
            await asyncio.sleep(0.5)
            assert await store.session_count() == 0
            assert (await c.get("/notes/files/a.txt?sid=gone", headers=AUTH)).status_code == 404
    finally:
        await store.close()


async def test_background_reclamation_runs_without_intervention() -> None:
    store = MemoryStore(ttl=0.2)
    hub = Hub(apps=[NotesApp()], store=store, token=TOKEN)
    await store.start()
    try:
        transport = httpx.ASGITransport(app=hub.asgi())
        async with httpx.AsyncClient(transport=transport, base_url="http://hub") as c:
            await post(c, "gone", "set", WORLD)
            assert len(store._sessions) == 1
            await asyncio.sleep(0.6)
            assert len(store._sessions) == 0
    finally:
        await store.close()

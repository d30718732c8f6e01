"""The state API contract (DESIGN.md §3) over HTTP for every installed web app, generically."""

from __future__ import annotations

import copy
import hashlib
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from cuagym.core import canonical_json
from cuagym.hub import Hub, WebApp, discover_web_apps

APPS = discover_web_apps()
AUTH = {"Authorization": "Bearer tok-5f3a9c7e"}


@pytest.fixture(params=APPS, ids=[a.app_id for a in APPS])
async def app_client(
    request: pytest.FixtureRequest,
) -> AsyncIterator[tuple[WebApp, httpx.AsyncClient]]:
    app: WebApp = request.param
    hub = Hub(apps=[app], token="tok-5f3a9c7e", allow_sid_binding=True)
    transport = httpx.ASGITransport(app=hub.asgi())
    async with httpx.AsyncClient(transport=transport, base_url="http://hub") as client:
        yield app, client


async def test_every_app_is_served_with_the_full_contract(
    app_client: tuple[WebApp, httpx.AsyncClient],
) -> None:
    app, c = app_client
    base = f"/{app.app_id}"
    seed_state = (await c.get(f"{base}/go?sid=a", headers=AUTH)).json()["current_state"]
    assert (await c.get(f"{base}/state?sid=a", headers=AUTH)).json() == {
        "stored_state": None,
        "has_custom_state": False,
        "sid": "a",
    }

    r = await c.post(
        f"{base}/post?sid=a", json={"action": "set", "state": seed_state}, headers=AUTH
    )
    assert r.status_code == 200, r.text
    assert r.json()["state_id"] == hashlib.sha256(canonical_json(seed_state).encode()).hexdigest()
    state = (await c.get(f"{base}/state?sid=a", headers=AUTH)).json()
    assert state["has_custom_state"] is True and state["stored_state"] == seed_state

    # an injected state the schema refuses: 422 naming the path, nothing changes
    bad = copy.deepcopy(seed_state)
    bad["notAField"] = 1
    for action in ("set", "set_current", "merge"):
        r = await c.post(f"{base}/post?sid=a", json={"action": action, "state": bad}, headers=AUTH)
        assert r.status_code == 422, (action, r.text)
        assert "notAField" in [d["path"] for d in r.json()["details"]]
    body = (await c.get(f"{base}/go?sid=a", headers=AUTH)).json()
    assert body["current_state"] == seed_state and body["state_diff"] == {}

    # merge of nothing is valid and changes nothing; a volatile-only change shows no diff
    r = await c.post(f"{base}/post?sid=a", json={"action": "merge", "state": {}}, headers=AUTH)
    assert (
        r.status_code == 200
        and r.json()["state_id"] == hashlib.sha256(canonical_json(seed_state).encode()).hexdigest()
    )

    r = await c.post(
        f"{base}/upload?sid=a", files=[("file", ("notes.txt", b"hello"))], headers=AUTH
    )
    assert r.status_code == 200 and r.json()["files"][0]["name"] == "notes.txt"

    r = await c.post(f"{base}/post?sid=a", json={"action": "reset"}, headers=AUTH)
    assert r.status_code == 200
    assert (await c.get(f"{base}/state?sid=a", headers=AUTH)).json()["stored_state"] is None

    assert (await c.get(f"{base}/go?sid=a")).status_code == 401
    assert (await c.get(f"{base}/go?sid=%E0", headers=AUTH)).status_code == 400


async def test_every_app_ui_binds_a_browser_and_hides_the_token(
    app_client: tuple[WebApp, httpx.AsyncClient],
) -> None:
    app, c = app_client
    r = await c.get(f"/{app.app_id}/?sid=ui-1")
    assert r.status_code == 303 and "cuagym_sid=ui-1" in r.headers["set-cookie"]
    page = await c.get(r.headers["location"], follow_redirects=True)
    assert page.status_code == 200 and "<html" in page.text.lower()
    assert "tok-5f3a9c7e" not in page.text  # the hub token never reaches the browser
    assert (await c.get(f"/{app.app_id}/go?sid=ui-1")).status_code == 401
    body: Any = (await c.get(f"/{app.app_id}/go?sid=ui-1", headers=AUTH)).json()
    assert body["state_diff"] == {}

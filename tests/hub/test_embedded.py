"""serve_hub: a real hub inside the caller's event loop."""

from __future__ import annotations

import httpx

from cuagym.hub import serve_hub

from .notes_app import NotesApp


async def test_serve_hub_answers_on_a_free_port_and_stops() -> None:
    async with serve_hub([NotesApp()], token="emb") as hub:
        assert hub.url.startswith("http://127.0.0.1:") and hub.app_ids == ["notes"]
        async with httpx.AsyncClient() as client:
            r = await client.get(
                f"{hub.url}/notes/go?sid=x", headers={"Authorization": "Bearer emb"}
            )
            assert r.status_code == 200 and r.json()["state_diff"] == {}
        url = hub.url
    async with httpx.AsyncClient() as client:
        try:
            await client.get(f"{url}/healthz", timeout=1)
            raise AssertionError("the hub still answers after the block")
        except httpx.ConnectError:
            pass

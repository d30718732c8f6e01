"""Run in a new interpreter by test_install: the installed recipe-box is found through its entry
point, the hub serves its pages, and its favourite toggle changes the session's state."""

from __future__ import annotations

import asyncio

import httpx

from cuagym.apps import load_apps
from cuagym.hub import Hub, discover_web_apps

AUTH = {"Authorization": "Bearer t"}


async def main() -> None:
    assert load_apps()["recipe-box"].title == "Recipe Box"
    hub = Hub(apps=discover_web_apps(["recipe-box"]), token="t", allow_sid_binding=True)
    transport = httpx.ASGITransport(app=hub.asgi())
    async with httpx.AsyncClient(transport=transport, base_url="http://hub") as client:
        assert (await client.get("/recipe-box/?sid=s1")).status_code == 303
        page = await client.get("/recipe-box/recipes/flatbread")
        assert page.status_code == 200 and "<h1>Flatbread</h1>" in page.text, page.text
        posted = await client.post("/recipe-box/recipes/flatbread/favorite")
        assert posted.status_code == 303
        go = (await client.get("/recipe-box/go?sid=s1", headers=AUTH)).json()
        print(sorted(go["state_diff"]))


if __name__ == "__main__":
    asyncio.run(main())

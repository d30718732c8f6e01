"""docs/architecture.md, "Adding a web app", followed step by step with the notes example
(tests/house/example/apps/notes): the app is found through its entry point, the catalog
lists it, the hub serves its page, its state operation changes the session through the UI,
and its invariants refuse a bad state."""

from __future__ import annotations

from pathlib import Path

import httpx

from cuagym.apps import load_app, load_apps
from cuagym.domains import load_domains
from cuagym.hub import Hub, discover_web_apps
from cuagym.taskgen import load_taxonomy

AUTH = {"Authorization": "Bearer t"}


def test_step_5_the_app_is_found_through_its_entry_point(notes_installed: Path) -> None:
    spec = load_apps()["notes"]
    assert spec is load_app("notes")
    assert (spec.kind, spec.web_app and spec.web_app.app_id) == ("web", "notes")
    assert spec.release.problems() == []
    assert "set_current" in spec.skill
    assert spec.taxonomy_file is not None
    leaves = {leaf.path for leaf in load_taxonomy(spec.taxonomy_file, "notes").leaves()}
    assert ("notes", "pin") in leaves
    assert load_domains()["notes"].platform == "web"
    assert [app.app_id for app in discover_web_apps(["notes"])] == ["notes"]


def test_without_its_entry_point_the_app_is_not_there() -> None:
    assert "notes" not in load_apps()


async def test_step_7_the_hub_serves_the_page_and_the_op_changes_the_session(
    notes_installed: Path,
) -> None:
    hub = Hub(apps=discover_web_apps(["notes"]), token="t", allow_sid_binding=True)
    transport = httpx.ASGITransport(app=hub.asgi())
    async with httpx.AsyncClient(transport=transport, base_url="http://hub") as client:
        assert (await client.get("/notes/?sid=s1")).status_code == 303  # binds the browser
        page = await client.get("/notes/")
        assert page.status_code == 200 and "Groceries" in page.text and "Pin" in page.text
        pinned = await client.post("/notes/notes/n2/pin", data={"pinned": "1"})
        assert pinned.status_code == 303
        go = (await client.get("/notes/go?sid=s1", headers=AUTH)).json()
        assert go["state_diff"] == {"notes.n2.pinned": {"op": "changed", "old": False, "new": True}}
        assert "(pinned)" in (await client.get("/notes/")).text


async def test_step_7_the_invariants_refuse_two_notes_with_one_title(
    notes_installed: Path,
) -> None:
    hub = Hub(apps=discover_web_apps(["notes"]), token="t")
    transport = httpx.ASGITransport(app=hub.asgi())
    state = {"notes": {"a": {"title": "Same"}, "b": {"title": "Same"}}}
    async with httpx.AsyncClient(transport=transport, base_url="http://hub") as client:
        answer = await client.post(
            "/notes/post?sid=s2", json={"action": "set", "state": state}, headers=AUTH
        )
        assert answer.status_code >= 400 and "share a title" in answer.text

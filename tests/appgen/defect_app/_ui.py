"""The defect app's screens: a board of notes, a note, its author, an about page."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from cuagym.apps.webkit import Screens, State, field, load, render_screen
from tests.appgen.defect_app._app import DefectApp

__all__ = ["build_routes"]


class NotAllowed(Exception):
    """A request the board refuses (shown to the person as is)."""


def build_routes(app: DefectApp) -> list[BaseRoute]:
    def chrome(request: Request, state: State, active: str = "home") -> dict[str, Any]:
        here = request.url.path.removeprefix(request.scope.get("root_path", "")) or "/"
        return {"state": state, "active": active, "defects": app.defects, "here": here,
                "last_note": app.shared_last_note if app.on("session_leak")
                else state["ui"].get("lastNote", "")}  # fmt: skip

    screens = Screens(chrome=chrome, home="/", action_error=NotAllowed)

    async def home(request: Request) -> Response:
        _, state = await load(request)
        q = request.query_params.get("q", "")
        order = request.query_params.get("order", "old")
        notes = [n for n in state["notes"].values() if q.lower() in n["text"].lower()]
        context = {"notes": notes[::-1] if order == "new" else notes, "q": q, "order": order}
        return render_screen(request, chrome(request, state, "home"), "home.html", context)

    async def note(request: Request) -> Response:
        _, state = await load(request)
        found = state["notes"].get(request.path_params["nid"])
        if found is None:
            return screens.not_found(request, state, "There is no such note.")
        # no tab is this page's: a tab bar of links needs no active tab here
        note_chrome = chrome(request, state, "")
        # only a teammate's note links to its author (the first note is the board owner's)
        author = state["users"].get(found["author"]) if found["author"] != "u-ann" else None
        context = {"note": found, "author": author}
        return render_screen(request, note_chrome, "note.html", context)

    async def person(request: Request) -> Response:
        _, state = await load(request)
        found = state["users"].get(request.path_params["uid"])
        if found is None:
            return screens.not_found(request, state, "There is no such person.")
        return render_screen(request, chrome(request, state, ""), "person.html", {"person": found})

    async def about(request: Request) -> Response:
        _, state = await load(request)
        status = 500 if app.on("error_route") else 200
        return render_screen(request, chrome(request, state, "about"), "about.html", {}, status)

    async def add_note(request: Request) -> Response:
        ui, _ = await load(request)
        text = field(await request.form(), "text").strip()

        def change(state: State) -> None:
            nid = f"n-{len(state['notes']) + 1}"
            state["notes"][nid] = {"id": nid, "author": "u-ann", "text": text}
            if app.on("session_leak"):
                app.shared_last_note = text
            else:
                state["ui"]["lastNote"] = text

        return await screens.act(request, ui, change, "/", "/")

    async def rename(request: Request) -> Response:
        ui, _ = await load(request)
        title = field(await request.form(), "title").strip()

        def change(state: State) -> None:
            if not app.on("noop_form"):
                state["title"] = title

        return await screens.act(request, ui, change, "/", "/")

    async def pin(request: Request) -> Response:
        ui, _ = await load(request)
        page = field(await request.form(), "page")
        back = page if page.startswith("/") else "/"

        def change(state: State) -> None:
            if not (app.on("pin_dead_on_note") and page.startswith("/notes/")):
                state["pinned"] = page

        return await screens.act(request, ui, change, back, back)

    async def delete(request: Request) -> Response:
        ui, _ = await load(request)
        nid = request.path_params["nid"]
        return await screens.act(request, ui, lambda s: s["notes"].pop(nid, None), "/", "/")

    return [
        Route("/", home, methods=["GET"]),
        Route("/about", about, methods=["GET"]),
        Route("/notes/{nid}", note, methods=["GET"]),
        Route("/people/{uid}", person, methods=["GET"]),
        Route("/notes", add_note, methods=["POST"]),
        Route("/rename", rename, methods=["POST"]),
        Route("/notes/{nid}/delete", delete, methods=["POST"]),
        Route("/pin", pin, methods=["POST"]),
    ]

"""A tiny web app used to test the hub engine on its own (no real app's code involved)."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from cuagym.hub import InvalidState, Violation, WebApp, ui_session
from cuagym.hub._diff import join_path


class Note(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    title: str
    body: str = ""
    tags: list[str] = Field(default_factory=list)
    pinned: bool = False
    score: float = 0.0


class NotesState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    owner: str
    notes: dict[str, Note] = Field(default_factory=dict)
    ui: dict[str, Any] = Field(default_factory=dict)


SEED: dict[str, Any] = {
    "owner": "ada",
    "notes": {
        "n1": {"id": "n1", "title": "Groceries", "body": "milk, eggs", "tags": ["home"]},
        "n2": {"id": "n2", "title": "Sprint goals", "body": "ship the hub", "pinned": True},
    },
}


async def index(request: Request) -> Response:
    state = await ui_session(request).state()
    items = "".join(
        f"<li data-note='{html.escape(n['id'])}'>{html.escape(n['title'])}</li>"
        for n in state["notes"].values()
    )
    return HTMLResponse(f"<h1>Notes of {html.escape(state['owner'])}</h1><ul>{items}</ul>")


async def add(request: Request) -> Response:
    ui = ui_session(request)
    form = await request.form()
    title = str(form.get("title", ""))

    def change(state: dict[str, Any]) -> None:
        note_id = f"n{len(state['notes']) + 1}"
        state["notes"][note_id] = {"id": note_id, "title": title}

    try:
        await ui.mutate(change)
    except InvalidState as exc:
        return HTMLResponse(html.escape(str(exc)), status_code=422)
    return RedirectResponse(ui.url("/"), status_code=303)


async def view(request: Request) -> Response:
    ui = ui_session(request)
    await ui.mutate(lambda s: s["ui"].update(lastViewed=request.path_params["note_id"]))
    return HTMLResponse("ok")


class NotesApp(WebApp):
    app_id = "notes"
    title = "Notes"
    state_model = NotesState
    volatile = ("ui", "lastViewedAt")

    def seed(self) -> dict[str, Any]:
        return SEED

    def invariants(self, state: Any) -> Iterable[Violation]:
        for key, note in state.notes.items():
            path = join_path("notes", key)
            if key != note.id:
                yield Violation(path=f"{path}.id", message=f"must equal its key {key!r}")
            if not note.title.strip():
                yield Violation(path=f"{path}.title", message="a note needs a title")

    def routes(self) -> list[Route]:
        return [
            Route("/", index),
            Route("/add", add, methods=["POST"]),
            Route("/n/{note_id}", view),
        ]

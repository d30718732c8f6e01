"""The notes UI: one page listing the notes, and one form per note that pins or unpins it."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from cuagym.hub import render, ui_session
from tests.house.example.apps.notes._ops import set_pinned

__all__ = ["build_routes"]


async def home(request: Request) -> Response:
    state = await ui_session(request).state()
    notes = sorted(state["notes"].items(), key=lambda kv: (not kv[1]["pinned"], kv[0]))
    return render(request, "notes.html", {"notes": notes})


async def pin(request: Request) -> Response:
    ui = ui_session(request)
    nid = request.path_params["nid"]
    pinned = (await request.form()).get("pinned") == "1"
    await ui.mutate(lambda state: set_pinned(state, nid, pinned))
    return RedirectResponse(ui.url("/"), status_code=303)  # post/redirect/get


def build_routes() -> list[BaseRoute]:
    return [Route("/", home), Route("/notes/{nid}/pin", pin, methods=["POST"])]

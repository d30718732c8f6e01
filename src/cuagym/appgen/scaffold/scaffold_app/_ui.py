"""The UI: every route, mounted by the hub under ``/<app_id>``.

Screens read the state with ``load`` and change it only through ``act`` (mutate, then
redirect: post/redirect/get), inside the shell of ``templates/base.html``.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from cuagym.apps.webkit import NEUTRAL_PALETTE, Screens, State, load, render_screen

from ._identity import ACCENT, DENSITY, NAV, TITLE

__all__ = ["build_routes"]


class ActionError(ValueError):
    """A request a person cannot make; its message is shown to them."""


def chrome(request: Request, state: State, active: str = "") -> dict[str, Any]:
    """What the shell around every screen needs."""
    return {
        "app_title": TITLE,
        "accent": NEUTRAL_PALETTE[ACCENT],
        "layout": f"nav-{NAV} density-{DENSITY}",
        "active": active,
        "nav": [("home", "Home", "/")],
    }


SCREENS = Screens(chrome=chrome, home="/", action_error=ActionError)


async def home(request: Request) -> Response:
    _ui, state = await load(request)
    records = sorted(state["records"].items(), key=lambda kv: kv[1]["createdAt"])
    context = {"title": TITLE, "records": records}
    return render_screen(request, chrome(request, state, "home"), "home.html", context)


def build_routes() -> list[BaseRoute]:
    return [Route("/", home)]

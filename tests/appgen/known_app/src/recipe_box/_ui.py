"""The recipe box UI: the list of recipes, one page per recipe with a favourite toggle."""

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
    return {
        "app_title": TITLE,
        "accent": NEUTRAL_PALETTE[ACCENT],
        "layout": f"nav-{NAV} density-{DENSITY}",
        "active": active,
        "nav": [("home", "Recipes", "/")],
    }


SCREENS = Screens(chrome=chrome, home="/", action_error=ActionError)


async def home(request: Request) -> Response:
    _ui, state = await load(request)
    recipes = sorted(state["recipes"].items(), key=lambda kv: kv[1]["title"])
    context = {"title": "Recipes", "recipes": recipes}
    return render_screen(request, chrome(request, state, "home"), "home.html", context)


async def recipe(request: Request) -> Response:
    _ui, state = await load(request)
    rid = request.path_params["rid"]
    found = state["recipes"].get(rid)
    if found is None:
        return SCREENS.not_found(request, state, f"There is no recipe {rid}.")
    context = {"title": found["title"], "rid": rid, "recipe": found}
    return render_screen(request, chrome(request, state), "recipe.html", context)


async def toggle_favorite(request: Request) -> Response:
    ui, _state = await load(request)
    rid = request.path_params["rid"]

    def change(state: State) -> None:
        if rid not in state["recipes"]:
            raise ActionError(f"There is no recipe {rid}.")
        state["recipes"][rid]["favorite"] = not state["recipes"][rid]["favorite"]

    return await SCREENS.act(request, ui, change, f"/recipes/{rid}", f"/recipes/{rid}")


def build_routes() -> list[BaseRoute]:
    return [
        Route("/", home),
        Route("/recipes/{rid}", recipe),
        Route("/recipes/{rid}/favorite", toggle_favorite, methods=["POST"]),
    ]

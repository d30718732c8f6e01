"""The web kit's screen helpers bound to the forge's shell, and what every route needs:
the repository of a URL, form access, field errors shown inline."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from cuagym.apps.code_host._ops import ActionError, FieldError, remember_repo
from cuagym.apps.code_host._views import repo_context, shell
from cuagym.apps.webkit import FormInvalid, Screens, State, field, fields, load, render_screen

__all__ = [
    "State",
    "act",
    "field",
    "fielded",
    "fields",
    "load",
    "not_found",
    "page",
    "repo_page",
    "repo_path",
    "show_error",
    "visit_repo",
]


def page(
    request: Request,
    state: State,
    template: str,
    context: dict[str, Any],
    active: str,
    status_code: int = 200,
) -> Response:
    """Render a full screen: the header plus the screen's own context."""
    return render_screen(request, shell(state, active), template, context, status_code)


def repo_page(
    request: Request,
    state: State,
    repo: str,
    tab: str,
    template: str,
    context: dict[str, Any],
    status_code: int = 200,
) -> Response:
    """A screen inside a repository: its name, tab row and the screen below."""
    full = {**repo_context(state, repo, tab), **context}
    return page(request, state, template, full, "repos", status_code)


def repo_path(state: State, repo: str, rest: str = "") -> str:
    """The app-relative path of a repository screen: ``/larkspur/storefront-web/pulls``."""
    return f"/{state['org']['slug']}/{repo}{rest}"


async def visit_repo(request: Request) -> tuple[Any, State, str | None]:
    """The session, its state and the URL's repository (None when the URL names none);
    a visit puts the repository first in the recently visited list (volatile)."""
    ui, state = await load(request)
    owner, repo = request.path_params["owner"], request.path_params["repo"]
    if owner != state["org"]["slug"] or repo not in state["repos"]:
        return ui, state, None
    if state["ui"]["recentRepos"][:1] != [repo]:
        state = await ui.mutate(lambda s: remember_repo(s, repo))
    return ui, state, repo


def fielded(change: Callable[[State], Any]) -> Callable[[State], Any]:
    """``change`` with a :class:`FieldError` turned into the kit's inline field error."""

    def run(state: State) -> Any:
        try:
            return change(state)
        except FieldError as exc:
            raise FormInvalid({exc.field: str(exc)}) from exc

    return run


_SCREENS = Screens(
    chrome=lambda request, state: shell(state, ""), home="/", action_error=ActionError
)
show_error = _SCREENS.show_error
not_found = _SCREENS.not_found
act = _SCREENS.act

"""The web kit's screen helpers bound to the drive's side-bar shell, plus form access."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response

from cuagym.apps.drive._ops import ActionError
from cuagym.apps.drive._views import shell
from cuagym.apps.webkit import Screens, State, field, load, render_screen, safe_next
from cuagym.hub import ui_session

__all__ = ["State", "act", "field", "here", "load", "not_found", "page", "safe_next", "show_error"]


def here(request: Request) -> str:
    """The page's app-relative path and query (what a form's ``next`` brings one back to)."""
    base = ui_session(request).base
    path = request.url.path.removeprefix(base) or "/"
    return path + (f"?{request.url.query}" if request.url.query else "")


def page(
    request: Request,
    state: State,
    template: str,
    context: dict[str, Any],
    active: str,
    status_code: int = 200,
) -> Response:
    """Render a full screen: the side bar and header plus the screen's own context."""
    params = dict(request.query_params)

    def qs(**changes: str) -> str:
        """This page's query with ``changes`` (an empty value drops the key)."""
        merged = {k: v for k, v in {**params, **changes}.items() if v}
        return "?" + urlencode(merged) if merged else "?"

    full = {"here": here(request), "qs": qs, **context}
    return render_screen(request, shell(state, active), template, full, status_code)


_SCREENS = Screens(
    chrome=lambda request, state: shell(state, ""), home="/", action_error=ActionError
)
show_error = _SCREENS.show_error
not_found = _SCREENS.not_found
act = _SCREENS.act

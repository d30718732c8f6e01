"""The web kit's screen helpers bound to mail's sidebar shell, plus the error line of a form."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from cuagym.apps.mail._ops import ActionError
from cuagym.apps.mail._views import shell
from cuagym.apps.webkit import (
    Screens,
    State,
    field,
    fields,
    load,
    rejected,
    render_screen,
    safe_next,
)
from cuagym.hub import InvalidState

__all__ = [
    "State",
    "act",
    "error_text",
    "field",
    "fields",
    "load",
    "not_found",
    "page",
    "safe_next",
    "show_error",
]


def page(
    request: Request,
    state: State,
    template: str,
    context: dict[str, Any],
    active: str | None = None,
    status_code: int = 200,
) -> Response:
    """Render a full screen: the sidebar shell plus the screen's own context."""
    return render_screen(request, shell(state, active), template, context, status_code)


_SCREENS = Screens(
    chrome=lambda request, state: shell(state), home="/inbox", action_error=ActionError
)
show_error = _SCREENS.show_error
not_found = _SCREENS.not_found
act = _SCREENS.act


def error_text(exc: ActionError | InvalidState) -> str:
    if isinstance(exc, ActionError):
        return str(exc)
    return "; ".join(rejected(exc))

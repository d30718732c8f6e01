"""The web kit's screen helpers bound to the social app's side-bar shell, plus form access."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from cuagym.apps.social._ops import ActionError
from cuagym.apps.social._views import shell
from cuagym.apps.webkit import FormInvalid, Screens, State, field, load, render_screen, safe_next

__all__ = ["FormInvalid", "State", "act", "field", "load", "not_found", "page", "safe_next"]


def page(
    request: Request,
    state: State,
    template: str,
    context: dict[str, Any],
    active: str,
    status_code: int = 200,
) -> Response:
    """Render a full screen: the side bar and header plus the screen's own context."""
    return render_screen(request, shell(state, active), template, context, status_code)


_SCREENS = Screens(
    chrome=lambda request, state: shell(state, ""), home="/", action_error=ActionError
)
not_found = _SCREENS.not_found
act = _SCREENS.act

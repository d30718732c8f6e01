"""The web kit's screen helpers bound to the expenses app's tabbed shell, plus form access."""

from __future__ import annotations

from typing import Any

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response

from cuagym.apps.expenses._ops import ActionError
from cuagym.apps.expenses._views import shell
from cuagym.apps.webkit import Screens, State, field, load, render_screen, safe_next

__all__ = [
    "State",
    "act",
    "field",
    "form_dict",
    "load",
    "not_found",
    "page",
    "safe_next",
    "show_error",
]


def form_dict(form: FormData) -> dict[str, str]:
    """The form's text fields as a plain dict (the last value wins for repeated names)."""
    return {k: v for k, v in form.multi_items() if isinstance(v, str)}


def page(
    request: Request,
    state: State,
    template: str,
    context: dict[str, Any],
    active: str,
    status_code: int = 200,
) -> Response:
    """Render a full screen: the header and the tab row plus the screen's own context."""
    return render_screen(request, shell(state, active), template, context, status_code)


_SCREENS = Screens(
    chrome=lambda request, state: shell(state, ""), home="/", action_error=ActionError
)
show_error = _SCREENS.show_error
not_found = _SCREENS.not_found
act = _SCREENS.act

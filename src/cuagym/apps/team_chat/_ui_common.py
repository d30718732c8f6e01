"""The web kit's screen helpers bound to team-chat's sidebar shell, plus conversation URLs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import Response

from cuagym.apps.team_chat._ops import ActionError
from cuagym.apps.team_chat._views import shell
from cuagym.apps.webkit import (
    FormInvalid,
    Screens,
    State,
    field,
    fields,
    load,
    render_screen,
    safe_next,
)

__all__ = [
    "State",
    "act",
    "conv_path",
    "field",
    "fields",
    "inline",
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


_SCREENS = Screens(chrome=lambda request, state: shell(state), home="/", action_error=ActionError)
show_error = _SCREENS.show_error
not_found = _SCREENS.not_found
act = _SCREENS.act


T = TypeVar("T")

#: a form's error that is about no one field (shown above the form)
FORM = "form"


def inline(op: Callable[[State], T]) -> Callable[[State], T]:
    """``op`` with its refusal shown beside the form field it is about (or above the form)."""

    def run(state: State) -> T:
        try:
            return op(state)
        except ActionError as exc:
            raise FormInvalid({exc.field or FORM: str(exc)}) from exc

    return run


def conv_path(state: State, conv: str) -> str:
    """The app-relative URL of a conversation: ``/c/<id>`` or ``/d/<id>``."""
    return f"/d/{conv}" if conv in state["dms"] else f"/c/{conv}"

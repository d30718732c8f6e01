"""Helpers shared by the UI screens: form fields, errors, the mutate-then-redirect pattern."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from cuagym.apps.mail._ops import ActionError
from cuagym.apps.mail._views import shell
from cuagym.hub import (
    InvalidState,
    UISession,
    form_text,
    form_texts,
    load_session,
    render,
    safe_next,
)

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

State = dict[str, Any]

# The hub's shared form helpers, under the names this app's routes use.
load = load_session
field = form_text
fields = form_texts


def error_text(exc: ActionError | InvalidState) -> str:
    if isinstance(exc, ActionError):
        return str(exc)
    return "; ".join(f"{v.path or 'state'}: {v.message}" for v in exc.violations)


def page(
    request: Request,
    state: State,
    template: str,
    context: dict[str, Any],
    active: str | None = None,
    status_code: int = 200,
) -> Response:
    """Render a full screen: the sidebar shell plus the screen's own context."""
    return render(request, template, {**shell(state, active), **context}, status_code)


def show_error(
    request: Request,
    state: State,
    messages: list[str],
    back: str,
    status_code: int = 400,
    title: str = "That didn't work",
) -> Response:
    context = {"title": title, "messages": messages, "back": back}
    return page(request, state, "error.html", context, status_code=status_code)


def not_found(request: Request, state: State, what: str) -> Response:
    return show_error(request, state, [what], "/inbox", status_code=404, title="Not found")


async def act(
    request: Request,
    ui: UISession,
    change: Callable[[State], Any],
    success: Callable[[], str] | str,
    back: str,
) -> Response:
    """Apply ``change`` atomically, then redirect (PRG) to ``success`` (app-relative).

    ``success`` may be a callable so that it can use what ``change`` found (a new id).
    An :class:`ActionError` answers 400 and a state the hub rejects answers 422; both show a
    page that says why, and change nothing.
    """

    def apply(state: State) -> None:
        # The hub stores whatever a change function returns (when not None) as the new state;
        # _ops functions return ids, so their result must not leak out.
        change(state)

    try:
        await ui.mutate(apply)
    except ActionError as exc:
        return show_error(request, await ui.state(), [str(exc)], back)
    except InvalidState as exc:
        messages = [f"{v.path or 'state'}: {v.message}" for v in exc.violations]
        return show_error(
            request,
            await ui.state(),
            messages,
            back,
            status_code=422,
            title="The change was rejected",
        )
    target = success() if callable(success) else success
    return RedirectResponse(ui.url(target), status_code=303)

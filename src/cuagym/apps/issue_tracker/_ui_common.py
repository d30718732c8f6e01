"""Helpers shared by the UI screens: form fields, errors, the mutate-then-redirect pattern."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from cuagym.apps.issue_tracker._ops import ActionError
from cuagym.apps.issue_tracker._views import shell
from cuagym.hub import (
    InvalidState,
    UISession,
    form_text,
    load_session,
    render,
    safe_next,
    ui_session,
)

__all__ = [
    "State",
    "act",
    "field",
    "load",
    "not_found",
    "page",
    "remember",
    "safe_next",
    "show_error",
]

State = dict[str, Any]

# The hub's shared form helpers, under the names this app's routes use.
load = load_session
field = form_text

MAX_RECENT = 8


def page(
    request: Request,
    state: State,
    template: str,
    context: dict[str, Any],
    project: str | None = None,
    nav: str | None = None,
    status_code: int = 200,
) -> Response:
    """Render a full screen: the shell (top bar, project sidebar) plus the screen's context."""
    here = request.url.path.removeprefix(ui_session(request).base) or "/"
    if request.url.query:
        here += "?" + request.url.query
    full = {**shell(state, project, nav), "here": here, **context}
    return render(request, template, full, status_code)


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
    return show_error(request, state, [what], "/projects", status_code=404, title="Not found")


async def remember(
    ui: UISession, state: State, project: str | None, issue: str | None = None
) -> None:
    """Record a visit in the volatile ``ui`` block (masked from state_diff); no write when
    nothing would change, so browsing doesn't churn the store."""
    recent = state["ui"]["recentIssues"]
    wanted_recent = recent if issue is None else [issue, *[k for k in recent if k != issue]]
    wanted_recent = wanted_recent[:MAX_RECENT]
    wanted_project = project or state["ui"]["lastProject"]
    if wanted_recent == recent and wanted_project == state["ui"]["lastProject"]:
        return

    def change(s: State) -> None:
        s["ui"]["recentIssues"] = [k for k in wanted_recent if k in s["issues"]]
        s["ui"]["lastProject"] = wanted_project if wanted_project in s["projects"] else None

    await ui.mutate(change)


async def act(
    request: Request,
    ui: UISession,
    change: Callable[[State], Any],
    success: Callable[[], str] | str,
    back: str,
) -> Response:
    """Apply ``change`` atomically, then redirect (PRG) to ``success`` (app-relative).

    ``success`` may be a callable so that it can use what ``change`` found (a new key).
    An :class:`ActionError` (the person asked for something not allowed) answers 400 and a
    state the hub rejects answers 422; both show a page that says why and change nothing.
    """

    def apply(state: State) -> None:
        # The hub stores whatever a change function returns (when not None) as the new state;
        # _ops functions return keys and ids, so their result must not leak out.
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

"""The web kit's screen helpers bound to the issue tracker's shell (top bar, project sidebar),
plus the record of what a person looked at."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from cuagym.apps.issue_tracker._ops import ActionError
from cuagym.apps.issue_tracker._views import shell
from cuagym.apps.webkit import FormInvalid, Screens, State, field, load, render_screen, safe_next
from cuagym.hub import UISession, ui_session

__all__ = [
    "FormInvalid",
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

MAX_RECENT = 8


def _chrome(
    request: Request, state: State, project: str | None = None, nav: str | None = None
) -> dict[str, Any]:
    """The shell, and ``here``: the screen's app-relative URL (forms come back to it)."""
    here = request.url.path.removeprefix(ui_session(request).base) or "/"
    if request.url.query:
        here += "?" + request.url.query
    return {**shell(state, project, nav), "here": here}


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
    return render_screen(
        request, _chrome(request, state, project, nav), template, context, status_code
    )


_SCREENS = Screens(chrome=_chrome, home="/projects", action_error=ActionError)
show_error = _SCREENS.show_error
not_found = _SCREENS.not_found
act = _SCREENS.act


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

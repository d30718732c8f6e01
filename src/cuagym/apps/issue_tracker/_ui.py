"""The issue-tracker UI: every route, mounted by the hub under ``/issue-tracker``.

Screens are split by subject (planning, issues, projects and people); all of them read the
state with ``UISession.state`` and change it only through ``UISession.mutate`` with an ``_ops``
function, then redirect (post/redirect/get), so a reload never repeats an action.
"""

from __future__ import annotations

from starlette.routing import BaseRoute

from cuagym.apps.issue_tracker import _ui_board, _ui_issues, _ui_projects

__all__ = ["build_routes"]


def build_routes() -> list[BaseRoute]:
    # Issue routes first: the literal ``/issues/new`` must win over ``/issues/{key}``.
    return [*_ui_issues.routes(), *_ui_board.routes(), *_ui_projects.routes()]

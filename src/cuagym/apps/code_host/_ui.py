"""The code-host UI: every route, mounted by the hub under ``/code-host``.

Screens read the state with ``UISession.state`` and change it only through
``UISession.mutate`` with an ``_ops`` function, then redirect (post/redirect/get). Repository
screens live under ``/<org>/<repo>``, the way a forge spells its URLs.
"""

from __future__ import annotations

from starlette.routing import BaseRoute

from cuagym.apps.code_host import _ui_ci, _ui_home, _ui_issues, _ui_pulls, _ui_repo

__all__ = ["build_routes"]


def build_routes() -> list[BaseRoute]:
    # The fixed top-level screens (/pulls, /issues, /search) come before /{owner}/{repo}.
    return [
        *_ui_home.routes(),
        *_ui_repo.routes(),
        *_ui_pulls.routes(),
        *_ui_ci.routes(),
        *_ui_issues.routes(),
    ]

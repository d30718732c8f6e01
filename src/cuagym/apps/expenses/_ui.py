"""The expenses UI: every route, mounted by the hub under ``/expenses``.

Screens read the state with ``UISession.state`` and change it only through an ``_ops`` function
inside ``Screens.act`` (``UISession.mutate``), then redirect (post/redirect/get), so a reload
never repeats an action.
"""

from __future__ import annotations

from starlette.routing import BaseRoute

from cuagym.apps.expenses import _ui_finance, _ui_reports

__all__ = ["build_routes"]


def build_routes() -> list[BaseRoute]:
    return [*_ui_reports.routes(), *_ui_finance.routes()]

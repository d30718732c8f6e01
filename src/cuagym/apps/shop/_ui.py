"""The shop UI: every route, mounted by the hub under ``/shop``.

Screens read the state with ``UISession.state`` and change it only through an ``_ops`` function
inside ``Screens.act`` (``UISession.mutate``), then redirect (post/redirect/get), so a reload
never repeats an action.
"""

from __future__ import annotations

from starlette.routing import BaseRoute

from cuagym.apps.shop import _ui_admin, _ui_catalog, _ui_orders

__all__ = ["build_routes"]


def build_routes() -> list[BaseRoute]:
    return [*_ui_admin.routes(), *_ui_orders.routes(), *_ui_catalog.routes()]

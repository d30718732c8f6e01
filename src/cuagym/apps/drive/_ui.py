"""The drive UI: every route, mounted by the hub under ``/drive``.

Screens read the state with ``UISession.state`` and change it only through
``UISession.mutate`` with an ``_ops`` function, then redirect (post/redirect/get), so a reload
never repeats an action.
"""

from __future__ import annotations

from starlette.routing import BaseRoute

from cuagym.apps.drive import _ui_browse, _ui_items

__all__ = ["build_routes"]


def build_routes() -> list[BaseRoute]:
    return [*_ui_browse.routes(), *_ui_items.routes()]

"""The crm UI: every route, mounted by the hub under ``/crm``.

Screens read the state with ``UISession.state`` and change it only through
``UISession.mutate`` with an ``_ops`` function, then redirect (post/redirect/get), so a reload
never repeats an action.
"""

from __future__ import annotations

from starlette.routing import BaseRoute

from cuagym.apps.crm import _ui_convert, _ui_home, _ui_records

__all__ = ["build_routes"]


def build_routes() -> list[BaseRoute]:
    # Fixed paths (/pipeline, /leads/{id}/convert) must win over the record routes'
    # catch-all ``/{path}`` and ``/{path}/{rid}``.
    return [*_ui_home.routes(), *_ui_convert.routes(), *_ui_records.routes()]

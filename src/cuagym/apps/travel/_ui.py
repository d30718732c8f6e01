"""The travel UI: every route, mounted by the hub under ``/travel``.

Screens read the state with ``UISession.state`` and change it only through an ``_ops`` function
inside ``Screens.act`` (``UISession.mutate``), then redirect (post/redirect/get), so a reload
never repeats an action.
"""

from __future__ import annotations

from starlette.routing import BaseRoute

from cuagym.apps.travel import _ui_book, _ui_people, _ui_trips

__all__ = ["build_routes"]


def build_routes() -> list[BaseRoute]:
    return [*_ui_trips.routes(), *_ui_book.routes(), *_ui_people.routes()]

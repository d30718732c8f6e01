"""The mail UI: every route, mounted by the hub under ``/mail``.

Screens are split by subject (lists and conversations, compose, labels / contacts / templates /
settings); all of them read the state with ``UISession.state`` and change it only through
``UISession.mutate`` with an ``_ops*`` function, then redirect (post/redirect/get), so a reload
never repeats an action.
"""

from __future__ import annotations

from starlette.routing import BaseRoute

from cuagym.apps.mail import _ui_compose, _ui_lists, _ui_manage

__all__ = ["build_routes"]


def build_routes() -> list[BaseRoute]:
    return [*_ui_lists.routes(), *_ui_compose.routes(), *_ui_manage.routes()]

"""The social UI: every route, mounted by the hub under ``/social``.

Screens read the state with ``load`` and change it only through ``act`` with an ``_ops``
function, then redirect (post/redirect/get), so a reload never repeats an action.
"""

from __future__ import annotations

from starlette.routing import BaseRoute

from cuagym.apps.social import _ui_feed, _ui_inbox, _ui_studio

__all__ = ["build_routes"]


def build_routes() -> list[BaseRoute]:
    return [*_ui_studio.routes(), *_ui_inbox.routes(), *_ui_feed.routes()]

"""The team-chat UI: every route, mounted by the hub under ``/team-chat``.

Screens are split by subject (conversation, channels, people); all of them read the state with
``UISession.state`` and change it only through ``UISession.mutate`` with a ``_ops`` function,
then redirect (post/redirect/get), so a reload never repeats an action.
"""

from __future__ import annotations

from starlette.routing import BaseRoute

from cuagym.apps.team_chat import _ui_channels, _ui_conversation, _ui_people

__all__ = ["build_routes"]


def build_routes() -> list[BaseRoute]:
    # Conversation routes first: their ``/c/{conv}/messages`` must win over the channel
    # settings' catch-all ``/c/{conv}/{action}``.
    return [*_ui_conversation.routes(), *_ui_channels.routes(), *_ui_people.routes()]

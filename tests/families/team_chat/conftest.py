"""The team_chat app's fixtures (live hub, client, seed) for the families homed there."""

from tests.apps.team_chat.conftest import chat, chat_hub, seed

__all__ = ["chat", "chat_hub", "seed"]

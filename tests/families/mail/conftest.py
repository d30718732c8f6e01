"""The mail app's fixtures (live hub, client, seed) for the families homed there."""

from tests.apps.mail.conftest import live_hub, mail, seed

__all__ = ["live_hub", "mail", "seed"]

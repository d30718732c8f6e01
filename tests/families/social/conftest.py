"""The social app's fixtures (live hub, client, seed) for the families homed there."""

from tests.apps.social.conftest import seed, social, social_hub

__all__ = ["seed", "social", "social_hub"]

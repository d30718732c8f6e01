"""The travel app's fixtures (live hub, client, seed) for the families homed there."""

from tests.apps.travel.conftest import seed, travel, travel_hub

__all__ = ["seed", "travel", "travel_hub"]

"""The issue_tracker app's fixtures (live hub, client, seed) for the families homed there."""

from tests.apps.issue_tracker.conftest import seed, tracker, tracker_hub

__all__ = ["seed", "tracker", "tracker_hub"]

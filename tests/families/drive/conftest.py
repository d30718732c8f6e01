"""The drive app's fixtures (live hub, client, seed) for the families homed there."""

from tests.apps.drive.conftest import drive, drive_hub, seed

__all__ = ["drive", "drive_hub", "seed"]

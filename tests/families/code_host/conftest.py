"""The code-host app's fixtures (live hub, client, seed) for the families homed there."""

from tests.apps.code_host.conftest import forge, forge_hub, seed

__all__ = ["forge", "forge_hub", "seed"]

"""The crm app's fixtures (live hub, client, seed) for the families homed there."""

from tests.apps.crm.conftest import crm, crm_hub, seed

__all__ = ["crm", "crm_hub", "seed"]

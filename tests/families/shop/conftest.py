"""The shop app's fixtures (live hub, client, seed) for the families homed there."""

from tests.apps.shop.conftest import seed, shop, shop_hub

__all__ = ["seed", "shop", "shop_hub"]

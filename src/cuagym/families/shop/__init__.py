"""Procedural task families of the shop domain (the offline, deterministic role backend).

Each family covers one leaf of the app's ``taxonomy.yaml``; see ``_common`` for what they share.
"""

from __future__ import annotations

from cuagym.families.shop._catalog import CreateDiscount, ReceiveStock, RestockOutOfStock
from cuagym.families.shop._orders import (
    CancelUnpaid,
    FulfilOrder,
    PartialRefund,
    RefundLatestOrder,
    ResolveReturn,
)

__all__ = [
    "CancelUnpaid",
    "CreateDiscount",
    "FulfilOrder",
    "PartialRefund",
    "ReceiveStock",
    "RefundLatestOrder",
    "ResolveReturn",
    "RestockOutOfStock",
]

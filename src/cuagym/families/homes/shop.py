"""The task families homed in shop, in synth's round-robin order (entry point
``cuagym.families``: ``shop``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.shop import DiscountFromDeal, RefundFromComplaint
from cuagym.families.shop import (
    CancelUnpaid,
    CreateDiscount,
    FulfilOrder,
    PartialRefund,
    ReceiveStock,
    RefundLatestOrder,
    ResolveReturn,
    RestockOutOfStock,
)

__all__ = ["FAMILIES"]

FAMILIES: tuple[TaskFamily, ...] = (
    FulfilOrder(),
    ReceiveStock(),
    PartialRefund(),
    CreateDiscount(),
    ResolveReturn(),
    RefundLatestOrder(),
    RestockOutOfStock(),
    CancelUnpaid(),
    RefundFromComplaint(),
    DiscountFromDeal(),
)

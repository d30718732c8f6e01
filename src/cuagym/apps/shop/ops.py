"""What the shop's own actions do to a state, for those who build or solve worlds outside it.

Each function changes a shop state in place exactly as the matching UI action does (the routes
call the same functions), so a golden state computed with them is one the app could have made.
"""

from __future__ import annotations

from cuagym.apps.shop._ops import (
    ActionError,
    add_comment,
    add_variant,
    adjust_stock,
    cancel_order,
    create_discount,
    create_product,
    fulfil_order,
    mark_delivered,
    mark_paid,
    new_id,
    refund_order,
    refundable,
    refunded_cents,
    resolve_return,
    update_customer,
    update_discount,
    update_product,
    update_store,
    update_variant,
)
from cuagym.apps.shop._seed import order_total, subtotal

__all__ = [
    "ActionError",
    "add_comment",
    "add_variant",
    "adjust_stock",
    "cancel_order",
    "create_discount",
    "create_product",
    "fulfil_order",
    "mark_delivered",
    "mark_paid",
    "new_id",
    "order_total",
    "refund_order",
    "refundable",
    "refunded_cents",
    "resolve_return",
    "subtotal",
    "update_customer",
    "update_discount",
    "update_product",
    "update_store",
    "update_variant",
]

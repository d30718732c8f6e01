"""Rules across the shop's records that the schema alone cannot say.

Each violation names its place in the diff-path syntax of ``state_diff``
(``orders.ord-1042.trackingNumber``), so a task author whose ``set`` got a 422 finds the value
where a reward would read it in ``/go``.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterator
from typing import Any

from cuagym.apps.shop._schema import ShopState
from cuagym.hub import InvariantChecks, Violation

__all__ = ["CHECKS", "broken_states", "check_invariants", "invariants_hold_after", "total_of"]

# Keys the hub masks by name (ShopApp.volatile): a record keyed so would vanish from diffs.
RESERVED_IDS = frozenset({"ui", "recentOrders"})


def total_of(state: ShopState, oid: str) -> int:
    order = state.orders[oid]
    sub = sum(line.quantity * line.unit_price_cents for line in order.lines.values())
    return sub - order.discount_cents + order.shipping_cents


def check_invariants(state: ShopState) -> Iterator[Violation]:
    """Yield every violated rule (empty for a consistent state)."""
    return CHECKS.run(state)


def invariants_hold_after(before: ShopState, after: ShopState) -> bool:
    """Whether ``after`` is still consistent, checking only what its edit changed."""
    return CHECKS.hold_after(before, after)


def _check_keys(state: ShopState) -> Iterator[Violation]:
    if state.current_user not in state.staff:
        yield Violation(path="currentUser", message=f"unknown staff {state.current_user!r}")
    for name in (
        "staff",
        "categories",
        "products",
        "variants",
        "customers",
        "orders",
        "refunds",
        "discounts",
        "adjustments",
        "comments",
    ):
        records: dict[str, Any] = getattr(state, name)
        for key, record in records.items():
            if key in RESERVED_IDS:
                yield Violation(path=f"{name}.{key}", message=f"{key!r} is a reserved id")
            if record.id != key:
                yield Violation(path=f"{name}.{key}.id", message=f"id {record.id!r} is not {key!r}")


def _check_catalogue(state: ShopState) -> Iterator[Violation]:
    for key, product in state.products.items():
        if product.category_id not in state.categories:
            yield Violation(
                path=f"products.{key}.categoryId", message=f"no category {product.category_id!r}"
            )
    skus = Counter(v.sku for v in state.variants.values())
    for key, variant in state.variants.items():
        if variant.product_id not in state.products:
            yield Violation(
                path=f"variants.{key}.productId", message=f"no product {variant.product_id!r}"
            )
        if skus[variant.sku] > 1:
            yield Violation(path=f"variants.{key}.sku", message=f"SKU {variant.sku!r} is taken")
    for key, adj in state.adjustments.items():
        if adj.variant_id not in state.variants:
            yield Violation(path=f"adjustments.{key}.variantId", message="no such variant")
        if adj.staff_id not in state.staff:
            yield Violation(path=f"adjustments.{key}.staffId", message="no such staff")


# The timestamps an order in each status must carry (and the others it must not).
_STAMPS = {
    "pending": (),
    "paid": ("paid_at",),
    "shipped": ("paid_at", "shipped_at"),
    "delivered": ("paid_at", "shipped_at", "delivered_at"),
    "cancelled": ("cancelled_at",),
}
_CAMEL = {
    "paid_at": "paidAt",
    "shipped_at": "shippedAt",
    "delivered_at": "deliveredAt",
    "cancelled_at": "cancelledAt",
}


def _check_orders(state: ShopState) -> Iterator[Violation]:
    numbers = Counter(o.number for o in state.orders.values())
    codes = {d.code for d in state.discounts.values()}
    for key, order in state.orders.items():
        where = f"orders.{key}"
        if numbers[order.number] > 1:
            yield Violation(path=f"{where}.number", message=f"order #{order.number} twice")
        if order.customer_id not in state.customers:
            yield Violation(path=f"{where}.customerId", message="no such customer")
        for line_key, line in order.lines.items():
            if line.variant_id not in state.variants:
                yield Violation(path=f"{where}.lines.{line_key}.variantId", message="no variant")
        if order.discount_code is not None and order.discount_code not in codes:
            yield Violation(path=f"{where}.discountCode", message="no such discount code")
        need = _STAMPS[order.status]
        for stamp, camel in _CAMEL.items():
            value = getattr(order, stamp)
            if stamp in need and value is None:
                yield Violation(path=f"{where}.{camel}", message=f"a {order.status} order needs it")
            if stamp not in need and value is not None and stamp != "paid_at":
                yield Violation(path=f"{where}.{camel}", message=f"set on a {order.status} order")
        if order.status == "pending" and order.paid_at is not None:
            yield Violation(path=f"{where}.paidAt", message="set on a pending order")
        shipped = order.status in ("shipped", "delivered")
        if shipped and (order.carrier is None or not order.tracking_number):
            yield Violation(
                path=f"{where}.trackingNumber", message="a shipped order needs carrier and tracking"
            )
        sub = sum(line.quantity * line.unit_price_cents for line in order.lines.values())
        if order.discount_cents > sub:
            yield Violation(path=f"{where}.discountCents", message="more than the subtotal")


def _check_refunds(state: ShopState) -> Iterator[Violation]:
    returned: Counter[tuple[str, str]] = Counter()
    refunded: Counter[str] = Counter()
    for key, refund in state.refunds.items():
        order = state.orders.get(refund.order_id)
        if order is None:
            yield Violation(path=f"refunds.{key}.orderId", message="no such order")
            continue
        if order.paid_at is None:
            yield Violation(path=f"refunds.{key}.orderId", message="the order was never paid")
        for line_key, qty in refund.lines.items():
            if line_key not in order.lines:
                yield Violation(path=f"refunds.{key}.lines.{line_key}", message="no such line")
            elif refund.status != "declined":
                returned[(refund.order_id, line_key)] += qty
        if refund.status == "refunded":
            refunded[refund.order_id] += refund.amount_cents
        if (refund.status == "requested") != (refund.resolved_at is None):
            yield Violation(path=f"refunds.{key}.resolvedAt", message="set iff resolved")
    for (oid, line_key), qty in returned.items():
        line = state.orders[oid].lines.get(line_key)
        if line is not None and qty > line.quantity:
            yield Violation(
                path=f"orders.{oid}.lines.{line_key}.quantity",
                message=f"{qty} units refunded or requested, {line.quantity} ordered",
            )
    for oid, cents in refunded.items():
        if cents > total_of(state, oid):
            yield Violation(path=f"orders.{oid}", message="refunded more than the order total")


def _check_discounts(state: ShopState) -> Iterator[Violation]:
    codes = Counter(d.code for d in state.discounts.values())
    for key, d in state.discounts.items():
        if codes[d.code] > 1:
            yield Violation(path=f"discounts.{key}.code", message=f"code {d.code!r} twice")
        if d.kind == "percent" and d.value > 100:
            yield Violation(path=f"discounts.{key}.value", message="more than 100 percent")
        if d.ends_on is not None and d.ends_on < d.starts_on:
            yield Violation(path=f"discounts.{key}.endsOn", message="ends before it starts")
        if d.usage_limit is not None and d.times_used > d.usage_limit:
            yield Violation(path=f"discounts.{key}.timesUsed", message="used beyond its limit")


def _check_comments(state: ShopState) -> Iterator[Violation]:
    for key, comment in state.comments.items():
        if comment.order_id not in state.orders:
            yield Violation(path=f"comments.{key}.orderId", message="no such order")
        if comment.author_id not in state.staff:
            yield Violation(path=f"comments.{key}.authorId", message="no such staff")


_ALL = [
    "staff",
    "categories",
    "products",
    "variants",
    "customers",
    "orders",
    "refunds",
    "discounts",
    "adjustments",
    "comments",
    "current_user",
]
CHECKS = InvariantChecks(
    (_ALL, _check_keys),
    (["products", "categories", "variants", "adjustments", "staff"], _check_catalogue),
    (["orders", "customers", "variants", "discounts"], _check_orders),
    (["refunds", "orders"], _check_refunds),
    (["discounts"], _check_discounts),
    (["comments", "orders", "staff"], _check_comments),
)


def broken_states(seed: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The seed with one rule broken each (what ``cuagym appgen audit`` proves 422s with)."""
    customer = copy.deepcopy(seed)
    customer["orders"][next(iter(customer["orders"]))]["customerId"] = "cus-nobody"
    shipped = copy.deepcopy(seed)
    order = next(o for o in shipped["orders"].values() if o["status"] == "shipped")
    order["trackingNumber"] = ""
    overused = copy.deepcopy(seed)
    code = next(d for d in overused["discounts"].values() if d["usageLimit"] is not None)
    code["timesUsed"] = code["usageLimit"] + 1
    refund = copy.deepcopy(seed)
    first = next(r for r in refund["refunds"].values() if r["status"] == "refunded")
    first["amountCents"] = 10**9
    return {
        "order of a customer that does not exist": customer,
        "shipped order without a tracking number": shipped,
        "discount used beyond its usage limit": overused,
        "refund larger than its order": refund,
    }

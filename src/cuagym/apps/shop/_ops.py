"""State operations behind every back-office action, as plain functions on the JSON state dict.

UI routes call these inside ``UISession.mutate``; task families call the same functions to
build golden states, so a page and a golden patch cannot disagree on what an action does.
Values arrive parsed (cents, ints, ISO days); these functions apply the store's rules (an order
moves pending -> paid -> shipped -> delivered, a refund never returns more than was bought,
restocking puts units back and logs it) and raise :class:`ActionError` with a message for the
person. The hub validates the schema and the invariants after every change as well.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from cuagym.apps.shop._schema import CARRIERS
from cuagym.apps.shop._seed import order_total

__all__ = [
    "ActionError",
    "add_comment",
    "add_variant",
    "adjust_stock",
    "cancel_order",
    "create_discount",
    "create_product",
    "format_ts",
    "fulfil_order",
    "mark_delivered",
    "mark_paid",
    "new_id",
    "refund_order",
    "refundable",
    "refunded_cents",
    "remember_order",
    "resolve_return",
    "update_customer",
    "update_discount",
    "update_product",
    "update_store",
    "update_variant",
]

State = dict[str, Any]
ID_PREFIX = {
    "products": "prd",
    "variants": "var",
    "customers": "cus",
    "refunds": "ref",
    "discounts": "dsc",
    "adjustments": "adj",
    "comments": "cmt",
}
_RECENT_MAX = 6


class ActionError(ValueError):
    """An action that cannot be done; the message is shown to the person as is."""


def format_ts(moment: datetime) -> str:
    """The app's timestamp spelling: UTC, whole seconds, ``Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _stamp(now: datetime | None) -> str:
    return format_ts(now if now is not None else datetime.now(UTC))


def new_id(state: State, collection: str) -> str:
    """The next free id of a collection: ``<prefix>-<max + 1, 4 digits>`` (``ref-0027``)."""
    prefix = ID_PREFIX[collection]
    pattern = re.compile(rf"{prefix}-(\d+)")
    highest = 0
    for key in state[collection]:
        m = pattern.fullmatch(key)
        if m:
            highest = max(highest, int(m.group(1)))
    return f"{prefix}-{highest + 1:04d}"


def _get(state: State, collection: str, rid: str) -> dict[str, Any]:
    record = state[collection].get(rid)
    if record is None:
        raise ActionError(f"That record no longer exists ({rid}).")
    return record  # type: ignore[no-any-return]


def remember_order(state: State, oid: str) -> None:
    """Put an opened order first in the volatile recently-viewed list."""
    recent = [o for o in state["ui"]["recentOrders"] if o != oid]
    state["ui"]["recentOrders"] = [oid, *recent][:_RECENT_MAX]


# -- the order path -----------------------------------------------------------------------------
def _order_in(state: State, oid: str, allowed: tuple[str, ...], what: str) -> dict[str, Any]:
    order = _get(state, "orders", oid)
    if order["status"] not in allowed:
        raise ActionError(f"Order #{order['number']} is {order['status']}: it cannot be {what}.")
    return order


def mark_paid(state: State, oid: str, now: datetime | None = None) -> None:
    order = _order_in(state, oid, ("pending",), "marked as paid")
    order["status"], order["paidAt"] = "paid", _stamp(now)


def fulfil_order(
    state: State, oid: str, carrier: str, tracking: str, now: datetime | None = None
) -> None:
    """Ship a paid order with a carrier and its tracking number."""
    order = _order_in(state, oid, ("paid",), "fulfilled (only paid orders ship)")
    if carrier not in CARRIERS:
        raise ActionError(f"Unknown carrier {carrier!r}.")
    tracking = tracking.strip().upper()
    if not re.fullmatch(r"[A-Z0-9-]{6,40}", tracking):
        raise ActionError("A tracking number is 6 to 40 letters and digits.")
    order.update(status="shipped", shippedAt=_stamp(now), carrier=carrier, trackingNumber=tracking)


def mark_delivered(state: State, oid: str, now: datetime | None = None) -> None:
    order = _order_in(state, oid, ("shipped",), "marked as delivered")
    order["status"], order["deliveredAt"] = "delivered", _stamp(now)


def cancel_order(state: State, oid: str, restock: bool, now: datetime | None = None) -> None:
    """Cancel an order not yet shipped; a paid one is refunded in full at once."""
    order = _order_in(state, oid, ("pending", "paid"), "cancelled (it has shipped)")
    stamp = _stamp(now)
    order["status"], order["cancelledAt"] = "cancelled", stamp
    quantities = {k: line["quantity"] for k, line in order["lines"].items()}
    if restock:
        for line in order["lines"].values():
            adjust_stock(
                state,
                line["variantId"],
                line["quantity"],
                "Cancelled order",
                f"Order #{order['number']}",
                now,
            )
    if order["paidAt"] is not None:
        rid = new_id(state, "refunds")
        state["refunds"][rid] = {
            "id": rid,
            "orderId": oid,
            "lines": quantities,
            "amountCents": order_total(order) - refunded_cents(state, oid),
            "restock": restock,
            "reason": "Order cancelled",
            "note": "",
            "status": "refunded",
            "createdAt": stamp,
            "resolvedAt": stamp,
        }


def add_comment(state: State, oid: str, body: str, now: datetime | None = None) -> str:
    _get(state, "orders", oid)
    text = body.strip()
    if not text:
        raise ActionError("Write something to add to the timeline.")
    cid = new_id(state, "comments")
    state["comments"][cid] = {
        "id": cid,
        "orderId": oid,
        "body": text,
        "authorId": state["currentUser"],
        "createdAt": _stamp(now),
    }
    return cid


# -- refunds and returns ------------------------------------------------------------------------
def refunded_cents(state: State, oid: str) -> int:
    return sum(
        r["amountCents"]
        for r in state["refunds"].values()
        if r["orderId"] == oid and r["status"] == "refunded"
    )


def refundable(state: State, oid: str, ignore: str | None = None) -> dict[str, int]:
    """Line key -> units of an order not yet refunded or requested back (``ignore``: a
    request being resolved, whose own units are still available to it)."""
    order = _get(state, "orders", oid)
    left = {k: int(line["quantity"]) for k, line in order["lines"].items()}
    for rid, refund in state["refunds"].items():
        if refund["orderId"] != oid or refund["status"] == "declined" or rid == ignore:
            continue
        for key, qty in refund["lines"].items():
            left[key] = left.get(key, 0) - int(qty)
    return left


def _restock(
    state: State, order: dict[str, Any], lines: dict[str, int], now: datetime | None
) -> None:
    for key, qty in lines.items():
        variant = order["lines"][key]["variantId"]
        if variant in state["variants"]:
            adjust_stock(state, variant, qty, "Returned", f"Order #{order['number']}", now)


def refund_order(
    state: State,
    oid: str,
    lines: dict[str, int],
    amount_cents: int,
    restock: bool,
    reason: str,
    note: str = "",
    now: datetime | None = None,
) -> str:
    """Refund some units (maybe none: a goodwill refund) and an amount on a paid order."""
    order = _get(state, "orders", oid)
    if order["paidAt"] is None:
        raise ActionError(f"Order #{order['number']} was never paid: there is nothing to refund.")
    left = refundable(state, oid)
    lines = {k: q for k, q in lines.items() if q}
    for key, qty in lines.items():
        if key not in left or qty < 0 or qty > left[key]:
            raise ActionError(f"Only {max(left.get(key, 0), 0)} units of that line can go back.")
    room = order_total(order) - refunded_cents(state, oid)
    if amount_cents <= 0 or amount_cents > room:
        raise ActionError(f"The refund must be between $0.01 and {room / 100:,.2f} dollars.")
    stamp = _stamp(now)
    rid = new_id(state, "refunds")
    state["refunds"][rid] = {
        "id": rid,
        "orderId": oid,
        "lines": lines,
        "amountCents": amount_cents,
        "restock": bool(restock and lines),
        "reason": reason,
        "note": note.strip(),
        "status": "refunded",
        "createdAt": stamp,
        "resolvedAt": stamp,
    }
    if restock:
        _restock(state, order, lines, now)
    return rid


def resolve_return(
    state: State,
    rid: str,
    approve: bool,
    restock: bool = False,
    amount_cents: int | None = None,
    now: datetime | None = None,
) -> None:
    """Refund a requested return (its amount, or ``amount_cents``), or decline it."""
    refund = _get(state, "refunds", rid)
    if refund["status"] != "requested":
        raise ActionError("This return has already been resolved.")
    refund["resolvedAt"] = _stamp(now)
    if not approve:
        refund["status"] = "declined"
        return
    order = _get(state, "orders", refund["orderId"])
    amount = refund["amountCents"] if amount_cents is None else amount_cents
    room = order_total(order) - refunded_cents(state, refund["orderId"])
    if amount <= 0 or amount > room:
        raise ActionError(f"The refund must be between $0.01 and {room / 100:,.2f} dollars.")
    refund.update(status="refunded", amountCents=amount, restock=bool(restock))
    if restock:
        _restock(state, order, dict(refund["lines"]), now)


# -- inventory ----------------------------------------------------------------------------------
def adjust_stock(
    state: State,
    vid: str,
    delta: int,
    reason: str,
    note: str = "",
    now: datetime | None = None,
) -> str:
    """Change a variant's units on hand by ``delta`` and log it; stock never goes below 0."""
    variant = _get(state, "variants", vid)
    if delta == 0:
        raise ActionError("An adjustment changes the stock by at least one unit.")
    if variant["stock"] + delta < 0:
        raise ActionError(f"{variant['sku']} has only {variant['stock']} units on hand.")
    variant["stock"] += delta
    aid = new_id(state, "adjustments")
    state["adjustments"][aid] = {
        "id": aid,
        "variantId": vid,
        "delta": delta,
        "reason": reason,
        "note": note.strip(),
        "staffId": state["currentUser"],
        "at": _stamp(now),
    }
    return aid


# -- catalogue ----------------------------------------------------------------------------------
def _sku_free(state: State, sku: str, mine: str | None = None) -> None:
    for vid, variant in state["variants"].items():
        if variant["sku"] == sku and vid != mine:
            raise ActionError(f"The SKU {sku} is already used by another variant.")


def create_product(
    state: State, values: dict[str, Any], variant: dict[str, Any], now: datetime | None = None
) -> str:
    """A new product with its first variant (``name``, ``sku``, ``priceCents``, ``stock``)."""
    pid = new_id(state, "products")
    state["products"][pid] = {"id": pid, **values, "createdAt": _stamp(now)}
    add_variant(state, pid, variant, now)
    return pid


def update_product(state: State, pid: str, values: dict[str, Any]) -> list[str]:
    product = _get(state, "products", pid)
    changed = [k for k, v in values.items() if product.get(k) != v]
    for key in changed:
        product[key] = values[key]
    return changed


def add_variant(state: State, pid: str, values: dict[str, Any], now: datetime | None = None) -> str:
    _get(state, "products", pid)
    _sku_free(state, values["sku"])
    names = {v["name"] for v in state["variants"].values() if v["productId"] == pid}
    if values["name"] in names:
        raise ActionError(f"This product already has a variant {values['name']!r}.")
    vid = new_id(state, "variants")
    stock = int(values.get("stock", 0))
    state["variants"][vid] = {
        "id": vid,
        "productId": pid,
        "name": values["name"],
        "sku": values["sku"],
        "priceCents": values["priceCents"],
        "stock": 0,
    }
    if stock:
        adjust_stock(state, vid, stock, "Received", "Opening stock", now)
    return vid


def update_variant(state: State, vid: str, values: dict[str, Any]) -> list[str]:
    """Edit a variant's name, SKU or price (stock changes go through :func:`adjust_stock`)."""
    variant = _get(state, "variants", vid)
    if "stock" in values:
        raise ActionError("Change stock with an inventory adjustment.")
    if "sku" in values:
        _sku_free(state, values["sku"], mine=vid)
    changed = [k for k, v in values.items() if variant.get(k) != v]
    for key in changed:
        variant[key] = values[key]
    return changed


# -- discounts, customers, settings ---------------------------------------------------------------
def _code_free(state: State, code: str, mine: str | None = None) -> None:
    for did, discount in state["discounts"].items():
        if discount["code"] == code and did != mine:
            raise ActionError(f"The code {code} already exists.")


def create_discount(state: State, values: dict[str, Any], now: datetime | None = None) -> str:
    _code_free(state, values["code"])
    did = new_id(state, "discounts")
    state["discounts"][did] = {
        "id": did,
        "timesUsed": 0,
        "active": True,
        **values,
        "createdAt": _stamp(now),
    }
    return did


def update_discount(state: State, did: str, values: dict[str, Any]) -> list[str]:
    discount = _get(state, "discounts", did)
    if "code" in values:
        _code_free(state, values["code"], mine=did)
    limit = values.get("usageLimit", discount["usageLimit"])
    if limit is not None and limit < discount["timesUsed"]:
        raise ActionError(f"The code was already used {discount['timesUsed']} times.")
    changed = [k for k, v in values.items() if discount.get(k) != v]
    for key in changed:
        discount[key] = values[key]
    return changed


def update_customer(state: State, cid: str, values: dict[str, Any]) -> list[str]:
    customer = _get(state, "customers", cid)
    changed = [k for k, v in values.items() if customer.get(k) != v]
    for key in changed:
        customer[key] = values[key]
    return changed


def update_store(state: State, values: dict[str, Any]) -> list[str]:
    store = state["store"]
    changed = [k for k, v in values.items() if store.get(k) != v]
    for key in changed:
        store[key] = values[key]
    return changed

"""The seed: Larchwood Goods' back office on December 1, 2026, before any task wrote to it.

5 staff, 8 categories, 34 products with 84 variants, 90 customers, 220 orders placed between
September and November 2026 in every status, their refunds and return requests, 10 discount
codes, stock receipts and timeline comments. The vocabularies are in ``_seed_data``; this module
combines them with fixed rules and one fixed RNG, so every call returns an identical fresh
structure.
"""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta
from typing import Any

from cuagym.apps.shop._seed_data import (
    CATALOGUE,
    CATEGORIES,
    CITIES,
    COMMENTS,
    DISCOUNTS,
    FIRST_NAMES,
    LAST_NAMES,
    STAFF,
    STORE_NAME,
    VENDORS,
)

__all__ = ["CURRENT_USER", "SEED_NOW", "build_seed", "order_total", "sku_for", "subtotal"]

CURRENT_USER = "st-mara"
#: the present of the seed world: after its newest record
SEED_NOW = datetime(2026, 12, 1, 15, 0, tzinfo=UTC)
_ORDERS = 220
_CUSTOMERS = 90
_PROVIDERS = ["mailbox.example", "post.example", "inbox.example", "fastmail.example"]

State = dict[str, Any]


def _ts(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _abbr(text: str) -> str:
    words = re.findall(r"[A-Za-z0-9]+", text)
    return "".join(w[:3] if i == 0 else w[0] for i, w in enumerate(words)).upper()


def sku_for(title: str, option: str) -> str:
    """``Enamel Mug`` / ``Sage`` -> ``EMUG-SAG``: the product's and the option's short forms."""
    words = re.findall(r"[A-Za-z0-9]+", title)
    head = (words[0][0] + words[-1][:3] if len(words) > 1 else words[0][:4]).upper()
    if len(words) > 2:
        head = (words[0][0] + words[1][0] + words[-1][:3]).upper()
    return head if option == "Default" else f"{head}-{_abbr(option)}"


def subtotal(order: dict[str, Any]) -> int:
    return sum(line["quantity"] * line["unitPriceCents"] for line in order["lines"].values())


def order_total(order: dict[str, Any]) -> int:
    """What the customer paid: subtotal - discount + shipping, in cents."""
    return subtotal(order) - int(order["discountCents"]) + int(order["shippingCents"])


def _catalogue(rng: random.Random) -> tuple[State, State, State]:
    categories = {
        f"cat-{key}": {"id": f"cat-{key}", "name": name, "description": text}
        for key, name, text in CATEGORIES
    }
    products: State = {}
    variants: State = {}
    start = datetime(2025, 3, 3, 10, 0, tzinfo=UTC)
    for key, items in CATALOGUE.items():
        for title, vendor, dollars, options in items:
            pid = f"prd-{len(products) + 1:04d}"
            status = "active"
            if title in ("Copper Measuring Cups", "Letterpress Cards"):
                status = "draft"
            if title == "Garden Kneeler":
                status = "archived"
            products[pid] = {
                "id": pid,
                "title": title,
                "categoryId": f"cat-{key}",
                "vendor": VENDORS[vendor],
                "description": f"{title} from {VENDORS[vendor]}, made in small batches.",
                "status": status,
                "createdAt": _ts(start + timedelta(days=len(products) * 9, minutes=17)),
            }
            for n, option in enumerate(options):
                vid = f"var-{len(variants) + 1:04d}"
                # bigger sizes cost a little more; a few variants run low
                price = dollars * 100 + n * (1000 if dollars > 90 else 0)
                stock = rng.choice([0, 2, 3, 4, 5]) if rng.random() < 0.22 else rng.randint(6, 64)
                variants[vid] = {
                    "id": vid,
                    "productId": pid,
                    "name": option,
                    "sku": sku_for(title, option),
                    "priceCents": price,
                    "stock": stock,
                }
    return categories, products, variants


def _customers(rng: random.Random) -> State:
    pairs = [(f, last) for f in FIRST_NAMES for last in LAST_NAMES]
    rng.shuffle(pairs)
    out: State = {}
    start = datetime(2025, 5, 1, 12, 0, tzinfo=UTC)
    for i, (first, last) in enumerate(pairs[:_CUSTOMERS], 1):
        cid = f"cus-{i:04d}"
        city, region = CITIES[(i * 7) % len(CITIES)]
        local = re.sub(r"[^a-z]", "", (first + "." + last).lower().replace(".", "_"))
        out[cid] = {
            "id": cid,
            "firstName": first,
            "lastName": last,
            "email": f"{local.replace('_', '.')}@{_PROVIDERS[i % len(_PROVIDERS)]}",
            "phone": f"({200 + (i * 37) % 700}) 555-{(i * 53) % 10000:04d}",
            "city": city,
            "region": region,
            "country": "United States",
            "acceptsMarketing": i % 3 != 0,
            "note": "Prefers plastic-free packaging." if i % 17 == 0 else "",
            "createdAt": _ts(start + timedelta(days=i * 4, hours=i % 9)),
        }
    return out


def _discounts() -> State:
    out: State = {}
    for i, row in enumerate(DISCOUNTS, 1):
        code, kind, value, minimum, starts, ends, limit, used, active = row
        did = f"dsc-{i:04d}"
        out[did] = {
            "id": did,
            "code": code,
            "kind": kind,
            "value": value if kind == "percent" else value * 100,
            "minimumCents": minimum * 100,
            "startsOn": starts,
            "endsOn": ends,
            "usageLimit": limit,
            "timesUsed": used,
            "active": active,
            "createdAt": f"{starts}T08:00:00Z",
        }
    return out


def discount_cents(discount: dict[str, Any], sub: int) -> int:
    """What a code takes off a subtotal (never more than the subtotal)."""
    if discount["kind"] == "percent":
        return min(sub, sub * int(discount["value"]) // 100)
    return min(sub, int(discount["value"]))


def _usable(discount: dict[str, Any], day: str, sub: int) -> bool:
    ends = discount["endsOn"]
    return bool(
        discount["startsOn"] <= day
        and (ends is None or day <= ends)
        and sub >= discount["minimumCents"]
    )


def _status_for(rng: random.Random, age_days: float) -> str:
    if age_days < 1.5:
        return rng.choice(["pending", "pending", "paid"])
    if age_days < 5:
        return rng.choice(["paid", "paid", "shipped", "shipped", "pending"])
    if age_days < 10:
        return rng.choice(["shipped", "shipped", "delivered", "paid"])
    return "cancelled" if rng.random() < 0.05 else "delivered"


def _orders(
    rng: random.Random, variants: State, products: State, customers: State, discounts: State
) -> State:
    sellable = [v for v in variants.values() if products[v["productId"]]["status"] != "draft"]
    start = datetime(2026, 9, 1, 8, 0, tzinfo=UTC)
    span = (SEED_NOW - start).total_seconds() - 3600
    # the holiday season: orders come faster towards December
    moments = sorted(
        start + timedelta(seconds=(rng.random() ** 0.45) * span) for _ in range(_ORDERS)
    )
    cids = sorted(customers)
    # some customers come back often
    weights = [5 if i % 9 == 0 else 1 for i in range(len(cids))]
    out: State = {}
    for n, placed in enumerate(moments):
        oid = f"ord-{1001 + n}"
        lines: State = {}
        for k, variant in enumerate(rng.sample(sellable, k=rng.choice([1, 1, 2, 2, 3, 4])), 1):
            product = products[variant["productId"]]
            title = (
                product["title"]
                if variant["name"] == "Default"
                else (f"{product['title']} - {variant['name']}")
            )
            lines[f"l{k}"] = {
                "variantId": variant["id"],
                "title": title,
                "sku": variant["sku"],
                "quantity": rng.choice([1, 1, 1, 2, 2, 3]),
                "unitPriceCents": variant["priceCents"],
            }
        order: State = {
            "id": oid,
            "number": 1001 + n,
            "customerId": rng.choices(cids, weights=weights)[0],
            "status": "pending",
            "lines": lines,
            "discountCode": None,
            "discountCents": 0,
            "shippingCents": 0,
            "placedAt": _ts(placed),
            "paidAt": None,
            "shippedAt": None,
            "deliveredAt": None,
            "cancelledAt": None,
            "carrier": None,
            "trackingNumber": "",
        }
        sub = subtotal(order)
        day = order["placedAt"][:10]
        if rng.random() < 0.22:
            usable = [d for d in discounts.values() if _usable(d, day, sub)]
            if usable:
                code = rng.choice(sorted(usable, key=lambda d: d["id"]))
                order["discountCode"] = code["code"]
                order["discountCents"] = discount_cents(code, sub)
        order["shippingCents"] = 0 if sub >= 10000 else 695
        age = (SEED_NOW - placed).total_seconds() / 86400
        status = _status_for(rng, age)
        _advance(rng, order, placed, status)
        out[oid] = order
    return out


def _before_now(start: datetime, step: timedelta) -> datetime:
    """``start + step``, but never later than halfway from ``start`` to the seed's present:
    nothing in the seed happens in its future."""
    return min(start + step, start + (SEED_NOW - start) / 2)


def _advance(rng: random.Random, order: State, placed: datetime, status: str) -> None:
    """Fill the timestamps, carrier and tracking of an order that reached ``status``."""
    order["status"] = status
    if status == "pending":
        return
    paid = placed + timedelta(minutes=rng.randint(2, 90))
    if status == "cancelled":
        order["cancelledAt"] = _ts(_before_now(paid, timedelta(hours=rng.randint(2, 20))))
        if rng.random() < 0.5:
            order["paidAt"] = _ts(paid)
        return
    order["paidAt"] = _ts(paid)
    if status == "paid":
        return
    shipped = _before_now(paid, timedelta(hours=rng.randint(18, 60)))
    order["shippedAt"] = _ts(shipped)
    order["carrier"] = rng.choice(["Parcelway", "Northpost", "SwiftShip", "Courier Express"])
    order["trackingNumber"] = f"{order['carrier'][:2].upper()}{rng.randint(10**9, 10**10 - 1)}"
    if status == "delivered":
        order["deliveredAt"] = _ts(_before_now(shipped, timedelta(days=rng.randint(2, 5), hours=3)))


def _refunds(rng: random.Random, orders: State) -> State:
    out: State = {}
    reasons = ["Damaged", "Wrong item", "Not as described", "Changed mind", "Late delivery"]
    notes = [
        "Photo of the damage attached to the customer's e-mail.",
        "Customer will send the item back with the prepaid label.",
        "",
        "",
        "Second request from this customer this year.",
    ]
    delivered = sorted(o for o, v in orders.items() if v["status"] == "delivered")
    picked = rng.sample(delivered, k=20)
    for i, oid in enumerate(picked):
        order = orders[oid]
        key = rng.choice(sorted(order["lines"]))
        line = order["lines"][key]
        qty = rng.randint(1, line["quantity"])
        status = "requested" if i < 8 else ("declined" if i < 10 else "refunded")
        when = datetime.fromisoformat(order["deliveredAt"]) + timedelta(days=rng.randint(1, 6))
        if status == "requested":
            when = max(when, SEED_NOW - timedelta(days=rng.randint(1, 6), hours=2))
        when = min(when, SEED_NOW - timedelta(hours=1 + i))
        rid = f"ref-{i + 1:04d}"
        out[rid] = {
            "id": rid,
            "orderId": oid,
            "lines": {key: qty},
            "amountCents": qty * line["unitPriceCents"],
            "restock": status == "refunded" and i % 2 == 0,
            "reason": reasons[i % len(reasons)],
            "note": notes[i % len(notes)],
            "status": status,
            "createdAt": _ts(when),
            "resolvedAt": None if status == "requested" else _ts(when + timedelta(hours=20)),
        }
    for oid in sorted(orders):
        order = orders[oid]
        if order["status"] == "cancelled" and order["paidAt"]:
            rid = f"ref-{len(out) + 1:04d}"
            out[rid] = {
                "id": rid,
                "orderId": oid,
                "lines": {k: v["quantity"] for k, v in order["lines"].items()},
                "amountCents": order_total(order),
                "restock": True,
                "reason": "Order cancelled",
                "note": "",
                "status": "refunded",
                "createdAt": order["cancelledAt"],
                "resolvedAt": order["cancelledAt"],
            }
    return out


def _adjustments(rng: random.Random, variants: State) -> State:
    out: State = {}
    start = datetime(2026, 9, 3, 9, 0, tzinfo=UTC)
    vids = sorted(variants)
    for i in range(70):
        vid = rng.choice(vids)
        aid = f"adj-{i + 1:04d}"
        reason = "Received" if i % 6 else rng.choice(["Damaged", "Correction", "Lost"])
        delta = rng.randint(6, 36) if reason == "Received" else -rng.randint(1, 3)
        out[aid] = {
            "id": aid,
            "variantId": vid,
            "delta": delta,
            "reason": reason,
            "note": f"Purchase order PO-{3100 + i}" if reason == "Received" else "",
            "staffId": "st-jonah" if i % 4 else "st-theo",
            "at": _ts(start + timedelta(hours=i * 29 + rng.randint(0, 5))),
        }
    return out


def _comments(rng: random.Random, orders: State) -> State:
    out: State = {}
    picked = sorted(rng.sample(sorted(orders), k=24))
    for i, oid in enumerate(picked, 1):
        placed = datetime.fromisoformat(orders[oid]["placedAt"])
        cid = f"cmt-{i:04d}"
        out[cid] = {
            "id": cid,
            "orderId": oid,
            "body": COMMENTS[i % len(COMMENTS)],
            "authorId": ["st-theo", "st-priya", "st-mara"][i % 3],
            "createdAt": _ts(min(placed + timedelta(minutes=45), SEED_NOW)),
        }
    return out


def build_seed() -> State:
    """A fresh copy of the seed state (valid against the schema and the invariants)."""
    rng = random.Random("larchwood-goods")
    categories, products, variants = _catalogue(rng)
    customers = _customers(rng)
    discounts = _discounts()
    orders = _orders(rng, variants, products, customers, discounts)
    return {
        "store": {
            "name": STORE_NAME,
            "currency": "USD",
            "lowStockThreshold": 5,
            "shippingCents": 695,
        },
        "currentUser": CURRENT_USER,
        "staff": {
            f"st-{short}": {"id": f"st-{short}", "name": name, "role": role, "avatarColor": c}
            for short, name, role, c in STAFF
        },
        "categories": categories,
        "products": products,
        "variants": variants,
        "customers": customers,
        "orders": orders,
        "refunds": _refunds(rng, orders),
        "discounts": discounts,
        "adjustments": _adjustments(rng, variants),
        "comments": _comments(rng, orders),
        "ui": {"recentOrders": []},
    }

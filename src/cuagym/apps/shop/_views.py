"""View models: what the screens show, derived from the state (never stored).

Money, dates, an order's totals and payment/fulfilment badges, a customer's lifetime figures
and the dashboard's sales figures are computed here, so every screen shows a value the same way.
The dashboard reads "today" from the data (the day of the newest order), so the figures of a
world do not drift with the wall clock.
"""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime, timedelta
from typing import Any

from cuagym.apps.shop._ops import refundable, refunded_cents
from cuagym.apps.shop._seed import order_total, subtotal
from cuagym.apps.webkit.forms import format_money, money_input

__all__ = [
    "NAV",
    "STATUS_LABELS",
    "as_of",
    "customer_name",
    "customer_stats",
    "dashboard",
    "fmt_date",
    "fmt_ts",
    "low_stock",
    "order_row",
    "order_view",
    "shell",
    "variant_rows",
]

State = dict[str, Any]
NAV = (
    ("home", "Home", "/"),
    ("orders", "Orders", "/orders"),
    ("returns", "Returns", "/returns"),
    ("products", "Products", "/products"),
    ("inventory", "Inventory", "/inventory"),
    ("customers", "Customers", "/customers"),
    ("discounts", "Discounts", "/discounts"),
    ("settings", "Settings", "/settings"),
)
#: what each order status is called on screen (payment and fulfilment in one word)
STATUS_LABELS = {
    "pending": "Payment pending",
    "paid": "Unfulfilled",
    "shipped": "Shipped",
    "delivered": "Delivered",
    "cancelled": "Cancelled",
}


def fmt_date(value: str | None) -> str:
    """``2026-12-18`` (or a timestamp) -> ``Dec 18, 2026``."""
    if not value:
        return ""
    day = date.fromisoformat(value[:10])
    return f"{day:%b} {day.day}, {day.year}"


def fmt_ts(value: str | None) -> str:
    """A stored UTC timestamp as ``Nov 20, 2026, 3:05 PM``."""
    if not value:
        return ""
    moment = datetime.fromisoformat(value)
    clock = f"{moment.hour % 12 or 12}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"
    return f"{moment:%b} {moment.day}, {moment.year}, {clock}"


def customer_name(state: State, cid: str) -> str:
    c = state["customers"].get(cid)
    return f"{c['firstName']} {c['lastName']}" if c else "—"


def order_row(state: State, order: dict[str, Any]) -> dict[str, Any]:
    """One order as a table row (flat keys the kit's table sorts and searches)."""
    customer = state["customers"].get(order["customerId"], {})
    refunded = refunded_cents(state, order["id"])
    return {
        "id": order["id"],
        "number": order["number"],
        "label": f"#{order['number']}",
        "placedAt": order["placedAt"],
        "customer": customer_name(state, order["customerId"]),
        "email": customer.get("email", ""),
        "status": order["status"],
        "statusLabel": STATUS_LABELS[order["status"]],
        "items": sum(line["quantity"] for line in order["lines"].values()),
        "total": order_total(order),
        "refunded": refunded,
    }


def order_view(state: State, oid: str) -> dict[str, Any]:
    """Everything the order page shows: lines with what is left to refund, totals, timeline."""
    order = state["orders"][oid]
    left = refundable(state, oid)
    lines = []
    for key, line in order["lines"].items():
        variant = state["variants"].get(line["variantId"])
        lines.append(
            {
                "key": key,
                **line,
                "total": line["quantity"] * line["unitPriceCents"],
                "left": max(left.get(key, 0), 0),
                "productId": variant["productId"] if variant else None,
            }
        )
    refunds = sorted(
        (r for r in state["refunds"].values() if r["orderId"] == oid), key=lambda r: r["createdAt"]
    )
    staff = state["staff"]
    events: list[dict[str, Any]] = [{"at": order["placedAt"], "text": "Order placed", "who": None}]
    for stamp, text in (
        ("paidAt", "Payment captured"),
        ("shippedAt", f"Shipped with {order['carrier']} · {order['trackingNumber']}"),
        ("deliveredAt", "Delivered"),
        ("cancelledAt", "Order cancelled"),
    ):
        if order[stamp]:
            events.append({"at": order[stamp], "text": text, "who": None})
    for r in refunds:
        what = {
            "requested": "Return requested",
            "refunded": "Refunded",
            "declined": "Return declined",
        }
        events.append(
            {
                "at": r["createdAt"],
                "who": None,
                "text": f"{what[r['status']]}: {format_money(r['amountCents'])} ({r['reason']})",
            }
        )
    for c in state["comments"].values():
        if c["orderId"] == oid:
            who = staff.get(c["authorId"], {}).get("name", "—")
            events.append({"at": c["createdAt"], "text": c["body"], "who": who})
    events.sort(key=lambda e: e["at"], reverse=True)
    sub = subtotal(order)
    refunded = refunded_cents(state, oid)
    total = order_total(order)
    return {
        "order": order,
        "lines": lines,
        "refunds": refunds,
        "events": events,
        "subtotal": sub,
        "total": total,
        "refunded": refunded,
        "net": total - refunded,
        "refundable": any(line["left"] for line in lines) or refunded < total,
        "status_label": STATUS_LABELS[order["status"]],
    }


def customer_stats(state: State, cid: str) -> dict[str, Any]:
    orders = sorted(
        (o for o in state["orders"].values() if o["customerId"] == cid),
        key=lambda o: o["placedAt"],
        reverse=True,
    )
    kept = [o for o in orders if o["status"] != "cancelled"]
    spent = sum(order_total(o) - refunded_cents(state, o["id"]) for o in kept)
    return {
        "orders": [order_row(state, o) for o in orders],
        "count": len(kept),
        "spent": spent,
        "average": spent // len(kept) if kept else 0,
        "last": orders[0]["placedAt"] if orders else None,
    }


def variant_rows(state: State) -> list[dict[str, Any]]:
    """Every variant with its product and category, for the inventory table."""
    threshold = state["store"]["lowStockThreshold"]
    rows = []
    for v in state["variants"].values():
        product = state["products"].get(v["productId"], {})
        rows.append(
            {
                **v,
                "product": product.get("title", "—"),
                "productStatus": product.get("status", ""),
                "category": state["categories"]
                .get(product.get("categoryId", ""), {})
                .get("name", ""),
                "level": "out" if v["stock"] == 0 else ("low" if v["stock"] <= threshold else "ok"),
                "price": money_input(v["priceCents"]),
            }
        )
    rows.sort(key=lambda r: (r["product"], r["id"]))
    return rows


def low_stock(state: State) -> list[dict[str, Any]]:
    """Active products' variants at or under the low-stock threshold, emptiest first."""
    rows = [r for r in variant_rows(state) if r["level"] != "ok" and r["productStatus"] == "active"]
    return sorted(rows, key=lambda r: (r["stock"], r["sku"]))


def as_of(state: State) -> date:
    """The world's "today": the day of its newest order (or of the seed's present)."""
    newest = max((o["placedAt"] for o in state["orders"].values()), default="2026-12-01")
    return date.fromisoformat(newest[:10])


def dashboard(state: State) -> dict[str, Any]:
    """Sales figures over the last 30 days, a 14-day chart, top products, work waiting."""
    today = as_of(state)
    start = (today - timedelta(days=29)).isoformat()
    sold = [o for o in state["orders"].values() if o["status"] != "cancelled"]
    recent = [o for o in sold if o["placedAt"][:10] >= start]
    gross = sum(order_total(o) for o in recent)
    refunds = sum(
        r["amountCents"]
        for r in state["refunds"].values()
        if r["status"] == "refunded" and r["createdAt"][:10] >= start
    )
    days: list[dict[str, Any]] = []
    for back in range(13, -1, -1):
        day = (today - timedelta(days=back)).isoformat()
        todays = [o for o in sold if o["placedAt"][:10] == day]
        days.append(
            {
                "day": day,
                "label": fmt_date(day)[:6],
                "orders": len(todays),
                "sales": sum(order_total(o) for o in todays),
            }
        )
    top = max((int(d["sales"]) for d in days), default=0) or 1
    for d in days:
        d["pct"] = round(100 * d["sales"] / top)
    units: Counter[str] = Counter()
    for o in recent:
        for line in o["lines"].values():
            variant = state["variants"].get(line["variantId"])
            if variant:
                units[variant["productId"]] += line["quantity"]
    best = [(state["products"][pid], n) for pid, n in units.most_common(5)]
    return {
        "as_of": today.isoformat(),
        "gross": gross,
        "net": gross - refunds,
        "refunds": refunds,
        "orders": len(recent),
        "average": gross // len(recent) if recent else 0,
        "days": days,
        "best": best,
        "to_fulfil": sum(1 for o in state["orders"].values() if o["status"] == "paid"),
        "pending": sum(1 for o in state["orders"].values() if o["status"] == "pending"),
        "returns": sum(1 for r in state["refunds"].values() if r["status"] == "requested"),
        "low": low_stock(state)[:8],
    }


def shell(state: State, active: str) -> dict[str, Any]:
    """Context every screen needs: the store, the signed-in person, the side navigation."""
    me = state["staff"].get(state["currentUser"], {"name": "Unknown", "avatarColor": "#5b6470"})
    badges = {
        "orders": sum(1 for o in state["orders"].values() if o["status"] in ("pending", "paid")),
        "returns": sum(1 for r in state["refunds"].values() if r["status"] == "requested"),
    }
    return {
        "store": state["store"],
        "me": {**me, "color": me.get("avatarColor")},
        "nav_items": NAV,
        "nav_badges": badges,
        "active": active,
        "money": format_money,
        "money_input": money_input,
        "fmt_date": fmt_date,
        "fmt_ts": fmt_ts,
        "status_labels": STATUS_LABELS,
        "pairs": _pairs,
    }


def _pairs(values: list[str] | tuple[str, ...], title: bool = False) -> list[tuple[str, str]]:
    """A picklist's (value, label) choices: the values themselves, or title-cased."""
    return [(v, v.title() if title else v) for v in values]

"""Every screen renders, and every UI action, driven like a browser (forms, cookie), changes
exactly what it should, checked through the reward's /go."""

from __future__ import annotations

import re

import pytest

from tests.apps.shop.conftest import ShopClient

SCREENS = [
    "/",
    "/orders",
    "/orders?status=paid&sort=total&desc=1",
    "/orders?q=1042",
    "/orders/ord-1200",
    "/orders/ord-1010/refund",
    "/returns",
    "/returns?tab=declined",
    "/products",
    "/products?status=draft",
    "/products/prd-0001",
    "/products/prd-0001?variant=var-0001",
    "/products/new",
    "/inventory?level=low",
    "/inventory?tab=history",
    "/customers",
    "/customers/cus-0001",
    "/discounts",
    "/discounts/new",
    "/discounts/dsc-0001",
    "/settings",
    "/search?q=mug",
]


async def test_every_screen_renders_one_heading_and_changes_nothing(shop: ShopClient) -> None:
    for path in SCREENS:
        r = await shop.get(path)
        assert r.status_code == 200, path
        assert len(re.findall(r"<h1[ >]", r.text)) == 1, path
    assert await shop.diff() == {}
    assert (await shop.current())["ui"]["recentOrders"][0] == "ord-1200"  # volatile


async def test_unknown_records_are_404(shop: ShopClient) -> None:
    for path in ["/orders/ord-9", "/products/prd-9", "/customers/cus-9", "/discounts/dsc-9"]:
        assert (await shop.get(path)).status_code == 404


def order_in(state: dict, status: str) -> str:
    return next(k for k, o in sorted(state["orders"].items()) if o["status"] == status)


async def test_pay_fulfil_and_deliver_an_order(shop: ShopClient) -> None:
    state = await shop.current()
    oid = order_in(state, "pending")
    assert (await shop.post(f"/orders/{oid}/pay")).status_code == 303
    r = await shop.post(f"/orders/{oid}/fulfil", {"carrier": "Northpost", "tracking": "np55501234"})
    assert r.status_code == 303
    page = await shop.get(f"/orders/{oid}")
    assert "NP55501234" in page.text and 'data-testid="toast"' in page.text
    await shop.post(f"/orders/{oid}/deliver")
    diff = await shop.diff()
    assert diff[f"orders.{oid}.status"]["new"] == "delivered"
    assert diff[f"orders.{oid}.trackingNumber"]["new"] == "NP55501234"


async def test_a_bad_tracking_number_is_refused_and_changes_nothing(shop: ShopClient) -> None:
    oid = order_in(await shop.current(), "paid")
    r = await shop.post(f"/orders/{oid}/fulfil", {"carrier": "Northpost", "tracking": "x"})
    assert r.status_code == 400 and "tracking number" in r.text
    assert await shop.diff() == {}


async def test_refund_form_errors_inline_then_refunds(shop: ShopClient) -> None:
    state = await shop.current()
    oid = next(
        k
        for k, o in sorted(state["orders"].items())
        if o["status"] == "delivered"
        and not any(r["orderId"] == k for r in state["refunds"].values())
    )
    key, line = next(iter(state["orders"][oid]["lines"].items()))
    bad = await shop.post(
        f"/orders/{oid}/refund", {f"qty-{key}": "99", "amount": "abc", "reason": "Damaged"}
    )
    assert bad.status_code == 400
    assert f'data-testid="error-qty-{key}"' in bad.text and 'data-testid="error-amount"' in bad.text
    assert await shop.diff() == {}
    ok = await shop.post(
        f"/orders/{oid}/refund",
        {f"qty-{key}": "1", "amount": "", "reason": "Damaged", "restock": "1"},
    )
    assert ok.status_code == 303
    diff = await shop.diff()
    (path,) = [p for p in diff if p.startswith("refunds.")]
    refund = diff[path]["new"]
    assert refund["amountCents"] == line["unitPriceCents"] and refund["lines"] == {key: 1}
    assert (
        diff[f"variants.{line['variantId']}.stock"]["new"]
        == diff[f"variants.{line['variantId']}.stock"]["old"] + 1
    )


@pytest.mark.parametrize("verdict", ["approve", "decline"])
async def test_the_returns_queue(shop: ShopClient, verdict: str) -> None:
    state = await shop.current()
    rid = next(k for k, r in sorted(state["refunds"].items()) if r["status"] == "requested")
    r = await shop.post(f"/returns/{rid}/{verdict}", {"amount": "", "restock": ""})
    assert r.status_code == 303
    diff = await shop.diff()
    assert diff[f"refunds.{rid}.status"]["new"] == (
        "refunded" if verdict == "approve" else "declined"
    )
    assert not any(p.startswith("variants.") for p in diff)


async def test_inventory_adjust_and_set(shop: ShopClient) -> None:
    stock = (await shop.current())["variants"]["var-0003"]["stock"]
    await shop.post(
        "/inventory/var-0003/adjust",
        {"mode": "add", "qty": "7", "reason": "Received", "note": "PO-9"},
    )
    await shop.post(
        "/inventory/var-0003/adjust", {"mode": "set", "qty": "3", "reason": "Correction"}
    )
    diff = await shop.diff()
    assert diff["variants.var-0003.stock"] == {"op": "changed", "old": stock, "new": 3}
    assert len([p for p in diff if p.startswith("adjustments.")]) == 2
    r = await shop.post(
        "/inventory/var-0003/adjust", {"mode": "add", "qty": "-50", "reason": "Lost"}
    )
    assert r.status_code == 400


async def test_products_variants_discounts_customers_settings(shop: ShopClient) -> None:
    r = await shop.post(
        "/products/new",
        {
            "title": "",
            "categoryId": "cat-bath",
            "status": "draft",
            "name": "Default",
            "sku": "bad sku",
            "price": "x",
            "stock": "0",
        },
    )
    assert (
        r.status_code == 400
        and 'data-testid="error-title"' in r.text
        and 'data-testid="error-sku"' in r.text
    )
    r = await shop.post(
        "/products/new",
        {
            "title": "Linen Napkins",
            "categoryId": "cat-kitchen",
            "status": "active",
            "vendor": "",
            "name": "Set of 4",
            "sku": "LNAP-4",
            "price": "24",
            "stock": "10",
        },
    )
    assert r.status_code == 303 and "/shop/products/prd-" in r.headers["location"]
    await shop.post(
        "/products/prd-0001/variants",
        {"new-name": "Forest", "new-sku": "EMUG-FOR", "new-price": "19.50", "new-stock": "4"},
    )
    await shop.post("/variants/var-0001", {"name": "Sage", "sku": "EMUG-SAG", "price": "21.00"})
    await shop.post(
        "/discounts/new",
        {
            "code": "snow15",
            "kind": "percent",
            "value": "15",
            "startsOn": "2026-12-10",
            "endsOn": "2026-12-31",
            "usageLimit": "100",
            "active": "1",
        },
    )
    await shop.post("/customers/cus-0002", {"note": "VIP", "acceptsMarketing": "1"})
    await shop.post(
        "/settings", {"name": "Larchwood Goods", "lowStockThreshold": "8", "shipping": "7.95"}
    )
    state = await shop.current()
    assert state["variants"]["var-0001"]["priceCents"] == 2100
    assert any(d["code"] == "SNOW15" and d["value"] == 15 for d in state["discounts"].values())
    assert state["customers"]["cus-0002"]["note"] == "VIP"
    assert state["store"]["lowStockThreshold"] == 8 and state["store"]["shippingCents"] == 795
    assert any(v["sku"] == "EMUG-FOR" and v["stock"] == 4 for v in state["variants"].values())
    bad = await shop.post(
        "/discounts/new",
        {"code": "SNOW15", "kind": "percent", "value": "150", "startsOn": "2026-12-10"},
    )
    assert bad.status_code == 400 and 'data-testid="error-value"' in bad.text

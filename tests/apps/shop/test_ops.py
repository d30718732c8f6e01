"""The state operations behind every action: the order path, refunds, returns, stock."""

from __future__ import annotations

from typing import Any

import pytest

from cuagym.apps.shop import ops


def first(state: dict[str, Any], status: str) -> str:
    return next(k for k, o in sorted(state["orders"].items()) if o["status"] == status)


def test_the_order_path_moves_forward_only(seed: dict[str, Any]) -> None:
    oid = first(seed, "pending")
    with pytest.raises(ops.ActionError):
        ops.fulfil_order(seed, oid, "Parcelway", "PW1234567890")  # not paid yet
    ops.mark_paid(seed, oid)
    ops.fulfil_order(seed, oid, "Parcelway", " pw1234567890 ")
    order = seed["orders"][oid]
    assert (order["status"], order["carrier"], order["trackingNumber"]) == (
        "shipped",
        "Parcelway",
        "PW1234567890",
    )
    with pytest.raises(ops.ActionError):
        ops.cancel_order(seed, oid, True)  # it has shipped
    ops.mark_delivered(seed, oid)
    assert order["status"] == "delivered" and order["deliveredAt"]


def test_cancelling_a_paid_order_refunds_it_in_full_and_restocks(seed: dict[str, Any]) -> None:
    oid = first(seed, "paid")
    order = seed["orders"][oid]
    before = {
        line["variantId"]: seed["variants"][line["variantId"]]["stock"]
        for line in order["lines"].values()
    }
    ops.cancel_order(seed, oid, restock=True)
    refund = next(r for r in seed["refunds"].values() if r["orderId"] == oid)
    assert refund["amountCents"] == ops.order_total(order) and refund["reason"] == "Order cancelled"
    for line in order["lines"].values():
        assert (
            seed["variants"][line["variantId"]]["stock"]
            == before[line["variantId"]] + line["quantity"]
        )


def test_a_partial_refund_restocks_only_when_asked(seed: dict[str, Any]) -> None:
    oid = next(
        k
        for k, o in sorted(seed["orders"].items())
        if o["status"] == "delivered"
        and not any(r["orderId"] == k for r in seed["refunds"].values())
    )
    key, line = next(iter(seed["orders"][oid]["lines"].items()))
    vid = line["variantId"]
    stock = seed["variants"][vid]["stock"]
    ops.refund_order(seed, oid, {key: 1}, line["unitPriceCents"], False, "Damaged")
    assert seed["variants"][vid]["stock"] == stock
    left = ops.refundable(seed, oid)[key]
    if left:
        ops.refund_order(seed, oid, {key: 1}, 100, True, "Changed mind")
        assert seed["variants"][vid]["stock"] == stock + 1
    with pytest.raises(ops.ActionError):
        ops.refund_order(seed, oid, {key: line["quantity"] + 1}, 100, False, "Other")
    with pytest.raises(ops.ActionError):
        ops.refund_order(seed, oid, {}, ops.order_total(seed["orders"][oid]) + 1, False, "Other")


def test_resolving_a_return(seed: dict[str, Any]) -> None:
    requested = sorted(k for k, r in seed["refunds"].items() if r["status"] == "requested")
    ops.resolve_return(seed, requested[0], approve=True, restock=True)
    assert seed["refunds"][requested[0]]["status"] == "refunded"
    ops.resolve_return(seed, requested[1], approve=False)
    assert seed["refunds"][requested[1]]["status"] == "declined"
    with pytest.raises(ops.ActionError):
        ops.resolve_return(seed, requested[1], approve=True)


def test_stock_never_goes_negative_and_every_change_is_logged(seed: dict[str, Any]) -> None:
    vid = "var-0001"
    stock = seed["variants"][vid]["stock"]
    aid = ops.adjust_stock(seed, vid, 5, "Received", "PO-1")
    assert seed["variants"][vid]["stock"] == stock + 5
    assert seed["adjustments"][aid]["delta"] == 5 and seed["adjustments"][aid]["note"] == "PO-1"
    with pytest.raises(ops.ActionError):
        ops.adjust_stock(seed, vid, -(stock + 6), "Lost")


def test_catalogue_and_discount_rules(seed: dict[str, Any]) -> None:
    taken = seed["variants"]["var-0002"]["sku"]
    with pytest.raises(ops.ActionError):
        ops.update_variant(seed, "var-0001", {"sku": taken})
    vid = ops.add_variant(
        seed, "prd-0001", {"name": "Forest", "sku": "EMUG-FOR", "priceCents": 1800, "stock": 12}
    )
    assert seed["variants"][vid]["stock"] == 12
    used = next(k for k, d in seed["discounts"].items() if d["timesUsed"] > 1)
    with pytest.raises(ops.ActionError):
        ops.update_discount(seed, used, {"usageLimit": 1})
    with pytest.raises(ops.ActionError):
        ops.create_discount(
            seed,
            {
                "code": seed["discounts"][used]["code"],
                "kind": "percent",
                "value": 5,
                "minimumCents": 0,
                "startsOn": "2027-01-01",
                "endsOn": None,
                "usageLimit": None,
            },
        )

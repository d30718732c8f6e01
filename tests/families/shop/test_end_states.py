"""shop rewards against wrong end states: each scores below 1.0, for the reason written next to it.

Every mistake is something an RL policy plausibly does instead of the task, applied with the
app's own ops (a state the UI could leave) to the initial or the gold state; the family's real
reward.py scores it in its own process against a live hub (``web_end_states``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cuagym.apps.shop import ShopApp
from cuagym.apps.shop.ops import (
    add_comment,
    adjust_stock,
    cancel_order,
    create_discount,
    fulfil_order,
    mark_delivered,
    refund_order,
    refundable,
    resolve_return,
    update_discount,
)
from cuagym.domains import load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.shop.test_cross import MISTAKES as CROSS_MISTAKES
from tests.families.web_end_states import EndStates, Mistake, State

domain = load_domain("shop")

SEED = 1
P = dict[str, Any]


@pytest.fixture(scope="module")
def end_states(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EndStates]:
    hub = Hub(apps=[ShopApp()], token="end-states-token")
    url, stop = serve_in_thread(hub.asgi())
    live = LiveHub(url=url, token=hub.token, hub=hub)
    try:
        yield EndStates("shop", live, tmp_path_factory.mktemp("shop"))
    finally:
        stop()


def order(state: State, number: int) -> str:
    return next(str(k) for k, o in state["orders"].items() if o["number"] == number)


def variant(state: State, sku: str) -> str:
    return next(str(k) for k, v in state["variants"].items() if v["sku"] == sku)


def line_of(state: State, oid: str, sku: str) -> str:
    return next(k for k, line in state["orders"][oid]["lines"].items() if line["sku"] == sku)


def other_paid(state: State, number: int) -> str:
    return next(
        k
        for k, o in sorted(state["orders"].items())
        if o["status"] == "paid" and o["number"] != number
    )


# -- fulfil-order ---------------------------------------------------------------------------------
def wrong_order_shipped(state: State, p: P) -> None:
    fulfil_order(state, other_paid(state, p["number"]), p["carrier"], p["tracking"])


def tracking_one_digit_off(state: State, p: P) -> None:
    last = "0" if p["tracking"][-1] != "0" else "1"
    fulfil_order(state, order(state, p["number"]), p["carrier"], p["tracking"][:-1] + last)


def shipped_and_delivered(state: State, p: P) -> None:
    mark_delivered(state, order(state, p["number"]))


def shipped_with_comment(state: State, p: P) -> None:
    add_comment(state, order(state, p["number"]), "Shipped today.")


# -- receive-stock --------------------------------------------------------------------------------
def received_on_namesake(state: State, p: P) -> None:
    vid = variant(state, p["sku"])
    other = next(
        k
        for k, v in sorted(state["variants"].items())
        if v["productId"] == state["variants"][vid]["productId"] and k != vid
    )
    adjust_stock(state, other, p["units"], "Received", p["po"])


def set_to_units(state: State, p: P) -> None:
    vid = variant(state, p["sku"])
    delta = p["units"] - state["variants"][vid]["stock"]
    adjust_stock(state, vid, delta, "Correction", p["po"])


def received_twice(state: State, p: P) -> None:
    adjust_stock(state, variant(state, p["sku"]), p["units"], "Received", p["po"])


def no_po_note(state: State, p: P) -> None:
    adjust_stock(state, variant(state, p["sku"]), p["units"], "Received", "")


# -- partial-refund -------------------------------------------------------------------------------
def refund(state: State, p: P, **over: Any) -> None:
    oid = order(state, p["number"])
    key = line_of(state, oid, p["sku"])
    args = {
        "units": p["units"],
        "amount": p["amount_cents"],
        "restock": p["restock"],
        "reason": p["reason"],
    } | over
    refund_order(
        state,
        oid,
        {key: args["units"]} if args["units"] else {},
        args["amount"],
        args["restock"],
        args["reason"],
    )


def refund_restock_flipped(state: State, p: P) -> None:
    refund(state, p, restock=not p["restock"])


def refund_amount_short(state: State, p: P) -> None:
    refund(state, p, amount=p["amount_cents"] - 100)


def refund_without_units(state: State, p: P) -> None:
    refund(state, p, units=0)


def refund_reason_other(state: State, p: P) -> None:
    refund(state, p, reason="Other")


# -- create-discount ------------------------------------------------------------------------------
def discount(p: P, **over: Any) -> dict[str, Any]:
    values = {
        "code": p["code"],
        "kind": p["kind"],
        "value": p["value"],
        "minimumCents": p["minimum_cents"],
        "startsOn": p["starts_on"],
        "endsOn": p["ends_on"],
        "usageLimit": p["usage_limit"],
        "active": True,
    }
    return values | over


def discount_wrong_kind(state: State, p: P) -> None:
    other = "fixed" if p["kind"] == "percent" else "percent"
    value = p["value"] if other == "fixed" else 10
    create_discount(state, discount(p, kind=other, value=value))


def discount_no_end(state: State, p: P) -> None:
    create_discount(state, discount(p, endsOn=None))


def discount_plus_old_one_edited(state: State, p: P) -> None:
    old = next(k for k, d in sorted(state["discounts"].items()) if d["code"] != p["code"])
    update_discount(state, old, {"active": not state["discounts"][old]["active"]})


def discount_inactive(state: State, p: P) -> None:
    create_discount(state, discount(p, active=False))


# -- resolve-return -------------------------------------------------------------------------------
def the_request(state: State, p: P) -> str:
    oid = order(state, p["number"])
    return next(
        k for k, r in state["refunds"].items() if r["orderId"] == oid and r["status"] == "requested"
    )


def return_opposite_verdict(state: State, p: P) -> None:
    resolve_return(state, the_request(state, p), not p["approve"], restock=False)


def return_other_request(state: State, p: P) -> None:
    mine = the_request(state, p)
    other = next(
        k for k, r in sorted(state["refunds"].items()) if r["status"] == "requested" and k != mine
    )
    resolve_return(state, other, p["approve"], p["restock"])


def return_right_plus_comment(state: State, p: P) -> None:
    add_comment(state, order(state, p["number"]), "Return handled.")


# -- refund-latest-order --------------------------------------------------------------------------
def customer_orders(state: State, p: P) -> list[dict[str, Any]]:
    cid = next(
        k
        for k, c in state["customers"].items()
        if (c["firstName"], c["lastName"]) == (p["first"], p["last"])
    )
    return sorted(
        (o for o in state["orders"].values() if o["customerId"] == cid), key=lambda o: o["placedAt"]
    )


def refunded_older_order(state: State, p: P) -> None:
    older, key = next(
        (o, k)
        for o in reversed(customer_orders(state, p)[:-1])
        if o["paidAt"]
        for k, left in refundable(state, o["id"]).items()
        if left > 0
    )
    line = older["lines"][key]
    units = refundable(state, older["id"])[key]
    refund_order(state, older["id"], {key: units}, units * line["unitPriceCents"], False, "Damaged")


def latest_refunded_but_restocked(state: State, p: P) -> None:
    latest = customer_orders(state, p)[-1]
    key = next(k for k, line in latest["lines"].items() if line["title"] == p["item"])
    line = latest["lines"][key]
    refund_order(
        state,
        latest["id"],
        {key: line["quantity"]},
        line["quantity"] * line["unitPriceCents"],
        True,
        "Damaged",
    )


def latest_one_unit_short(state: State, p: P) -> None:
    latest = customer_orders(state, p)[-1]
    key = next(k for k, line in latest["lines"].items() if line["title"] == p["item"])
    line = latest["lines"][key]
    refund_order(
        state,
        latest["id"],
        {key: line["quantity"]},
        line["quantity"] * line["unitPriceCents"] - 50,
        False,
        "Damaged",
    )


# -- restock-out-of-stock -------------------------------------------------------------------------
def sold_out(state: State, p: P, active_only: bool = True) -> list[str]:
    cat = next(k for k, c in state["categories"].items() if c["name"] == p["category"])
    return sorted(
        k
        for k, v in state["variants"].items()
        if v["stock"] == 0
        and state["products"][v["productId"]]["categoryId"] == cat
        and (not active_only or state["products"][v["productId"]]["status"] == "active")
    )


def restocked_all_but_one(state: State, p: P) -> None:
    for vid in sold_out(state, p)[1:]:
        adjust_stock(state, vid, p["units"], "Received", p["po"])


def restocked_low_ones_too(state: State, p: P) -> None:
    low = next(k for k, v in sorted(state["variants"].items()) if 0 < v["stock"] <= 5)
    adjust_stock(state, low, p["units"], "Received", p["po"])


def restocked_wrong_count(state: State, p: P) -> None:
    for vid in sold_out(state, p):
        adjust_stock(state, vid, p["units"] + 1, "Received", p["po"])


# -- cancel-unpaid --------------------------------------------------------------------------------
def pending(state: State) -> list[dict[str, Any]]:
    return sorted(
        (o for o in state["orders"].values() if o["status"] == "pending"),
        key=lambda o: o["placedAt"],
    )


def cancelled_newest_instead(state: State, p: P) -> None:
    for o in pending(state)[-p["count"] :]:
        cancel_order(state, o["id"], True)


def cancelled_without_restock(state: State, p: P) -> None:
    for o in pending(state)[: p["count"]]:
        cancel_order(state, o["id"], False)


def cancelled_one_too_many(state: State, p: P) -> None:
    cancel_order(state, pending(state)[0]["id"], True)


MISTAKES = [
    Mistake(
        "fulfil-order",
        "init",
        wrong_order_shipped,
        (0, 0),
        "nothing_else_changed",
        "another paid order shipped with the tracking",
    ),
    Mistake(
        "fulfil-order",
        "init",
        tracking_one_digit_off,
        (0.75, 0.75),
        "tracking",
        "the tracking number mistyped",
    ),
    Mistake(
        "fulfil-order",
        "gold",
        shipped_and_delivered,
        (0, 0.5),
        "shipped",
        "marked delivered as well",
    ),
    Mistake(
        "fulfil-order",
        "gold",
        shipped_with_comment,
        (0, 0),
        "nothing_else_changed",
        "an unasked comment on the timeline",
    ),
    Mistake(
        "receive-stock",
        "init",
        received_on_namesake,
        (0, 0),
        "stock",
        "the units booked on another option of the product",
    ),
    Mistake(
        "receive-stock",
        "init",
        set_to_units,
        (0, 0.25),
        "stock",
        "the count set to the delivery instead of adding it",
    ),
    Mistake(
        "receive-stock",
        "gold",
        received_twice,
        (0, 0),
        "one_adjustment",
        "the delivery booked twice",
    ),
    Mistake(
        "receive-stock",
        "init",
        no_po_note,
        (0.75, 0.75),
        "purchase_order_noted",
        "the purchase order left out of the note",
    ),
    Mistake(
        "partial-refund",
        "init",
        refund_restock_flipped,
        (0, 0),
        "*",
        "restocked when told not to, or the other way round",
    ),
    Mistake(
        "partial-refund",
        "init",
        refund_amount_short,
        (5 / 7, 5 / 7),
        "amount",
        "a dollar less refunded",
    ),
    Mistake(
        "partial-refund",
        "init",
        refund_without_units,
        (0, 0.75),
        "units",
        "the money refunded but no units returned",
    ),
    Mistake(
        "partial-refund",
        "init",
        refund_reason_other,
        (6 / 7, 6 / 7),
        "reason",
        "the reason left as Other",
    ),
    Mistake(
        "create-discount",
        "init",
        discount_wrong_kind,
        (0, 0.8),
        "offer",
        "a fixed amount instead of a percentage (or the reverse)",
    ),
    Mistake("create-discount", "init", discount_no_end, (0.75, 0.75), "dates", "no end date"),
    Mistake(
        "create-discount",
        "gold",
        discount_plus_old_one_edited,
        (0, 0),
        "nothing_else_changed",
        "another code switched on or off as well",
    ),
    Mistake(
        "create-discount",
        "init",
        discount_inactive,
        (0.875, 0.875),
        "active",
        "the code created disabled",
    ),
    Mistake(
        "resolve-return",
        "init",
        return_opposite_verdict,
        (0, 0.5),
        "resolved",
        "approved when told to decline, or the reverse",
    ),
    Mistake(
        "resolve-return",
        "init",
        return_other_request,
        (0, 0),
        "*",
        "another customer's return resolved",
    ),
    Mistake(
        "resolve-return",
        "gold",
        return_right_plus_comment,
        (0, 0),
        "nothing_else_changed",
        "an unasked comment on the order",
    ),
    Mistake(
        "refund-latest-order",
        "init",
        refunded_older_order,
        (0, 0),
        "*",
        "an older order of the customer refunded",
    ),
    Mistake(
        "refund-latest-order",
        "init",
        latest_refunded_but_restocked,
        (0, 0),
        "*",
        "the broken goods put back in stock",
    ),
    Mistake(
        "refund-latest-order",
        "init",
        latest_one_unit_short,
        (5 / 7, 5 / 7),
        "amount",
        "50 cents short of the full line",
    ),
    Mistake(
        "restock-out-of-stock",
        "init",
        restocked_all_but_one,
        (0, 0.8),
        "received_*",
        "one sold-out variant missed",
    ),
    Mistake(
        "restock-out-of-stock",
        "gold",
        restocked_low_ones_too,
        (0, 0),
        "*",
        "a low but not empty variant received as well",
    ),
    Mistake(
        "restock-out-of-stock",
        "init",
        restocked_wrong_count,
        (0, 0),
        "received_*",
        "one unit too many each",
    ),
    Mistake(
        "cancel-unpaid",
        "init",
        cancelled_newest_instead,
        (0, 0.5),
        "cancelled_*",
        "the newest unpaid orders cancelled instead of the oldest",
    ),
    Mistake(
        "cancel-unpaid",
        "init",
        cancelled_without_restock,
        (0, 0.8),
        "restocked",
        "cancelled but the items not restocked",
    ),
    Mistake(
        "cancel-unpaid",
        "gold",
        cancelled_one_too_many,
        (0, 0),
        "nothing_else_changed",
        "one newer unpaid order cancelled too",
    ),
]


def test_every_family_has_three_wrong_end_states() -> None:
    # The cross-app family's wrong end states (in either app) live with it in test_cross.
    every = [m.family for m in MISTAKES] + [m[0] for m in CROSS_MISTAKES]
    for family in domain.families:
        assert every.count(family.id) >= 3, family.id


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.name)
def test_a_wrong_end_state_scores_below_one(mistake: Mistake, end_states: EndStates) -> None:
    end_states.check(domain.family(mistake.family), SEED, mistake)

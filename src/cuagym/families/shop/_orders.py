"""Task families on orders: fulfil one, refund part of one, resolve a return request, refund
a customer's latest order, cancel the oldest unpaid orders."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.shop import CARRIERS, REFUND_REASONS, build_seed, format_money
from cuagym.apps.shop.ops import cancel_order, fulfil_order, refund_order, resolve_return
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams
from cuagym.families.shop._base import ME, ShopFamily
from cuagym.families.shop._common import GEN_NOW, build_world, order_of

__all__ = ["CancelUnpaid", "FulfilOrder", "PartialRefund", "RefundLatestOrder", "ResolveReturn"]

State = dict[str, Any]
_PREFIX = {"Parcelway": "PW", "Northpost": "NP", "SwiftShip": "SS", "Courier Express": "CE"}


def _name(state: State, cid: str) -> str:
    c = state["customers"][cid]
    return f"{c['firstName']} {c['lastName']}"


def _untouched(state: State, oid: str) -> bool:
    """An order no refund or return request has touched yet."""
    return not any(r["orderId"] == oid for r in state["refunds"].values())


# -- fulfil an order ----------------------------------------------------------------------------
_FULFIL_FRAMES = (
    "Order #{number} for {customer} has been packed and handed to {carrier}. Mark it as "
    "shipped with tracking number {tracking}.",
    "Fulfil order #{number} ({customer}): it went out with {carrier}, tracking {tracking}.",
    "{carrier} picked up {customer}'s order #{number} this morning. Record the shipment in "
    "the store admin with the tracking number {tracking}.",
    "Please ship order #{number} in the back office: carrier {carrier}, tracking number "
    "{tracking}. It belongs to {customer}.",
    "The label for #{number} ({customer}) is printed: {carrier}, tracking {tracking}. Mark "
    "that order fulfilled so the customer gets the tracking.",
)


class FulfilOrderParams(TaskParams):
    number: int
    customer: str
    carrier: str
    tracking: str


class FulfilOrder(ShopFamily):
    id: ClassVar[str] = "fulfil-order"
    params_type = FulfilOrderParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("orders", "fulfilment", "ship")
    checks = ("fulfil_order",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        order = rng.choice([o for _, o in sorted(seed["orders"].items()) if o["status"] == "paid"])
        carrier = rng.choice(CARRIERS)
        tracking = f"{_PREFIX[carrier]}{rng.randint(10**9, 10**10 - 1)}"
        customer = _name(seed, order["customerId"])
        frame = rng.choice(_FULFIL_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                number=order["number"], customer=customer, carrier=carrier, tracking=tracking
            ),
            f"The store admin of Larchwood Goods is open; you are signed in as {ME}. Order "
            f"#{order['number']} of {customer} is paid and waiting to be shipped.",
            number=order["number"],
            customer=customer,
            carrier=carrier,
            tracking=tracking,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = FulfilOrderParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        fulfil_order(gold, order_of(gold, p.number), p.carrier, p.tracking, GEN_NOW)
        return self.scripts(world, gold)


# -- refund part of an order --------------------------------------------------------------------
_REFUND_FRAMES = (
    "{customer} is returning {units} × {item} ({sku}) from order #{number}. Refund "
    "{amount} for them with the reason {reason}, and {restock_text}.",
    "Issue a refund on order #{number}: {units} unit(s) of {item} (SKU {sku}), {amount}, "
    "reason {reason}. The goods {restock_clause}.",
    "Order #{number} ({customer}): refund {amount} for {units} × {sku} ({item}), reason "
    "{reason}; {restock_text}.",
    "We agreed to take back {units} of the {item} ({sku}) that {customer} bought in order "
    "#{number}. Refund {amount}, reason {reason}, and {restock_text}.",
    "Please process a partial refund for {customer}, order #{number}: {units} × {item} "
    "({sku}) for {amount}, reason {reason}. The returned units {restock_clause}.",
)


class PartialRefundParams(TaskParams):
    number: int
    customer: str
    item: str
    sku: str
    units: int
    amount_cents: int
    reason: str
    restock: bool


class PartialRefund(ShopFamily):
    id: ClassVar[str] = "partial-refund"
    params_type = PartialRefundParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("returns", "refunds", "partial-refund")
    checks = ("partial_refund", "_refund")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        orders = [
            o
            for oid, o in sorted(seed["orders"].items())
            if o["status"] == "delivered" and _untouched(seed, oid) and len(o["lines"]) > 1
        ]
        order = rng.choice(orders)
        key = rng.choice(sorted(order["lines"]))
        line = order["lines"][key]
        units = rng.randint(1, line["quantity"])
        restock = rng.random() < 0.5
        reason = rng.choice([r for r in REFUND_REASONS if r not in ("Order cancelled", "Other")])
        customer = _name(seed, order["customerId"])
        amount = units * line["unitPriceCents"]
        frame = rng.choice(_REFUND_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                customer=customer,
                units=units,
                item=line["title"],
                sku=line["sku"],
                number=order["number"],
                amount=format_money(amount),
                reason=reason,
                restock_text="put them back in stock" if restock else "do not restock them",
                restock_clause="go back into stock" if restock else "are not restocked",
            ),
            f"You are {ME} in the store admin of Larchwood Goods. Order #{order['number']} of "
            f"{customer} was delivered; it has {len(order['lines'])} lines, among them "
            f"{line['quantity']} × {line['title']} at {format_money(line['unitPriceCents'])}.",
            number=order["number"],
            customer=customer,
            item=line["title"],
            sku=line["sku"],
            units=units,
            amount_cents=amount,
            reason=reason,
            restock=restock,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = PartialRefundParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        oid = order_of(gold, p.number)
        key = next(k for k, line in gold["orders"][oid]["lines"].items() if line["sku"] == p.sku)
        refund_order(gold, oid, {key: p.units}, p.amount_cents, p.restock, p.reason, now=GEN_NOW)
        return self.scripts(world, gold)


# -- resolve a return request -------------------------------------------------------------------
_RETURN_FRAMES = (
    "In the returns queue, {verdict_text} the return request on order #{number} from "
    "{customer}{restock_tail}.",
    "{customer} asked to return items from order #{number}. {verdict_cap} that request"
    "{restock_tail}.",
    "Please handle the pending return for order #{number} ({customer}): {verdict_text} it"
    "{restock_tail}.",
    "Decision on {customer}'s return (order #{number}): {verdict_text} it{restock_tail}.",
    "Work the returns queue: the request on #{number} by {customer} should be "
    "{verdict_past}{restock_tail}.",
)


class ResolveReturnParams(TaskParams):
    number: int
    customer: str
    approve: bool
    restock: bool
    amount_cents: int


class ResolveReturn(ShopFamily):
    id: ClassVar[str] = "resolve-return"
    params_type = ResolveReturnParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("returns", "queue", "resolve-return")
    checks = ("resolve_return",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        requests = [r for _, r in sorted(seed["refunds"].items()) if r["status"] == "requested"]
        request = rng.choice(requests)
        order = seed["orders"][request["orderId"]]
        approve = rng.random() < 0.7
        restock = approve and rng.random() < 0.5
        customer = _name(seed, order["customerId"])
        amount = format_money(request["amountCents"])
        tail = ""
        if approve:
            tail = (
                f", refunding the requested {amount} and putting the items back in stock"
                if restock
                else f", refunding the requested {amount} without restocking"
            )
        frame = rng.choice(_RETURN_FRAMES)
        verdict = "approve" if approve else "decline"
        return self.make_task(
            task_id,
            frame.format(
                number=order["number"],
                customer=customer,
                verdict_text=verdict,
                verdict_cap=verdict.title(),
                restock_tail=tail,
                verdict_past="refunded" if approve else "declined",
            ),
            f"You are {ME} in the store admin of Larchwood Goods. {customer} requested a return "
            f"on order #{order['number']} ({request['reason']}), worth {amount}; it waits in "
            f"the returns queue.",
            number=order["number"],
            customer=customer,
            approve=approve,
            restock=restock,
            amount_cents=request["amountCents"],
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ResolveReturnParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        oid = order_of(gold, p.number)
        rid = next(
            r
            for r, v in gold["refunds"].items()
            if v["orderId"] == oid and v["status"] == "requested"
        )
        resolve_return(gold, rid, p.approve, p.restock, now=GEN_NOW)
        return self.scripts(world, gold)


# -- refund a customer's latest order (hard) ----------------------------------------------------
_LATEST_FRAMES = (
    "{customer} from {city} says the “{item}” in their most recent order arrived broken. "
    "Refund that line in full (every unit of it) with the reason Damaged, and do not put it "
    "back in stock.",
    "A customer, {customer} ({city}), complained that the “{item}” from their latest order "
    "was damaged in transit. Give a full refund for that item on that order, reason Damaged, "
    "without restocking.",
    "Find the newest order of {customer} of {city} and refund the “{item}” on it completely "
    "(all its units, at the price paid); reason Damaged, no restock since the goods are "
    "broken.",
    "{customer} in {city} sent photos: the “{item}” in the last order they placed is "
    "smashed. Refund the whole line as Damaged; the units must not go back into stock.",
    "Please refund, in full and as Damaged, the “{item}” that {customer} ({city}) received "
    "in their most recent order. It cannot be resold, so leave the stock as it is.",
)


class RefundLatestOrderParams(TaskParams):
    first: str
    last: str
    city: str
    item: str
    #: the order the agent has to find (the customer's newest); not stated, derived
    number: int


class RefundLatestOrder(ShopFamily):
    id: ClassVar[str] = "refund-latest-order"
    params_type = RefundLatestOrderParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("customers", "profile", "order-history")
    also_covers: ClassVar[tuple[str, ...]] = ("shop:returns/refunds/partial-refund",)
    checks = ("refund_latest_order", "_refund")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        picks = []
        for cid in sorted(seed["customers"]):
            mine = sorted(
                (o for o in seed["orders"].values() if o["customerId"] == cid),
                key=lambda o: o["placedAt"],
            )
            if (
                len(mine) >= 2
                and mine[-1]["status"] == "delivered"
                and _untouched(seed, mine[-1]["id"])
            ):
                picks.append((cid, mine[-1]))
        cid, order = rng.choice(picks)
        line = order["lines"][rng.choice(sorted(order["lines"]))]
        c = seed["customers"][cid]
        customer = f"{c['firstName']} {c['lastName']}"
        frame = rng.choice(_LATEST_FRAMES)
        return self.make_task(
            task_id,
            frame.format(customer=customer, city=c["city"], item=line["title"]),
            f"You are {ME} in the store admin of Larchwood Goods. {customer} of {c['city']}, "
            f"{c['region']} has ordered from the store more than once.",
            first=c["firstName"],
            last=c["lastName"],
            city=c["city"],
            item=line["title"],
            number=order["number"],
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = RefundLatestOrderParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        oid = order_of(gold, p.number)
        key, line = next(
            (k, v) for k, v in gold["orders"][oid]["lines"].items() if v["title"] == p.item
        )
        amount = line["quantity"] * line["unitPriceCents"]
        refund_order(gold, oid, {key: line["quantity"]}, amount, False, "Damaged", now=GEN_NOW)
        return self.scripts(world, gold)


# -- cancel the oldest unpaid orders (hard) -----------------------------------------------------
_CANCEL_FRAMES = (
    "Payment never arrived for our oldest unpaid orders. Cancel the {count} oldest orders "
    "that are still waiting for payment and put their items back in stock.",
    "Clean up the orders stuck in Payment pending: the {count} that have waited longest "
    "should be cancelled, with their units returned to inventory. Leave the newer ones.",
    "Cancel the {count} oldest payment-pending orders (restocking everything on them); "
    "the more recent unpaid orders stay as they are.",
    "We give customers a day to pay. Cancel the {count} unpaid orders placed earliest and "
    "restock their items; don't touch any other order.",
    "Among the orders awaiting payment, the {count} oldest are abandoned. Cancel them and "
    "make sure their items go back into stock.",
)


class CancelUnpaidParams(TaskParams):
    count: int


class CancelUnpaid(ShopFamily):
    id: ClassVar[str] = "cancel-unpaid"
    params_type = CancelUnpaidParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("orders", "fulfilment", "cancel")
    checks = ("cancel_unpaid",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        pending = sum(1 for o in seed["orders"].values() if o["status"] == "pending")
        count = rng.randint(2, pending - 2)
        frame = rng.choice(_CANCEL_FRAMES)
        return self.make_task(
            task_id,
            frame.format(count=count),
            f"You are {ME} in the store admin of Larchwood Goods. {pending} orders are waiting "
            f"for payment; nothing has been paid on them.",
            count=count,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = CancelUnpaidParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        pending = sorted(
            (o for o in gold["orders"].values() if o["status"] == "pending"),
            key=lambda o: o["placedAt"],
        )
        for order in pending[: p.count]:
            cancel_order(gold, order["id"], True, GEN_NOW)
        return self.scripts(world, gold)

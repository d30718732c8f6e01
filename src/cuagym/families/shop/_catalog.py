"""Task families on the catalogue and marketing: receive stock for one variant, restock a
category's sold-out variants, create a discount code."""

from __future__ import annotations

import copy
import random
from datetime import date, timedelta
from typing import Any, ClassVar

from cuagym.apps.shop import build_seed, format_money, long_date
from cuagym.apps.shop.ops import adjust_stock, create_discount
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams, family_rng
from cuagym.families.shop._base import ME, ShopFamily
from cuagym.families.shop._common import GEN_NOW, build_world, variant_of

__all__ = ["CreateDiscount", "ReceiveStock", "RestockOutOfStock"]

State = dict[str, Any]


def _po(rng: random.Random) -> str:
    return f"PO-{rng.randint(4100, 4999)}"


# -- receive stock ------------------------------------------------------------------------------
_RECEIVE_FRAMES = (
    "A delivery just came in: {units} units of {product} ({option}, SKU {sku}) on purchase "
    "order {po}. Add them to the stock, as received, noting the purchase order.",
    "Record that we received {units} × {sku} ({product} – {option}). Log it as Received "
    "with the note {po}.",
    "Purchase order {po} arrived with {units} more {product} in {option} ({sku}). Update "
    "the inventory: a Received adjustment with the PO number as its note.",
    "Stock up {sku} ({product}, {option}) by {units} units received today; the "
    "adjustment's note should be {po}.",
    "Please book {units} units of {product} / {option} (SKU {sku}) into inventory as "
    "Received, with {po} in the note.",
)


class ReceiveStockParams(TaskParams):
    product: str
    option: str
    sku: str
    units: int
    po: str


class ReceiveStock(ShopFamily):
    id: ClassVar[str] = "receive-stock"
    params_type = ReceiveStockParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("inventory", "stock", "adjust-stock")
    checks = ("receive_stock",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        variant = rng.choice(
            [
                v
                for _, v in sorted(seed["variants"].items())
                if seed["products"][v["productId"]]["status"] == "active"
            ]
        )
        product = seed["products"][variant["productId"]]["title"]
        units, po = rng.randint(6, 48), _po(rng)
        frame = rng.choice(_RECEIVE_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                units=units, product=product, option=variant["name"], sku=variant["sku"], po=po
            ),
            f"You are {ME} in the store admin of Larchwood Goods. {product} is sold in several "
            f"options; {variant['name']} has the SKU {variant['sku']}.",
            product=product,
            option=variant["name"],
            sku=variant["sku"],
            units=units,
            po=po,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ReceiveStockParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        adjust_stock(gold, variant_of(gold, p.sku), p.units, "Received", p.po, GEN_NOW)
        return self.scripts(world, gold)


# -- restock a category's sold-out variants (hard) ----------------------------------------------
_RESTOCK_FRAMES = (
    "Our supplier refilled everything in {category} that had sold out: {units} units of "
    "each out-of-stock variant arrived on {po}. Receive them into inventory, one Received "
    "adjustment per variant with the note {po}.",
    "Every active {category} variant that is out of stock now has {units} units again "
    "(delivery {po}). Record those receipts as Received, noting {po}.",
    "Purchase order {po} brought {units} units for each sold-out variant of our active "
    "{category} products. Book them in as received with {po} as the note.",
    "Restock the {category} category: each active variant with zero units gets the "
    "{units} units that just came in on {po} (reason Received, note {po}).",
    "Find the {category} variants that are out of stock (active products only) and add "
    "the {units} units per variant that {po} delivered; log each as Received with the note "
    "{po}.",
)


class RestockOutOfStockParams(TaskParams):
    category: str
    units: int
    po: str


def _sold_out(state: State, category: str) -> list[str]:
    """Active variants of a category with no units on hand."""
    cat = next(c for c, v in state["categories"].items() if v["name"] == category)
    return sorted(
        vid
        for vid, v in state["variants"].items()
        if v["stock"] == 0
        and state["products"][v["productId"]]["categoryId"] == cat
        and state["products"][v["productId"]]["status"] == "active"
    )


class RestockOutOfStock(ShopFamily):
    id: ClassVar[str] = "restock-out-of-stock"
    params_type = RestockOutOfStockParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("inventory", "stock", "sold-out")
    checks = ("restock_out_of_stock",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        category = rng.choice(sorted(c["name"] for c in seed["categories"].values()))
        units, po = rng.choice([12, 18, 24, 30, 36]), _po(rng)
        frame = rng.choice(_RESTOCK_FRAMES)
        return self.make_task(
            task_id,
            frame.format(category=category, units=units, po=po),
            f"You are {ME} in the store admin of Larchwood Goods. Some active variants in the "
            f"{category} category have sold out; other variants are low but not empty.",
            category=category,
            units=units,
            po=po,
        )

    def world(self, task: TaskConfig) -> State:
        """The varied seed with two or three of the category's active variants sold out."""
        p = RestockOutOfStockParams.of(task)
        world = build_world(task)
        rng = family_rng(task, "sold-out")
        cat = next(c for c, v in world["categories"].items() if v["name"] == p.category)
        active = sorted(
            vid
            for vid, v in world["variants"].items()
            if world["products"][v["productId"]]["categoryId"] == cat
            and world["products"][v["productId"]]["status"] == "active"
        )
        for vid in rng.sample(active, k=min(len(active) - 1, rng.randint(2, 3))):
            world["variants"][vid]["stock"] = 0
        return world

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = RestockOutOfStockParams.of(task)
        world = self.world(task)
        gold = copy.deepcopy(world)
        for vid in _sold_out(gold, p.category):
            adjust_stock(gold, vid, p.units, "Received", p.po, GEN_NOW)
        return self.scripts(world, gold)


# -- create a discount code ---------------------------------------------------------------------
_DISCOUNT_FRAMES = (
    "Set up the discount code {code}: {offer} on orders of at least {minimum}, valid from "
    "{starts} to {ends}, usable {limit} times in total.",
    "Marketing needs a new code, {code}, giving {offer} (minimum subtotal {minimum}). It "
    "runs {starts} through {ends} and may be used {limit} times.",
    "Create {code} in Discounts: {offer}, for orders from {minimum} up, starting {starts} "
    "and ending {ends}, with a usage limit of {limit}.",
    "Please add an active discount {code} worth {offer} on subtotals of {minimum} or more; "
    "it should start on {starts}, end on {ends} and stop after {limit} uses.",
    "For the newsletter, make the code {code} ({offer}; orders over {minimum}) valid between "
    "{starts} and {ends}, limited to {limit} redemptions.",
)
_CODE_WORDS = ["WINTER", "COZY", "HEARTH", "GIFT", "SNOWFALL", "PANTRY", "LINEN", "CAMP"]


class CreateDiscountParams(TaskParams):
    code: str
    kind: str
    #: percent off, or cents off for a fixed discount
    value: int
    minimum_cents: int
    starts_on: str
    ends_on: str
    usage_limit: int


class CreateDiscount(ShopFamily):
    id: ClassVar[str] = "create-discount"
    params_type = CreateDiscountParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("marketing", "discounts", "create-discount")
    checks = ("create_discount",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        kind = rng.choice(["percent", "fixed"])
        value = rng.choice([10, 15, 20, 25]) if kind == "percent" else rng.choice([5, 10, 15]) * 100
        code = f"{rng.choice(_CODE_WORDS)}{value if kind == 'percent' else value // 100}"
        minimum = rng.choice([25, 40, 50, 75, 100]) * 100
        start = date(2026, 12, 2) + timedelta(days=rng.randint(0, 20))
        end = start + timedelta(days=rng.randint(7, 45))
        limit = rng.choice([50, 100, 150, 200, 300])
        offer = f"{value}% off" if kind == "percent" else f"{format_money(value)} off"
        frame = rng.choice(_DISCOUNT_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                code=code,
                offer=offer,
                minimum=format_money(minimum),
                starts=long_date(start.isoformat()),
                ends=long_date(end.isoformat()),
                limit=limit,
            ),
            f"You are {ME} in the store admin of Larchwood Goods. No discount code called "
            f"{code} exists yet; a {kind} discount is entered as "
            + ("a percentage." if kind == "percent" else "an amount in dollars."),
            code=code,
            kind=kind,
            value=value,
            minimum_cents=minimum,
            starts_on=start.isoformat(),
            ends_on=end.isoformat(),
            usage_limit=limit,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = CreateDiscountParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        values = {
            "code": p.code,
            "kind": p.kind,
            "value": p.value,
            "minimumCents": p.minimum_cents,
            "startsOn": p.starts_on,
            "endsOn": p.ends_on,
            "usageLimit": p.usage_limit,
            "active": True,
        }
        create_discount(gold, values, GEN_NOW)
        return self.scripts(world, gold)

"""A discount promised in a CRM deal becomes a code in the store admin (apps: crm, shop).

The store sells to companies too (staff gifts): its sales rep keeps those deals in the CRM. One
hub session holds both apps' states; the CRM belongs to the store (its company and signed-in
user are the store's). The won deal's latest note spells out the code the customer was
promised; the agent reads it there and creates the code in the store admin. The reward reads
both apps' ``/go``: the shop must hold exactly that discount, the CRM nothing new.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any, ClassVar

from cuagym.apps import crm as crm_app
from cuagym.apps import shop as shop_app
from cuagym.apps.shop import REWARD_LIBRARY, WORLD_NOW, format_money, long_date
from cuagym.apps.shop.ops import create_discount
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.cross._web_cross import patch_script, record_edits, setup_script
from cuagym.families.cross.shop._oracle_cross import CROSS_ORACLES
from cuagym.scripts import WEB_LIBRARIES, inlined, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = ["DiscountFromDeal"]

State = dict[str, Any]

_FRAMES = (
    "We promised {account} a discount code when we won “{deal}”; its terms are in the deal's "
    "latest note in the CRM. Create that code in the store admin exactly as the note states.",
    "Set up in the store the discount code the CRM deal “{deal}” ({account}) promised: code, "
    "offer, minimum order, dates and usage limit as written in the deal's note.",
    "The note on the won opportunity “{deal}” lists a discount for {account}'s staff. Make "
    "that code in Discounts with the same code, offer, minimum, validity and limit.",
    "Please create the {account} discount agreed in “{deal}” (see the opportunity's note in "
    "the CRM) so their staff can use it at checkout, with every term the note gives.",
    "Our sales rep closed “{deal}” with {account} and noted the promised discount code on the "
    "deal. Enter that code in the store admin as noted: offer, minimum subtotal, start and end "
    "dates, usage limit.",
)
_WORDS = ["TEAM", "STAFF", "CREW", "THANKS", "GIFT", "CORP"]


class DiscountFromDealParams(TaskParams):
    deal: str
    account: str
    code: str
    kind: str
    value: int
    minimum_cents: int
    starts_on: str
    ends_on: str
    usage_limit: int


def _note(p: DiscountFromDealParams) -> str:
    offer = f"{p.value}% off" if p.kind == "percent" else f"{format_money(p.value)} off"
    return (f"Agreed with {p.account}: their staff get the store code {p.code}, {offer} orders "
            f"of at least {format_money(p.minimum_cents)}, valid {long_date(p.starts_on)} to "
            f"{long_date(p.ends_on)}, {p.usage_limit} uses in total.")  # fmt: skip


class DiscountFromDeal(TaskFamily):
    """A won CRM deal's note promises a discount code: the agent reads it in the CRM and creates
    the code in the store admin."""

    id: ClassVar[str] = "discount-from-deal"
    domain: ClassVar[str] = "shop"
    params_type = DiscountFromDealParams
    apps: ClassVar[tuple[str, ...]] = ("crm", "shop")
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("marketing", "discounts", "from-deal")
    also_covers: ClassVar[tuple[str, ...]] = ("crm:opportunities/edit/deal-terms",)

    def oracle(self, task: TaskConfig) -> Policy | None:
        return CROSS_ORACLES[self.id](task)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The CRM, then the store admin on top (where the code goes)."""
        return [StartWindow(app="crm", page="/"), StartWindow(app="shop", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = crm_app.build_seed()
        deal = rng.choice([o for _, o in sorted(seed["opportunities"].items())
                           if o["stage"] == "Closed Won"])  # fmt: skip
        account = seed["accounts"][deal["accountId"]]["name"]
        kind = rng.choice(["percent", "fixed"])
        value = rng.choice([10, 15, 20]) if kind == "percent" else rng.choice([10, 20, 25]) * 100
        code = f"{rng.choice(_WORDS)}{value if kind == 'percent' else value // 100}"
        start = date(2026, 12, 3) + timedelta(days=rng.randint(0, 14))
        end = start + timedelta(days=rng.randint(14, 60))
        p = DiscountFromDealParams(
            deal=deal["name"], account=account, code=code, kind=kind, value=value,
            minimum_cents=rng.choice([30, 50, 80]) * 100, starts_on=start.isoformat(),
            ends_on=end.isoformat(), usage_limit=rng.choice([40, 60, 120]),
        )  # fmt: skip
        frame = rng.choice(_FRAMES)
        return self.make_task(
            task_id,
            frame.format(account=account, deal=deal["name"]),
            f"The CRM and the Larchwood Goods store admin are open, both signed in as the same "
            f"person. The won deal “{deal['name']}” with {account} carries the note “{_note(p)}” "
            f"A {kind} discount is entered in the store as "
            + ("a percentage." if kind == "percent" else "an amount in dollars."),
            **p.model_dump(),
        )

    def worlds(self, task: TaskConfig) -> tuple[State, State]:
        """``(crm, shop)``: the deal with its note in the CRM, the store without the code."""
        p = DiscountFromDealParams.of(task)
        crm = crm_app.build_seed()
        oid = next(k for k, o in crm["opportunities"].items() if o["name"] == p.deal)
        crm = crm_app.varied_seed(family_rng(task, "world"), protect={oid})
        shop = shop_app.varied_seed(family_rng(task, "world"))
        # one company, one person: the CRM is the store's, its user the signed-in staff member
        crm["org"]["name"] = shop["store"]["name"]
        crm["users"][crm["currentUser"]]["name"] = shop["staff"][shop["currentUser"]]["name"]
        when = WORLD_NOW - timedelta(days=family_rng(task, "inject").randint(1, 4))
        crm_app.ops.create_note(crm, "opportunity", oid, "Staff discount code", _note(p), now=when)
        return crm, shop

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = DiscountFromDealParams.of(task)
        crm, shop = self.worlds(task)
        gold = copy.deepcopy(shop)
        values = {"code": p.code, "kind": p.kind, "value": p.value,
                  "minimumCents": p.minimum_cents, "startsOn": p.starts_on, "endsOn": p.ends_on,
                  "usageLimit": p.usage_limit, "active": True}  # fmt: skip
        create_discount(gold, values, WORLD_NOW)
        worlds = {"crm": crm, "shop": shop}
        return GeneratedScripts(
            initial_setup=setup_script(worlds, task.task_id),
            golden_patch=patch_script({"shop": record_edits(shop, gold)}, task.task_id),
        )

    def write_reward(self, task: TaskConfig) -> str:
        body = "\n".join([
            inlined_file("cuagym.families.cross.shop._checks", "discount_from_deal.py"),
            # the discount checks of the single-app family (read as text, not imported)
            inlined_file("cuagym.families.shop._checks", "create_discount.py"),
        ])  # fmt: skip
        return compose_reward(
            header=f"# reward.py - {task.task_id}",
            imports="import json\n",
            libraries=[*WEB_LIBRARIES, inlined(REWARD_LIBRARY)],
            constants=f"P = json.loads({json.dumps(dict(task.params or {}), sort_keys=True)!r})",
            read=_READ,
            body=body,
        )


_READ = """
data = hub_state("shop")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
cdiff = hub_state("crm")["state_diff"]
"""

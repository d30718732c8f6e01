"""A customer's e-mail becomes a refund in the store admin (apps: mail, shop).

One hub session holds both apps' states (:mod:`cuagym.families.cross._web_cross`); the two
worlds belong to one person: the mailbox's owner is the staff member signed in to the store
admin. The customer writes about one line of a delivered order: broken goods (refunded as
Damaged, not restocked) or the wrong size sent back unused (refunded as Wrong item, restocked).
The reward reads both apps' ``/go``: the shop must hold exactly that refund, the mailbox, which
the task only reads, nothing new.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from datetime import timedelta
from typing import Any, ClassVar

from cuagym.apps import mail as mail_app
from cuagym.apps import shop as shop_app
from cuagym.apps.shop import REWARD_LIBRARY, WORLD_NOW, build_seed, format_money
from cuagym.apps.shop.ops import refund_order
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.cross._web_cross import patch_script, record_edits, setup_script
from cuagym.families.cross.shop._oracle_cross import CROSS_ORACLES
from cuagym.scripts import WEB_LIBRARIES, inlined, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = ["RefundFromComplaint"]

State = dict[str, Any]

_FRAMES = (
    "{customer} emailed about order #{number}. Refund in the store admin what the email says "
    "went wrong, at the price paid, with the matching reason (Damaged for broken goods, "
    "Wrong item for an unused item sent back); only unused items go back into stock.",
    "Deal with the message from {customer} in the mailbox: refund the units of order "
    "#{number} they write about, for what they paid, as Damaged if broken (not restocked) or "
    "Wrong item if returned unused (restocked).",
    "A customer, {customer}, wrote in about order #{number}. Issue the refund their email "
    "asks for in the store admin: just the units it names, at their price; broken goods are "
    "refunded as Damaged and stay out of stock, unused returns as Wrong item and are "
    "restocked.",
    "Read {customer}'s email on order #{number} and refund it in the back office: the "
    "affected units at the price paid, reason Damaged (no restock) when they arrived broken, "
    "Wrong item (restocked) when they come back unused.",
    "Please process the refund {customer} requested by email for order #{number}: only the "
    "units the email names, their full price, reason Damaged without restocking for broken "
    "items or Wrong item with restocking for unused ones.",
)


def _said(kind: str, units: int, item: str) -> str:
    if kind == "damaged":
        return (
            f"{units} of the {item} arrived broken - the box was crushed and they are "
            "in pieces. I'd like a refund for them, please; there is nothing to send back."
        )
    return (
        f"you sent me {units} × {item}, but that isn't what I ordered. I'm returning "
        "them unused in the original packaging - could you refund them?"
    )


class RefundFromComplaintParams(TaskParams):
    number: int
    customer: str
    email: str
    subject: str
    item: str
    sku: str
    units: int
    amount_cents: int
    reason: str
    restock: bool


class RefundFromComplaint(TaskFamily):
    """A customer's email about a delivered order: the agent reads it and refunds the units it
    names, deciding the reason and the restock from what the email says."""

    id: ClassVar[str] = "refund-from-complaint"
    domain: ClassVar[str] = "shop"
    params_type = RefundFromComplaintParams
    apps: ClassVar[tuple[str, ...]] = ("mail", "shop")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("returns", "refunds", "from-email")
    also_covers: ClassVar[tuple[str, ...]] = ("mail:conversations/read/open",)

    def oracle(self, task: TaskConfig) -> Policy | None:
        return CROSS_ORACLES[self.id](task)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The mailbox, then the store admin on top (where the refund goes)."""
        return [StartWindow(app="mail", page="/"), StartWindow(app="shop", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        orders = [
            o
            for oid, o in sorted(seed["orders"].items())
            if o["status"] == "delivered"
            and not any(r["orderId"] == oid for r in seed["refunds"].values())
        ]
        order = rng.choice(orders)
        line = order["lines"][rng.choice(sorted(order["lines"]))]
        units = rng.randint(1, line["quantity"])
        kind = rng.choice(["damaged", "wrong"])
        c = seed["customers"][order["customerId"]]
        customer = f"{c['firstName']} {c['lastName']}"
        subject = (
            rng.choice(["Problem with order", "About my order", "Return for order", "Order issue"])
            + f" #{order['number']}"
        )
        amount = units * line["unitPriceCents"]
        reason, restock = ("Damaged", False) if kind == "damaged" else ("Wrong item", True)
        frame = rng.choice(_FRAMES)
        return self.make_task(
            task_id,
            frame.format(customer=customer, number=order["number"]),
            f"The mailbox and the Larchwood Goods store admin are open, both signed in as the "
            f"same staff member. {customer} <{c['email']}> wrote “{subject}”: "
            f"{_said(kind, units, line['title'])} The line is {line['title']} ({line['sku']}), "
            f"bought at {format_money(line['unitPriceCents'])} each, so the refund is "
            f"{format_money(amount)}, as {reason}.",
            number=order["number"],
            customer=customer,
            email=c["email"],
            subject=subject,
            item=line["title"],
            sku=line["sku"],
            units=units,
            amount_cents=amount,
            reason=reason,
            restock=restock,
        )

    def worlds(self, task: TaskConfig) -> tuple[State, State]:
        """``(mail, shop)``: the customer's email in the mailbox, the order in the shop."""
        p = RefundFromComplaintParams.of(task)
        mail = mail_app.varied_seed(family_rng(task, "world"))
        shop = shop_app.varied_seed(family_rng(task, "world"))
        # one person: the mailbox's owner is the staff member signed in to the store admin
        shop["staff"][shop["currentUser"]]["name"] = mail["account"]["name"]
        rng = family_rng(task, "inject")
        first = p.customer.split()[0]
        kind = "damaged" if p.reason == "Damaged" else "wrong"
        when = WORLD_NOW - timedelta(hours=rng.randint(2, 20), minutes=rng.randint(0, 59))
        body = (
            f"Hello,\n\nI'm writing about order #{p.number}: {_said(kind, p.units, p.item)}"
            f"\n\nThank you,\n{first}"
        )
        date = when.strftime("%Y-%m-%dT%H:%M:00Z")
        mail_app.add_thread(
            mail, {"name": p.customer, "email": p.email}, p.subject, body, date, unread=True
        )
        return mail, shop

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = RefundFromComplaintParams.of(task)
        mail, shop = self.worlds(task)
        gold = copy.deepcopy(shop)
        oid = next(k for k, o in gold["orders"].items() if o["number"] == p.number)
        key = next(k for k, line in gold["orders"][oid]["lines"].items() if line["sku"] == p.sku)
        refund_order(gold, oid, {key: p.units}, p.amount_cents, p.restock, p.reason, now=WORLD_NOW)
        worlds = {"mail": mail, "shop": shop}
        return GeneratedScripts(
            initial_setup=setup_script(worlds, task.task_id),
            golden_patch=patch_script({"shop": record_edits(shop, gold)}, task.task_id),
        )

    def write_reward(self, task: TaskConfig) -> str:
        body = "\n".join(
            [
                inlined_file("cuagym.families.cross.shop._checks", "refund_from_complaint.py"),
                # the refund checks every shop refund task shares (read as text, not imported)
                inlined_file("cuagym.families.shop._checks", "_refund.py"),
            ]
        )
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
mail = hub_state("mail")
minit, mdiff = mail["initial_state"], mail["state_diff"]
"""

"""shop's cross-app families (mail -> shop, crm -> shop): their wrong end states, in the store
or in the app the task only reads.

The mistakes are applied to the shop's state with its own ops, or to the other app's (the email
archived, the deal edited), and scored by the family's real reward on a live hub holding both
apps' states in one session.
"""

from __future__ import annotations

import copy
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuagym.apps.shop.ops import create_discount, refund_order
from cuagym.core import parse_reward_output
from cuagym.domains import load_domain
from tests.conftest import LiveHub
from tests.families.family_harness import run_script

domain = load_domain("shop")
State = dict[str, Any]


def _refund(shop: State, p: dict[str, Any], **over: Any) -> None:
    oid = next(k for k, o in shop["orders"].items() if o["number"] == p["number"])
    key = next(k for k, line in shop["orders"][oid]["lines"].items() if line["sku"] == p["sku"])
    args = {"restock": p["restock"], "reason": p["reason"], "amount": p["amount_cents"]} | over
    refund_order(shop, oid, {key: p["units"]}, args["amount"], args["restock"], args["reason"])


def restock_flipped(shop: State, mail: State, p: dict[str, Any]) -> None:
    _refund(shop, p, restock=not p["restock"])


def reason_generic(shop: State, mail: State, p: dict[str, Any]) -> None:
    _refund(shop, p, reason="Other")


def right_refund_but_mail_archived(shop: State, mail: State, p: dict[str, Any]) -> None:
    _refund(shop, p)
    thread = next(t for t in mail["threads"].values() if t["unread"])
    thread["folder"] = "archive"


def _discount(p: dict[str, Any], **over: Any) -> dict[str, Any]:
    values = {
        "code": p["code"], "kind": p["kind"], "value": p["value"],
        "minimumCents": p["minimum_cents"], "startsOn": p["starts_on"], "endsOn": p["ends_on"],
        "usageLimit": p["usage_limit"], "active": True,
    }  # fmt: skip
    return values | over


def deal_code_unlimited(shop: State, other: State, p: dict[str, Any]) -> None:
    create_discount(shop, _discount(p, usageLimit=None))


def deal_code_starts_today(shop: State, other: State, p: dict[str, Any]) -> None:
    create_discount(shop, _discount(p, startsOn="2026-12-01"))


def right_code_but_deal_edited(shop: State, other: State, p: dict[str, Any]) -> None:
    create_discount(shop, _discount(p))
    deal = next(o for o in other["opportunities"].values() if o["name"] == p["deal"])
    deal["nextStep"] = "Discount code sent"


#: (family, the app the task only reads, mistake, lowest, highest)
MISTAKES = [
    ("refund-from-complaint", "mail", restock_flipped, 0.0, 0.0),
    ("refund-from-complaint", "mail", reason_generic, 6 / 7, 6 / 7),
    ("refund-from-complaint", "mail", right_refund_but_mail_archived, 0.0, 0.0),
    ("discount-from-deal", "crm", deal_code_unlimited, 7 / 8, 7 / 8),
    ("discount-from-deal", "crm", deal_code_starts_today, 6 / 8, 6 / 8),
    ("discount-from-deal", "crm", right_code_but_deal_edited, 0.0, 0.0),
]


def _post(hub: LiveHub, app: str, sid: str, action: str, state: State) -> None:
    r = httpx.post(
        f"{hub.url}/{app}/post",
        params={"sid": sid},
        headers=hub.auth,
        json={"action": action, "state": state},
        timeout=60,
    )
    assert r.status_code == 200, r.text


@pytest.mark.slow
@pytest.mark.parametrize("family_id", ["refund-from-complaint", "discount-from-deal"])
def test_wrong_end_states_in_either_app_score_below_one(
    family_id: str, shop_hub: LiveHub, tmp_path: Path
) -> None:
    family = domain.family(family_id)
    task = family.sample(1)
    p = dict(task.params or {})
    scripts = family.generate(task)
    sid = f"worlds-{uuid.uuid4().hex[:10]}"
    run_script(scripts.initial_setup, shop_hub.url, shop_hub.token, sid, tmp_path / "w")
    read_app = next(m[1] for m in MISTAKES if m[0] == family_id)
    worlds = {}
    for app in ("shop", read_app):
        r = httpx.get(f"{shop_hub.url}/{app}/go", params={"sid": sid}, headers=shop_hub.auth)
        worlds[app] = r.json()["initial_state"]
    for fid, _, change, low, high in MISTAKES:
        if fid != family_id:
            continue
        shop, other = copy.deepcopy(worlds["shop"]), copy.deepcopy(worlds[read_app])
        change(shop, other, p)
        wrong = f"wrong-{uuid.uuid4().hex[:10]}"
        for app, initial, current in (
            ("shop", worlds["shop"], shop),
            (read_app, worlds[read_app], other),
        ):
            _post(shop_hub, app, wrong, "set", initial)
            _post(shop_hub, app, wrong, "set_current", current)
        out = run_script(
            family.write_reward(task), shop_hub.url, shop_hub.token, wrong, tmp_path / wrong
        )
        reward = parse_reward_output(out).reward
        assert reward is not None, out
        assert low - 1e-4 <= reward <= high + 1e-4 < 1.0, (change.__name__, out)

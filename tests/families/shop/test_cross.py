"""shop's cross-app family (mail -> shop): its wrong end states, in the store or the mailbox.

The mistakes are applied to the shop's state with its own ops, or to the mailbox (a reply
sent, the email archived), and scored by the family's real reward on a live hub holding both
apps' states in one session.
"""

from __future__ import annotations

import copy
import uuid
from pathlib import Path
from typing import Any

import httpx

from cuagym.apps.shop.ops import refund_order
from cuagym.core import parse_reward_output
from cuagym.domains import load_domain
from tests.conftest import LiveHub
from tests.families.family_harness import run_script

domain = load_domain("shop")
family = domain.family("refund-from-complaint")
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


MISTAKES = [
    (restock_flipped, 0.0, 0.0),
    (reason_generic, 6 / 7, 6 / 7),
    (right_refund_but_mail_archived, 0.0, 0.0),
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


def test_wrong_end_states_in_either_app_score_below_one(shop_hub: LiveHub, tmp_path: Path) -> None:
    task = family.sample(1)
    p = dict(task.params or {})
    scripts = family.generate(task)
    sid = f"worlds-{uuid.uuid4().hex[:10]}"
    run_script(scripts.initial_setup, shop_hub.url, shop_hub.token, sid, tmp_path / "w")
    worlds = {}
    for app in ("shop", "mail"):
        r = httpx.get(f"{shop_hub.url}/{app}/go", params={"sid": sid}, headers=shop_hub.auth)
        worlds[app] = r.json()["initial_state"]
    for change, low, high in MISTAKES:
        shop, mail = copy.deepcopy(worlds["shop"]), copy.deepcopy(worlds["mail"])
        change(shop, mail, p)
        wrong = f"wrong-{uuid.uuid4().hex[:10]}"
        for app, initial, current in (
            ("shop", worlds["shop"], shop),
            ("mail", worlds["mail"], mail),
        ):
            _post(shop_hub, app, wrong, "set", initial)
            _post(shop_hub, app, wrong, "set_current", current)
        out = run_script(
            family.write_reward(task), shop_hub.url, shop_hub.token, wrong, tmp_path / wrong
        )
        reward = parse_reward_output(out).reward
        assert reward is not None and low - 1e-4 <= reward <= high + 1e-4 < 1.0, (
            change.__name__,
            out,
        )

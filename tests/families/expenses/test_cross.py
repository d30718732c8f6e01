"""expenses' cross-app families (mail -> expenses, expenses -> team chat, expenses -> issue
tracker): their wrong end states, in the expense app or in the other app.

The mistakes are applied to the expense state with its own ops, or to the other app's (the
e-mail archived, a message in the wrong channel, a ticket with the wrong figure), and scored by
the family's real reward on a live hub holding both apps' states in one session.
"""

from __future__ import annotations

import copy
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuagym.apps.expenses import format_money
from cuagym.apps.expenses.ops import add_line, reject_report, submit_report, update_budget
from cuagym.apps.issue_tracker import CURRENT_USER
from cuagym.apps.issue_tracker.edits import create_issue
from cuagym.apps.team_chat import channel_id
from cuagym.apps.team_chat.edits import post_message
from cuagym.core import parse_reward_output
from cuagym.domains import load_domain
from tests.conftest import LiveHub
from tests.families.family_harness import run_script

domain = load_domain("expenses")
State = dict[str, Any]
P = dict[str, Any]


# -- receipt-from-mail ----------------------------------------------------------------------------
def _receipt(exp: State, p: P, **over: Any) -> None:
    cid = next(c for c, cat in exp["categories"].items() if cat["name"] == p["category"])
    line = {
        "date": p["day"], "categoryId": cid, "merchant": p["merchant"],
        "currency": p["currency"], "originalCents": p["original"], "receipt": p["file"],
    } | over  # fmt: skip
    add_line(exp, f"rep-{p['number']}", line)


def receipt_in_meals_not_submitted(exp: State, mail: State, p: P) -> None:
    _receipt(exp, p)


def receipt_without_its_file(exp: State, mail: State, p: P) -> None:
    _receipt(exp, p, receipt="")
    submit_report(exp, f"rep-{p['number']}")


def right_receipt_but_mail_archived(exp: State, mail: State, p: P) -> None:
    _receipt(exp, p)
    submit_report(exp, f"rep-{p['number']}")
    thread = next(t for t in mail["threads"].values() if t["unread"])
    thread["folder"] = "archive"


# -- rejection-to-chat ----------------------------------------------------------------------------
def _say(chat: State, channel: str, text: str) -> None:
    post_message(chat, channel_id(chat, channel), chat["currentUser"], text)


def rejected_but_nobody_told(exp: State, chat: State, p: P) -> None:
    reject_report(exp, f"rep-{p['number']}", p["reason"])


def told_the_other_channel(exp: State, chat: State, p: P) -> None:
    reject_report(exp, f"rep-{p['number']}", p["reason"])
    _say(chat, "leadership" if p["channel"] == "general" else "general", p["text"])


def told_but_not_rejected(exp: State, chat: State, p: P) -> None:
    _say(chat, p["channel"], p["text"])


# -- over-budget-ticket ---------------------------------------------------------------------------
def _ticket(tracker: State, p: P, title: str, description: str) -> None:
    who = next(u for u, v in tracker["users"].items() if v["displayName"] == p["assignee"])
    fields = {
        "type": "task", "title": title, "description": description,
        "priority": p["priority"].lower(), "assignee": who, "labels": [],
        "storyPoints": None, "sprint": None,
    }  # fmt: skip
    create_issue(tracker, CURRENT_USER, p["project"], fields)


def ticket_for_another_centre(exp: State, tracker: State, p: P) -> None:
    other = next(c for c in exp["costCentres"].values() if c["code"] != p["code"])
    over = f"Over by {format_money(p['over_cents'])}"
    _ticket(tracker, p, f"Over budget: {other['code']} {other['name']}", over)


def ticket_a_cent_off(exp: State, tracker: State, p: P) -> None:
    over = f"Over by {format_money(p['over_cents'] + 1)}"
    _ticket(tracker, p, f"Over budget: {p['code']} {p['name']}", over)


def right_ticket_but_budget_raised(exp: State, tracker: State, p: P) -> None:
    _ticket(
        tracker,
        p,
        f"Over budget: {p['code']} {p['name']}",
        f"Over by {format_money(p['over_cents'])}",
    )
    ccid = "cc-" + p["code"][3:]
    update_budget(exp, ccid, exp["costCentres"][ccid]["budgetCents"] + p["over_cents"])


Change = Callable[[State, State, P], None]
#: (family, the other app, mistake, lowest, highest)
MISTAKES: list[tuple[str, str, Change, float, float]] = [
    ("receipt-from-mail", "mail", receipt_in_meals_not_submitted, 0.0, 0.75),
    ("receipt-from-mail", "mail", receipt_without_its_file, 0.0, 0.9),
    ("receipt-from-mail", "mail", right_receipt_but_mail_archived, 0.0, 0.0),
    ("rejection-to-chat", "team-chat", rejected_but_nobody_told, 0.0, 0.7),
    ("rejection-to-chat", "team-chat", told_the_other_channel, 0.0, 0.0),
    ("rejection-to-chat", "team-chat", told_but_not_rejected, 0.0, 0.0),
    ("over-budget-ticket", "issue-tracker", ticket_for_another_centre, 0.0, 0.7),
    ("over-budget-ticket", "issue-tracker", ticket_a_cent_off, 0.0, 0.8),
    ("over-budget-ticket", "issue-tracker", right_ticket_but_budget_raised, 0.0, 0.0),
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
@pytest.mark.parametrize("family_id", sorted({m[0] for m in MISTAKES}))
def test_wrong_end_states_in_either_app_score_below_one(
    family_id: str, expenses_hub: LiveHub, tmp_path: Path
) -> None:
    family = domain.family(family_id)
    task = family.sample(1)
    p = dict(task.params or {})
    scripts = family.generate(task)
    sid = f"worlds-{uuid.uuid4().hex[:10]}"
    run_script(scripts.initial_setup, expenses_hub.url, expenses_hub.token, sid, tmp_path / "w")
    other_app = next(m[1] for m in MISTAKES if m[0] == family_id)
    worlds = {}
    for app in ("expenses", other_app):
        r = httpx.get(
            f"{expenses_hub.url}/{app}/go", params={"sid": sid}, headers=expenses_hub.auth
        )
        worlds[app] = r.json()["initial_state"]
    for fid, _, change, low, high in MISTAKES:
        if fid != family_id:
            continue
        exp, other = copy.deepcopy(worlds["expenses"]), copy.deepcopy(worlds[other_app])
        change(exp, other, p)
        wrong = f"wrong-{uuid.uuid4().hex[:10]}"
        for app, initial, current in (
            ("expenses", worlds["expenses"], exp),
            (other_app, worlds[other_app], other),
        ):
            _post(expenses_hub, app, wrong, "set", initial)
            _post(expenses_hub, app, wrong, "set_current", current)
        out = run_script(
            family.write_reward(task), expenses_hub.url, expenses_hub.token, wrong, tmp_path / wrong
        )
        reward = parse_reward_output(out).reward
        assert reward is not None, out
        assert low - 1e-4 <= reward <= high + 1e-4 < 1.0, (change.__name__, out)

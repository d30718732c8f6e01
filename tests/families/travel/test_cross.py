"""travel's cross-app families (mail -> travel, travel -> team-chat): their wrong end states, on
the travel site or in the other app.

The mistakes are applied to the travel state with its own ops, or to the other app's (the
e-mail archived, a message in the wrong channel), and scored by the family's real reward on a
live hub holding both apps' states in one session.
"""

from __future__ import annotations

import copy
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuagym.apps.travel.ops import book_flight, decide_trip
from cuagym.core import parse_reward_output
from cuagym.domains import load_domain
from tests.conftest import LiveHub
from tests.families.family_harness import run_script

domain = load_domain("travel")
State = dict[str, Any]


def _trip(travel: State, name: str) -> str:
    return next(str(k) for k, t in travel["trips"].items() if t["name"] == name)


def _book(travel: State, p: dict[str, Any], brand: str = "", day: str = "") -> None:
    day = day or p["date"]
    fid = next(
        k
        for k, f in sorted(travel["flights"].items())
        if f["date"] == day
        and (f["origin"], f["destination"]) == (p["origin"], p["dest"])
        and (f["number"] == p["number"] or day != p["date"])
    )
    book_flight(travel, _trip(travel, p["trip"]), fid, brand or p["fare"].lower())


def mail_wrong_fare(travel: State, other: State, p: dict[str, Any]) -> None:
    _book(travel, p, "standard" if p["fare"] != "Standard" else "flex")


def mail_day_after(travel: State, other: State, p: dict[str, Any]) -> None:
    trip = travel["trips"][_trip(travel, p["trip"])]
    day = trip["startsOn"] if p["date"] != trip["startsOn"] else trip["endsOn"]
    _book(travel, p, day=day)


def mail_right_but_archived(travel: State, other: State, p: dict[str, Any]) -> None:
    _book(travel, p)
    message = next(m for m in other["messages"].values() if m["subject"] == p["subject"])
    other["threads"][message["threadId"]]["folder"] = "archive"


def announce_wrong_channel(travel: State, other: State, p: dict[str, Any]) -> None:
    decide_trip(travel, _trip(travel, p["trip"]), True, p["note"])
    wrong = "engineering" if p["channel"] == "general" else "general"
    cid = next(c["id"] for c in other["channels"].values() if c["name"] == wrong)
    last = other["messages"][cid][-1]
    other["messages"][cid].append(
        {
            **last,
            "id": "m-wrong",
            "sender": other["currentUser"],
            "text": p["text"],
            "reactions": [],
            "attachments": [],
            "pinned": False,
            "edited": False,
            "editedAt": None,
            "threadParent": None,
        }
    )


def announce_without_note(travel: State, other: State, p: dict[str, Any]) -> None:
    decide_trip(travel, _trip(travel, p["trip"]), True, "")
    cid = next(c["id"] for c in other["channels"].values() if c["name"] == p["channel"])
    last = other["messages"][cid][-1]
    other["messages"][cid].append(
        {
            **last,
            "id": "m-right",
            "sender": other["currentUser"],
            "text": p["text"],
            "reactions": [],
            "attachments": [],
            "pinned": False,
            "edited": False,
            "editedAt": None,
            "threadParent": None,
        }
    )


def announce_rejected_instead(travel: State, other: State, p: dict[str, Any]) -> None:
    decide_trip(travel, _trip(travel, p["trip"]), False, p["note"])


#: (family, the other app, mistake, lowest, highest)
MISTAKES = [
    ("flight-from-mail", "mail", mail_wrong_fare, 0.0, 0.6),
    ("flight-from-mail", "mail", mail_day_after, 0.0, 0.6),
    ("flight-from-mail", "mail", mail_right_but_archived, 0.0, 0.0),
    ("announce-trip", "team-chat", announce_wrong_channel, 0.0, 0.0),
    ("announce-trip", "team-chat", announce_without_note, 0.8, 0.8),
    ("announce-trip", "team-chat", announce_rejected_instead, 0.0, 0.0),
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
@pytest.mark.parametrize("family_id", ["flight-from-mail", "announce-trip"])
def test_wrong_end_states_in_either_app_score_below_one(
    family_id: str, travel_hub: LiveHub, tmp_path: Path
) -> None:
    family = domain.family(family_id)
    task = family.sample(1)
    p = dict(task.params or {})
    scripts = family.generate(task)
    sid = f"worlds-{uuid.uuid4().hex[:10]}"
    run_script(scripts.initial_setup, travel_hub.url, travel_hub.token, sid, tmp_path / "w")
    other_app = next(m[1] for m in MISTAKES if m[0] == family_id)
    worlds = {}
    for app in ("travel", other_app):
        r = httpx.get(f"{travel_hub.url}/{app}/go", params={"sid": sid}, headers=travel_hub.auth)
        worlds[app] = r.json()["initial_state"]
    for fid, _, change, low, high in MISTAKES:
        if fid != family_id:
            continue
        travel, other = copy.deepcopy(worlds["travel"]), copy.deepcopy(worlds[other_app])
        change(travel, other, p)
        wrong = f"wrong-{uuid.uuid4().hex[:10]}"
        for app, initial, current in (
            ("travel", worlds["travel"], travel),
            (other_app, worlds[other_app], other),
        ):
            _post(travel_hub, app, wrong, "set", initial)
            _post(travel_hub, app, wrong, "set_current", current)
        out = run_script(
            family.write_reward(task), travel_hub.url, travel_hub.token, wrong, tmp_path / wrong
        )
        reward = parse_reward_output(out).reward
        assert reward is not None, out
        assert low - 1e-4 <= reward <= high + 1e-4 < 1.0, (change.__name__, out)

"""team-chat's cross-app families (team chat + issue tracker in one hub session).

r(init) = 0 / r(gold) = 1 runs with every family in test_families.py (its hub serves both
apps). Here: the wrong end states a policy plausibly leaves, applied to both apps' states with
the apps' own ``_ops``, scored by the real reward.py, and the GUI oracle in two windows.
"""

from __future__ import annotations

import re
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest

from cuagym.apps.issue_tracker.edits import update_sprint
from cuagym.apps.team_chat import channel_id
from cuagym.apps.team_chat.edits import create_channel, post_message, set_channel_text
from cuagym.core import parse_reward_output
from cuagym.domains import load_domain, start_screen
from tests.conftest import LiveHub
from tests.families.desktop_harness import is_desk_web
from tests.families.family_harness import run_script
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes
from tests.families.test_office_cross import FAMILIES as OFFICE_FAMILIES

domain = load_domain("team-chat")

# The office families (from mail, from crm) are tested in tests/families/test_office_cross.
CROSS = [
    f
    for f in domain.families
    if len(f.task_apps()) > 1 and not is_desk_web(f) and f.id not in OFFICE_FAMILIES
]
NOW = datetime(2025, 3, 7, 17, 0, tzinfo=UTC)
State = dict[str, Any]


def test_cross_families_name_both_apps_and_open_both_windows() -> None:
    assert [f.id for f in CROSS] == ["sprint-channel"]
    for family in CROSS:
        task = family.sample(0)
        assert task.apps == ["issue-tracker", "team-chat"] and family.difficulty == "hard"
        assert [w.app for w in start_screen(task)] == ["issue-tracker", "team-chat"]


@dataclass(frozen=True)
class Mistake:
    family: str
    start: Literal["init", "gold"]
    change: Callable[[State, State, dict[str, Any]], None]
    bounds: tuple[float, float]
    fails: str
    why: str


def _goal(tracker: State, p: dict[str, Any]) -> str:
    return str(
        next(s["goal"] for s in tracker["sprints"].values() if s["name"] == p["sprint_name"])
    )


def _open(chat: State, p: dict[str, Any], purpose: str, **kw: Any) -> str:
    return create_channel(chat, chat["currentUser"], p["channel"], purpose, now=NOW, **kw)


def described_by_another_goal(tracker: State, chat: State, p: dict[str, Any]) -> None:
    """The sprint's goal of another sprint (the closed one before it)."""
    other = next(s["goal"] for s in tracker["sprints"].values()
                 if s["project"] == p["project"] and s["state"] == "closed")  # fmt: skip
    cid = _open(chat, p, other)
    post_message(chat, cid, chat["currentUser"], p["text"], now=NOW)


def made_it_private(tracker: State, chat: State, p: dict[str, Any]) -> None:
    cid = _open(chat, p, _goal(tracker, p), private=True)
    post_message(chat, cid, chat["currentUser"], p["text"], now=NOW)


def goal_as_topic_not_description(tracker: State, chat: State, p: dict[str, Any]) -> None:
    cid = _open(chat, p, "")
    set_channel_text(chat, cid, chat["currentUser"], "topic", _goal(tracker, p))
    post_message(chat, cid, chat["currentUser"], p["text"], now=NOW)


def posted_twice(tracker: State, chat: State, p: dict[str, Any]) -> None:
    post_message(chat, channel_id(chat, p["channel"]), chat["currentUser"], p["text"], now=NOW)


def announced_in_general_too(tracker: State, chat: State, p: dict[str, Any]) -> None:
    text = f"New channel: #{p['channel']}"
    post_message(chat, channel_id(chat, "general"), chat["currentUser"], text, now=NOW)


def edited_the_goal_to_match(tracker: State, chat: State, p: dict[str, Any]) -> None:
    """Gold in the chat, and the tracker's goal 'tidied' to what was typed."""
    sprint = next(s for s in tracker["sprints"].values() if s["name"] == p["sprint_name"])
    update_sprint(tracker, sprint["id"], sprint["name"], sprint["goal"] + ".",
                  sprint["startDate"] or "", sprint["endDate"] or "")  # fmt: skip


MISTAKES: list[Mistake] = [
    Mistake("sprint-channel", "init", described_by_another_goal, (0.714, 0.715),
            "described_by_the_goal", "the goal of another sprint"),
    Mistake("sprint-channel", "init", made_it_private, (0.857, 0.858), "public",
            "a private channel"),
    Mistake("sprint-channel", "init", goal_as_topic_not_description, (0, 0), "nothing_else_set",
            "the goal as the topic, the description empty"),
    Mistake("sprint-channel", "gold", posted_twice, (0, 0), "one_message", "posted twice"),
    Mistake("sprint-channel", "gold", announced_in_general_too, (0, 0),
            "chat_unchanged_otherwise", "also announced the channel in #general"),
    Mistake("sprint-channel", "gold", edited_the_goal_to_match, (0, 0), "tracker_unchanged",
            "changed the sprint's goal in the tracker"),
]  # fmt: skip


def test_every_cross_family_has_three_wrong_end_states_scored_zero() -> None:
    zeros = Counter(m.family for m in MISTAKES if m.bounds == (0, 0))
    assert {f.id: zeros[f.id] >= 3 for f in CROSS} == {f.id: True for f in CROSS}
    assert all(m.bounds[1] < 1.0 for m in MISTAKES)


def _state(hub: LiveHub, app: str, sid: str) -> State:
    r = httpx.get(f"{hub.url}/{app}/state", params={"sid": sid}, headers=hub.auth)
    r.raise_for_status()
    return r.json()["stored_state"]  # type: ignore[no-any-return]


def _store(hub: LiveHub, app: str, sid: str, state: State) -> None:
    r = httpx.post(f"{hub.url}/{app}/post", params={"sid": sid}, headers=hub.auth,
                   json={"action": "set_current", "state": state})  # fmt: skip
    assert r.status_code == 200, r.text


@pytest.mark.slow
@pytest.mark.parametrize(
    "index", range(len(MISTAKES)), ids=[f"{m.family}-{m.change.__name__}" for m in MISTAKES]
)
def test_a_wrong_end_state_is_not_full_credit(
    index: int, chat_hub: LiveHub, tmp_path: Path
) -> None:
    mistake = MISTAKES[index]
    family = domain.family(mistake.family)
    task = family.sample(index % 3)
    p = task.params or {}
    sid, home = f"wrong-{uuid.uuid4().hex[:8]}", tmp_path / "home"
    scripts = family.generate(task)
    run_script(scripts.initial_setup, chat_hub.url, chat_hub.token, sid, home)
    if mistake.start == "gold":
        run_script(scripts.golden_patch, chat_hub.url, chat_hub.token, sid, home)
    tracker, chat = _state(chat_hub, "issue-tracker", sid), _state(chat_hub, "team-chat", sid)
    mistake.change(tracker, chat, p)
    _store(chat_hub, "issue-tracker", sid, tracker)
    _store(chat_hub, "team-chat", sid, chat)
    out = run_script(family.write_reward(task), chat_hub.url, chat_hub.token, sid, home)
    reward = parse_reward_output(out).reward
    low, high = mistake.bounds
    assert reward is not None and low - 1e-9 <= reward <= high + 1e-9, (mistake.why, out)
    assert re.search(rf"^CHECK {mistake.fails}\S* \S+ FAIL", out, re.M), (mistake.why, out)
    assert "CHECK evaluate" not in out, out


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_cross_oracle_reads_the_goal_and_opens_the_channel(tmp_path: Path) -> None:
    tasks = [domain.family("sprint-channel").sample(seed) for seed in (0, 1)]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)

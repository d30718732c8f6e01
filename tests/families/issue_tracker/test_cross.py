"""The issue tracker's cross-app families (issue tracker + team chat in one hub session).

r(init) = 0 / r(gold) = 1 runs with every family in test_families.py (its hub serves both
apps). Here: the start screen opens both apps, the wrong end states a policy plausibly leaves
(each applied to both apps' states with the apps' own ``_ops``, as the UI would) are scored by
the real reward.py, and the GUI oracle solves the task through two Chromium windows.
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

from cuagym.apps.issue_tracker.edits import add_comment, create_issue, transition, update_issue
from cuagym.apps.team_chat import channel_id
from cuagym.apps.team_chat.edits import post_message
from cuagym.core import parse_reward_output
from cuagym.domains import load_domain, start_screen
from cuagym.families.cross._chat_tracker import reply_text, status_text
from cuagym.families.cross.issue_tracker._cross_sprint import in_scope
from tests.conftest import LiveHub
from tests.families.family_harness import run_script
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes
from tests.families.test_office_cross import FAMILIES as OFFICE_FAMILIES

domain = load_domain("issue-tracker")

# The office family (a customer's mail filed as a bug): tests/families/test_office_cross.
CROSS = [f for f in domain.families if len(f.task_apps()) > 1 and f.id not in OFFICE_FAMILIES]
NOW = datetime(2025, 3, 7, 17, 0, tzinfo=UTC)
State = dict[str, Any]
Change = Callable[[State, State, dict[str, Any]], None]


def test_cross_families_name_both_apps_and_open_both_windows() -> None:
    ids = ["file-bug-from-chat", "post-sprint-status", "estimate-from-thread"]
    assert [f.id for f in CROSS] == ids
    for family in CROSS:
        task = family.sample(0)
        assert sorted(task.apps) == ["issue-tracker", "team-chat"] and family.difficulty == "hard"
        windows = start_screen(task)
        # One window per app; the app the task starts from is on top (opened last).
        assert [w.app for w in windows] == [*reversed(task.apps)]
        assert all(w.page == "/" for w in windows)


# -- wrong end states ------------------------------------------------------------------------
@dataclass(frozen=True)
class Mistake:
    family: str
    start: Literal["init", "gold"]
    change: Change
    bounds: tuple[float, float]
    fails: str
    why: str


def _report(chat: State, p: dict[str, Any]) -> tuple[str, str]:
    cid = channel_id(chat, p["channel"])
    reporter = next(u["id"] for u in chat["users"].values() if u["displayName"] == p["reporter"])
    mid = next(
        m["id"]
        for m in chat["messages"][cid]
        if m["sender"] == reporter and m["text"].startswith(p["match"])
    )
    return cid, mid


def _file(tracker: State, chat: State, p: dict[str, Any], **over: Any) -> str:
    cid, mid = _report(chat, p)
    text = next(m["text"] for m in chat["messages"][cid] if m["id"] == mid)
    who = next(u["id"] for u in tracker["users"].values() if u["displayName"] == p["assignee_name"])
    project = over.pop("project", p["project"])
    fields = {"type": "bug", "title": p["title"], "description": text,
              "priority": p["priority"], "assignee": who, **over}  # fmt: skip
    return create_issue(tracker, tracker["currentUser"], project, fields, NOW)


def _reply(chat: State, p: dict[str, Any], text: str, *, in_thread: bool = True) -> None:
    cid, mid = _report(chat, p)
    parent = mid if in_thread else None
    post_message(chat, cid, chat["currentUser"], text, thread_parent=parent, now=NOW)


def filed_but_never_answered(tracker: State, chat: State, p: dict[str, Any]) -> None:
    _file(tracker, chat, p)


def filed_twice(tracker: State, chat: State, p: dict[str, Any]) -> None:
    _file(tracker, chat, p)  # from the gold state: the second copy


def answered_in_the_channel(tracker: State, chat: State, p: dict[str, Any]) -> None:
    _reply(chat, p, reply_text(_file(tracker, chat, p)), in_thread=False)


def filed_in_another_project(tracker: State, chat: State, p: dict[str, Any]) -> None:
    other = next(k for k in sorted(tracker["projects"]) if k != p["project"])
    _reply(chat, p, reply_text(_file(tracker, chat, p, project=other)))


def answered_with_another_key(tracker: State, chat: State, p: dict[str, Any]) -> None:
    _file(tracker, chat, p)
    existing = sorted(k for k, i in tracker["issues"].items() if i["project"] == p["project"])
    _reply(chat, p, reply_text(existing[0]))


def described_in_other_words(tracker: State, chat: State, p: dict[str, Any]) -> None:
    key = _file(tracker, chat, p, description="Customer bug, see the chat.")
    _reply(chat, p, reply_text(key))


def commented_on_the_new_issue(tracker: State, chat: State, p: dict[str, Any]) -> None:
    key = next(k for k in sorted(tracker["issues"]) if tracker["issues"][k]["title"] == p["title"])
    add_comment(tracker, key, tracker["currentUser"], "Reported in the chat.", NOW)


def _sprint_text(tracker: State, p: dict[str, Any], keys: list[str] | None = None) -> str:
    sid = next(
        s["id"]
        for s in tracker["sprints"].values()
        if s["project"] == p["project"] and s["name"] == p["sprint_name"]
    )
    return status_text(p["sprint_name"], p["label"], keys or in_scope(tracker, sid, p["label"]))


def _post(chat: State, channel: str, text: str, parent: str | None = None) -> None:
    cid = channel_id(chat, channel)
    post_message(chat, cid, chat["currentUser"], text, thread_parent=parent, now=NOW)


def status_posted_twice(tracker: State, chat: State, p: dict[str, Any]) -> None:
    _post(chat, p["channel"], _sprint_text(tracker, p))  # from the gold state: a second post


def status_in_a_thread(tracker: State, chat: State, p: dict[str, Any]) -> None:
    last = chat["messages"][channel_id(chat, p["channel"])][-1]["id"]
    _post(chat, p["channel"], _sprint_text(tracker, p), parent=last)


def status_in_another_channel(tracker: State, chat: State, p: dict[str, Any]) -> None:
    other = "random" if p["channel"] != "random" else "design"
    cid = channel_id(chat, other)
    if chat["currentUser"] not in chat["channels"][cid]["members"]:
        chat["channels"][cid]["members"].append(chat["currentUser"])
    _post(chat, other, _sprint_text(tracker, p))


def moved_a_card_as_well(tracker: State, chat: State, p: dict[str, Any]) -> None:
    """Gold, and a card of the sprint dragged one column on (the board invites it)."""
    sid = next(s["id"] for s in tracker["sprints"].values() if s["name"] == p["sprint_name"])
    todo = [k for k, i in sorted(tracker["issues"].items())
            if i["sprint"] == sid and i["status"] == "todo" and i["type"] != "subtask"]  # fmt: skip
    card = todo[0]
    transition(tracker, card, "in-progress", NOW)


def keys_highest_first(tracker: State, chat: State, p: dict[str, Any]) -> None:
    sid = next(s["id"] for s in tracker["sprints"].values() if s["name"] == p["sprint_name"])
    keys = in_scope(tracker, sid, p["label"])
    backwards = [*reversed(keys)] if len(keys) > 1 else [*keys, keys[0]]
    _post(chat, p["channel"], _sprint_text(tracker, p, backwards))


def finished_ones_listed_too(tracker: State, chat: State, p: dict[str, Any]) -> None:
    sid = next(s["id"] for s in tracker["sprints"].values() if s["name"] == p["sprint_name"])
    every = sorted((k for k, i in tracker["issues"].items() if i["sprint"] == sid),
                   key=lambda k: int(k.rsplit("-", 1)[1]))  # fmt: skip
    _post(chat, p["channel"], _sprint_text(tracker, p, every))


def _thread(chat: State, p: dict[str, Any], key: str) -> list[str]:
    """Texts of the thread under the asker's question about ``key``, in order."""
    cid = channel_id(chat, p["channel"])
    author = next(u["id"] for u in chat["users"].values() if u["displayName"] == p["author"])
    qid = next(m["id"] for m in chat["messages"][cid] if m["sender"] == author
               and m["text"].startswith(f"How many story points should {key} "))  # fmt: skip
    return [m["text"] for m in chat["messages"][cid] if m["threadParent"] == qid]


def _agreed(chat: State, p: dict[str, Any], key: str) -> int:
    said = [t for t in _thread(chat, p, key) if t.startswith("Agreed, ")]
    return int(said[-1].split()[1])


def _estimate(tracker: State, key: str, points: int, label: str) -> None:
    labels = sorted({*tracker["issues"][key]["labels"], label})
    update_issue(tracker, key, {"storyPoints": points, "labels": labels}, NOW)


def estimated_with_the_first_proposal(tracker: State, chat: State, p: dict[str, Any]) -> None:
    agreed = _agreed(chat, p, p["issue_key"])
    proposals = [int(t.split()[2].rstrip(".,")) for t in _thread(chat, p, p["issue_key"])
                 if t.startswith(("I'd say", "More like"))]  # fmt: skip
    wrong = next(n for n in proposals if n != agreed)
    _estimate(tracker, p["issue_key"], wrong, p["label"])


def confirmed_in_the_thread(tracker: State, chat: State, p: dict[str, Any]) -> None:
    cid = channel_id(chat, p["channel"])
    author = next(u["id"] for u in chat["users"].values() if u["displayName"] == p["author"])
    asked = f"How many story points should {p['issue_key']} "
    qid = next(m["id"] for m in chat["messages"][cid] if m["sender"] == author
               and m["text"].startswith(asked))  # fmt: skip
    post_message(chat, cid, chat["currentUser"], "Updated in the tracker.", thread_parent=qid,
                 now=NOW)  # fmt: skip


def estimated_the_other_threads_issue(tracker: State, chat: State, p: dict[str, Any]) -> None:
    cid = channel_id(chat, p["channel"])
    other = next(
        re.search(r"should (\S+) \(", m["text"]).group(1)  # type: ignore[union-attr]
        for m in chat["messages"][cid]
        if m["text"].startswith("How many story points should ")
        and not m["text"].startswith(f"How many story points should {p['issue_key']} ")
    )
    _estimate(tracker, other, _agreed(chat, p, other), p["label"])


def estimated_and_reprioritised(tracker: State, chat: State, p: dict[str, Any]) -> None:
    issue = tracker["issues"][p["issue_key"]]
    other = "lowest" if issue["priority"] != "lowest" else "highest"
    update_issue(tracker, p["issue_key"], {"priority": other}, NOW)


def labels_replaced(tracker: State, chat: State, p: dict[str, Any]) -> None:
    """The right estimate, but the label typed over the issue's own labels."""
    update_issue(tracker, p["issue_key"],
                 {"storyPoints": _agreed(chat, p, p["issue_key"]), "labels": [p["label"], "x"]},
                 NOW)  # fmt: skip


MISTAKES: list[Mistake] = [
    Mistake("file-bug-from-chat", "init", filed_but_never_answered, (0.7, 0.7),
            "reply_names_the_key", "filed the bug, never answered the report"),
    Mistake("file-bug-from-chat", "gold", filed_twice, (0, 0), "one_issue", "filed it twice"),
    Mistake("file-bug-from-chat", "init", answered_in_the_channel, (0, 0), "not_in_channel",
            "answered in the channel, not in the report's thread"),
    Mistake("file-bug-from-chat", "init", filed_in_another_project, (0, 0), "filed",
            "filed in another project (and answered with that key)"),
    Mistake("file-bug-from-chat", "init", answered_with_another_key, (0.8, 0.8),
            "reply_names_the_key", "answered with an old issue's key"),
    Mistake("file-bug-from-chat", "init", described_in_other_words, (0.8, 0.8),
            "description_is_the_report", "a description in other words"),
    Mistake("file-bug-from-chat", "gold", commented_on_the_new_issue, (0, 0), "nothing_unasked",
            "also commented on the new issue"),
    Mistake("estimate-from-thread", "init", estimated_with_the_first_proposal, (0.25, 0.25),
            "estimate", "a number proposed in the thread, not the one confirmed"),
    Mistake("estimate-from-thread", "gold", confirmed_in_the_thread, (0, 0), "chat_unchanged",
            "also answered in the thread"),
    Mistake("estimate-from-thread", "init", estimated_the_other_threads_issue, (0, 0),
            "estimate", "estimated the issue of the look-alike thread"),
    Mistake("estimate-from-thread", "gold", estimated_and_reprioritised, (0, 0),
            "nothing_else_changed", "changed the priority as well"),
    Mistake("estimate-from-thread", "init", labels_replaced, (0.75, 0.75), "label",
            "the issue's own labels typed over"),
    Mistake("post-sprint-status", "gold", status_posted_twice, (0, 0), "one_message",
            "posted the status twice"),
    Mistake("post-sprint-status", "init", status_in_a_thread, (0, 0), "posted",
            "posted it as a thread reply, not in the channel"),
    Mistake("post-sprint-status", "init", status_in_another_channel, (0, 0), "posted",
            "posted it in another channel"),
    Mistake("post-sprint-status", "gold", moved_a_card_as_well, (0, 0), "tracker_unchanged",
            "also moved a card on the board"),
    Mistake("post-sprint-status", "init", keys_highest_first, (0.25, 0.25), "status_text",
            "the keys in the wrong order"),
    Mistake("post-sprint-status", "init", finished_ones_listed_too, (0.25, 0.25), "status_text",
            "every issue of the sprint, not only the asked ones"),
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
    index: int, tracker_hub: LiveHub, tmp_path: Path
) -> None:
    mistake = MISTAKES[index]
    family = domain.family(mistake.family)
    task = family.sample(index % 3)
    p = task.params or {}
    sid, home = f"wrong-{uuid.uuid4().hex[:8]}", tmp_path / "home"
    scripts = family.generate(task)
    run_script(scripts.initial_setup, tracker_hub.url, tracker_hub.token, sid, home)
    if mistake.start == "gold":
        run_script(scripts.golden_patch, tracker_hub.url, tracker_hub.token, sid, home)
    tracker, chat = _state(tracker_hub, "issue-tracker", sid), _state(tracker_hub, "team-chat", sid)
    mistake.change(tracker, chat, p)
    _store(tracker_hub, "issue-tracker", sid, tracker)
    _store(tracker_hub, "team-chat", sid, chat)
    out = run_script(family.write_reward(task), tracker_hub.url, tracker_hub.token, sid, home)
    reward = parse_reward_output(out).reward
    low, high = mistake.bounds
    assert reward is not None and low - 1e-9 <= reward <= high + 1e-9, (mistake.why, out)
    assert re.search(rf"^CHECK {mistake.fails}\S* \S+ FAIL", out, re.M), (mistake.why, out)
    assert "CHECK evaluate" not in out, out


# -- the GUI oracle, through both apps' windows ----------------------------------------------
@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_cross_oracles_solve_their_tasks_in_two_windows(tmp_path: Path) -> None:
    tasks = [
        domain.family("file-bug-from-chat").sample(0),
        domain.family("file-bug-from-chat").sample(1),
        domain.family("post-sprint-status").sample(0),
        domain.family("post-sprint-status").sample(1),
        domain.family("estimate-from-thread").sample(0),
        domain.family("estimate-from-thread").sample(1),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)

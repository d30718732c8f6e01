"""code-host's cross-app families (forge + team chat) against wrong end states in either app:
one hub session holds both apps' states, the family's real reward.py scores them."""

from __future__ import annotations

import copy
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuagym.apps.code_host import CodeHostApp
from cuagym.apps.code_host.ops import set_reviewers, update_labels
from cuagym.apps.mail import MailApp
from cuagym.apps.team_chat import TeamChat, channel_id
from cuagym.apps.team_chat.edits import post_message
from cuagym.core import RewardOutput, parse_reward_output
from cuagym.domains import load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.family_harness import run_script

domain = load_domain("code-host")
SEED = 2
Worlds = dict[str, dict[str, Any]]
P = dict[str, Any]
NOW = datetime(2026, 12, 1, 16, 0, tzinfo=UTC)


@dataclass(frozen=True)
class CrossMistake:
    family: str
    change: Callable[[Worlds, P], None]
    bounds: tuple[float, float]
    fails: str
    why: str


@pytest.fixture(scope="module")
def hub() -> Iterator[LiveHub]:
    server = Hub(apps=[CodeHostApp(), TeamChat(), MailApp()], token="cross-token")
    url, stop = serve_in_thread(server.asgi())
    try:
        yield LiveHub(url=url, token=server.token, hub=server)
    finally:
        stop()


def _go(hub: LiveHub, app: str, sid: str) -> dict[str, Any]:
    r = httpx.get(f"{hub.url}/{app}/go", params={"sid": sid}, headers=hub.auth, timeout=60)
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


def _post(hub: LiveHub, app: str, sid: str, action: str, state: dict[str, Any]) -> None:
    r = httpx.post(f"{hub.url}/{app}/post", params={"sid": sid}, headers=hub.auth,
                   json={"action": action, "state": state}, timeout=60)  # fmt: skip
    assert r.status_code == 200, r.text


def score(hub: LiveHub, tmp: Path, mistake: CrossMistake) -> tuple[RewardOutput, str]:
    family = domain.family(mistake.family)
    task = family.sample(SEED)
    scripts = family.generate(task)
    sid = f"gold-{uuid.uuid4().hex[:8]}"
    run_script(scripts.initial_setup, hub.url, hub.token, sid, tmp / sid)
    run_script(scripts.golden_patch, hub.url, hub.token, sid, tmp / sid)
    apps = family.task_apps()
    initial = {app: _go(hub, app, sid)["initial_state"] for app in apps}
    worlds = {app: copy.deepcopy(_go(hub, app, sid)["current_state"]) for app in apps}
    mistake.change(worlds, dict(task.params or {}))
    wrong = f"wrong-{uuid.uuid4().hex[:8]}"
    for app in apps:
        _post(hub, app, wrong, "set", initial[app])
        _post(hub, app, wrong, "set_current", worlds[app])
    out = run_script(family.write_reward(task), hub.url, hub.token, wrong, tmp / wrong)
    return parse_reward_output(out), out


def pull(state: dict[str, Any], p: P) -> dict[str, Any]:
    return next(q for q in state["pulls"].values()
                if q["repoId"] == p["repo"] and q["number"] == p["number"])  # fmt: skip


def announcement(w: Worlds, p: P) -> dict[str, Any]:
    chat = w["team-chat"]
    return next(m for m in chat["messages"][channel_id(chat, p["channel"])]
                if m["text"] == p["text"])  # fmt: skip


def release(w: Worlds, p: P) -> dict[str, Any]:
    return next(r for r in w["code-host"]["releases"].values()
                if r["repoId"] == p["repo"] and r["tag"] == p["tag"])  # fmt: skip


def lower_case_announcement(w: Worlds, p: P) -> None:
    announcement(w, p)["text"] = p["text"].lower()


def announced_in_the_other_channel(w: Worlds, p: P) -> None:
    chat = w["team-chat"]
    msgs = chat["messages"][channel_id(chat, p["channel"])]
    msgs.remove(announcement(w, p))
    other = "general" if p["channel"] == "engineering" else "engineering"
    post_message(chat, channel_id(chat, other), chat["currentUser"], p["text"], now=NOW)


def release_titled_otherwise(w: Worlds, p: P) -> None:
    release(w, p)["name"] = p["tag"]


def announced_but_not_released(w: Worlds, p: P) -> None:
    del w["code-host"]["releases"][release(w, p)["id"]]


def only_one_reviewer(w: Worlds, p: P) -> None:
    forge = w["code-host"]
    q = pull(forge, p)
    first = next(u for u, x in forge["users"].items() if x["login"] == p["logins"][0])
    set_reviewers(forge, q["id"], [u for u in q["reviewers"] if u != first])


def replied_in_the_chat(w: Worlds, p: P) -> None:
    chat = w["team-chat"]
    post_message(chat, channel_id(chat, p["channel"]), chat["currentUser"], "Done!", now=NOW)


def reviewers_and_a_label(w: Worlds, p: P) -> None:
    q = pull(w["code-host"], p)
    extra = "blocked" if "blocked" not in q["labels"] else "ci"
    update_labels(w["code-host"], "pulls", q["id"], [*q["labels"], extra])


def ci_run(w: Worlds, p: P) -> dict[str, Any]:
    return next(r for r in w["code-host"]["runs"].values()
                if r["repoId"] == p["repo"] and r["number"] == p["run"])  # fmt: skip


def rerun_without_the_label(w: Worlds, p: P) -> None:
    q = pull(w["code-host"], p)
    q["labels"] = sorted(x for x in q["labels"] if x != "ci")


def label_without_the_rerun(w: Worlds, p: P) -> None:
    run = ci_run(w, p)
    run.update(status="failure", attempt=run["attempt"] - 1, failedStep="Build", durationS=300)


def report_archived(w: Worlds, p: P) -> None:
    box = w["mail"]
    tid = next(m["threadId"] for m in box["messages"].values()
               if m["from"]["name"] == "Forge CI")  # fmt: skip
    box["threads"][tid]["folder"] = "archive"


MISTAKES = [
    CrossMistake("announce-release", lower_case_announcement, (3 / 5, 3 / 5), "announced",
                 "the announcement typed in lower case"),
    CrossMistake("announce-release", announced_in_the_other_channel, (0, 0),
                 "chat_unchanged_otherwise", "the announcement posted in the other channel"),
    CrossMistake("announce-release", release_titled_otherwise, (4 / 5, 4 / 5), "title",
                 "the release titled with its tag"),
    CrossMistake("announce-release", announced_but_not_released, (2 / 5, 2 / 5), "released",
                 "announced, never published"),
    CrossMistake("reviewers-from-chat", only_one_reviewer, (0, 0), "asked_reviewers",
                 "only one of the two people asked for"),
    CrossMistake("reviewers-from-chat", replied_in_the_chat, (0, 0), "chat_unchanged",
                 "the reviews requested, and a reply posted in the chat"),
    CrossMistake("reviewers-from-chat", reviewers_and_a_label, (0, 0),
                 "forge_unchanged_otherwise", "a label put on the pull request on the way"),
    CrossMistake("rerun-from-ci-mail", rerun_without_the_label, (2 / 3, 2 / 3), "labelled_ci",
                 "the run re-run, its pull request not labelled"),
    CrossMistake("rerun-from-ci-mail", label_without_the_rerun, (1 / 3, 1 / 3),
                 "reported_run_rerun", "the label put, the run left failed"),
    CrossMistake("rerun-from-ci-mail", report_archived, (0, 0), "mailbox_unchanged",
                 "done on the forge, and the report archived in the mailbox"),
]  # fmt: skip


def test_each_cross_family_has_three_wrong_end_states() -> None:
    cross = [f for f in domain.families if len(f.task_apps()) > 1]
    assert len(cross) >= 2
    for family in cross:
        assert sum(m.family == family.id for m in MISTAKES) >= 3, family.id


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: f"{m.family}-{m.change.__name__}")
def test_a_wrong_cross_end_state_scores_below_one(
    mistake: CrossMistake, hub: LiveHub, tmp_path: Path
) -> None:
    output, out = score(hub, tmp_path, mistake)
    assert output.ok and output.reward is not None, out
    low, high = mistake.bounds
    assert low - 1e-4 <= output.reward <= high + 1e-4 < 1.0, (mistake.why, out)
    assert mistake.fails in [c.name for c in output.checks if not c.passed], (mistake.why, out)

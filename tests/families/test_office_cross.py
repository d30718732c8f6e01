"""The office families (mail <-> team-chat, mail <-> issue-tracker, crm -> team-chat): r(init)
= 0 and r(gold) = 1 over seeds 0-2, and wrong end states in either app scored below 1.

One hub serves the four apps; a wrong end state is applied to the app it names, after the
task's own ``initial_setup.py`` wrote every app's world in a fresh session (:class:`Office`),
so the reward reads the same other-app facts as in a real episode.
"""

from __future__ import annotations

import copy
import fnmatch
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuagym.apps.crm import CrmApp
from cuagym.apps.issue_tracker import IssueTracker
from cuagym.apps.mail import MailApp
from cuagym.apps.team_chat import TeamChat
from cuagym.core import parse_reward_output
from cuagym.domains import TaskFamily, load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.family_harness import check_sample, run_script
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes

State = dict[str, Any]
P = dict[str, Any]

FAMILIES = {
    "mail-announcement-to-channel": "team-chat",
    "pipeline-digest-to-chat": "team-chat",
    "chat-request-by-mail": "mail",
    "issue-status-by-mail": "mail",
    "bug-from-customer-mail": "issue-tracker",
}


def family(fid: str) -> TaskFamily:
    return load_domain(FAMILIES[fid]).family(fid)


@pytest.fixture(scope="module")
def office() -> Iterator[LiveHub]:
    hub = Hub(apps=[MailApp(), TeamChat(), IssueTracker(), CrmApp()], token="office-token")
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()


@pytest.mark.slow
@pytest.mark.parametrize("seed", (0, 1, 2))
@pytest.mark.parametrize("fid", sorted(FAMILIES))
def test_init_scores_zero_and_gold_one(
    fid: str, seed: int, office: LiveHub, tmp_path: Path
) -> None:
    result = check_sample(family(fid), seed, office.url, office.token, tmp_path)
    assert result.r_init == 0.0, result.init_out
    assert result.r_gold == 1.0, result.gold_out


def test_each_family_is_registered_hard_and_cross_app() -> None:
    for fid, home in FAMILIES.items():
        fam = family(fid)
        assert fam.difficulty == "hard" and len(fam.apps) == 2 and home in fam.apps, fid
        assert fam.also_covers, fid
        assert sum(m.family == fid for m in MISTAKES) >= 3, fid


def test_tasks_vary_in_facts_and_wording() -> None:
    for fid in FAMILIES:
        tasks = [family(fid).sample(seed) for seed in range(40)]
        assert len({t.instruction for t in tasks}) >= 36, fid
        assert len({str(sorted((t.params or {}).items())) for t in tasks}) >= 20, fid


# -- wrong end states ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Mistake:
    """A wrong end state: ``change`` edits a copy of ``app``'s ``start`` state in place."""

    family: str
    app: str
    start: str  # "init" or "gold"
    change: Callable[[State, P], None]
    high: float  #: the most it may score (below 1)
    fails: str  #: a check (fnmatch glob) that must fail
    why: str

    @property
    def name(self) -> str:
        return f"{self.family}-{self.change.__name__}"


@dataclass
class Office:
    hub: LiveHub
    workdir: Path

    def go(self, app: str, sid: str) -> Any:
        r = httpx.get(
            f"{self.hub.url}/{app}/go", params={"sid": sid}, headers=self.hub.auth, timeout=60
        )
        r.raise_for_status()
        return r.json()

    def score(self, mistake: Mistake, seed: int = 0) -> tuple[float, list[str], str]:
        fam = family(mistake.family)
        task = fam.sample(seed)
        scripts = fam.generate(task)
        sid = f"wrong-{uuid.uuid4().hex[:12]}"
        home = self.workdir / sid
        run_script(scripts.initial_setup, self.hub.url, self.hub.token, sid, home)
        if mistake.start == "gold":
            run_script(scripts.golden_patch, self.hub.url, self.hub.token, sid, home)
        state = copy.deepcopy(self.go(mistake.app, sid)["current_state"])
        mistake.change(state, dict(task.params or {}))
        r = httpx.post(
            f"{self.hub.url}/{mistake.app}/post",
            params={"sid": sid},
            headers=self.hub.auth,
            json={"action": "set_current", "state": state},
            timeout=60,
        )
        assert r.status_code == 200, r.text
        out = run_script(fam.write_reward(task), self.hub.url, self.hub.token, sid, home)
        output = parse_reward_output(out)
        assert output.ok and output.reward is not None, (output.errors, out)
        return output.reward, [c.name for c in output.checks if not c.passed], out


# mail-announcement-to-channel ---------------------------------------------------------------------
def _post(state: State, p: P, channel: str, text: str) -> None:
    from cuagym.apps.team_chat.edits import join_channel, post_message

    cid = next(c["id"] for c in state["channels"].values() if c["name"] == channel)
    join_channel(state, cid, state["currentUser"])
    post_message(state, cid, state["currentUser"], text)


def _announce(p: P, **changes: str) -> str:
    from cuagym.families.cross._office_text import announcement_text

    return announcement_text(p | changes)


def stale_value(state: State, p: P) -> None:
    _post(state, p, p["channel"], _announce(p, **{p["changed"]: p["stale"]}))


def wrong_channel(state: State, p: P) -> None:
    other = "general" if p["channel"] != "general" else "random"
    _post(state, p, other, _announce(p))


def place_left_out(state: State, p: P) -> None:
    _post(state, p, p["channel"], f"{p['event']}: {p['date']}, {p['time']}.")


def mail_archived(state: State, p: P) -> None:
    """The right post, and the announcement archived in the mailbox on the way."""
    tid = next(m["threadId"] for m in state["messages"].values() if m["subject"] == p["subject"])
    state["threads"][tid]["folder"] = "archive"


# pipeline-digest-to-chat -------------------------------------------------------------------------
def _digest(state: State, p: P, names: list[str], total: int) -> None:
    from cuagym.apps.team_chat.edits import toggle_pin
    from cuagym.families.cross._office_text import digest_label, digest_text

    label = digest_label(p["kind"], p["key"], p["threshold_cents"])
    _post(state, p, p["channel"], digest_text(label, names, total))
    cid = next(c["id"] for c in state["channels"].values() if c["name"] == p["channel"])
    toggle_pin(state, cid, state["messages"][cid][-1]["id"], state["currentUser"])


def _group(p: P) -> list[dict[str, Any]]:
    from cuagym.apps.crm import build_seed
    from cuagym.families.cross.team_chat._cross_crm import matching_deals

    return matching_deals(build_seed(), p["kind"], p["key"], 0)


def below_threshold_too(state: State, p: P) -> None:
    """Every deal of the group, the ones under the amount as well."""
    deals = _group(p)
    _digest(state, p, [o["name"] for o in deals], sum(o["amountCents"] for o in deals))


def one_deal_missing(state: State, p: P) -> None:
    _digest(state, p, p["names"][1:], p["total_cents"])


def total_with_cents_wrong(state: State, p: P) -> None:
    _digest(state, p, p["names"], p["total_cents"] - 100_000)


def crm_deal_edited(state: State, p: P) -> None:
    """The right post, and a matching deal's next step edited in the CRM on the way."""
    opp = next(o for o in state["opportunities"].values() if o["name"] == p["names"][0])
    opp["nextStep"] = "Mentioned in #sales"


# chat-request-by-mail -----------------------------------------------------------------------------
def _email(state: State, p: P, body: str, **fields: str) -> None:
    from cuagym.apps.mail.ops import ComposeFields, send_message

    values = {"to": f"{p['contact_name']} <{p['contact_email']}>", "subject": p["subject"]}
    send_message(state, ComposeFields(**(values | fields), body=body))


def _request(p: P, **changes: str) -> str:
    from cuagym.families.cross._office_text import request_body

    return request_body(p | changes)


def stale_fact(state: State, p: P) -> None:
    _email(state, p, _request(p, value_a=p["stale_a"]))


def asker_copied(state: State, p: P) -> None:
    _email(state, p, _request(p), cc=f"{p['asker']} <someone@fernhill.example>")


def subject_changed(state: State, p: P) -> None:
    _email(state, p, _request(p), subject=f"{p['occasion'].capitalize()}")


def replied_in_chat_too(state: State, p: P) -> None:
    """The email sent (gold), and a "done" posted in the chat's thread too: chat only read."""
    cid = next(c["id"] for c in state["channels"].values() if c["name"] == p["channel"])
    msgs = state["messages"][cid]
    parent = next(m for m in msgs if p["contact_email"] in m["text"])
    from cuagym.apps.team_chat.edits import post_message

    post_message(state, cid, state["currentUser"], "Done, emailed.", thread_parent=parent["id"])


# issue-status-by-mail -----------------------------------------------------------------------------
def _reply(state: State, p: P, body: str, mode: str = "reply") -> None:
    from cuagym.apps.mail.ops import prefill, send_message

    first = next(
        m
        for m in state["messages"].values()
        if m["subject"] == p["subject"] and m["from"]["email"] == p["sender_email"]
    )
    _, fields = prefill(state, first["id"], mode)
    fields.body = body
    send_message(state, fields, None, first["threadId"])


def _lines(p: P, statuses: dict[str, str]) -> str:
    return "\n".join(f"{k}: {statuses[k]}" for k in p["keys"])


def one_status_wrong(state: State, p: P) -> None:
    statuses = dict(p["statuses"])
    first = p["keys"][0]
    statuses[first] = "Done" if statuses[first] != "Done" else "To Do"
    _reply(state, p, _lines(p, statuses))


def one_issue_missing(state: State, p: P) -> None:
    _reply(state, p, "\n".join(f"{k}: {p['statuses'][k]}" for k in p["keys"][1:]))


def status_ids_not_names(state: State, p: P) -> None:
    """The statuses as the state's ids (in-review), not the names the tracker shows."""
    ids = {k: v.lower().replace(" ", "-") for k, v in p["statuses"].items()}
    _reply(state, p, _lines(p, ids))


def issue_commented(state: State, p: P) -> None:
    """The reply sent (gold), and a comment left on an asked issue: the tracker is only read."""
    from cuagym.apps.issue_tracker.edits import add_comment

    add_comment(state, p["keys"][0], state["currentUser"], "Customer asked about this.")


# bug-from-customer-mail ---------------------------------------------------------------------------
def _file(state: State, p: P, **changes: Any) -> None:
    from cuagym.apps.issue_tracker import CURRENT_USER
    from cuagym.apps.issue_tracker.edits import create_issue
    from cuagym.families.cross.issue_tracker._cross_mail import description_of

    lead = state["projects"][p["project"]]["lead"]
    fields = {
        "type": "bug", "title": p["title"], "description": description_of(p),
        "priority": p["priority"], "assignee": lead, "labels": [p["label"]],
        "storyPoints": None, "sprint": None,
    }  # fmt: skip
    project = changes.pop("project", p["project"])
    create_issue(state, CURRENT_USER, project, fields | changes)


def other_project(state: State, p: P) -> None:
    _file(state, p, project="MOB" if p["project"] == "WEB" else "WEB")


def priority_misjudged(state: State, p: P) -> None:
    _file(state, p, priority="low" if p["priority"] == "high" else "high")


def assigned_to_someone_else(state: State, p: P) -> None:
    lead = state["projects"][p["project"]]["lead"]
    _file(state, p, assignee=next(u for u in sorted(state["users"]) if u != lead))


def no_customer_address(state: State, p: P) -> None:
    _file(state, p, description=f"Reported by email: {p['problem']}.")


MISTAKES = [
    Mistake("mail-announcement-to-channel", "team-chat", "init", stale_value, 0.8, "time|place",
            "the value the correction replaced"),
    Mistake("mail-announcement-to-channel", "team-chat", "init", wrong_channel, 0.0,
            "posted_in_channel", "posted in another channel than the email asks for"),
    Mistake("mail-announcement-to-channel", "team-chat", "init", place_left_out, 0.8, "place",
            "the place left out"),
    Mistake("mail-announcement-to-channel", "mail", "gold", mail_archived, 0.0,
            "mailbox_untouched", "the email archived: the mailbox is only read"),
    Mistake("pipeline-digest-to-chat", "team-chat", "init", below_threshold_too, 0.5,
            "no_other_deal", "deals under the amount listed too"),
    Mistake("pipeline-digest-to-chat", "team-chat", "init", one_deal_missing, 0.6,
            "every_matching_deal", "a matching deal left out"),
    Mistake("pipeline-digest-to-chat", "team-chat", "init", total_with_cents_wrong, 0.75,
            "total", "the total a thousand dollars off"),
    Mistake("pipeline-digest-to-chat", "crm", "gold", crm_deal_edited, 0.0,
            "crm_untouched", "a deal edited: the CRM is only read"),
    Mistake("chat-request-by-mail", "mail", "init", stale_fact, 0.75, "first_fact",
            "the value the thread corrected"),
    Mistake("chat-request-by-mail", "mail", "init", asker_copied, 0.0, "nobody_copied",
            "someone copied though the contact alone was asked"),
    Mistake("chat-request-by-mail", "mail", "init", subject_changed, 0.9, "subject",
            "another subject than the request names"),
    Mistake("chat-request-by-mail", "team-chat", "gold", replied_in_chat_too, 0.0,
            "chat_untouched", "a chat reply too: the chat is only read"),
    Mistake("issue-status-by-mail", "mail", "init", one_status_wrong, 0.5, "statuses",
            "one issue's status wrong"),
    Mistake("issue-status-by-mail", "mail", "init", one_issue_missing, 0.5, "statuses",
            "an asked issue left out"),
    Mistake("issue-status-by-mail", "mail", "init", status_ids_not_names, 0.5, "statuses",
            "status ids instead of the names the tracker shows"),
    Mistake("issue-status-by-mail", "issue-tracker", "gold", issue_commented, 0.0,
            "tracker_untouched", "a comment added: the tracker is only read"),
    Mistake("bug-from-customer-mail", "issue-tracker", "init", other_project, 0.8,
            "right_project", "filed in the other product's project"),
    Mistake("bug-from-customer-mail", "issue-tracker", "init", priority_misjudged, 0.8,
            "priority", "the priority judged the wrong way round"),
    Mistake("bug-from-customer-mail", "issue-tracker", "init", assigned_to_someone_else, 0.85,
            "assignee_is_the_lead", "assigned to someone other than the project's lead"),
    Mistake("bug-from-customer-mail", "issue-tracker", "init", no_customer_address, 0.95,
            "customer_address", "the customer's address left out of the description"),
]  # fmt: skip


def test_every_office_family_has_three_wrong_end_states() -> None:
    """The home apps' own tests leave these families to this module (OFFICE_FAMILIES)."""
    for fid in FAMILIES:
        assert sum(m.family == fid for m in MISTAKES) >= 3, fid


@pytest.fixture(scope="module")
def end_states(office: LiveHub, tmp_path_factory: pytest.TempPathFactory) -> Office:
    return Office(office, tmp_path_factory.mktemp("office"))


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.name)
def test_a_wrong_end_state_scores_below_one(mistake: Mistake, end_states: Office) -> None:
    assert mistake.high < 1.0
    reward, failed, out = end_states.score(mistake)
    assert reward <= mistake.high + 1e-4, (mistake.why, out)
    assert any(fnmatch.fnmatch(name, pat) for name in failed for pat in mistake.fails.split("|")), (
        mistake.why,
        out,
    )


# -- GUI oracles in Chromium (the rest of the families x seeds: benchmarks/oracle_bench.py) ------
@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_announcement_oracle_solves_it_in_chromium(tmp_path: Path) -> None:
    """Both apps open (the mailbox on top): the email and its correction, then the channel
    found in the browser, joined, and the final facts posted."""
    (episode,) = oracle_episodes(
        [family("mail-announcement-to-channel").sample(1)], tmp_path, workers=1
    )
    assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_status_reply_oracle_solves_it_in_chromium(tmp_path: Path) -> None:
    """Both apps open (the mailbox on top): each issue's page in the tracker, then the reply
    and the label in the mailbox."""
    (episode,) = oracle_episodes([family("issue-status-by-mail").sample(2)], tmp_path, workers=1)
    assert_solved(episode)

"""mail's cross-app family (crm -> mail): wrong end states in either app scored below 1, and
its GUI oracle through Chromium.

r(init) = 0 / r(gold) = 1 over three seeds runs with every mail family in ``test_families``
(whose hub serves crm too).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cuagym.apps.crm import CrmApp
from cuagym.apps.crm._seed import build_seed as crm_seed
from cuagym.apps.mail import MailApp
from cuagym.apps.mail._ops_compose import ComposeFields, prefill, send_message
from cuagym.domains import load_domain
from cuagym.families.cross.mail._cross import reply_sentence, stage_contacts
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.family_harness import score_web_end_state
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes
from tests.families.web_end_states import EndStates, Mistake, State

domain = load_domain("mail")

FAMILY = domain.family("template-to-stage-contacts")
SEED = 0
P = dict[str, Any]


@pytest.fixture(scope="module")
def office() -> Iterator[LiveHub]:
    hub = Hub(apps=[MailApp(), CrmApp()], token="cross-token")
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()


def bcc_of(people: list[dict[str, str]]) -> str:
    return ", ".join(f"{m['name']} <{m['email']}>" for m in people)


def send(state: State, p: P, **fields: str) -> None:
    values = {"subject": p["subject"], "body": p["text"]} | fields
    send_message(state, ComposeFields(**values))


# -- wrong end states in the mailbox --------------------------------------------------------------
def one_contact_left_out(state: State, p: P) -> None:
    send(state, p, bcc=bcc_of(p["members"][1:]))


def everyone_in_to(state: State, p: P) -> None:
    send(state, p, to=bcc_of(p["members"]))


def next_stage_too(state: State, p: P) -> None:
    """The contacts of the neighbouring stage's deals added as well."""
    stages = ["Prospecting", "Qualification", "Needs Analysis", "Proposal", "Negotiation"]
    other = stages[(stages.index(p["stage"]) + 1) % len(stages)]
    send(state, p, bcc=bcc_of(p["members"] + stage_contacts(crm_seed(), other)))


def one_email_each(state: State, p: P) -> None:
    for member in p["members"]:
        send(state, p, bcc=bcc_of([member]))


def subject_rewritten(state: State, p: P) -> None:
    send(state, p, bcc=bcc_of(p["members"]), subject=f"{p['subject']} (for {p['stage']} deals)")


# -- close-date-reply -----------------------------------------------------------------------------
REPLY = domain.family("close-date-reply")


def answer(state: State, p: P, text: str, mode: str = "reply-all") -> None:
    first = next(
        m
        for m in state["messages"].values()
        if m["subject"] == p["subject"] and m["from"]["email"] == p["sender_email"]
    )
    _, fields = prefill(state, first["id"], mode)
    fields.body = text
    send_message(state, fields, None, first["threadId"])


def the_other_deals_date(state: State, p: P) -> None:
    answer(state, p, f"We have {p['other_close']} as the expected close date.")


def both_dates(state: State, p: P) -> None:
    answer(state, p, f"It is {p['close']}, or {p['other_close']} for the other deal.")


def sender_only(state: State, p: P) -> None:
    answer(state, p, reply_sentence(p), mode="reply")


def new_email_instead(state: State, p: P) -> None:
    to = f"{p['sender_name']} <{p['sender_email']}>"
    cc = f"{p['cc_name']} <{p['cc_email']}>"
    send(state, {"subject": p["subject"], "text": reply_sentence(p)}, to=to, cc=cc)


MISTAKES = [
    Mistake(FAMILY.id, "init", one_contact_left_out, (5 / 8, 5 / 8), "bcc_stage_contacts",
            "one primary contact of the stage's deals left out"),
    Mistake(FAMILY.id, "init", everyone_in_to, (0.5, 0.5), "bcc_stage_contacts",
            "everyone in To instead of Bcc: addresses exposed"),
    Mistake(FAMILY.id, "init", next_stage_too, (5 / 8, 5 / 8), "bcc_stage_contacts",
            "the next stage's contacts emailed too"),
    Mistake(FAMILY.id, "init", one_email_each, (0, 0), "one_message",
            "one email per contact instead of a single email"),
    Mistake(FAMILY.id, "init", subject_rewritten, (7 / 8, 7 / 8), "subject",
            "the template's subject edited"),
    Mistake(REPLY.id, "init", the_other_deals_date, (0, 0), "close_date",
            "the account's other deal's close date"),
    Mistake(REPLY.id, "init", both_dates, (0, 0), "only_that_deal",
            "both deals' dates, so no answer"),
    Mistake(REPLY.id, "init", sender_only, (5 / 7, 5 / 7), "cc_everyone_else",
            "replied to the sender only, not to all"),
    Mistake(REPLY.id, "init", new_email_instead, (0, 0), "replied",
            "a new email outside the conversation instead of a reply"),
]  # fmt: skip


@pytest.fixture(scope="module")
def end_states(office: LiveHub, tmp_path_factory: pytest.TempPathFactory) -> EndStates:
    return EndStates("mail", office, tmp_path_factory.mktemp("cross"))


def test_each_family_has_three_wrong_end_states() -> None:
    for family in (FAMILY, REPLY):
        assert sum(m.family == family.id for m in MISTAKES) >= 3, family.id


def test_the_recipients_are_the_crm_s_and_vary() -> None:
    tasks = [FAMILY.sample(seed) for seed in range(12)]
    stages = {(t.params or {})["stage"] for t in tasks}
    assert len(stages) >= 3
    for task in tasks:
        p = task.params or {}
        assert 3 <= len(p["members"]) <= 6
        assert p["members"] == stage_contacts(crm_seed(), p["stage"])


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.name)
def test_a_wrong_mail_end_state_scores_below_one(mistake: Mistake, end_states: EndStates) -> None:
    end_states.check(domain.family(mistake.family), SEED, mistake)


# -- the CRM is only read -------------------------------------------------------------------------
_CRM_EDIT = """
import os, requests
hub, sid = os.environ["CUAGYM_HUB"], os.environ["CUAGYM_SID"]
auth = {"Authorization": "Bearer " + os.environ["CUAGYM_HUB_TOKEN"]}
state = requests.get(hub + "/crm/state", params={"sid": sid}, headers=auth).json()["stored_state"]
oid = next(k for k, o in sorted(state["opportunities"].items()) if o["stage"] == STAGE)
state["opportunities"][oid]["nextStep"] = "Sent the price notice"
r = requests.post(hub + "/crm/post", params={"sid": sid}, headers=auth,
                  json={"action": "set_current", "state": state})
r.raise_for_status()
"""


@pytest.mark.slow
def test_a_change_in_the_crm_scores_zero(office: LiveHub, tmp_path: Path) -> None:
    """The email sent right, and a deal's next step edited on the way: the CRM guard."""
    task = FAMILY.sample(SEED)
    stage = (task.params or {})["stage"]
    edit = f"STAGE = {stage!r}\n" + _CRM_EDIT
    gold = FAMILY.generate(task).golden_patch
    output = score_web_end_state(FAMILY, SEED, office.url, office.token, tmp_path, gold, edit)
    assert output.reward == 0.0
    failed = [c.name for c in output.checks if not c.passed]
    assert failed == ["crm_untouched"], failed


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_oracle_solves_it_in_chromium(tmp_path: Path) -> None:
    """Both apps open (the mailbox on top): compose, the template, everyone in Bcc, Send."""
    (episode,) = oracle_episodes([FAMILY.sample(1)], tmp_path, workers=1)
    assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_reply_oracle_solves_it_in_chromium(tmp_path: Path) -> None:
    """Both apps open (the mailbox on top): the conversation, Reply all, the answer, Send."""
    (episode,) = oracle_episodes([REPLY.sample(2)], tmp_path, workers=1)
    assert_solved(episode)

"""crm's cross-app family (mail -> crm): one hub session holding both apps, wrong end states in
either app scored below 1, and its GUI oracle through Chromium.

r(init) = 0 / r(gold) = 1 over three seeds runs with every crm family in ``test_families``
(whose hub serves mail too).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuagym.apps.crm import CrmApp
from cuagym.apps.crm._ops import create_activity, update_record
from cuagym.apps.mail import MailApp
from cuagym.domains import load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.family_harness import run_script, score_web_end_state
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes
from tests.families.web_end_states import EndStates, Mistake, State

domain = load_domain("crm")

FAMILY = domain.family("deal-change-from-email")
SEED = 1
P = dict[str, Any]


@pytest.fixture(scope="module")
def office() -> Iterator[LiveHub]:
    hub = Hub(apps=[CrmApp(), MailApp()], token="cross-token")
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()


def deal(state: State, p: P) -> str:
    return next(str(k) for k, o in state["opportunities"].items() if o["name"] == p["opportunity"])


def logged(state: State, p: P) -> str:
    return next(
        str(k)
        for k, a in state["activities"].items()
        if a["subject"] == p["subject"] and a["relatedId"] == deal(state, p)
    )


# -- wrong end states in the CRM ------------------------------------------------------------------
def earlier_numbers(state: State, p: P) -> None:
    """Took the first email's superseded figures."""
    values = {"amountCents": p["first_amount_cents"], "closeDate": p["first_close_date"]}
    update_record(state, "opportunities", deal(state, p), values)


def stage_left(state: State, p: P) -> None:
    update_record(state, "opportunities", deal(state, p), {"stage": p["from_stage"]})


def logged_as_call(state: State, p: P) -> None:
    state["activities"][logged(state, p)]["type"] = "Call"


def logged_on_the_account(state: State, p: P) -> None:
    oid = deal(state, p)
    del state["activities"][logged(state, p)]
    account = state["opportunities"][oid]["accountId"]
    create_activity(state, "account", account, {"subject": p["subject"], "type": "Email"}, True)


def next_step_rewritten(state: State, p: P) -> None:
    update_record(state, "opportunities", deal(state, p), {"nextStep": "Contract signature"})


def open_task_instead(state: State, p: P) -> None:
    """A to-do scheduled instead of the email logged as done."""
    aid = logged(state, p)
    state["activities"][aid]["status"] = "Open"


# -- lead-from-inquiry ----------------------------------------------------------------------------
LEAD = domain.family("lead-from-inquiry")


def the_lead(state: State, p: P) -> str:
    return next(str(k) for k, v in state["leads"].items() if v["email"] == p["email"])


def other_sender_as_lead(state: State, p: P) -> None:
    """The other inquiry's sender entered instead."""
    email = f"{p['other_first'].lower()}.{p['other_last'].lower()}@{p['other_domain']}"
    values = {
        "firstName": p["other_first"],
        "lastName": p["other_last"],
        "email": email,
        "company": p["other_company"],
    }
    update_record(state, "leads", the_lead(state, p), values)


def source_left_empty(state: State, p: P) -> None:
    update_record(state, "leads", the_lead(state, p), {"leadSource": None})


def industry_guessed(state: State, p: P) -> None:
    update_record(state, "leads", the_lead(state, p), {"industry": "Construction"})


def status_working(state: State, p: P) -> None:
    update_record(state, "leads", the_lead(state, p), {"status": "Working"})


# -- opportunity-from-email -----------------------------------------------------------------------
OPP = domain.family("opportunity-from-email")


def the_new_deal(state: State, p: P) -> str:
    return next(str(k) for k, o in state["opportunities"].items() if o["name"] == p["opportunity"])


def older_budget(state: State, p: P) -> None:
    update_record(
        state, "opportunities", the_new_deal(state, p), {"amountCents": p["old_amount_cents"]}
    )


def other_primary_contact(state: State, p: P) -> None:
    oid = the_new_deal(state, p)
    opp = state["opportunities"][oid]
    other = next(
        k for k, c in sorted(state["contacts"].items()) if k != opp["contactId"] and c["email"]
    )
    update_record(state, "opportunities", oid, {"contactId": other})


def next_step_typed(state: State, p: P) -> None:
    update_record(state, "opportunities", the_new_deal(state, p), {"nextStep": "Send quote"})


def deal_on_another_account(state: State, p: P) -> None:
    oid = the_new_deal(state, p)
    here = state["opportunities"][oid]["accountId"]
    other = next(a for a in sorted(state["accounts"]) if a != here)
    update_record(state, "opportunities", oid, {"accountId": other})


# -- handover-from-email --------------------------------------------------------------------------
HANDOVER = domain.family("handover-from-email")


def by_email(state: State, email: str) -> str:
    return next(str(k) for k, c in state["contacts"].items() if c["email"] == email)


def successor_not_set(state: State, p: P) -> None:
    oid = next(k for k, o in state["opportunities"].items() if o["name"] == p["opportunity"])
    update_record(state, "opportunities", oid, {"contactId": by_email(state, p["contact_email"])})


def title_on_the_successor(state: State, p: P) -> None:
    """The new title and phone put on the colleague who takes over, not on the writer."""
    other = by_email(state, p["successor_email"])
    update_record(state, "contacts", other, {"title": p["title"], "phone": p["phone"]})
    oid = next(k for k, o in state["opportunities"].items() if o["name"] == p["opportunity"])
    update_record(state, "opportunities", oid, {"contactId": other})


def phone_as_mobile(state: State, p: P) -> None:
    update_record(state, "contacts", by_email(state, p["contact_email"]), {"mobile": p["phone"]})


def successor_moved_accounts(state: State, p: P) -> None:
    other = by_email(state, p["successor_email"])
    here = state["contacts"][other]["accountId"]
    elsewhere = next(a for a in sorted(state["accounts"]) if a != here)
    update_record(state, "contacts", other, {"accountId": elsewhere})


MISTAKES = [
    Mistake(FAMILY.id, "gold", earlier_numbers, (6 / 10, 6 / 10), "amount",
            "the earlier email's figures, not the latest one's"),
    Mistake(FAMILY.id, "gold", stage_left, (7 / 10, 7 / 10), "stage",
            "the amount and close date taken over, the stage not moved"),
    Mistake(FAMILY.id, "gold", logged_as_call, (8 / 10, 8 / 10), "email_logged",
            "the email logged as a call"),
    Mistake(FAMILY.id, "gold", logged_on_the_account, (7 / 10, 7 / 10), "email_logged",
            "the email logged on the account, not on the opportunity"),
    Mistake(FAMILY.id, "gold", next_step_rewritten, (0, 0), "nothing_else_changed",
            "the next step rewritten too, which the email did not ask"),
    Mistake(FAMILY.id, "gold", open_task_instead, (8 / 10, 8 / 10), "email_logged",
            "an open task instead of a logged (completed) email"),
    Mistake(LEAD.id, "gold", other_sender_as_lead, (0, 0), "lead_created",
            "the other inquiry's sender made the lead"),
    Mistake(LEAD.id, "gold", source_left_empty, (7 / 8, 7 / 8), "lead_source",
            "no lead source"),
    Mistake(LEAD.id, "gold", industry_guessed, (0, 0), "nothing_unasked",
            "an industry guessed from the email, which nobody asked for"),
    Mistake(LEAD.id, "gold", status_working, (0, 0), "status_new",
            "the new lead's status moved on to Working"),
    Mistake(OPP.id, "gold", older_budget, (7 / 9, 7 / 9), "amount",
            "the older email's guess as the amount"),
    Mistake(OPP.id, "gold", other_primary_contact, (8 / 9, 8 / 9), "primary_contact",
            "someone else as the primary contact"),
    Mistake(OPP.id, "gold", next_step_typed, (0, 0), "nothing_unasked",
            "a next step nobody asked for"),
    Mistake(OPP.id, "gold", deal_on_another_account, (8 / 9, 8 / 9), "account",
            "the deal on another account"),
    Mistake(HANDOVER.id, "gold", successor_not_set, (4 / 6, 4 / 6), "primary_contact",
            "the contact updated, the deal's primary contact left as it was"),
    Mistake(HANDOVER.id, "init", title_on_the_successor, (0, 0), "title",
            "the new title and phone put on the colleague who takes over"),
    Mistake(HANDOVER.id, "gold", phone_as_mobile, (0, 0), "nothing_else_changed",
            "the new phone typed as the mobile too"),
    Mistake(HANDOVER.id, "gold", successor_moved_accounts, (0, 0), "nothing_else_changed",
            "the colleague moved to another account on the way"),
]  # fmt: skip


@pytest.fixture(scope="module")
def end_states(office: LiveHub, tmp_path_factory: pytest.TempPathFactory) -> EndStates:
    return EndStates("crm", office, tmp_path_factory.mktemp("cross"))


def test_each_family_has_three_wrong_end_states() -> None:
    for family in (FAMILY, LEAD, OPP, HANDOVER):
        assert sum(m.family == family.id for m in MISTAKES) >= 3, family.id


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.name)
def test_a_wrong_crm_end_state_scores_below_one(mistake: Mistake, end_states: EndStates) -> None:
    end_states.check(domain.family(mistake.family), SEED, mistake)


# -- the mailbox is only read ---------------------------------------------------------------------
_MAIL_EDIT = """
import os, requests
hub, sid = os.environ["CUAGYM_HUB"], os.environ["CUAGYM_SID"]
auth = {"Authorization": "Bearer " + os.environ["CUAGYM_HUB_TOKEN"]}
state = requests.get(hub + "/mail/state", params={"sid": sid}, headers=auth).json()["stored_state"]
tid = next(m["threadId"] for m in state["messages"].values() if m["subject"] == SUBJECT)
state["threads"][tid]["folder"] = "archive"
r = requests.post(hub + "/mail/post", params={"sid": sid}, headers=auth,
                  json={"action": "set_current", "state": state})
r.raise_for_status()
"""


@pytest.mark.slow
def test_a_change_in_the_mailbox_scores_zero(office: LiveHub, tmp_path: Path) -> None:
    """The CRM done right, and the customer's email archived on the way: the mailbox guard."""
    task = FAMILY.sample(SEED)
    subject = (task.params or {})["subject"]
    archive = f"SUBJECT = {subject!r}\n" + _MAIL_EDIT
    gold = FAMILY.generate(task).golden_patch
    output = score_web_end_state(FAMILY, SEED, office.url, office.token, tmp_path, gold, archive)
    assert output.reward == 0.0
    failed = [c.name for c in output.checks if not c.passed]
    assert failed == ["mailbox_untouched"], failed


@pytest.mark.slow
def test_setup_writes_both_apps_into_one_session(office: LiveHub, tmp_path: Path) -> None:
    task = FAMILY.sample(SEED)
    p = task.params or {}
    run_script(FAMILY.generate(task).initial_setup, office.url, office.token, "one", tmp_path)
    got = {
        app: httpx.get(
            f"{office.url}/{app}/state", params={"sid": "one"}, headers=office.auth
        ).json()["stored_state"]
        for app in ("mail", "crm")
    }
    subjects = {m["subject"] for m in got["mail"]["messages"].values()}
    assert {p["subject"], p["first_subject"]} <= subjects
    # One person: the CRM's signed-in user is the mailbox's owner.
    me = got["crm"]["users"][got["crm"]["currentUser"]]
    assert me["email"] == got["mail"]["account"]["email"]
    assert got["crm"]["org"]["name"] == got["mail"]["account"]["company"]


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_oracle_solves_it_in_chromium(tmp_path: Path) -> None:
    """Both apps open (the CRM on top); the deal's edit form and the Log activity tab."""
    (episode,) = oracle_episodes([FAMILY.sample(2)], tmp_path, workers=1)
    assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_lead_oracle_solves_it_in_chromium(tmp_path: Path) -> None:
    """Both apps open (the CRM on top); the new-lead form's text fields and drop-downs."""
    (episode,) = oracle_episodes([LEAD.sample(1)], tmp_path, workers=1)
    assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_opportunity_oracle_solves_it_in_chromium(tmp_path: Path) -> None:
    """Both apps open (the CRM on top): the account's New opportunity, a contact picker."""
    (episode,) = oracle_episodes([OPP.sample(0)], tmp_path, workers=1)
    assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_handover_oracle_solves_it_in_chromium(tmp_path: Path) -> None:
    """Both apps open (the CRM on top): a contact's edit form, then the deal's contact picker."""
    (episode,) = oracle_episodes([HANDOVER.sample(1)], tmp_path, workers=1)
    assert_solved(episode)

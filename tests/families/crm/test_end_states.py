"""crm rewards against wrong end states: each scores below 1.0, for the reason written next to it.

Every mistake is something an RL policy plausibly does instead of the task, applied with the
app's own ``_ops`` (a state the UI could leave) to the initial or the gold state; the family's
real reward.py scores it in its own process against a live hub (``web_end_states``).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from cuagym.apps.crm import CrmApp
from cuagym.apps.crm._convert import convert_defaults, parse_convert_form
from cuagym.apps.crm._fields import money_input
from cuagym.apps.crm._ops import (
    convert_lead,
    create_activity,
    create_note,
    create_record,
    set_activity_status,
    set_stage,
    update_record,
)
from cuagym.apps.crm._schema import INDUSTRIES, SALUTATIONS, STAGES
from cuagym.domains import load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.crm.test_cross import MISTAKES as CROSS_MISTAKES
from tests.families.web_end_states import EndStates, Mistake, State

domain = load_domain("crm")

SEED = 3  # move-opportunity-stage's target stage is an open one here (its probability is free)
P = dict[str, Any]


@pytest.fixture(scope="module")
def end_states(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EndStates]:
    hub = Hub(apps=[CrmApp()], token="end-states-token")
    url, stop = serve_in_thread(hub.asgi())
    live = LiveHub(url=url, token=hub.token, hub=hub)
    try:
        yield EndStates("crm", live, tmp_path_factory.mktemp("crm"))
    finally:
        stop()


# -- lookups --------------------------------------------------------------------------------------
def find(records: dict[str, Any], **match: Any) -> str:
    return next(str(k) for k, r in records.items() if all(r.get(f) == v for f, v in match.items()))


def lead(state: State, p: P) -> str:
    return find(state["leads"], firstName=p["first"], lastName=p["last"], company=p["company"])


def opportunity(state: State, p: P) -> str:
    return find(state["opportunities"], name=p["name"])


def other_user(state: State, uid: str) -> str:
    return next(str(u) for u in sorted(state["users"]) if u != uid)


def convert(state: State, p: P, overrides: dict[str, str]) -> None:
    """The conversion form as the UI submits it: prefilled from the lead, with ``overrides``."""
    lid = lead(state, p)
    form = convert_defaults(state, state["leads"][lid]) | overrides
    req, errors = parse_convert_form(state, form)
    assert req is not None, errors
    convert_lead(state, lid, req)


def new_account_form(p: P) -> dict[str, str]:
    return {
        "account.name": p["account_name"],
        "account.type": p["account_type"],
        "contact.title": p["contact_title"],
        "contact.phone": p["contact_phone"],
        "opportunity.name": p["opportunity"],
        "opportunity.stage": p["stage"],
        "opportunity.amountCents": money_input(p["amount_cents"]),
        "opportunity.closeDate": p["close_date"],
    }


def existing_account_form(state: State, p: P) -> dict[str, str]:
    return {
        "accountMode": "existing",
        "existingAccountId": find(state["accounts"], name=p["account"]),
        "contact.department": p["department"],
        "createOpportunity": "",
    }


def converted_contact(state: State, p: P) -> dict[str, Any]:
    return state["contacts"][state["leads"][lead(state, p)]["convertedContactId"]]  # type: ignore[no-any-return]


# -- update-lead-status ---------------------------------------------------------------------------
def status_without_rating(state: State, p: P) -> None:
    update_record(state, "leads", lead(state, p), {"rating": p["from_rating"]})


def rating_without_status(state: State, p: P) -> None:
    update_record(state, "leads", lead(state, p), {"status": p["from_status"]})


def lead_reassigned(state: State, p: P) -> None:
    lid = lead(state, p)
    update_record(
        state, "leads", lid, {"ownerId": other_user(state, state["leads"][lid]["ownerId"])}
    )


def call_logged_too(state: State, p: P) -> None:
    create_activity(state, "lead", lead(state, p), {"subject": "Call", "type": "Call"}, True)


# -- move-opportunity-stage -----------------------------------------------------------------------
def stage_one_short(state: State, p: P) -> None:
    stage = STAGES[STAGES.index(p["stage"]) - 1]
    if stage == p["from_stage"]:
        stage = STAGES[STAGES.index(p["stage"]) + 1]
    set_stage(state, opportunity(state, p), stage)


def probability_typed_over(state: State, p: P) -> None:
    update_record(state, "opportunities", opportunity(state, p), {"probability": 55})


def other_deal_moved(state: State, p: P) -> None:
    oid = next(
        k
        for k, o in sorted(state["opportunities"].items())
        if o["name"] != p["name"] and o["stage"] == "Prospecting"
    )
    set_stage(state, oid, "Qualification")


def amount_touched(state: State, p: P) -> None:
    oid = opportunity(state, p)
    cents = state["opportunities"][oid]["amountCents"] or 0
    update_record(state, "opportunities", oid, {"amountCents": cents + 100_00})


# -- complete-task --------------------------------------------------------------------------------
def the_task(state: State, p: P) -> str:
    return find(
        state["activities"], subject=p["subject"], relatedType=p["related_type"], status="Open"
    )


def task_deleted(state: State, p: P) -> None:
    del state["activities"][the_task(state, p)]


def another_completed_too(state: State, p: P) -> None:
    other = next(
        k
        for k, a in sorted(state["activities"].items())
        if a["status"] == "Open" and a["subject"] != p["subject"]
    )
    set_activity_status(state, other, completed=True)


def completed_and_redated(state: State, p: P) -> None:
    aid = find(state["activities"], subject=p["subject"], relatedType=p["related_type"])
    state["activities"][aid]["dueDate"] = "2027-01-15"


def logged_instead(state: State, p: P) -> None:
    task = state["activities"][the_task(state, p)]
    values = {"subject": p["subject"], "type": "Call"}
    create_activity(state, task["relatedType"], task["relatedId"], values, completed=True)


# -- create-contact -------------------------------------------------------------------------------
def the_new_contact(state: State, p: P) -> str:
    return find(state["contacts"], firstName=p["first"], lastName=p["last"])


def contact_on_wrong_account(state: State, p: P) -> None:
    cid = the_new_contact(state, p)
    here = state["contacts"][cid]["accountId"]
    update_record(
        state,
        "contacts",
        cid,
        {"accountId": next(a for a in sorted(state["accounts"]) if a != here)},
    )


def title_lower_case(state: State, p: P) -> None:
    update_record(state, "contacts", the_new_contact(state, p), {"title": p["title"].lower()})


def contact_twice(state: State, p: P) -> None:
    values = dict(state["contacts"][the_new_contact(state, p)])
    for key in ("id", "createdAt"):
        values.pop(key)
    create_record(state, "contacts", values)


def mobile_filled_in(state: State, p: P) -> None:
    update_record(state, "contacts", the_new_contact(state, p), {"mobile": p["phone"]})


def salutation_left_out(state: State, p: P) -> None:
    update_record(state, "contacts", the_new_contact(state, p), {"salutation": None})


# -- update-deal-terms ----------------------------------------------------------------------------
def wrong_amount_units(state: State, p: P) -> None:
    """Typed the amount in dollars into a cents field, and a next step of its own."""
    update_record(
        state,
        "opportunities",
        opportunity(state, p),
        {"amountCents": p["amount_cents"] // 100, "nextStep": "call them"},
    )


def next_step_lower_case(state: State, p: P) -> None:
    update_record(
        state, "opportunities", opportunity(state, p), {"nextStep": p["next_step"].lower()}
    )


def stage_moved_too(state: State, p: P) -> None:
    oid = opportunity(state, p)
    stage = state["opportunities"][oid]["stage"]
    set_stage(state, oid, STAGES[STAGES.index(stage) + 1])


def amount_off_by_a_dollar(state: State, p: P) -> None:
    update_record(
        state, "opportunities", opportunity(state, p), {"amountCents": p["amount_cents"] + 100}
    )


# -- schedule-follow-up ---------------------------------------------------------------------------
def the_new_task(state: State, p: P) -> str:
    return find(state["activities"], subject=p["subject"], relatedId=opportunity(state, p))


def logged_instead_of_task(state: State, p: P) -> None:
    """Logged a completed activity instead of scheduling an open task; forgot the note."""
    set_activity_status(state, the_new_task(state, p), completed=True)
    del state["notes"][find(state["notes"], title=p["note_title"])]


def task_twice(state: State, p: P) -> None:
    values = {"subject": p["subject"], "dueDate": p["due_date"], "priority": p["priority"]}
    create_activity(state, "opportunity", opportunity(state, p), values)


def note_on_the_account(state: State, p: P) -> None:
    oid = opportunity(state, p)
    values = {"subject": p["subject"], "dueDate": p["due_date"], "priority": p["priority"]}
    create_activity(state, "opportunity", oid, values)
    account = state["opportunities"][oid]["accountId"]
    create_note(state, "account", account, p["note_title"], p["note_body"])


def default_priority(state: State, p: P) -> None:
    other = "Normal" if p["priority"] != "Normal" else "High"
    state["activities"][the_new_task(state, p)]["priority"] = other


def comments_typed(state: State, p: P) -> None:
    state["activities"][the_new_task(state, p)]["description"] = p["note_body"]


# -- convert-lead-new-account ---------------------------------------------------------------------
def kept_company_name(state: State, p: P) -> None:
    """Accepted the prefilled account name instead of the one asked for."""
    aid = state["leads"][lead(state, p)]["convertedAccountId"]
    state["accounts"][aid]["name"] = p["company"]


def industry_changed(state: State, p: P) -> None:
    aid = state["leads"][lead(state, p)]["convertedAccountId"]
    now = state["accounts"][aid]["industry"]
    state["accounts"][aid]["industry"] = next(i for i in INDUSTRIES if i != now)


def no_opportunity(state: State, p: P) -> None:
    convert(state, p, new_account_form(p) | {"createOpportunity": ""})


def amount_in_dollars(state: State, p: P) -> None:
    convert(state, p, new_account_form(p) | {"opportunity.amountCents": str(p["amount_cents"])})


def salutation_changed(state: State, p: P) -> None:
    had = state["leads"][lead(state, p)]["salutation"]
    other = next(s for s in SALUTATIONS if s != had)
    convert(state, p, new_account_form(p) | {"contact.salutation": other})


# -- convert-lead-existing-account ----------------------------------------------------------------
def created_duplicate_account(state: State, p: P) -> None:
    """Converted onto a new account although the instruction said to use the existing one."""
    lid = lead(state, p)
    existing = find(state["accounts"], name=p["account"])
    dup = copy.deepcopy(state["accounts"][existing]) | {"id": "acc-0999", "name": p["company"]}
    state["accounts"]["acc-0999"] = dup
    state["leads"][lid]["convertedAccountId"] = "acc-0999"
    state["contacts"][state["leads"][lid]["convertedContactId"]]["accountId"] = "acc-0999"


def department_left_out(state: State, p: P) -> None:
    convert(state, p, existing_account_form(state, p) | {"contact.department": ""})


def opportunity_created_too(state: State, p: P) -> None:
    form = existing_account_form(state, p) | {
        "createOpportunity": "on",
        "opportunity.name": p["company"] + " - Expansion",
        "opportunity.closeDate": "2027-03-31",
    }
    convert(state, p, form)


def contact_title_changed(state: State, p: P) -> None:
    converted_contact(state, p)["title"] = "Operations"


# -- log-call-by-email ----------------------------------------------------------------------------
def the_record(state: State, p: P) -> str:
    return find(state[{"lead": "leads", "contact": "contacts"}[p["kind"]]], email=p["email"])


def the_logged(state: State, p: P) -> str:
    return find(state["activities"], subject=p["subject"], relatedId=the_record(state, p))


def scheduled_not_logged(state: State, p: P) -> None:
    set_activity_status(state, the_logged(state, p), completed=False)


def logged_as_email(state: State, p: P) -> None:
    state["activities"][the_logged(state, p)]["type"] = "Email"


def logged_on_a_namesake(state: State, p: P) -> None:
    """Logged on another record of the same kind (the first search hit, say)."""
    collection = {"lead": "leads", "contact": "contacts"}[p["kind"]]
    rid = the_record(state, p)
    other = next(k for k in sorted(state[collection]) if k != rid)
    state["activities"][the_logged(state, p)]["relatedId"] = other


def no_date(state: State, p: P) -> None:
    state["activities"][the_logged(state, p)]["dueDate"] = None


def record_edited_too(state: State, p: P) -> None:
    collection = {"lead": "leads", "contact": "contacts"}[p["kind"]]
    update_record(state, collection, the_record(state, p), {"title": "Spoke on the phone"})


# -- create-account -------------------------------------------------------------------------------
def the_new_account(state: State, p: P) -> str:
    return find(state["accounts"], name=p["name"])


def revenue_typed_in_cents(state: State, p: P) -> None:
    cents = p["annual_revenue_cents"] * 100
    update_record(state, "accounts", the_new_account(state, p), {"annualRevenueCents": cents})


def rating_set_too(state: State, p: P) -> None:
    update_record(state, "accounts", the_new_account(state, p), {"rating": "Warm"})


def account_twice(state: State, p: P) -> None:
    values = dict(state["accounts"][the_new_account(state, p)])
    for key in ("id", "createdAt"):
        values.pop(key)
    create_record(state, "accounts", values)


def industry_off(state: State, p: P) -> None:
    other = next(i for i in INDUSTRIES if i != p["industry"])
    update_record(state, "accounts", the_new_account(state, p), {"industry": other})


# Scores: points passed / all points while every guard (0-point check) holds, else 0.
MISTAKES = [
    Mistake("update-lead-status", "gold", status_without_rating, (2 / 3, 2 / 3), "rating",
            "the status changed but the rating left as it was"),
    Mistake("update-lead-status", "gold", rating_without_status, (1 / 3, 1 / 3), "status",
            "the rating changed but the status left as it was"),
    Mistake("update-lead-status", "gold", lead_reassigned, (0, 0), "nothing_else_changed",
            "the lead also handed to another owner"),
    Mistake("update-lead-status", "gold", call_logged_too, (0, 0), "nothing_else_changed",
            "a call logged on the lead, which nobody asked for"),
    Mistake("move-opportunity-stage", "init", stage_one_short, (0, 0), "stage",
            "moved to a neighbouring stage, not the one asked"),
    Mistake("move-opportunity-stage", "gold", probability_typed_over, (3 / 4, 3 / 4),
            "probability", "the stage's probability overwritten by hand"),
    Mistake("move-opportunity-stage", "gold", other_deal_moved, (0, 0), "nothing_else_changed",
            "another deal dragged to the next column too"),
    Mistake("move-opportunity-stage", "gold", amount_touched, (0, 0), "nothing_else_changed",
            "the amount edited while moving the stage"),
    Mistake("complete-task", "init", task_deleted, (0, 0), "completed",
            "the task deleted instead of completed"),
    Mistake("complete-task", "gold", another_completed_too, (0, 0), "nothing_else_changed",
            "another open task ticked off too"),
    Mistake("complete-task", "gold", completed_and_redated, (0, 0), "nothing_else_changed",
            "completed, and its due date changed"),
    Mistake("complete-task", "init", logged_instead, (0, 0), "completed",
            "a new completed call logged; the open task still open"),
    Mistake("create-contact", "gold", contact_on_wrong_account, (7 / 9, 7 / 9), "account",
            "the contact under another account"),
    Mistake("create-contact", "gold", title_lower_case, (8 / 9, 8 / 9), "title",
            "the title typed in lower case"),
    Mistake("create-contact", "gold", contact_twice, (0, 0), "one_contact",
            "the contact saved twice"),
    Mistake("create-contact", "gold", mobile_filled_in, (0, 0), "nothing_unasked",
            "the phone also typed as the mobile"),
    Mistake("create-contact", "gold", salutation_left_out, (8 / 9, 8 / 9), "salutation",
            "no salutation"),
    Mistake("update-deal-terms", "gold", wrong_amount_units, (2 / 5, 2 / 5), "amount",
            "the amount typed as cents, and a next step of its own"),
    Mistake("update-deal-terms", "gold", next_step_lower_case, (4 / 5, 4 / 5), "next_step",
            "the next step in lower case: not the text asked for"),
    Mistake("update-deal-terms", "gold", stage_moved_too, (0, 0), "nothing_else_changed",
            "the stage moved on as well"),
    Mistake("update-deal-terms", "gold", amount_off_by_a_dollar, (3 / 5, 3 / 5), "amount",
            "the amount a dollar off"),
    Mistake("schedule-follow-up", "gold", logged_instead_of_task, (1 / 2, 1 / 2), "task_open",
            "a completed activity instead of an open task, and no note"),
    Mistake("schedule-follow-up", "gold", task_twice, (0, 0), "one_each",
            "the task scheduled twice"),
    Mistake("schedule-follow-up", "init", note_on_the_account, (5 / 8, 5 / 8),
            "note_on_opportunity", "the note on the account instead of the opportunity"),
    Mistake("schedule-follow-up", "gold", default_priority, (7 / 8, 7 / 8), "task_priority",
            "the priority left at another value"),
    Mistake("schedule-follow-up", "gold", comments_typed, (0, 0), "no_task_comments",
            "the note's text also typed as the task's comments"),
    Mistake("convert-lead-new-account", "gold", kept_company_name, (14 / 16, 14 / 16),
            "account_created", "the prefilled account name kept instead of the asked one"),
    Mistake("convert-lead-new-account", "gold", industry_changed, (0, 0), "rest_as_proposed",
            "the new account's industry changed from the lead's"),
    Mistake("convert-lead-new-account", "init", no_opportunity, (11 / 16, 11 / 16),
            "opportunity_created", "converted without the asked opportunity"),
    Mistake("convert-lead-new-account", "init", amount_in_dollars, (15 / 16, 15 / 16),
            "opportunity_amount", "the amount typed as cents (100 times too much)"),
    Mistake("convert-lead-new-account", "init", salutation_changed, (0, 0),
            "rest_as_proposed", "the contact's salutation changed from the lead's on the way"),
    Mistake("convert-lead-existing-account", "gold", created_duplicate_account, (0, 0),
            "no_new_account", "a new account although the existing one was asked for"),
    Mistake("convert-lead-existing-account", "init", department_left_out, (8 / 9, 8 / 9),
            "contact_department", "the department left empty"),
    Mistake("convert-lead-existing-account", "init", opportunity_created_too, (0, 0),
            "no_opportunity", "an opportunity created though the instruction said not to"),
    Mistake("convert-lead-existing-account", "gold", contact_title_changed, (0, 0),
            "rest_as_proposed", "the contact's title changed from the lead's"),
    Mistake("log-call-by-email", "gold", scheduled_not_logged, (5 / 6, 5 / 6), "completed",
            "an open task scheduled instead of the past activity logged"),
    Mistake("log-call-by-email", "gold", logged_as_email, (5 / 6, 5 / 6), "type",
            "logged as an email, not the call or meeting it was"),
    Mistake("log-call-by-email", "gold", logged_on_a_namesake, (0, 0), "logged_on_record",
            "logged on another record than the one with that address"),
    Mistake("log-call-by-email", "gold", no_date, (5 / 6, 5 / 6), "date",
            "logged without the day it happened"),
    Mistake("log-call-by-email", "gold", record_edited_too, (0, 0), "nothing_else_changed",
            "the record's title overwritten on the way"),
    Mistake("create-account", "gold", revenue_typed_in_cents, (8 / 10, 8 / 10),
            "annual_revenue", "the revenue a hundred times too much (typed as cents)"),
    Mistake("create-account", "gold", rating_set_too, (0, 0), "nothing_unasked",
            "a rating the instruction did not give"),
    Mistake("create-account", "gold", account_twice, (0, 0), "one_account",
            "the account saved twice"),
    Mistake("create-account", "gold", industry_off, (9 / 10, 9 / 10), "industry",
            "another industry picked"),
]  # fmt: skip


def test_every_family_has_three_wrong_end_states() -> None:
    # The cross-app family's wrong end states (in either app) live with it in test_cross.
    every = MISTAKES + CROSS_MISTAKES
    for family in domain.families:
        assert sum(m.family == family.id for m in every) >= 3, family.id


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.name)
def test_a_wrong_end_state_scores_below_one(mistake: Mistake, end_states: EndStates) -> None:
    end_states.check(domain.family(mistake.family), SEED, mistake)

"""The state operations on plain dicts: ids, stage/probability rules, conversion, errors."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from cuagym.apps.crm import CrmState
from cuagym.apps.crm._convert import convert_defaults, matching_accounts, parse_convert_form
from cuagym.apps.crm._fields import FieldError, FieldSpec, format_money, parse_field, parse_money
from cuagym.apps.crm._invariants import check_invariants
from cuagym.apps.crm._ops import (
    ActionError,
    ConvertRequest,
    convert_lead,
    create_activity,
    create_record,
    new_id,
    set_stage,
    update_record,
)

NOW = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)


def valid(state: dict[str, Any]) -> None:
    assert list(check_invariants(CrmState.model_validate(state))) == []


@pytest.mark.parametrize(
    ("raw", "cents"),
    [("125000", 12_500_000), ("$1,250.5", 125_050), ("1250.05", 125_005), ("0", 0),
     (" $ 42 ", 4200), ("1,000,000.99", 100_000_099)],
)  # fmt: skip
def test_money_parses_to_integer_cents(raw: str, cents: int) -> None:
    assert parse_money(raw) == cents


@pytest.mark.parametrize("raw", ["-5", "12.345", "1,00", "ten", "1.2.3", "$"])
def test_money_refuses_what_is_not_an_amount(raw: str) -> None:
    with pytest.raises(FieldError):
        parse_money(raw)


def test_field_parsing() -> None:
    assert format_money(12_500_050) == "$125,000.50"
    date = FieldSpec("closeDate", "Close date", kind="date", required=True)
    assert parse_field(date, "03/31/2027") == "2027-03-31"
    with pytest.raises(FieldError, match="required"):
        parse_field(date, "  ")
    with pytest.raises(FieldError):
        parse_field(date, "2027-02-30")
    email = FieldSpec("email", "Email", kind="email")
    assert parse_field(email, " Ana@Example.COM ") == "ana@example.com"
    assert parse_field(email, "") == ""
    phone = FieldSpec("phone", "Phone", kind="phone")
    with pytest.raises(FieldError):
        parse_field(phone, "555-12")
    pick = FieldSpec("rating", "Rating", kind="picklist", options=("Hot", "Warm"))
    assert parse_field(pick, "") is None
    with pytest.raises(FieldError):
        parse_field(pick, "hot")  # picklists are exact
    pct = FieldSpec("probability", "Probability", kind="percent", maximum=100)
    assert parse_field(pct, "45%") == 45
    with pytest.raises(FieldError):
        parse_field(pct, "140")


def test_new_ids_continue_each_collection(seed: dict[str, Any]) -> None:
    assert new_id(seed, "opportunities") == "opp-0031"
    assert new_id(seed, "leads") == "lead-0041"
    seed["accounts"]["acc-0100"] = seed["accounts"].pop("acc-0001") | {"id": "acc-0100"}
    assert new_id(seed, "accounts") == "acc-0101"


def test_stage_moves_set_the_default_probability(seed: dict[str, Any]) -> None:
    set_stage(seed, "opp-0002", "Proposal")
    assert seed["opportunities"]["opp-0002"]["probability"] == 60
    # A probability typed in the same edit wins over the default ...
    update_record(seed, "opportunities", "opp-0002", {"stage": "Negotiation", "probability": 70})
    assert seed["opportunities"]["opp-0002"]["probability"] == 70
    # ... but an unchanged one follows the stage, and closed stages are fixed.
    update_record(seed, "opportunities", "opp-0002", {"stage": "Closed Won", "probability": 70})
    assert seed["opportunities"]["opp-0002"]["probability"] == 100
    with pytest.raises(ActionError):
        set_stage(seed, "opp-0002", "Won")
    valid(seed)


def test_create_and_update_rules(seed: dict[str, Any]) -> None:
    oid = create_record(
        seed,
        "opportunities",
        {"name": "X", "accountId": "acc-0001", "stage": "Qualification", "closeDate": "2027-01-01"},
        now=NOW,
    )
    assert seed["opportunities"][oid]["probability"] == 20
    assert seed["opportunities"][oid]["ownerId"] == "u-dana"
    assert seed["opportunities"][oid]["createdAt"] == "2026-12-01T09:30:00Z"
    with pytest.raises(ActionError, match="only by converting"):
        update_record(seed, "leads", "lead-0001", {"status": "Converted"})
    assert update_record(seed, "leads", "lead-0001", {"status": "Working", "title": "CEO"}) == [
        "status",
        "title",
    ]
    create_activity(seed, "lead", "lead-0001", {"subject": "Call"}, completed=True, now=NOW)
    with pytest.raises(ActionError):
        create_activity(seed, "lead", "lead-9999", {"subject": "Call"})


def test_convert_to_a_new_account_links_three_new_records(seed: dict[str, Any]) -> None:
    lead = seed["leads"]["lead-0006"]
    form = convert_defaults(seed, lead)
    form.update({"opportunity.name": "Atlas - Dispatch", "opportunity.amountCents": "48,500",
                 "opportunity.closeDate": "2027-02-15", "contact.title": "VP Service"})  # fmt: skip
    req, errors = parse_convert_form(seed, form)
    assert errors == {} and req is not None
    done = convert_lead(seed, "lead-0006", req, now=NOW)
    assert (done.account_id, done.contact_id, done.opportunity_id) == (
        "acc-0021",
        "con-0041",
        "opp-0031",
    )
    assert seed["accounts"]["acc-0021"]["name"] == "Atlas Security Systems"
    assert seed["accounts"]["acc-0021"]["annualRevenueCents"] == 7_200_000_000
    contact = seed["contacts"]["con-0041"]
    assert (contact["accountId"], contact["title"], contact["mailingCity"]) == (
        "acc-0021", "VP Service", "Dallas",
    )  # fmt: skip
    opp = seed["opportunities"]["opp-0031"]
    assert (opp["amountCents"], opp["probability"], opp["contactId"]) == (4_850_000, 10, "con-0041")
    assert lead["status"] == "Converted" and lead["convertedOpportunityId"] == "opp-0031"
    valid(seed)
    with pytest.raises(ActionError, match="already been converted"):
        convert_lead(seed, "lead-0006", req)


def test_convert_to_an_existing_account_without_an_opportunity(seed: dict[str, Any]) -> None:
    before = len(seed["accounts"])
    req = ConvertRequest("u-dana", "acc-0003", contact={"lastName": "Moreno"}, opportunity=None)
    done = convert_lead(seed, "lead-0001", req, now=NOW)
    assert len(seed["accounts"]) == before and done.opportunity_id is None
    assert seed["contacts"][done.contact_id]["accountId"] == "acc-0003"
    valid(seed)


def test_convert_form_errors_are_per_field(seed: dict[str, Any]) -> None:
    form = convert_defaults(seed, seed["leads"]["lead-0002"])
    form.update({"account.name": "", "contact.email": "brian@", "opportunity.amountCents": "-4",
                 "opportunity.closeDate": "", "account.phone": "12"})  # fmt: skip
    req, errors = parse_convert_form(seed, form)
    assert req is None
    assert set(errors) == {"account.name", "account.phone", "contact.email",
                           "opportunity.amountCents", "opportunity.closeDate"}  # fmt: skip
    form["accountMode"] = "existing"
    form["existingAccountId"] = "acc-nope"
    form.pop("createOpportunity")  # no opportunity: its fields no longer matter
    _, errors = parse_convert_form(seed, form)
    assert set(errors) == {"existingAccountId", "contact.email"}


def test_matching_accounts_suggest_by_company_words(seed: dict[str, Any]) -> None:
    assert [a["name"] for a in matching_accounts(seed, "Harborview Logistics LLC")] == [
        "Harborview Logistics"
    ]
    assert matching_accounts(seed, "Totally Unknown Inc") == []

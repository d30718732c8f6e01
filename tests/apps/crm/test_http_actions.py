"""Every UI action, driven like a browser (forms, cookie), checked through the reward's /go."""

from __future__ import annotations

from typing import Any

from cuagym.apps.crm._convert import convert_defaults
from tests.apps.crm.conftest import CrmClient


def changed(diff: dict[str, Any], path: str) -> tuple[Any, Any]:
    entry = diff[path]
    assert entry["op"] == "changed", entry
    return entry["old"], entry["new"]


async def test_visits_change_nothing_a_reward_sees(crm: CrmClient) -> None:
    for path in ["/", "/leads?sort=company&dir=desc", "/leads/lead-0002", "/accounts/acc-0001",
                 "/opportunities/opp-0001?edit=1", "/pipeline", "/tasks?show=all", "/reports",
                 "/search?q=harbor", "/leads/lead-0006/convert", "/contacts/new"]:  # fmt: skip
        assert (await crm.get(path)).status_code == 200, path
    assert await crm.diff() == {}
    # ... although the visits were remembered (volatile ui.recentItems).
    recent = (await crm.current())["ui"]["recentItems"]
    assert recent[0] == {"type": "opportunity", "id": "opp-0001"}


async def test_inline_edit_changes_exactly_the_edited_fields(crm: CrmClient) -> None:
    r = await crm.post(
        "/opportunities/opp-0002/edit",
        {"amountCents": "$112,500.50", "closeDate": "2027-04-30", "nextStep": " Send quote "},
    )
    assert r.status_code == 303 and r.headers["location"] == "/crm/opportunities/opp-0002"
    assert await crm.diff() == {
        "opportunities.opp-0002.amountCents": {"op": "changed", "old": 9600000, "new": 11250050},
        "opportunities.opp-0002.closeDate": {
            "op": "changed", "old": "2027-03-31", "new": "2027-04-30",
        },
        "opportunities.opp-0002.nextStep": {"op": "changed", "old": "", "new": "Send quote"},
    }  # fmt: skip


async def test_invalid_edit_shows_per_field_errors_and_changes_nothing(crm: CrmClient) -> None:
    r = await crm.post(
        "/leads/lead-0002/edit",
        {"email": "brian@@x", "phone": "12", "lastName": "", "employees": "lots", "title": "CEO"},
    )
    assert r.status_code == 400
    for name in ("email", "phone", "lastName", "employees"):
        assert f'data-testid="error-{name}"' in r.text
    assert 'value="CEO"' in r.text  # what was typed is kept
    assert await crm.diff() == {}


async def test_create_records(crm: CrmClient) -> None:
    r = await crm.post(
        "/contacts/new",
        {"firstName": "Ada", "lastName": "Quill", "accountId": "acc-0004", "email": "Ada@Q.example",
         "phone": "+1 (512) 555-0101", "ownerId": "u-dana", "title": "Buyer"},
    )  # fmt: skip
    assert r.status_code == 303 and r.headers["location"] == "/crm/contacts/con-0041"
    r = await crm.post("/opportunities/new", {"name": "Bluewater - Add-on", "accountId": "acc-0004",
                       "stage": "Proposal", "closeDate": "2027-05-01", "amountCents": "20000",
                       "ownerId": "u-dana"})  # fmt: skip
    assert r.status_code == 303
    diff = await crm.diff()
    assert set(diff) == {"contacts.con-0041", "opportunities.opp-0031"}
    contact = diff["contacts.con-0041"]["new"]
    assert (contact["email"], contact["accountId"], contact["salutation"]) == (
        "ada@q.example", "acc-0004", None,
    )  # fmt: skip
    opp = diff["opportunities.opp-0031"]["new"]
    assert (opp["probability"], opp["amountCents"], opp["type"]) == (60, 2_000_000, None)


async def test_create_form_errors(crm: CrmClient) -> None:
    r = await crm.post("/opportunities/new", {"name": "", "stage": "Won", "closeDate": "soon",
                       "accountId": "acc-nope", "ownerId": "u-dana"})  # fmt: skip
    assert r.status_code == 400
    for name in ("name", "stage", "closeDate", "accountId"):
        assert f'data-testid="error-{name}"' in r.text
    assert await crm.diff() == {}


async def test_path_bar_and_pipeline_moves(crm: CrmClient) -> None:
    r = await crm.post("/opportunities/opp-0004/path", {"value": "Closed Won", "next": "/pipeline"})
    assert r.status_code == 303 and r.headers["location"] == "/crm/pipeline"
    await crm.post("/leads/lead-0001/path", {"value": "Working"})
    assert await crm.diff() == {
        "opportunities.opp-0004.stage": {
            "op": "changed", "old": "Qualification", "new": "Closed Won",
        },
        "opportunities.opp-0004.probability": {"op": "changed", "old": 20, "new": 100},
        "leads.lead-0001.status": {"op": "changed", "old": "New", "new": "Working"},
    }  # fmt: skip
    # "Converted" on the path goes to the conversion form instead.
    r = await crm.post("/leads/lead-0003/path", {"value": "Converted"})
    assert r.headers["location"] == "/crm/leads/lead-0003/convert"


async def test_tasks_logs_and_notes(crm: CrmClient) -> None:
    await crm.post("/accounts/acc-0002/activities", {"kind": "task", "subject": "Renewal prep",
                   "dueDate": "2027-01-05", "priority": "High", "type": "To-do"})  # fmt: skip
    await crm.post("/contacts/con-0003/activities", {"kind": "log", "subject": "Intro call",
                   "type": "Call", "description": "Went well"})  # fmt: skip
    await crm.post("/opportunities/opp-0003/notes", {"title": "Budget", "body": "Approved\r\nQ1"})
    await crm.post("/activities/task-0001/status", {"done": "1", "next": "/tasks"})
    diff = await crm.diff()
    assert set(diff) == {"activities.task-0031", "activities.task-0032", "notes.note-0014",
                         "activities.task-0001.status"}  # fmt: skip
    task = diff["activities.task-0031"]["new"]
    assert (task["status"], task["priority"], task["relatedId"]) == ("Open", "High", "acc-0002")
    log = diff["activities.task-0032"]["new"]
    assert (log["status"], log["type"], log["dueDate"]) == ("Completed", "Call", None)
    assert diff["notes.note-0014"]["new"]["body"] == "Approved\nQ1"
    assert changed(diff, "activities.task-0001.status") == ("Open", "Completed")


async def test_lead_conversion_through_the_form(crm: CrmClient, seed: dict[str, Any]) -> None:
    form = convert_defaults(seed, seed["leads"]["lead-0013"])
    form.update({"account.name": "Beacon Fire Protection Inc.", "account.type": "Customer",
                 "contact.title": "SVP Service", "contact.phone": "(615) 555-0142",
                 "opportunity.name": "Beacon - Inspection Scheduling", "opportunity.stage":
                 "Needs Analysis", "opportunity.amountCents": "86,000",
                 "opportunity.closeDate": "2027-03-15", "ownerId": "u-priya"})  # fmt: skip
    r = await crm.post("/leads/lead-0013/convert", form)
    assert r.status_code == 303, r.text
    diff = await crm.diff()
    assert set(diff) == {
        "accounts.acc-0021", "contacts.con-0041", "opportunities.opp-0031",
        "leads.lead-0013.status", "leads.lead-0013.convertedAt",
        "leads.lead-0013.convertedAccountId", "leads.lead-0013.convertedContactId",
        "leads.lead-0013.convertedOpportunityId",
    }  # fmt: skip
    account = diff["accounts.acc-0021"]["new"]
    assert (account["name"], account["type"], account["ownerId"]) == (
        "Beacon Fire Protection Inc.", "Customer", "u-priya",
    )  # fmt: skip
    opp = diff["opportunities.opp-0031"]["new"]
    assert (opp["stage"], opp["probability"], opp["amountCents"]) == (
        "Needs Analysis",
        35,
        8_600_000,
    )
    page = (await crm.get("/leads/lead-0013")).text
    assert 'data-testid="converted-banner"' in page and 'data-testid="convert-lead"' not in page
    r = await crm.post("/leads/lead-0013/edit", {"title": "x"})
    assert r.status_code == 400 and "has been converted" in r.text


async def test_conversion_errors_change_nothing(crm: CrmClient, seed: dict[str, Any]) -> None:
    form = convert_defaults(seed, seed["leads"]["lead-0013"])
    form.update({"contact.email": "monica at beacon", "opportunity.closeDate": "",
                 "opportunity.name": "Beacon"})  # fmt: skip
    r = await crm.post("/leads/lead-0013/convert", form)
    assert r.status_code == 400
    assert 'data-testid="error-contact.email"' in r.text
    assert 'data-testid="error-opportunity.closeDate"' in r.text
    assert 'data-start-step="2"' in r.text  # reopens on the first step with a problem
    assert await crm.diff() == {}

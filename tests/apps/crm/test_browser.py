"""A real Chromium drives the UI against a live hub; the reward's view (/go) checks the result.

Screenshots of every screen go to artifacts/screenshots/crm/ for a person to look at.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.apps.crm.test_http_views import CUSTOM
from tests.conftest import LiveHub

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SHOTS = Path(__file__).resolve().parents[3] / "artifacts" / "screenshots" / "crm"


@pytest.fixture
def page(crm_hub: LiveHub) -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            context = browser.new_context(viewport={"width": 1440, "height": 900})
            pg = context.new_page()
            pg.set_default_timeout(10_000)
            yield pg
        finally:
            browser.close()


def go(hub: LiveHub, sid: str) -> dict[str, Any]:
    r = httpx.get(f"{hub.url}/crm/go", params={"sid": sid}, headers=hub.auth)
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


def shot(pg: Any, name: str) -> None:
    pg.screenshot(path=str(SHOTS / f"{name}.png"))


def bind(pg: Any, hub: LiveHub, prefix: str) -> tuple[str, str]:
    sid = f"{prefix}-{uuid.uuid4().hex[:8]}"
    pg.goto(f"{hub.url}/crm/?sid={sid}")
    assert pg.url.endswith("/crm/")  # bound, redirected to the clean URL
    return sid, f"{hub.url}/crm"


def test_lead_conversion_through_the_three_steps(page: Any, crm_hub: LiveHub) -> None:
    pg = page
    sid, _ = bind(pg, crm_hub, "convert")
    pg.get_by_test_id("nav-leads").click()
    pg.get_by_test_id("list-search").fill("haddad")
    pg.get_by_test_id("apply-filters").click()
    pg.get_by_test_id("row-link").filter(has_text="Farid Haddad").click()
    pg.get_by_test_id("record-title").wait_for()
    shot(pg, "05-lead-detail")
    pg.get_by_test_id("convert-lead").click()
    step1 = pg.get_by_test_id("step-account")
    step1.wait_for()
    shot(pg, "06-convert-step1-account")

    # A required field left empty keeps the person on the step (client-side hint).
    pg.get_by_test_id("f-account-name").fill("")
    pg.get_by_test_id("step-next").click()
    assert step1.is_visible() and not pg.get_by_test_id("step-contact").is_visible()
    pg.get_by_test_id("f-account-name").fill("Atlas Security Systems Inc.")
    pg.get_by_test_id("f-account-type").select_option("Customer")
    pg.get_by_test_id("step-next").click()
    pg.get_by_test_id("step-contact").wait_for()
    pg.get_by_test_id("f-contact-title").fill("VP Field Service")
    pg.get_by_test_id("f-contact-department").fill("Service")
    shot(pg, "07-convert-step2-contact")
    pg.get_by_test_id("step-next").click()
    pg.get_by_test_id("step-opportunity").wait_for()
    pg.get_by_test_id("f-opportunity-name").fill("Atlas Security - Dispatch Rollout")
    pg.get_by_test_id("f-opportunity-stage").select_option("Proposal")
    pg.get_by_test_id("f-opportunity-amountCents").fill("$64,250.50")
    pg.get_by_test_id("f-opportunity-closeDate").fill("2027-02-26")
    shot(pg, "08-convert-step3-opportunity")
    pg.get_by_test_id("convert-submit").click()
    pg.get_by_test_id("converted-banner").wait_for()
    shot(pg, "09-converted-lead")

    data = go(crm_hub, sid)
    diff, cur = data["state_diff"], data["current_state"]
    lid = next(k for k, v in cur["leads"].items() if v["lastName"] == "Haddad")
    lead = cur["leads"][lid]
    assert lead["status"] == "Converted"
    assert set(diff) == {
        f"accounts.{lead['convertedAccountId']}",
        f"contacts.{lead['convertedContactId']}",
        f"opportunities.{lead['convertedOpportunityId']}",
        *(f"leads.{lid}.{k}" for k in ("status", "convertedAt", "convertedAccountId",
                                       "convertedContactId", "convertedOpportunityId")),
    }  # fmt: skip
    account = cur["accounts"][lead["convertedAccountId"]]
    assert (account["name"], account["type"]) == ("Atlas Security Systems Inc.", "Customer")
    contact = cur["contacts"][lead["convertedContactId"]]
    assert (contact["title"], contact["department"]) == ("VP Field Service", "Service")
    opp = cur["opportunities"][lead["convertedOpportunityId"]]
    assert (opp["amountCents"], opp["stage"], opp["probability"], opp["closeDate"]) == (
        6_425_050, "Proposal", 60, "2027-02-26",
    )  # fmt: skip


def test_record_edits_pipeline_and_activities(page: Any, crm_hub: LiveHub) -> None:
    pg = page
    sid, base = bind(pg, crm_hub, "edits")
    pg.goto(f"{base}/opportunities/opp-0004")
    shot(pg, "10-opportunity-detail")
    # Inline edit: a field's pencil opens edit mode on that field.
    pg.get_by_test_id("pencil-amountCents").click()
    amount = pg.get_by_test_id("f-amountCents")
    amount.wait_for()
    amount.fill("61000")
    pg.get_by_test_id("f-nextStep").fill("Site visit")
    shot(pg, "11-inline-edit")
    pg.get_by_test_id("save-edit").click()
    pg.get_by_test_id("details").wait_for()
    assert pg.get_by_test_id("value-amountCents").inner_text() == "$61,000.00"
    # A bad value is refused with a message under the field.
    pg.get_by_test_id("edit-record").click()
    pg.get_by_test_id("f-closeDate").fill("")
    pg.get_by_test_id("save-edit").click()  # client-side hint: required
    assert pg.get_by_test_id("edit-form").is_visible()
    pg.get_by_test_id("cancel-edit").click()
    # The path bar: pick a stage, then mark it current.
    pg.locator("[data-testid=path-step][data-step='Needs Analysis']").click()
    pg.get_by_test_id("path-mark").click()
    pg.locator("[data-testid=path-step][data-step='Needs Analysis'].current").wait_for()
    # New task and a note from the composer.
    pg.get_by_test_id("task-subject").fill("Book the site visit")
    pg.get_by_test_id("task-due").fill("2027-01-12")
    pg.get_by_test_id("task-priority").select_option("High")
    pg.get_by_test_id("task-save").click()
    pg.get_by_test_id("open-task").filter(has_text="Book the site visit").wait_for()
    pg.get_by_test_id("tab-note").click()
    pg.get_by_test_id("note-title").fill("Visit logistics")
    pg.get_by_test_id("note-body").fill("Plant tour at 9am, bring safety gear.")
    pg.get_by_test_id("note-save").click()
    pg.get_by_test_id("note").filter(has_text="Visit logistics").wait_for()
    # Complete an existing task by its checkbox.
    pg.locator("[data-testid=task-toggle][data-task='Schedule discovery call']").click()
    pg.get_by_test_id("past-activity").filter(has_text="Schedule discovery call").wait_for()

    # The board: drag one card, move another with the keyboard-reachable Move menu.
    pg.get_by_test_id("nav-pipeline").click()
    shot(pg, "12-pipeline")
    card = pg.locator("[data-testid=deal-card][data-id=opp-0017]")  # first in Negotiation
    # Drop near the column's top: a drop point off screen would scroll mid-drag.
    target = pg.locator("[data-testid=column][data-stage='Closed Won']")
    card.drag_to(target, target_position={"x": 60, "y": 30})
    pg.locator("[data-testid=column][data-stage='Closed Won'] [data-id=opp-0017]").wait_for()
    moving = pg.locator("[data-testid=deal-card][data-id=opp-0002]")
    moving.get_by_test_id("move-menu").focus()
    pg.keyboard.press("Enter")
    moving.locator("[data-testid=move-to][data-stage='Qualification']").focus()
    shot(pg, "13-pipeline-move-menu")
    pg.keyboard.press("Enter")
    pg.locator("[data-testid=column][data-stage=Qualification] [data-id=opp-0002]").wait_for()

    diff = go(crm_hub, sid)["state_diff"]
    task_ids = [k for k in diff if k.startswith("activities.task-") and k.count(".") == 1]
    assert set(diff) == {
        "opportunities.opp-0004.amountCents", "opportunities.opp-0004.nextStep",
        "opportunities.opp-0004.stage", "opportunities.opp-0004.probability",
        "activities.task-0004.status", *task_ids, "notes.note-0014",
        "opportunities.opp-0017.stage", "opportunities.opp-0017.probability",
        "opportunities.opp-0002.stage", "opportunities.opp-0002.probability",
    }  # fmt: skip
    assert diff["opportunities.opp-0004.amountCents"]["new"] == 6_100_000
    assert diff["opportunities.opp-0004.probability"]["new"] == 35
    assert diff["opportunities.opp-0017.probability"]["new"] == 100
    assert diff["opportunities.opp-0002.stage"]["new"] == "Qualification"
    assert diff["activities.task-0004.status"]["new"] == "Completed"
    (task,) = (diff[k]["new"] for k in task_ids)
    assert (task["subject"], task["dueDate"], task["priority"]) == (
        "Book the site visit", "2027-01-12", "High",
    )  # fmt: skip


def test_looking_around_changes_nothing(page: Any, crm_hub: LiveHub) -> None:
    pg = page
    sid, base = bind(pg, crm_hub, "visual")
    shot(pg, "01-home")
    pg.get_by_test_id("nav-opportunities").click()
    pg.get_by_test_id("sort-amountCents").click()
    pg.get_by_test_id("sort-amountCents").click()  # descending
    first = pg.get_by_test_id("record-row").first.get_attribute("data-id")
    assert first == "opp-0022"  # the $520,000 transit platform
    pg.get_by_test_id("filter-stage").select_option("Proposal")
    pg.get_by_test_id("apply-filters").click()
    assert pg.get_by_test_id("record-row").count() == 6
    shot(pg, "03-opportunities-list")
    pg.get_by_test_id("nav-leads").click()
    pg.get_by_test_id("list-view").select_option("mine")
    pg.wait_for_url("**view=mine**")
    shot(pg, "02-leads-list")
    pg.get_by_test_id("global-search").fill("harbor")
    pg.get_by_test_id("global-search").press("Enter")
    pg.get_by_test_id("search-result").first.wait_for()
    shot(pg, "16-search")
    for path, name in [
        ("/accounts", "04-accounts-list"),
        ("/accounts/acc-0001", "14-account-detail"),
        ("/contacts", "15-contacts-list"),
        ("/contacts/con-0003", "17-contact-detail"),
        ("/tasks", "18-tasks"),
        ("/reports", "19-reports"),
        ("/leads/new", "20-new-lead-form"),
        ("/opportunities/new?accountId=acc-0002", "21-new-opportunity-form"),
    ]:
        pg.goto(base + path)
        shot(pg, name)
    pg.get_by_test_id("f-name").fill("")
    pg.get_by_test_id("save").click()  # the browser's required hint stops it
    assert pg.url.endswith("/opportunities/new?accountId=acc-0002")
    assert go(crm_hub, sid)["state_diff"] == {}

    # A non-seed state renders as injected.
    r = httpx.post(f"{crm_hub.url}/crm/post", params={"sid": sid}, headers=crm_hub.auth,
                   json={"action": "set", "state": CUSTOM})  # fmt: skip
    assert r.status_code == 200
    pg.goto(base + "/opportunities/o-1")
    assert pg.get_by_test_id("record-title").inner_text() == "Tents 2031"
    assert "Zephyr Outfitters" in pg.get_by_test_id("brand").inner_text()
    shot(pg, "22-injected-state")
    pg.goto(base + "/pipeline")
    assert pg.get_by_test_id("deal-card").count() == 1
    assert go(crm_hub, sid)["state_diff"] == {}

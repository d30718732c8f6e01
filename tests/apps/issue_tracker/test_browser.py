"""A real Chromium drives the UI against a live hub; the reward's view (/go) checks the result.

Screenshots of every screen go to artifacts/screenshots/issue-tracker/ for a person to look at.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.apps.issue_tracker.test_http_views import CUSTOM
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
SHOTS = Path(__file__).resolve().parents[3] / "artifacts" / "screenshots" / "issue-tracker"


@pytest.fixture
def page(tracker_hub: LiveHub) -> Iterator[Any]:
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
    r = httpx.get(f"{hub.url}/issue-tracker/go", params={"sid": sid}, headers=hub.auth)
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


def shot(pg: Any, name: str) -> None:
    pg.screenshot(path=str(SHOTS / f"{name}.png"))


def card(pg: Any, key: str) -> Any:
    return pg.locator(f"[data-testid=card][data-key='{key}']")


def column(pg: Any, status: str) -> Any:
    return pg.locator(f"[data-testid=column][data-status='{status}']")


def test_board_and_issue_flows(page: Any, tracker_hub: LiveHub) -> None:
    pg = page
    sid = f"board-{uuid.uuid4().hex[:8]}"
    base = f"{tracker_hub.url}/issue-tracker"
    pg.goto(f"{base}/?sid={sid}")
    assert pg.url.endswith("/issue-tracker/projects")  # bound, redirected to the clean URL
    shot(pg, "01-projects")
    pg.get_by_test_id("project-link").filter(has_text="Storefront Web").click()
    pg.get_by_test_id("board").wait_for()
    shot(pg, "02-board")

    # Dragging To Do -> Done is not a workflow edge: the column doesn't accept the drop.
    card(pg, "WEB-10").drag_to(column(pg, "done"))
    assert card(pg, "WEB-10").get_attribute("data-status") == "todo"
    assert go(tracker_hub, sid)["state_diff"] == {}
    # Dragging To Do -> In Progress is.
    card(pg, "WEB-10").drag_to(column(pg, "in-progress"))
    column(pg, "in-progress").locator("[data-key='WEB-10']").wait_for()
    # The keyboard way: the card's menu lists only the allowed moves.
    menu = card(pg, "WEB-12").get_by_test_id("card-menu")
    menu.focus()
    pg.keyboard.press("Enter")
    assert card(pg, "WEB-12").get_by_test_id("move-to-done").count() == 0
    shot(pg, "03-card-menu")
    card(pg, "WEB-12").get_by_test_id("move-to-in-review").click()
    column(pg, "in-review").locator("[data-key='WEB-12']").wait_for()

    # Quick filters are visual only.
    pg.get_by_test_id("filter-mine").click()
    pg.wait_for_url("**assignee=me")
    assert card(pg, "WEB-9").count() == 0

    # Issue page: status button, inline fields, a comment, the summary.
    pg.goto(f"{base}/issues/WEB-9")
    pg.get_by_test_id("status-button").click()
    shot(pg, "04-issue-status-menu")
    pg.get_by_test_id("transition-done").click()
    pg.wait_for_selector("[data-testid=status-button][data-status=done]")
    pg.get_by_test_id("field-priority").select_option("high")
    pg.wait_for_selector(
        "[data-testid=field-priority] option[value=high][selected]", state="attached"
    )
    pg.get_by_test_id("assign-to-me").click()
    pg.wait_for_selector(
        "[data-testid=field-assignee] option[value=u-nina][selected]", state="attached"
    )
    pg.get_by_test_id("field-labels").fill("checkout, safari, regression")
    pg.get_by_test_id("field-labels-save").click()
    pg.wait_for_load_state()
    pg.get_by_test_id("comment-input").fill("Verified on Safari 17.3, closing.")
    pg.get_by_test_id("comment-save").click()
    pg.get_by_test_id("comment").filter(has_text="Verified on Safari 17.3").wait_for()
    pg.get_by_test_id("issue-title").click()
    title = pg.get_by_test_id("title-input")
    title.fill("Place order button overlaps terms on Safari 17")
    shot(pg, "05-issue-inline-edit")
    title.press("Enter")
    pg.get_by_test_id("issue-title").wait_for()
    shot(pg, "06-issue")

    data = go(tracker_hub, sid)
    diff = data["state_diff"]
    assert set(diff) == {
        "issues.WEB-10.status",
        "issues.WEB-12.status",
        "issues.WEB-9.status",
        "issues.WEB-9.priority",
        "issues.WEB-9.assignee",
        "issues.WEB-9.labels",
        "issues.WEB-9.comments",
        "issues.WEB-9.title",
    }
    assert diff["issues.WEB-10.status"]["new"] == "in-progress"
    assert diff["issues.WEB-12.status"]["new"] == "in-review"
    assert diff["issues.WEB-9.labels"]["new"] == ["checkout", "regression", "safari"]
    comment = diff["issues.WEB-9.comments"]["new"][-1]
    assert comment["author"] == "u-nina" and comment["body"] == "Verified on Safari 17.3, closing."


def test_planning_and_other_screens(page: Any, tracker_hub: LiveHub) -> None:
    pg = page
    sid = f"plan-{uuid.uuid4().hex[:8]}"
    base = f"{tracker_hub.url}/issue-tracker"
    pg.goto(f"{base}/?sid={sid}")

    # Looking around changes nothing a reward sees.
    for path, name in [
        ("/projects/WEB/backlog", "07-backlog"),
        ("/projects/WEB/sprints", "08-sprints"),
        ("/projects/WEB/epics", "09-epics"),
        ("/projects/OPS/settings", "10-settings"),
        ("/people", "11-people"),
        ("/people/u-priya", "12-person"),
        ("/issues?project=WEB&type=bug", "13-search-basic"),
        ("/issues?jql=assignee%20%3D%20me%20OR%20x", "14-search-error"),
        ("/issues/WEB-1", "15-epic"),
        ("/issues/new?project=MOB", "16-new-issue-page"),
    ]:
        pg.goto(base + path)
        shot(pg, name)
    pg.goto(f"{base}/issues")
    pg.get_by_test_id("mode-jql").click()
    pg.get_by_test_id("jql-input").fill("project = MOB AND status != done ORDER BY priority")
    pg.get_by_test_id("jql-run").click()
    pg.get_by_test_id("sort-key").click()
    pg.wait_for_url("**sort=key**")
    shot(pg, "17-search-jql")
    assert pg.get_by_test_id("result-row").count() > 5
    assert go(tracker_hub, sid)["state_diff"] == {}

    # Backlog: move an issue into the next sprint, rank another to the top.
    pg.goto(f"{base}/projects/WEB/backlog")
    row = pg.locator("[data-testid=backlog-row][data-key='WEB-25']")
    row.get_by_test_id("row-sprint").select_option("spr-web-24")
    pg.locator("#sprint-spr-web-24 [data-key='WEB-25']").wait_for()
    pg.locator("[data-testid=backlog-row][data-key='WEB-22']").get_by_test_id("rank-top").click()
    pg.wait_for_load_state()
    first = pg.locator("#backlog [data-testid=backlog-row]").first
    assert first.get_attribute("data-key") == "WEB-22"

    # Create an issue from the top bar's dialog.
    pg.get_by_test_id("create-issue").click()
    pg.get_by_test_id("create-dialog").wait_for()
    pg.get_by_test_id("create-type").select_option("bug")
    pg.get_by_test_id("create-title").fill("Gift card balance not shown at checkout")
    pg.get_by_test_id("create-priority").select_option("high")
    pg.get_by_test_id("create-assignee").select_option("u-priya")
    pg.get_by_test_id("create-labels").fill("checkout, payments")
    pg.get_by_test_id("create-points").fill("3")
    pg.get_by_test_id("create-sprint").select_option("spr-web-24")
    pg.get_by_test_id("create-epic").select_option("WEB-1")
    shot(pg, "18-create-dialog")
    pg.get_by_test_id("create-submit").click()
    pg.get_by_test_id("created-notice").wait_for()
    assert pg.url.endswith("/issues/WEB-27?created=1")

    # Delete an issue through the confirmation dialog.
    pg.goto(f"{base}/issues/WEB-26")
    pg.get_by_test_id("issue-menu").click()
    pg.get_by_test_id("delete-issue").click()
    pg.get_by_test_id("confirm-dialog").wait_for()
    shot(pg, "19-confirm-delete")
    pg.get_by_test_id("confirm-ok").click()
    pg.wait_for_url("**/projects/WEB/backlog")

    # Complete the active sprint from the board, rolling open work into the next sprint.
    pg.goto(f"{base}/projects/WEB/board")
    pg.get_by_test_id("complete-sprint").click()
    pg.get_by_test_id("complete-dialog").wait_for()
    pg.get_by_test_id("complete-move-to").select_option("spr-web-24")
    shot(pg, "20-complete-sprint")
    pg.get_by_test_id("complete-confirm").click()
    pg.wait_for_url("**/projects/WEB/sprints")
    shot(pg, "21-sprints-after-complete")
    pg.goto(f"{base}/projects/WEB/board")
    pg.get_by_test_id("no-active-sprint").wait_for()
    shot(pg, "22-board-no-sprint")

    # Project settings.
    pg.goto(f"{base}/projects/OPS/settings")
    pg.get_by_test_id("settings-name").fill("Platform & Reliability")
    pg.get_by_test_id("settings-lead").select_option("u-theo")
    pg.get_by_test_id("settings-save").click()
    pg.get_by_test_id("saved-notice").wait_for()

    diff = go(tracker_hub, sid)["state_diff"]
    assert diff["issues.WEB-25.sprint"]["new"] == "spr-web-24"
    assert diff["issues.WEB-27"]["op"] == "added"
    assert diff["issues.WEB-27"]["new"]["parent"] == "WEB-1"
    assert diff["issues.WEB-26"]["op"] == "removed"
    assert diff["sprints.spr-web-23.state"]["new"] == "closed"
    assert diff["issues.WEB-16.sprint"]["new"] == "spr-web-24"
    assert diff["projects.OPS.name"]["new"] == "Platform & Reliability"
    assert diff["projects.OPS.lead"]["new"] == "u-theo"
    assert "issues.WEB-22.rank" in diff and "issues.WEB-14.sprint" not in diff


def test_an_injected_state_renders(page: Any, tracker_hub: LiveHub) -> None:
    pg = page
    sid = f"custom-{uuid.uuid4().hex[:8]}"
    r = httpx.post(
        f"{tracker_hub.url}/issue-tracker/post",
        params={"sid": sid},
        headers=tracker_hub.auth,
        json={"action": "set", "state": CUSTOM},
    )
    assert r.status_code == 200, r.text
    pg.goto(f"{tracker_hub.url}/issue-tracker/projects/ZEP/board?sid={sid}")
    pg.get_by_test_id("board").wait_for()
    statuses = [c.get_attribute("data-status") for c in pg.get_by_test_id("column").all()]
    assert statuses == ["open", "doing", "qa", "shipped"]
    assert "Injected <b>bold</b> title" in card(pg, "ZEP-1").inner_text()
    shot(pg, "23-injected-board")
    card(pg, "ZEP-2").drag_to(column(pg, "shipped"))
    column(pg, "shipped").locator("[data-key='ZEP-2']").wait_for()
    assert go(tracker_hub, sid)["state_diff"] == {
        "issues.ZEP-2.status": {"op": "changed", "old": "qa", "new": "shipped"}
    }

"""A real Chromium (one for the module) drives the drive's UI against a live hub; the reward's
view (/go) checks the result.

Screenshots of every screen go to artifacts/screenshots/drive/ for a person to look at.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuagym.apps.drive import DriveApp
from cuagym.hub import Hub
from tests.chromium import module_chromium
from tests.conftest import LiveHub, serve_in_thread

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[3] / "artifacts" / "screenshots" / "drive"


@pytest.fixture(scope="module")
def hub() -> Iterator[LiveHub]:
    served = Hub(apps=[DriveApp()], token="browser-token", allow_sid_binding=True)
    url, stop = serve_in_thread(served.asgi())
    try:
        yield LiveHub(url=url, token=served.token, hub=served)
    finally:
        stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with module_chromium(SHOTS) as chromium:
        yield chromium


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    try:
        yield pg
    finally:
        context.close()


def go(hub: LiveHub, sid: str) -> dict[str, Any]:
    r = httpx.get(f"{hub.url}/drive/go", params={"sid": sid}, headers=hub.auth)
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


def shot(pg: Any, name: str) -> None:
    pg.screenshot(path=str(SHOTS / f"{name}.png"))


def bind(pg: Any, hub: LiveHub, prefix: str) -> tuple[str, str]:
    sid = f"{prefix}-{uuid.uuid4().hex[:8]}"
    pg.goto(f"{hub.url}/drive/?sid={sid}")
    assert pg.url.endswith("/drive/")  # bound, redirected to the clean URL
    return sid, f"{hub.url}/drive"


def test_every_screen_from_the_side_bar(page: Any, hub: LiveHub) -> None:
    pg = page
    sid, _ = bind(pg, hub, "screens")
    shot(pg, "01-my-drive")
    for key in ("shared", "recent", "starred", "activity", "trash", "storage"):
        pg.get_by_test_id(f"nav-{key}").click()
        pg.wait_for_url(f"**/drive/{key}")
        assert pg.locator("h1").count() == 1
        assert pg.get_by_test_id(f"nav-{key}").get_attribute("aria-current") == "page"
        shot(pg, f"02-{key}")
    pg.get_by_test_id("nav-my-drive").click()
    pg.get_by_test_id("side-folder").filter(has_text="Projects").click()
    pg.get_by_test_id("item-open").filter(has_text="Riverside Library").click()
    pg.get_by_test_id("layout-grid").click()
    pg.get_by_test_id("item-grid").wait_for()
    assert (
        pg.get_by_test_id("breadcrumbs").get_attribute("data-path")
        == "My Drive / Projects / Riverside Library"
    )
    shot(pg, "03-folder-grid")
    pg.get_by_test_id("global-search").fill("budget")
    pg.keyboard.press("Enter")
    pg.get_by_test_id("search-filters").wait_for()
    assert pg.get_by_test_id("item").count() >= 4
    pg.get_by_test_id("item-open").filter(has_text="Maple Street Lofts budget.xlsx").click()
    pg.get_by_test_id("file-title").wait_for()
    pg.get_by_test_id("tab-versions").click()
    assert pg.get_by_test_id("panel-versions").is_visible()
    shot(pg, "04-file-versions")
    pg.get_by_test_id("tab-comments").click()
    shot(pg, "05-file-comments")
    assert go(hub, sid)["state_diff"] == {}


def test_share_rename_and_move_through_the_dialogs(page: Any, hub: LiveHub) -> None:
    pg = page
    sid, base = bind(pg, hub, "dialogs")
    pg.goto(f"{base}/folders/fold-0003?item=file-0002")
    pg.get_by_test_id("open-share").click()
    dialog = pg.get_by_test_id("share-dialog")
    dialog.wait_for()
    pg.get_by_test_id("share-user").select_option("u-victor")
    pg.get_by_test_id("share-role").select_option("commenter")
    shot(pg, "06-share-dialog")
    pg.get_by_test_id("share-send").click()
    pg.get_by_test_id("toast").wait_for()
    entry = pg.locator('[data-testid="access-entry"][data-person="Victor Alvarez"]')
    assert entry.get_attribute("data-role") == "commenter"

    pg.get_by_test_id("open-rename").click()
    pg.get_by_test_id("rename-name").fill("Site plan issued.pdf")
    pg.get_by_test_id("rename-save").click()
    pg.get_by_test_id("toast").wait_for()

    pg.get_by_test_id("open-move").click()
    choice = pg.locator(
        '[data-testid="move-choice"][data-path="My Drive / Projects / Riverside Library / Client"]'
    )
    choice.scroll_into_view_if_needed()
    choice.click()
    shot(pg, "07-move-dialog")
    pg.get_by_test_id("move-save").click()
    pg.get_by_test_id("toast").wait_for()
    diff = go(hub, sid)["state_diff"]
    assert diff == {
        "files.file-0002.sharedWith.u-victor": {"op": "added", "old": None, "new": "commenter"},
        "files.file-0002.name": {
            "op": "changed",
            "old": diff["files.file-0002.name"]["old"],
            "new": "Site plan issued.pdf",
        },
        "files.file-0002.folderId": {"op": "changed", "old": "fold-0003", "new": "fold-0005"},
    }


def test_new_folder_trash_restore_and_delete_forever(page: Any, hub: LiveHub) -> None:
    pg = page
    sid, _ = bind(pg, hub, "trash")
    pg.get_by_test_id("new-button").click()
    pg.get_by_test_id("new-folder-name").fill("Cedar Grove School")
    pg.get_by_test_id("new-folder-create").click()
    pg.get_by_test_id("toast").wait_for()
    created = pg.locator('[data-testid="item"][data-name="Cedar Grove School"]')
    created.locator('[data-testid="item-details"]').click()
    pg.get_by_test_id("trash-item").click()
    pg.get_by_test_id("confirm-dialog").wait_for()  # kit.js asks first
    pg.get_by_test_id("confirm-ok").click()
    pg.get_by_test_id("toast").wait_for()
    pg.get_by_test_id("nav-trash").click()
    pg.locator('[data-testid="restore-item"][data-name="Cedar Grove School"]').click()
    pg.get_by_test_id("toast").wait_for()
    row = pg.locator('[data-testid="trash-item"]').first
    name = row.get_attribute("data-name")
    row.get_by_test_id("delete-forever").click()
    pg.get_by_test_id("confirm-ok").click()
    pg.get_by_test_id("toast").wait_for()
    shot(pg, "08-trash-after")
    cur = go(hub, sid)
    folders = [
        f for f in cur["current_state"]["folders"].values() if f["name"] == "Cedar Grove School"
    ]
    assert len(folders) == 1 and folders[0]["trashedAt"] is None
    gone = [p for p, e in cur["state_diff"].items() if e["op"] == "removed" and p.count(".") == 1]
    assert any(
        cur["initial_state"][p.split(".")[0]][p.split(".")[1]].get("name") == name for p in gone
    )


def test_restore_a_version_and_comment(page: Any, hub: LiveHub) -> None:
    pg = page
    sid, base = bind(pg, hub, "versions")
    state = go(hub, sid)["current_state"]
    fid = next(
        f
        for f, rec in sorted(state["files"].items())
        if rec["ownerId"] == state["currentUser"]
        and sum(v["fileId"] == f for v in state["versions"].values()) >= 2
    )
    pg.goto(f"{base}/file/{fid}?tab=versions")
    pg.get_by_test_id("restore-version").first.click()
    pg.get_by_test_id("confirm-ok").click()
    pg.get_by_test_id("toast").wait_for()
    pg.get_by_test_id("tab-comments").click()
    pg.get_by_test_id("comment-text").fill("Rolled back to the issued version.")
    pg.get_by_test_id("comment-send").click()
    pg.get_by_test_id("toast").wait_for()
    shot(pg, "09-comment")
    diff = go(hub, sid)["state_diff"]
    assert f"files.{fid}.sizeBytes" in diff or f"files.{fid}.modifiedAt" in diff
    assert (
        sum(
            1
            for p, e in diff.items()
            if e["op"] == "added" and p.startswith(("versions.", "comments."))
        )
        == 2
    )

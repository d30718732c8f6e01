"""Every screen of the drive renders from the session's state, with the drive's own layout."""

from __future__ import annotations

import pytest

from tests.apps.drive.conftest import DriveClient

SCREENS = [
    "/",
    "/?layout=grid",
    "/folders/fold-0003?item=file-0002&sort=size&dir=desc",
    "/shared",
    "/shared?owner=u-victor",
    "/recent",
    "/starred",
    "/search?q=plan&type=pdf",
    "/trash",
    "/storage",
    "/activity?tab=comments",
    "/file/file-0001?tab=versions",
    "/file/file-0001?tab=comments",
]


@pytest.mark.parametrize("path", SCREENS)
async def test_every_screen_renders_with_one_h1(drive: DriveClient, path: str) -> None:
    r = await drive.get(path)
    assert r.status_code == 200, r.text[-500:]
    assert r.text.count("<h1") == 1
    assert 'data-testid="nav-trash"' in r.text and 'data-testid="storage-meter"' in r.text


async def test_visits_change_nothing_a_reward_sees(drive: DriveClient) -> None:
    for path in SCREENS:
        assert (await drive.get(path)).status_code == 200
    assert await drive.diff() == {}
    assert (await drive.current())["ui"]["recentFiles"][0] == "file-0001"  # volatile


async def test_the_folder_browser_has_breadcrumbs_a_layout_toggle_and_a_panel(
    drive: DriveClient,
) -> None:
    r = await drive.get("/folders/fold-0003?item=file-0002")
    assert 'data-path="My Drive / Projects / Riverside Library / Drawings"' in r.text
    assert 'data-testid="layout-grid"' in r.text and 'data-testid="item-list"' in r.text
    assert 'data-testid="details-panel"' in r.text and 'data-testid="share-dialog"' in r.text
    grid = await drive.get("/folders/fold-0003?layout=grid")
    assert 'data-testid="item-grid"' in grid.text and 'data-testid="item-list"' not in grid.text


async def test_folders_come_first_then_files_by_the_chosen_order(drive: DriveClient) -> None:
    r = await drive.get("/folders/fold-0002?sort=name")
    kinds = [chunk.split('"', 1)[0] for chunk in r.text.split('data-kind="')[1:]]
    assert kinds == sorted(kinds, key=lambda k: k != "folder") and "folder" in kinds


async def test_shared_with_me_lists_only_what_others_share(drive: DriveClient) -> None:
    r = await drive.get("/shared")
    assert (
        "Riverside Library - structural calcs" in r.text
        and "Partners meeting agenda.docx" in r.text
    )
    assert "Fee proposal signed.pdf" not in r.text


async def test_the_trash_lists_what_i_trashed_and_what_it_holds(drive: DriveClient) -> None:
    r = await drive.get("/trash")
    assert "Old competition entries" in r.text and "4 files inside" in r.text
    assert r.text.count('data-testid="trash-item"') == 12


async def test_unknown_items_are_404_pages(drive: DriveClient) -> None:
    for path in ("/folders/fold-9999", "/file/file-9999"):
        r = await drive.get(path)
        assert r.status_code == 404 and "Not found" in r.text

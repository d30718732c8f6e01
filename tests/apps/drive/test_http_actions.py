"""Every UI action, driven like a browser (forms, cookie), checked through the reward's /go."""

from __future__ import annotations

from typing import Any

from tests.apps.drive.conftest import DriveClient


def changed(diff: dict[str, Any], path: str) -> tuple[Any, Any]:
    entry = diff[path]
    assert entry["op"] == "changed", entry
    return entry["old"], entry["new"]


async def test_rename_move_and_star_change_exactly_their_field(drive: DriveClient) -> None:
    r = await drive.post(
        "/items/file/file-0002/rename",
        {"name": " Site plan final.pdf ", "next": "/folders/fold-0003"},
    )
    assert r.status_code == 303 and r.headers["location"] == "/drive/folders/fold-0003"
    await drive.post("/items/file/file-0002/move", {"target": "fold-0004", "next": "/"})
    await drive.post("/items/file/file-0002/star", {"starred": "1", "next": "/"})
    diff = await drive.diff()
    assert sorted(diff) == [
        "files.file-0002.folderId",
        "files.file-0002.name",
        "files.file-0002.starred",
    ]
    assert changed(diff, "files.file-0002.name")[1] == "Site plan final.pdf"


async def test_share_change_role_remove_and_link(drive: DriveClient) -> None:
    await drive.post("/items/file/file-0002/share", {"user": "u-victor", "role": "commenter"})
    await drive.post("/items/file/file-0002/access", {"user": "u-victor", "role": "editor"})
    assert (await drive.diff())["files.file-0002.sharedWith.u-victor"]["new"] == "editor"
    await drive.post("/items/file/file-0002/access", {"user": "u-victor", "role": "remove"})
    r = await drive.post("/items/file/file-0002/link", {"link": "on", "linkRole": "commenter"})
    assert r.status_code == 303
    diff = await drive.diff()
    assert "files.file-0002.sharedWith.u-victor" not in diff
    assert changed(diff, "files.file-0002.linkSharing") == (False, True)


async def test_a_refused_action_shows_why_and_changes_nothing(drive: DriveClient) -> None:
    r = await drive.post("/items/folder/fold-0001/move", {"target": "fold-0002", "next": "/"})
    assert r.status_code == 400 and "inside itself" in r.text
    r = await drive.post("/items/file/file-0002/share", {"user": "", "role": "viewer"})
    assert r.status_code == 400 and "Pick someone" in r.text
    assert await drive.diff() == {}


async def test_new_folder_new_file_copy_and_comment(drive: DriveClient) -> None:
    r = await drive.post(
        "/new/folder", {"name": "Cedar Grove", "parent": "fold-0001", "next": "/folders/fold-0001"}
    )
    assert r.status_code == 303
    r = await drive.post("/new/file", {"name": "Scope", "kind": "document", "parent": ""})
    new = r.headers["location"].rsplit("/", 1)[1]
    await drive.post(f"/file/{new}/copy", {})
    await drive.post(f"/file/{new}/comments", {"text": "First draft ready"})
    await drive.post(f"/file/{new}/description", {"description": "Scope of the school project"})
    cur = await drive.current()
    assert any(
        f["name"] == "Cedar Grove" and f["parentId"] == "fold-0001" for f in cur["folders"].values()
    )
    assert cur["files"][new]["description"] == "Scope of the school project"
    assert any(f["name"] == "Copy of Scope" for f in cur["files"].values())
    assert any(
        c["fileId"] == new and c["text"] == "First draft ready" for c in cur["comments"].values()
    )


async def test_trash_restore_delete_and_empty(drive: DriveClient) -> None:
    await drive.post("/items/file/file-0002/trash", {"next": "/"})
    assert (await drive.diff())["files.file-0002.trashedAt"]["new"]
    await drive.post("/items/file/file-0002/restore", {"next": "/trash"})
    assert await drive.diff() == {}
    trashed = next(k for k, f in (await drive.current())["files"].items() if f["trashedAt"])
    r = await drive.post(f"/items/file/{trashed}/delete", {"next": "/trash"})
    assert r.headers["location"] == "/drive/trash"
    assert (await drive.diff())[f"files.{trashed}"]["op"] == "removed"
    await drive.post("/trash/empty", {})
    cur = await drive.current()
    assert not any(
        f["trashedAt"] for f in cur["files"].values() if f["ownerId"] == cur["currentUser"]
    )


async def test_restore_version_and_resolve_comment(drive: DriveClient) -> None:
    cur = await drive.current()
    fid = next(
        f
        for f in cur["files"]
        if sum(v["fileId"] == f for v in cur["versions"].values()) >= 2
        and cur["files"][f]["ownerId"] == cur["currentUser"]
    )
    vs = sorted(
        (v for v in cur["versions"].values() if v["fileId"] == fid), key=lambda v: v["number"]
    )
    r = await drive.post(f"/file/{fid}/versions/{vs[0]['id']}/restore", {})
    assert r.status_code == 303
    assert (await drive.current())["files"][fid]["sizeBytes"] == vs[0]["sizeBytes"]
    cid = next(
        k
        for k, c in cur["comments"].items()
        if not c["resolved"] and cur["files"][c["fileId"]]["ownerId"] == cur["currentUser"]
    )
    await drive.post(f"/comments/{cid}/resolve", {"resolved": "1"})
    assert (await drive.diff())[f"comments.{cid}.resolved"]["new"] is True


async def test_a_state_that_breaks_a_rule_is_refused(
    drive: DriveClient, seed: dict[str, Any]
) -> None:
    seed["files"]["file-0001"]["folderId"] = "fold-nowhere"
    r = await drive.inject(seed)
    assert r.status_code == 422 and "fold-nowhere" in r.text

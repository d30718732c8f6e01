"""The drive's state operations: the rules a form cannot check, on plain state dicts."""

from __future__ import annotations

from typing import Any

import pytest

from cuagym.apps.drive import DriveState, folder_at
from cuagym.apps.drive._invariants import check_invariants
from cuagym.apps.drive.ops import (
    ActionError,
    add_comment,
    copy_file,
    create_file,
    create_folder,
    delete_forever,
    effective_role,
    empty_trash,
    in_trash,
    move_item,
    rename_item,
    restore_item,
    restore_version,
    share_item,
    trash_item,
    unshare_item,
)

State = dict[str, Any]


def valid(state: State) -> bool:
    return not list(check_invariants(DriveState.model_validate(state)))


def in_folder(state: State, folder: str | None) -> list[str]:
    return sorted(
        k for k, f in state["files"].items() if f["folderId"] == folder and not f["trashedAt"]
    )


def test_create_folder_and_file_then_names_clash(seed: State) -> None:
    projects = folder_at(seed, "My Drive / Projects")
    fid = create_folder(seed, projects, "  Cedar   Grove School ")
    assert seed["folders"][fid]["name"] == "Cedar Grove School"
    doc = create_file(seed, fid, "Kickoff notes", "document")
    versions = [v for v in seed["versions"].values() if v["fileId"] == doc]
    assert len(versions) == 1 and versions[0]["sizeBytes"] == seed["files"][doc]["sizeBytes"]
    with pytest.raises(ActionError, match="already exists"):
        create_file(seed, fid, "kickoff NOTES", "spreadsheet")
    with pytest.raises(ActionError, match="slash"):
        create_folder(seed, None, "a/b")
    assert valid(seed)


def test_move_refuses_a_folder_into_itself_and_a_name_clash(seed: State) -> None:
    projects = folder_at(seed, "My Drive / Projects")
    drawings = folder_at(seed, "My Drive / Projects / Riverside Library / Drawings")
    assert projects and drawings
    with pytest.raises(ActionError, match="inside itself"):
        move_item(seed, "folder", projects, drawings)
    clash = create_folder(seed, None, "Drawings")
    with pytest.raises(ActionError, match="already exists"):
        move_item(seed, "folder", drawings, None)
    fid = in_folder(seed, drawings)[0]
    move_item(seed, "file", fid, clash)
    assert seed["files"][fid]["folderId"] == clash and valid(seed)


def test_trash_restore_and_delete_forever(seed: State) -> None:
    folder = folder_at(seed, "My Drive / Finance / Budgets")
    assert folder
    inside = in_folder(seed, folder)
    trash_item(seed, "folder", folder)
    assert all(in_trash(seed, "file", f) for f in inside)
    with pytest.raises(ActionError, match="Restore"):
        rename_item(seed, "file", inside[0], "x.xlsx")
    # an item restored from inside a trashed folder goes back to My Drive
    seed["files"][inside[0]]["trashedAt"] = "2026-11-30T10:00:00Z"
    restore_item(seed, "file", inside[0])
    assert seed["files"][inside[0]]["folderId"] is None
    delete_forever(seed, "folder", folder)
    assert not any(f in seed["files"] for f in inside[1:])
    assert not any(v["fileId"] in inside[1:] for v in seed["versions"].values())
    assert valid(seed)
    count = empty_trash(seed)
    assert count > 5 and not any(f["trashedAt"] for f in seed["files"].values()) and valid(seed)


def test_sharing_roles_and_rights(seed: State) -> None:
    me = seed["currentUser"]
    theirs = next(f for f in seed["files"].values() if f["sharedWith"].get(me) == "viewer")
    with pytest.raises(ActionError, match="ask its owner"):
        rename_item(seed, "file", theirs["id"], "Mine now.docx")
    with pytest.raises(ActionError, match="ask its owner"):
        add_comment(seed, theirs["id"], "hello")
    mine = next(
        k
        for k, f in seed["files"].items()
        if f["ownerId"] == me and not f["trashedAt"] and f["folderId"]
    )
    share_item(seed, "file", mine, "u-victor", "commenter")
    assert effective_role(seed, "file", mine, "u-victor") == "commenter"
    with pytest.raises(ActionError, match="owns"):
        share_item(seed, "file", mine, me, "viewer")
    unshare_item(seed, "file", mine, "u-victor")
    assert "u-victor" not in seed["files"][mine]["sharedWith"]
    assert valid(seed)


def test_restore_version_saves_the_old_content_as_the_newest(seed: State) -> None:
    counts: dict[str, list[dict[str, Any]]] = {}
    for v in seed["versions"].values():
        counts.setdefault(v["fileId"], []).append(v)
    fid, versions = next(
        (k, sorted(v, key=lambda x: x["number"]))
        for k, v in sorted(counts.items())
        if len(v) >= 3 and seed["files"][k]["ownerId"] == seed["currentUser"]
    )
    new = restore_version(seed, fid, versions[0]["id"])
    assert seed["versions"][new]["number"] == versions[-1]["number"] + 1
    assert seed["files"][fid]["sizeBytes"] == versions[0]["sizeBytes"]
    with pytest.raises(ActionError, match="already the current"):
        restore_version(seed, fid, new)
    assert valid(seed)


def test_copy_goes_beside_the_file_or_to_my_drive(seed: State) -> None:
    me = seed["currentUser"]
    mine = next(
        k
        for k, f in seed["files"].items()
        if f["ownerId"] == me and f["folderId"] and not in_trash(seed, "file", k)
    )
    copy = copy_file(seed, mine)
    assert seed["files"][copy]["name"] == "Copy of " + seed["files"][mine]["name"]
    assert seed["files"][copy]["folderId"] == seed["files"][mine]["folderId"]
    theirs = next(
        k
        for k, f in seed["files"].items()
        if f["folderId"]
        and f["ownerId"] != me
        and effective_role(seed, "folder", f["folderId"]) == "viewer"
    )
    assert seed["files"][copy_file(seed, theirs)]["folderId"] is None
    assert valid(seed)


def test_the_quota_is_kept(seed: State) -> None:
    seed["org"]["quotaBytes"] = sum(f["sizeBytes"] for f in seed["files"].values()) + 1000
    with pytest.raises(ActionError, match="storage is full"):
        create_file(seed, None, "One more", "presentation")

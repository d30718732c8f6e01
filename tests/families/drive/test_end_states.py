"""drive rewards against wrong end states: each scores below 1.0, for the reason written next to it.

Every mistake is something an RL policy plausibly does instead of the task, applied with the
app's own ops (a state the UI could leave) to the initial or the gold state; the family's real
reward.py scores it in its own process against a live hub (``web_end_states``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cuagym.apps.drive import DriveApp, folder_at
from cuagym.apps.drive.ops import (
    add_comment,
    delete_forever,
    move_item,
    rename_item,
    restore_item,
    restore_version,
    set_comment_resolved,
    set_link_sharing,
    set_starred,
    share_item,
    trash_item,
    unshare_item,
)
from cuagym.domains import load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.web_end_states import EndStates, Mistake, State

domain = load_domain("drive")

SEED = 1
P = dict[str, Any]


@pytest.fixture(scope="module")
def end_states(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EndStates]:
    hub = Hub(apps=[DriveApp()], token="end-states-token")
    url, stop = serve_in_thread(hub.asgi())
    live = LiveHub(url=url, token=hub.token, hub=hub)
    try:
        yield EndStates("drive", live, tmp_path_factory.mktemp("drive"))
    finally:
        stop()


# -- lookups ------------------------------------------------------------------------------------
def the_file(state: State, p: P, name_key: str = "file") -> str:
    folder = folder_at(state, p["where"])
    return next(
        k for k, f in state["files"].items() if f["name"] == p[name_key] and f["folderId"] == folder
    )


def other_file(state: State, fid: str) -> str:
    """Another live file of the same folder (the wrong one a hasty agent picks)."""
    folder = state["files"][fid]["folderId"]
    return next(
        k
        for k, f in sorted(state["files"].items())
        if k != fid and f["folderId"] == folder and f["trashedAt"] is None
    )


def user(state: State, email: str) -> str:
    return next(k for k, u in state["users"].items() if u["email"] == email)


def someone_else(state: State, fid: str, email: str) -> str:
    shared = state["files"][fid]["sharedWith"]
    owner = state["files"][fid]["ownerId"]
    return next(
        k
        for k, u in sorted(state["users"].items())
        if u["email"] != email and k != owner and k not in shared
    )


# -- share-file -----------------------------------------------------------------------------------
def share_wrong_person(state: State, p: P) -> None:
    fid = the_file(state, p)
    share_item(state, "file", fid, someone_else(state, fid, p["email"]), p["role"])


def share_wrong_role(state: State, p: P) -> None:
    fid = the_file(state, p)
    other = {"viewer": "editor", "commenter": "viewer", "editor": "commenter"}[p["role"]]
    share_item(state, "file", fid, user(state, p["email"]), other)


def share_and_star(state: State, p: P) -> None:
    other = other_file(state, the_file(state, p))
    set_starred(state, "file", other, not state["files"][other]["starred"])


# -- rename-file ----------------------------------------------------------------------------------
def rename_other_file(state: State, p: P) -> None:
    fid = other_file(state, the_file(state, p))
    rename_item(state, "file", fid, p["new"])


def rename_without_extension(state: State, p: P) -> None:
    rename_item(state, "file", the_file(state, p), p["new"].rsplit(".", 1)[0])


def rename_and_move(state: State, p: P) -> None:
    fid = the_file(state, p)
    rename_item(state, "file", fid, p["new"])
    move_item(state, "file", fid, None)


# -- move-file ------------------------------------------------------------------------------------
def move_to_parent(state: State, p: P) -> None:
    target = folder_at(state, p["target"])
    parent = state["folders"][target]["parentId"] if target else None
    move_item(state, "file", the_file(state, p), parent)


def move_other_file(state: State, p: P) -> None:
    fid = other_file(state, the_file(state, p))
    move_item(state, "file", fid, folder_at(state, p["target"]))


def move_and_rename(state: State, p: P) -> None:
    fid = the_file(state, p)
    move_item(state, "file", fid, folder_at(state, p["target"]))
    rename_item(state, "file", fid, "Moved " + p["file"])


# -- restore-from-trash ---------------------------------------------------------------------------
def trashed(state: State, p: P) -> str:
    folder = folder_at(state, p["where"])
    return next(
        k
        for k, f in state["files"].items()
        if f["name"] == p["file"] and f["folderId"] == folder and f["trashedAt"]
    )


def restore_other(state: State, p: P) -> None:
    fid = trashed(state, p)
    other = next(k for k, f in sorted(state["files"].items()) if f["trashedAt"] and k != fid)
    restore_item(state, "file", other)


def delete_instead(state: State, p: P) -> None:
    delete_forever(state, "file", trashed(state, p))


def restore_everything(state: State, p: P) -> None:
    for k, f in sorted(state["files"].items()):
        if f["trashedAt"]:
            restore_item(state, "file", k)


# -- restore-version ------------------------------------------------------------------------------
def restore_other_version(state: State, p: P) -> None:
    fid = the_file(state, p)
    versions = sorted(
        (v for v in state["versions"].values() if v["fileId"] == fid), key=lambda v: v["number"]
    )
    wrong = (
        next(v for v in versions[:-1] if v["number"] != p["number"]) if len(versions) > 2 else None
    )
    if wrong is None:  # only one older version: restoring it twice leaves two new versions
        restore_version(state, fid, versions[0]["id"])
        versions = sorted(
            (v for v in state["versions"].values() if v["fileId"] == fid), key=lambda v: v["number"]
        )
        restore_version(state, fid, versions[-2]["id"])
        return
    restore_version(state, fid, wrong["id"])


def restore_then_trash(state: State, p: P) -> None:
    fid = the_file(state, p)
    trash_item(state, "file", fid)


def restore_version_and_share(state: State, p: P) -> None:
    fid = the_file(state, p)
    share_item(state, "file", fid, someone_else(state, fid, ""), "viewer")


# -- link-access ----------------------------------------------------------------------------------
def link_only(state: State, p: P) -> None:
    set_link_sharing(state, "file", the_file(state, p), True, p["role"])


def link_as_editor(state: State, p: P) -> None:
    fid = the_file(state, p)
    set_link_sharing(state, "file", fid, True, "editor")
    unshare_item(state, "file", fid, user(state, p["email"]))


def link_and_remove_everyone(state: State, p: P) -> None:
    fid = the_file(state, p)
    for uid in sorted(state["files"][fid]["sharedWith"]):
        unshare_item(state, "file", fid, uid)


# -- free-space -----------------------------------------------------------------------------------
def trash_by_size(state: State) -> list[str]:
    rows = [f for f in state["files"].values() if f["trashedAt"] is not None]
    return [f["id"] for f in sorted(rows, key=lambda f: (-f["sizeBytes"], f["id"]))]


def delete_one_too_few(state: State, p: P) -> None:
    for fid in trash_by_size(state)[: p["count"] - 1]:
        delete_forever(state, "file", fid)


def delete_the_smallest(state: State, p: P) -> None:
    for fid in trash_by_size(state)[-p["count"] :]:
        delete_forever(state, "file", fid)


def empty_whole_trash(state: State, p: P) -> None:
    for fid in trash_by_size(state):
        delete_forever(state, "file", fid)


# -- tidy-folder ----------------------------------------------------------------------------------
def new_folder(state: State, p: P) -> str:
    parent = folder_at(state, p["where"])
    return next(
        k for k, f in state["folders"].items() if f["parentId"] == parent and f["name"] == p["new"]
    )


def move_one_back(state: State, p: P) -> None:
    parent = folder_at(state, p["where"])
    moved = sorted(k for k, f in state["files"].items() if f["folderId"] == new_folder(state, p))
    move_item(state, "file", moved[0], parent)


def move_everything(state: State, p: P) -> None:
    parent = folder_at(state, p["where"])
    target = new_folder(state, p)
    for k, f in sorted(state["files"].items()):
        if f["folderId"] == parent and f["trashedAt"] is None:
            move_item(state, "file", k, target)


def folder_misnamed(state: State, p: P) -> None:
    rename_item(state, "folder", new_folder(state, p), p["new"].lower() + " folder")


# -- resolve-comments -----------------------------------------------------------------------------
def open_comments(state: State, p: P, mine: bool) -> list[str]:
    fid = the_file(state, p)
    uid = next(k for k, u in state["users"].items() if u["name"] == p["person"])
    return sorted(
        k
        for k, c in state["comments"].items()
        if c["fileId"] == fid and not c["resolved"] and (c["authorId"] == uid) == mine
    )


def reply_only(state: State, p: P) -> None:
    add_comment(state, the_file(state, p), p["reply"])


def resolve_everyone(state: State, p: P) -> None:
    for cid in open_comments(state, p, mine=True) + open_comments(state, p, mine=False):
        set_comment_resolved(state, cid, True)
    add_comment(state, the_file(state, p), p["reply"])


def reply_reworded(state: State, p: P) -> None:
    for cid in open_comments(state, p, mine=True):
        set_comment_resolved(state, cid, True)
    add_comment(state, the_file(state, p), p["reply"].rstrip(".!") + " :)")


# -- star-largest ---------------------------------------------------------------------------------
def ranked(state: State, p: P) -> list[str]:
    folder = folder_at(state, p["where"])
    files = [
        f for f in state["files"].values() if f["folderId"] == folder and f["kind"] == p["kind"]
    ]
    return [f["id"] for f in sorted(files, key=lambda f: (-f["sizeBytes"], f["id"]))]


def star_second_largest(state: State, p: P) -> None:
    set_starred(state, "file", ranked(state, p)[1], True)


def star_the_folder(state: State, p: P) -> None:
    set_starred(state, "folder", str(folder_at(state, p["where"])), True)


def star_all_of_kind(state: State, p: P) -> None:
    for fid in ranked(state, p):
        set_starred(state, "file", fid, True)


MISTAKES = [
    Mistake(
        "share-file",
        "init",
        share_wrong_person,
        (0, 0),
        "shared_with_role",
        "shared with someone else",
    ),
    Mistake(
        "share-file",
        "init",
        share_wrong_role,
        (0, 0),
        "shared_with_role",
        "the role is not the one asked",
    ),
    Mistake(
        "share-file",
        "gold",
        share_and_star,
        (0, 0),
        "nothing_else_changed",
        "starred files nobody asked to",
    ),
    Mistake(
        "rename-file", "init", rename_other_file, (0, 0), "renamed", "renamed the file beside it"
    ),
    Mistake(
        "rename-file",
        "init",
        rename_without_extension,
        (0, 0),
        "renamed",
        "the name lost its extension",
    ),
    Mistake(
        "rename-file",
        "init",
        rename_and_move,
        (0, 0),
        "same_folder",
        "the file also left its folder",
    ),
    Mistake(
        "move-file", "init", move_to_parent, (0, 0), "moved", "moved to the folder above the target"
    ),
    Mistake("move-file", "init", move_other_file, (0, 0), "moved", "moved the wrong file"),
    Mistake("move-file", "init", move_and_rename, (0, 0), "name_kept", "moved but renamed as well"),
    Mistake(
        "restore-from-trash", "init", restore_other, (0, 0), "out_of_trash", "restored another file"
    ),
    Mistake(
        "restore-from-trash",
        "init",
        delete_instead,
        (0, 0),
        "out_of_trash",
        "deleted it forever instead",
    ),
    Mistake(
        "restore-from-trash",
        "init",
        restore_everything,
        (0, 0),
        "nothing_else_changed",
        "restored the whole trash",
    ),
    Mistake(
        "restore-version",
        "init",
        restore_other_version,
        (0, 0.4),
        "restored_content",
        "restored another version",
    ),
    Mistake(
        "restore-version",
        "gold",
        restore_then_trash,
        (0, 0),
        "nothing_else_changed",
        "then put the file in the trash",
    ),
    Mistake(
        "restore-version",
        "gold",
        restore_version_and_share,
        (0, 0),
        "nothing_else_changed",
        "also shared the file",
    ),
    Mistake(
        "link-access", "init", link_only, (0, 0.7), "person_removed", "the person still has access"
    ),
    Mistake(
        "link-access", "init", link_as_editor, (0, 0.9), "link_role", "the link lets people edit"
    ),
    Mistake(
        "link-access",
        "gold",
        link_and_remove_everyone,
        (0, 0),
        "others_kept",
        "removed everyone, not just the one person",
    ),
    Mistake(
        "free-space",
        "init",
        delete_one_too_few,
        (0, 0),
        "largest_deleted",
        "one large file is still in the trash",
    ),
    Mistake(
        "free-space",
        "init",
        delete_the_smallest,
        (0, 0),
        "largest_deleted",
        "deleted the smallest files instead",
    ),
    Mistake(
        "free-space",
        "init",
        empty_whole_trash,
        (0, 0),
        "rest_of_trash_kept",
        "emptied the whole trash",
    ),
    Mistake(
        "tidy-folder",
        "gold",
        move_one_back,
        (0, 0.4),
        "files_moved",
        "one file of the kind was left behind",
    ),
    Mistake(
        "tidy-folder",
        "gold",
        move_everything,
        (0, 0),
        "nothing_else_changed",
        "moved files of other kinds too",
    ),
    Mistake(
        "tidy-folder",
        "gold",
        folder_misnamed,
        (0, 0),
        "folder_created",
        "the new folder has another name",
    ),
    Mistake(
        "resolve-comments",
        "init",
        reply_only,
        (0, 0.5),
        "their_comments_resolved",
        "replied without resolving the comments",
    ),
    Mistake(
        "resolve-comments",
        "init",
        resolve_everyone,
        (0, 0),
        "nothing_else_changed",
        "resolved everyone's comments",
    ),
    Mistake(
        "resolve-comments",
        "init",
        reply_reworded,
        (0, 0.7),
        "reply_added",
        "the reply is not the asked text",
    ),
    Mistake(
        "star-largest",
        "init",
        star_second_largest,
        (0, 0),
        "largest_starred",
        "starred the second largest",
    ),
    Mistake(
        "star-largest", "init", star_the_folder, (0, 0), "largest_starred", "starred the folder"
    ),
    Mistake(
        "star-largest",
        "gold",
        star_all_of_kind,
        (0, 0),
        "nothing_else_changed",
        "starred every file of the kind",
    ),
]


def test_every_family_has_three_wrong_end_states() -> None:
    from tests.families.drive.test_cross import MISTAKES as CROSS_MISTAKES

    every = MISTAKES + CROSS_MISTAKES
    for family in domain.families:
        assert sum(m.family == family.id for m in every) >= 3, family.id


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.name)
def test_a_wrong_end_state_scores_below_one(mistake: Mistake, end_states: EndStates) -> None:
    end_states.check(domain.family(mistake.family), SEED, mistake)

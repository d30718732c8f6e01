"""State operations behind every UI action, as plain functions on the JSON state dict.

UI routes call these inside ``UISession.mutate``; golden patches and task families reuse the
same rules. They apply what a form cannot check (who may change an item, no folder inside
itself, a free name in the target folder, the quota) and raise :class:`ActionError` with a
message for the person. The hub still validates the schema and the invariants after every
change, so a bug here can never store an inconsistent state.

``modifiedAt`` is the time the *content* last changed (a new file, a restored version):
renaming, moving, sharing, starring and trashing leave it alone, as they leave the bytes.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any, Literal

__all__ = [
    "ROLE_RANK",
    "ActionError",
    "Kind",
    "add_comment",
    "ancestors",
    "copy_file",
    "create_file",
    "create_folder",
    "delete_forever",
    "effective_role",
    "empty_trash",
    "in_trash",
    "item",
    "move_item",
    "new_id",
    "remember_file",
    "rename_item",
    "restore_item",
    "restore_version",
    "set_comment_resolved",
    "set_description",
    "set_link_sharing",
    "set_starred",
    "share_item",
    "trash_item",
    "unshare_item",
]

State = dict[str, Any]
Kind = Literal["file", "folder"]
ROLE_RANK = {"viewer": 1, "commenter": 2, "editor": 3, "owner": 4}
_PREFIX = {"folders": "fold", "files": "file", "versions": "ver", "comments": "cmt"}
_BLANK_SIZE = {"document": 12_000, "spreadsheet": 9_000, "presentation": 48_000}
_RECENT_MAX = 12


class ActionError(ValueError):
    """A UI action that cannot be done; the message is shown to the person as is."""


def _stamp(now: datetime | None) -> str:
    return (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def new_id(state: State, collection: str) -> str:
    """The next free id of a collection: ``<prefix>-<max + 1, 4 digits>`` (``file-0281``)."""
    prefix = _PREFIX[collection]
    pattern = re.compile(rf"{prefix}-(\d+)")
    numbers = [int(m.group(1)) for k in state[collection] if (m := pattern.fullmatch(k))]
    return f"{prefix}-{max(numbers, default=0) + 1:04d}"


def _collection(kind: str) -> str:
    if kind not in ("file", "folder"):
        raise ActionError(f"Unknown kind of item {kind!r}.")
    return kind + "s"


def item(state: State, kind: str, iid: str) -> dict[str, Any]:
    found = state[_collection(kind)].get(iid)
    if found is None:
        raise ActionError("That item no longer exists.")
    return found  # type: ignore[no-any-return]


def _parent(record: dict[str, Any]) -> str | None:
    parent = record.get("parentId", record.get("folderId"))
    return None if parent is None else str(parent)


def ancestors(state: State, folder_id: str | None) -> list[dict[str, Any]]:
    """The folder ``folder_id`` and the folders above it, innermost first."""
    out = []
    while folder_id is not None and folder_id in state["folders"]:
        folder = state["folders"][folder_id]
        out.append(folder)
        folder_id = folder["parentId"]
    return out


def in_trash(state: State, kind: str, iid: str) -> bool:
    """Is the item in the trash, itself or through a folder above it?"""
    record = item(state, kind, iid)
    return record["trashedAt"] is not None or any(
        f["trashedAt"] is not None for f in ancestors(state, _parent(record))
    )


def effective_role(state: State, kind: str, iid: str, uid: str | None = None) -> str | None:
    """What ``uid`` (default: the signed-in person) may do with an item: ``owner``, a sharing
    role given on it or on a folder above it (the owner of a folder edits what is in it), or
    None."""
    uid = uid or state["currentUser"]
    record = item(state, kind, iid)
    if record["ownerId"] == uid:
        return "owner"
    best = record["sharedWith"].get(uid)
    for folder in ancestors(state, _parent(record)):
        role = "editor" if folder["ownerId"] == uid else folder["sharedWith"].get(uid)
        if role and (best is None or ROLE_RANK[role] > ROLE_RANK[best]):
            best = role
    return best  # type: ignore[no-any-return]


def _require(state: State, kind: str, iid: str, role: str, doing: str) -> dict[str, Any]:
    record = item(state, kind, iid)
    have = effective_role(state, kind, iid)
    if have is None or ROLE_RANK[have] < ROLE_RANK[role]:
        raise ActionError(
            f"You can't {doing} \u201c{record['name']}\u201d: ask its owner for access."
        )
    return record


def _live(state: State, kind: str, iid: str, doing: str) -> None:
    if in_trash(state, kind, iid):
        raise ActionError(
            f"Restore \u201c{item(state, kind, iid)['name']}\u201d from the trash to {doing} it."
        )


def _clean_name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise ActionError("Give it a name.")
    if len(name) > 120:
        raise ActionError("Names are at most 120 characters.")
    if "/" in name:
        raise ActionError("A name can't contain a slash (/).")
    return name


def _name_free(state: State, parent: str | None, name: str, owner: str, skip: str = "") -> None:
    """Refuse ``name`` when a live item of that folder (or root) has it already."""
    for kind in ("folders", "files"):
        for key, other in state[kind].items():
            if key == skip or other["trashedAt"] is not None or _parent(other) != parent:
                continue
            if parent is None and other["ownerId"] != owner:
                continue
            if other["name"].casefold() == name.casefold():
                where = state["folders"][parent]["name"] if parent else "My Drive"
                raise ActionError(f"\u201c{name}\u201d already exists in {where}.")


def _target(state: State, folder_id: str | None) -> None:
    """A folder one may put things in (None: My Drive)."""
    if folder_id is None:
        return
    _require(state, "folder", folder_id, "editor", "add items to")
    _live(state, "folder", folder_id, "add items to")


def _fits(state: State, extra: int) -> None:
    used = sum(int(f["sizeBytes"]) for f in state["files"].values())
    if used + extra > state["org"]["quotaBytes"]:
        raise ActionError("Your storage is full: empty the trash or delete large files first.")


# -- creating ---------------------------------------------------------------------------------
def create_folder(state: State, parent: str | None, name: str, now: datetime | None = None) -> str:
    name = _clean_name(name)
    _target(state, parent)
    me = state["currentUser"]
    _name_free(state, parent, name, me)
    fid = new_id(state, "folders")
    stamp = _stamp(now)
    state["folders"][fid] = {
        "id": fid,
        "name": name,
        "parentId": parent,
        "ownerId": me,
        "createdAt": stamp,
        "modifiedAt": stamp,
        "starred": False,
        "trashedAt": None,
        "sharedWith": {},
        "linkSharing": False,
        "linkRole": "viewer",
        "color": None,
    }
    return fid


def _add_version(state: State, fid: str, size: int, stamp: str, note: str = "") -> str:
    numbers = [v["number"] for v in state["versions"].values() if v["fileId"] == fid]
    vid = new_id(state, "versions")
    state["versions"][vid] = {
        "id": vid,
        "fileId": fid,
        "number": max(numbers, default=0) + 1,
        "sizeBytes": size,
        "authorId": state["currentUser"],
        "createdAt": stamp,
        "note": note,
    }
    return vid


def create_file(
    state: State, folder: str | None, name: str, kind: str, now: datetime | None = None
) -> str:
    """A new blank document, spreadsheet or presentation; returns its id."""
    if kind not in _BLANK_SIZE:
        raise ActionError("New files are documents, spreadsheets or presentations.")
    name = _clean_name(name)
    _target(state, folder)
    me = state["currentUser"]
    _name_free(state, folder, name, me)
    size = _BLANK_SIZE[kind]
    _fits(state, size)
    fid = new_id(state, "files")
    stamp = _stamp(now)
    state["files"][fid] = {
        "id": fid,
        "name": name,
        "kind": kind,
        "folderId": folder,
        "sizeBytes": size,
        "ownerId": me,
        "createdAt": stamp,
        "modifiedAt": stamp,
        "modifiedBy": me,
        "starred": False,
        "trashedAt": None,
        "sharedWith": {},
        "linkSharing": False,
        "linkRole": "viewer",
        "description": "",
        "preview": "",
    }
    _add_version(state, fid, size, stamp)
    return fid


def copy_file(state: State, fid: str, now: datetime | None = None) -> str:
    """``Copy of <name>`` beside the file, owned by the signed-in person; returns its id."""
    source = _require(state, "file", fid, "viewer", "copy")
    _live(state, "file", fid, "copy")
    folder = source["folderId"]
    if folder is not None and effective_role(state, "folder", folder) not in ("owner", "editor"):
        folder = None  # a copy of a file in a folder one can only read goes to My Drive
    me = state["currentUser"]
    name = f"Copy of {source['name']}"
    _name_free(state, folder, name, me)
    _fits(state, source["sizeBytes"])
    new = new_id(state, "files")
    stamp = _stamp(now)
    state["files"][new] = {
        **source,
        "id": new,
        "name": name,
        "folderId": folder,
        "ownerId": me,
        "createdAt": stamp,
        "modifiedAt": stamp,
        "modifiedBy": me,
        "starred": False,
        "sharedWith": {},
        "linkSharing": False,
        "linkRole": "viewer",
    }
    _add_version(state, new, source["sizeBytes"], stamp)
    return new


# -- organising -------------------------------------------------------------------------------
def rename_item(state: State, kind: str, iid: str, name: str) -> None:
    record = _require(state, kind, iid, "editor", "rename")
    _live(state, kind, iid, "rename")
    name = _clean_name(name)
    if name == record["name"]:
        return
    _name_free(state, _parent(record), name, record["ownerId"], skip=iid)
    record["name"] = name


def move_item(state: State, kind: str, iid: str, target: str | None) -> None:
    """Put an item in the folder ``target`` (None: My Drive)."""
    record = _require(state, kind, iid, "editor", "move")
    _live(state, kind, iid, "move")
    if target == _parent(record):
        return
    _target(state, target)
    if kind == "folder" and any(f["id"] == iid for f in ancestors(state, target)):
        raise ActionError("A folder can't go inside itself or one of its own folders.")
    _name_free(state, target, record["name"], record["ownerId"], skip=iid)
    record["parentId" if kind == "folder" else "folderId"] = target


def set_starred(state: State, kind: str, iid: str, starred: bool) -> None:
    item(state, kind, iid)["starred"] = starred


def set_description(state: State, fid: str, text: str) -> None:
    record = _require(state, "file", fid, "editor", "describe")
    _live(state, "file", fid, "edit")
    text = " ".join(text.split())
    if len(text) > 255:
        raise ActionError("A description is at most 255 characters.")
    record["description"] = text


# -- trash ------------------------------------------------------------------------------------
def trash_item(state: State, kind: str, iid: str, now: datetime | None = None) -> None:
    record = _require(state, kind, iid, "editor", "remove")
    if in_trash(state, kind, iid):
        raise ActionError(f"\u201c{record['name']}\u201d is already in the trash.")
    record["trashedAt"] = _stamp(now)


def restore_item(state: State, kind: str, iid: str) -> None:
    """Take an item out of the trash, back to its folder (My Drive when that folder is itself
    in the trash or gone)."""
    record = item(state, kind, iid)
    if record["trashedAt"] is None:
        raise ActionError(f"\u201c{record['name']}\u201d is not in the trash.")
    parent = _parent(record)
    if parent is not None and (parent not in state["folders"] or in_trash(state, "folder", parent)):
        parent = None
    _name_free(state, parent, record["name"], record["ownerId"], skip=iid)
    record["trashedAt"] = None
    record["parentId" if kind == "folder" else "folderId"] = parent


def _drop_file(state: State, fid: str) -> None:
    del state["files"][fid]
    for collection in ("versions", "comments"):
        for key in [k for k, v in state[collection].items() if v["fileId"] == fid]:
            del state[collection][key]


def delete_forever(state: State, kind: str, iid: str) -> None:
    """Delete an item in the trash, and everything inside it, for good."""
    record = item(state, kind, iid)
    if record["trashedAt"] is None:
        raise ActionError(f"Move \u201c{record['name']}\u201d to the trash first.")
    if record["ownerId"] != state["currentUser"]:
        raise ActionError(f"Only the owner can delete \u201c{record['name']}\u201d forever.")
    if kind == "file":
        _drop_file(state, iid)
        return
    inside = {iid}
    grew = True
    while grew:
        grew = False
        for key, folder in state["folders"].items():
            if folder["parentId"] in inside and key not in inside:
                inside.add(key)
                grew = True
    for fid in [k for k, f in state["files"].items() if f["folderId"] in inside]:
        _drop_file(state, fid)
    for key in inside:
        del state["folders"][key]


def empty_trash(state: State) -> int:
    """Delete forever everything the signed-in person put in the trash; returns how many."""
    me = state["currentUser"]
    gone = [
        ("folder", k) for k, f in state["folders"].items() if f["trashedAt"] and f["ownerId"] == me
    ]
    gone += [
        ("file", k) for k, f in state["files"].items() if f["trashedAt"] and f["ownerId"] == me
    ]
    count = 0
    for kind, key in gone:
        if key in state[kind + "s"]:  # a folder deleted before may have taken it along
            delete_forever(state, kind, key)
            count += 1
    return count


# -- sharing ----------------------------------------------------------------------------------
def share_item(state: State, kind: str, iid: str, uid: str, role: str) -> None:
    """Give ``uid`` the role ``role`` on an item (or change the role they have)."""
    record = _require(state, kind, iid, "editor", "share")
    _live(state, kind, iid, "share")
    if uid not in state["users"]:
        raise ActionError("Pick someone from your organisation's directory.")
    if role not in ("viewer", "commenter", "editor"):
        raise ActionError(f"Unknown role {role!r}.")
    if uid == record["ownerId"]:
        raise ActionError(f"{state['users'][uid]['name']} owns \u201c{record['name']}\u201d.")
    record["sharedWith"][uid] = role


def unshare_item(state: State, kind: str, iid: str, uid: str) -> None:
    record = _require(state, kind, iid, "editor", "change access to")
    if uid not in record["sharedWith"]:
        raise ActionError("That person has no access of their own to remove.")
    del record["sharedWith"][uid]


def set_link_sharing(state: State, kind: str, iid: str, on: bool, role: str) -> None:
    record = _require(state, kind, iid, "editor", "share")
    _live(state, kind, iid, "share")
    if role not in ("viewer", "commenter", "editor"):
        raise ActionError(f"Unknown role {role!r}.")
    record["linkSharing"], record["linkRole"] = on, role


# -- comments and versions --------------------------------------------------------------------
def add_comment(state: State, fid: str, text: str, now: datetime | None = None) -> str:
    _require(state, "file", fid, "commenter", "comment on")
    _live(state, "file", fid, "comment on")
    text = text.strip()
    if not text:
        raise ActionError("Write a comment first.")
    cid = new_id(state, "comments")
    state["comments"][cid] = {
        "id": cid,
        "fileId": fid,
        "authorId": state["currentUser"],
        "text": text[:2000],
        "createdAt": _stamp(now),
        "resolved": False,
    }
    return cid


def set_comment_resolved(state: State, cid: str, resolved: bool) -> None:
    comment = state["comments"].get(cid)
    if comment is None:
        raise ActionError("That comment no longer exists.")
    _require(state, "file", comment["fileId"], "commenter", "resolve comments on")
    comment["resolved"] = resolved


def restore_version(state: State, fid: str, vid: str, now: datetime | None = None) -> str:
    """Make an older version the current one: saved again as the newest version."""
    record = _require(state, "file", fid, "editor", "restore versions of")
    _live(state, "file", fid, "edit")
    version = state["versions"].get(vid)
    if version is None or version["fileId"] != fid:
        raise ActionError("That version no longer exists.")
    numbers = [v["number"] for v in state["versions"].values() if v["fileId"] == fid]
    if version["number"] == max(numbers):
        raise ActionError("That is already the current version.")
    stamp = _stamp(now)
    new = _add_version(
        state, fid, version["sizeBytes"], stamp, f"Restored version {version['number']}"
    )
    record["sizeBytes"] = version["sizeBytes"]
    record["modifiedAt"], record["modifiedBy"] = stamp, state["currentUser"]
    return new


def remember_file(state: State, fid: str) -> None:
    """Note an opened file in the volatile recent list (the Recent screen's "opened by me")."""
    recent = [f for f in state["ui"]["recentFiles"] if f != fid]
    state["ui"]["recentFiles"] = [fid, *recent][:_RECENT_MAX]

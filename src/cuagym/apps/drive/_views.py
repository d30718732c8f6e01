"""View models: what templates show, derived from the state (never stored).

Sizes, dates, folder paths, the rows of a listing and the side bar's storage meter live here
so templates stay declarative and every screen shows a value the same way.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from cuagym.apps.drive._invariants import used_bytes
from cuagym.apps.drive._ops import ancestors, effective_role, in_trash
from cuagym.apps.drive._schema import FILE_KINDS

__all__ = [
    "KIND_LABEL",
    "NAV",
    "fmt_size",
    "fmt_when",
    "folder_choices",
    "folder_path",
    "item_row",
    "listing",
    "shell",
]

State = dict[str, Any]
NAV = (
    ("my-drive", "My Drive", "/"),
    ("shared", "Shared with me", "/shared"),
    ("recent", "Recent", "/recent"),
    ("starred", "Starred", "/starred"),
    ("activity", "Activity", "/activity"),
    ("trash", "Trash", "/trash"),
    ("storage", "Storage", "/storage"),
)
KIND_LABEL = {
    "folder": "Folder",
    "document": "Document",
    "spreadsheet": "Spreadsheet",
    "presentation": "Presentation",
    "pdf": "PDF",
    "image": "Image",
    "video": "Video",
    "archive": "Archive",
}
SORTS = {"name": "Name", "modified": "Last modified", "size": "File size"}


def fmt_size(size: int | None) -> str:
    """Bytes as people read them, base 1000: ``2.4 MB``, ``930 KB``, ``1.25 GB``."""
    if size is None:
        return "—"
    for unit, step in (("GB", 10**9), ("MB", 10**6), ("KB", 10**3)):
        if size >= step:
            value = size / step
            digits = 2 if unit == "GB" else (1 if value < 100 else 0)
            return f"{value:.{digits}f} {unit}"
    return f"{size} bytes"


def fmt_when(value: str | None) -> str:
    """A stored UTC timestamp as ``Nov 20, 2026``."""
    if not value:
        return ""
    moment = datetime.fromisoformat(value)
    return f"{moment:%b} {moment.day}, {moment.year}"


def folder_path(state: State, folder_id: str | None) -> str:
    """``My Drive / Projects / Riverside Library`` for a folder of mine."""
    chain = list(reversed(ancestors(state, folder_id)))
    if chain and chain[0]["ownerId"] != state["currentUser"]:
        return " / ".join(f["name"] for f in chain)
    return " / ".join(["My Drive", *(f["name"] for f in chain)])


def folder_choices(
    state: State, skip: str | None = None, near: str | None = None
) -> list[tuple[str, str]]:
    """Where an item can go (the Move dialog): My Drive, then the folders inside ``near`` (the
    item's own folder: where a move most often goes), then every other live folder one may
    edit, by path; ``skip`` leaves out a folder and what is inside it."""
    out = [("", "My Drive")]
    for fid in state["folders"]:
        if in_trash(state, "folder", fid) or effective_role(state, "folder", fid) not in (
            "owner",
            "editor",
        ):
            continue
        if skip is not None and any(f["id"] == skip for f in ancestors(state, fid)):
            continue
        out.append((fid, folder_path(state, fid)))

    def order(choice: tuple[str, str]) -> tuple[int, str]:
        if choice[0] == "":
            return (0, "")
        inside = near is not None and state["folders"][choice[0]]["parentId"] == near
        return (1 if inside else 2, choice[1].casefold())

    return sorted(out, key=order)


def item_row(state: State, kind: str, record: dict[str, Any]) -> dict[str, Any]:
    """One item of a listing, with what its row and card show."""
    owner = state["users"].get(record["ownerId"], {"name": "Unknown"})
    me = state["currentUser"]
    size = record.get("sizeBytes")
    if kind == "folder":
        size = None
    parent = record.get("parentId", record.get("folderId"))
    return {
        "kind": kind,
        "type": "folder" if kind == "folder" else record["kind"],
        "id": record["id"],
        "name": record["name"],
        "rec": record,
        "owner": "me" if record["ownerId"] == me else owner["name"],
        "modified": fmt_when(record["modifiedAt"]),
        "modified_at": record["modifiedAt"],
        "size": fmt_size(size),
        "size_bytes": size or 0,
        "starred": record["starred"],
        "shared": bool(record["sharedWith"]) or record["linkSharing"],
        "href": f"/file/{record['id']}" if kind == "file" else f"/folders/{record['id']}",
        "where": folder_path(state, parent) if parent or record["ownerId"] == me else "",
        "color": record.get("color"),
    }


def listing(rows: list[dict[str, Any]], sort: str, descending: bool) -> list[dict[str, Any]]:
    """Folders first, then files, each sorted by ``sort``."""
    keys = {
        "name": lambda r: r["name"].casefold(),
        "modified": lambda r: r["modified_at"],
        "size": lambda r: r["size_bytes"],
    }
    key = keys.get(sort, keys["name"])
    folders = sorted((r for r in rows if r["kind"] == "folder"), key=key, reverse=descending)
    files = sorted((r for r in rows if r["kind"] == "file"), key=key, reverse=descending)
    return folders + files


def shell(state: State, active: str) -> dict[str, Any]:
    """Context every screen needs: the person, the side bar, the storage meter."""
    me = state["users"].get(state["currentUser"], {"name": "Unknown", "avatarColor": "#475569"})
    used = used_bytes(state["files"])
    quota = state["org"]["quotaBytes"]
    folders = [
        f
        for f in state["folders"].values()
        if f["parentId"] is None and f["ownerId"] == state["currentUser"] and f["trashedAt"] is None
    ]
    return {
        "org": state["org"],
        "me": {"name": me["name"], "color": me["avatarColor"], "email": me.get("email", "")},
        "nav_items": NAV,
        "active": active,
        "storage": {
            "used": fmt_size(used),
            "quota": fmt_size(quota),
            "pct": min(100, round(100 * used / quota)) if quota else 100,
        },
        "top_folders": sorted(folders, key=lambda f: f["name"].casefold()),
        "fmt_size": fmt_size,
        "fmt_when": fmt_when,
        "kind_label": KIND_LABEL,
        "kinds": FILE_KINDS,
        "sorts": SORTS,
        "users": state["users"],
    }

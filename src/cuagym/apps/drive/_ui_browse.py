"""The browsing screens: My Drive and its folders, Shared with me, Recent, Starred, search,
the trash and the storage page. All read-only; their controls post to ``_ui_items``.

A listing shows folders first, then files, as a list (rows) or a grid (cards): ``?layout=``.
``?item=<id>`` selects an item: the details panel on the right shows it and offers its actions
(share, rename, move, star, trash); with nothing selected it shows the folder itself.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.drive._invariants import used_bytes
from cuagym.apps.drive._ops import ancestors, effective_role, in_trash
from cuagym.apps.drive._panel import panel_context
from cuagym.apps.drive._seed import WORLD_NOW
from cuagym.apps.drive._ui_common import State, load, not_found, page
from cuagym.apps.drive._views import KIND_LABEL, fmt_size, item_row, listing

__all__ = ["routes"]


def _view_params(request: Request) -> dict[str, Any]:
    q = request.query_params
    layout = q.get("layout", "list")
    sort = q.get("sort", "name")
    return {
        "layout": layout if layout in ("list", "grid") else "list",
        "sort": sort if sort in ("name", "modified", "size") else "name",
        "dir": "desc" if q.get("dir") == "desc" else "asc",
        "selected": q.get("item", ""),
    }


def _live_children(state: State, folder: str | None, owner: str | None) -> list[dict[str, Any]]:
    rows = []
    for f in state["folders"].values():
        if f["parentId"] == folder and f["trashedAt"] is None:
            if folder is None and f["ownerId"] != owner:
                continue
            rows.append(item_row(state, "folder", f))
    for f in state["files"].values():
        if f["folderId"] == folder and f["trashedAt"] is None:
            if folder is None and f["ownerId"] != owner:
                continue
            rows.append(item_row(state, "file", f))
    return rows


def _browser(
    request: Request,
    state: State,
    *,
    title: str,
    rows: list[dict[str, Any]],
    active: str,
    crumbs: list[tuple[str, str]],
    folder: dict[str, Any] | None = None,
    empty: tuple[str, str] = ("Nothing here yet", ""),
    sortable: bool = True,
    extra: dict[str, Any] | None = None,
) -> Response:
    view = _view_params(request)
    if sortable:
        rows = listing(rows, view["sort"], view["dir"] == "desc")
    selected_id = view["selected"]
    context: dict[str, Any] = {
        "title": title,
        "rows": rows,
        "crumbs": crumbs,
        "folder": folder,
        "view": view,
        "empty_state": empty,
        "sortable": sortable,
        "can_add": (folder is None and active == "my-drive")
        or (
            folder is not None
            and effective_role(state, "folder", folder["id"]) in ("owner", "editor")
        ),
        "panel": panel_context(state, selected_id, folder),
        **(extra or {}),
    }
    return page(request, state, "browser.html", context, active=active)


async def my_drive(request: Request) -> Response:
    _, state = await load(request)
    rows = _live_children(state, None, state["currentUser"])
    return _browser(
        request,
        state,
        title="My Drive",
        rows=rows,
        active="my-drive",
        crumbs=[("My Drive", "/")],
        empty=("Your drive is empty", "Create a folder or a document to start."),
    )


async def folder_page(request: Request) -> Response:
    _, state = await load(request)
    fid = request.path_params["fid"]
    folder = state["folders"].get(fid)
    if folder is None or effective_role(state, "folder", fid) is None:
        return not_found(request, state, f"There is no folder {fid} you can open.")
    chain = list(reversed(ancestors(state, fid)))
    mine = chain[0]["ownerId"] == state["currentUser"]
    crumbs = [("My Drive", "/")] if mine else [("Shared with me", "/shared")]
    crumbs += [(f["name"], f"/folders/{f['id']}") for f in chain]
    trashed = in_trash(state, "folder", fid)
    rows = [] if trashed else _live_children(state, fid, None)
    return _browser(
        request,
        state,
        title=folder["name"],
        rows=rows,
        active="my-drive" if mine else "shared",
        crumbs=crumbs,
        folder=folder,
        empty=("This folder is in the trash", "Restore it to see what is inside.")
        if trashed
        else ("This folder is empty", "Drop files here or create one."),
        extra={"trashed": trashed},
    )


async def shared(request: Request) -> Response:
    _, state = await load(request)
    me = state["currentUser"]
    rows = []
    for kind in ("folder", "file"):
        for rec in state[kind + "s"].values():
            if me in rec["sharedWith"] and not in_trash(state, kind, rec["id"]):
                rows.append(item_row(state, kind, rec))
    owner = request.query_params.get("owner", "")
    owners = sorted({r["rec"]["ownerId"] for r in rows}, key=lambda u: state["users"][u]["name"])
    if owner:
        rows = [r for r in rows if r["rec"]["ownerId"] == owner]
    return _browser(
        request,
        state,
        title="Shared with me",
        rows=rows,
        active="shared",
        crumbs=[("Shared with me", "/shared")],
        empty=("Nothing shared with you", "Files people share with you show up here."),
        extra={"owner_filter": owner, "owners": [(u, state["users"][u]["name"]) for u in owners]},
    )


def _group(modified: str) -> str:
    moment = datetime.fromisoformat(modified)
    age = WORLD_NOW - moment
    if age < timedelta(days=7):
        return "This week"
    if age < timedelta(days=30):
        return "This month"
    if moment.year == WORLD_NOW.year:
        return "Earlier this year"
    return "Older"


async def recent(request: Request) -> Response:
    _, state = await load(request)
    me = state["currentUser"]
    files = [
        f
        for f in state["files"].values()
        if not in_trash(state, "file", f["id"])
        and effective_role(state, "file", f["id"]) is not None
    ]
    files.sort(key=lambda f: f["modifiedAt"], reverse=True)
    rows = []
    for f in files[:60]:
        row = item_row(state, "file", f)
        row["group"] = _group(f["modifiedAt"])
        row["by_me"] = f["modifiedBy"] == me
        rows.append(row)
    opened = [
        item_row(state, "file", state["files"][i])
        for i in state["ui"]["recentFiles"]
        if i in state["files"]
    ]
    return _browser(
        request,
        state,
        title="Recent",
        rows=rows,
        active="recent",
        crumbs=[("Recent", "/recent")],
        sortable=False,
        extra={"grouped": True, "opened": opened},
    )


async def starred(request: Request) -> Response:
    _, state = await load(request)
    rows = []
    for kind in ("folder", "file"):
        for rec in state[kind + "s"].values():
            if rec["starred"] and not in_trash(state, kind, rec["id"]):
                rows.append(item_row(state, kind, rec))
    return _browser(
        request,
        state,
        title="Starred",
        rows=rows,
        active="starred",
        crumbs=[("Starred", "/starred")],
        empty=("No starred items", "Star the files and folders you use most."),
    )


async def search(request: Request) -> Response:
    _, state = await load(request)
    q = request.query_params.get("q", "").strip()
    kind = request.query_params.get("type", "")
    rows = []
    if q or kind:
        for collection, k in (("folders", "folder"), ("files", "file")):
            for rec in state[collection].values():
                if in_trash(state, k, rec["id"]) or effective_role(state, k, rec["id"]) is None:
                    continue
                if q.casefold() not in rec["name"].casefold():
                    continue
                if kind and (rec.get("kind", "folder") != kind):
                    continue
                rows.append(item_row(state, k, rec))
    types = [
        ("", "Any type"),
        ("folder", "Folders"),
        *((k, KIND_LABEL[k] + "s") for k in KIND_LABEL if k != "folder"),
    ]
    return _browser(
        request,
        state,
        title=f"Results for \u201c{q}\u201d" if q else "Search",
        rows=rows,
        active="",
        crumbs=[("Search", "/search")],
        empty=("No matches", "Try another name or type."),
        extra={"q": q, "type_filter": kind, "types": types, "searching": True},
    )


async def trash(request: Request) -> Response:
    _, state = await load(request)
    me = state["currentUser"]
    rows = []
    for kind in ("folder", "file"):
        for rec in state[kind + "s"].values():
            if rec["trashedAt"] is not None and rec["ownerId"] == me:
                row = item_row(state, kind, rec)
                row["trashed"] = rec["trashedAt"]
                if kind == "folder":
                    inside = [
                        f
                        for f in state["files"].values()
                        if any(a["id"] == rec["id"] for a in ancestors(state, f["folderId"]))
                    ]
                    row["inside"] = len(inside)
                    row["size"] = fmt_size(sum(f["sizeBytes"] for f in inside))
                rows.append(row)
    rows.sort(key=lambda r: r["trashed"], reverse=True)
    held = sum(f["sizeBytes"] for f in state["files"].values() if in_trash(state, "file", f["id"]))
    return page(
        request, state, "trash.html", {"rows": rows, "held": fmt_size(held)}, active="trash"
    )


async def storage(request: Request) -> Response:
    _, state = await load(request)
    files = list(state["files"].values())
    used = used_bytes(state["files"])
    quota = state["org"]["quotaBytes"]
    by_kind: dict[str, int] = defaultdict(int)
    for f in files:
        by_kind[f["kind"]] += f["sizeBytes"]
    held = sum(f["sizeBytes"] for f in files if in_trash(state, "file", f["id"]))
    breakdown = [
        {
            "kind": k,
            "label": KIND_LABEL[k],
            "bytes": v,
            "size": fmt_size(v),
            "pct": round(100 * v / quota, 1),
        }
        for k, v in sorted(by_kind.items(), key=lambda kv: -kv[1])
    ]
    me = state["currentUser"]
    largest = sorted(
        (f for f in files if f["ownerId"] == me and not in_trash(state, "file", f["id"])),
        key=lambda f: -f["sizeBytes"],
    )[:15]
    context = {
        "used": fmt_size(used),
        "quota": fmt_size(quota),
        "free": fmt_size(max(0, quota - used)),
        "pct": round(100 * used / quota, 1),
        "breakdown": breakdown,
        "trash_held": fmt_size(held),
        "largest": [item_row(state, "file", f) for f in largest],
    }
    return page(request, state, "storage.html", context, active="storage")


async def activity(request: Request) -> Response:
    """What happened in the drive lately: saved versions and comments, newest first."""
    _, state = await load(request)
    users = state["users"]
    tab = request.query_params.get("tab", "all")
    events: list[dict[str, Any]] = []
    for v in state["versions"].values():
        f = state["files"][v["fileId"]]
        if effective_role(state, "file", f["id"]) is None or in_trash(state, "file", f["id"]):
            continue
        verb = "created" if v["number"] == 1 else f"saved version {v['number']} of"
        events.append(
            {
                "at": v["createdAt"],
                "who": users[v["authorId"]]["name"],
                "color": users[v["authorId"]]["avatarColor"],
                "verb": verb,
                "file": f,
                "text": v["note"],
                "type": "edits",
            }
        )
    for c in state["comments"].values():
        f = state["files"][c["fileId"]]
        if effective_role(state, "file", f["id"]) is None or in_trash(state, "file", f["id"]):
            continue
        events.append(
            {
                "at": c["createdAt"],
                "who": users[c["authorId"]]["name"],
                "color": users[c["authorId"]]["avatarColor"],
                "verb": "commented on",
                "file": f,
                "text": c["text"],
                "type": "comments",
            }
        )
    events.sort(key=lambda e: e["at"], reverse=True)
    tab = tab if tab in ("all", "edits", "comments") else "all"
    feeds = {
        "all": events[:50],
        "edits": [e for e in events if e["type"] == "edits"][:50],
        "comments": [e for e in events if e["type"] == "comments"][:50],
    }
    context = {"feeds": feeds, "tab": tab}
    return page(request, state, "activity.html", context, active="activity")


def routes() -> list[Route]:
    return [
        Route("/", my_drive),
        Route("/folders/{fid}", folder_page),
        Route("/shared", shared),
        Route("/recent", recent),
        Route("/starred", starred),
        Route("/search", search),
        Route("/trash", trash),
        Route("/storage", storage),
        Route("/activity", activity),
    ]

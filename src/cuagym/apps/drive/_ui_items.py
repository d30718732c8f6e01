"""The file page (preview, versions, comments) and every action on items, as posts.

Each action form carries ``next`` (the page it came from) and returns there with a toast
(post/redirect/get); a refused action shows the error page with a way back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.drive import _ops as ops
from cuagym.apps.drive._ops import ActionError, effective_role, remember_file
from cuagym.apps.drive._panel import item_context
from cuagym.apps.drive._ui_common import State, act, field, load, not_found, page, safe_next
from cuagym.apps.drive._views import fmt_size, fmt_when

__all__ = ["routes"]

_TABS = (("preview", "Preview"), ("versions", "Versions"), ("comments", "Comments"))


async def file_page(request: Request) -> Response:
    ui, state = await load(request)
    fid = request.path_params["fid"]
    if fid not in state["files"] or effective_role(state, "file", fid) is None:
        return not_found(request, state, f"There is no file {fid} you can open.")
    await ui.mutate(lambda s: remember_file(s, fid))  # volatile: the Recent screen's list
    tab = request.query_params.get("tab", "preview")
    tab = tab if tab in dict(_TABS) else "preview"
    versions = sorted(
        (v for v in state["versions"].values() if v["fileId"] == fid),
        key=lambda v: -v["number"],
    )
    comments = sorted(
        (c for c in state["comments"].values() if c["fileId"] == fid),
        key=lambda c: (c["resolved"], c["createdAt"]),
    )
    users = state["users"]
    context: dict[str, Any] = {
        "item": item_context(state, "file", fid),
        "file": state["files"][fid],
        "tab": tab,
        "tabs": _TABS,
        "versions": [
            {
                **v,
                "author": users[v["authorId"]]["name"],
                "size": fmt_size(v["sizeBytes"]),
                "when": fmt_when(v["createdAt"]),
            }
            for v in versions
        ],
        "comments": [
            {
                **c,
                "author": users[c["authorId"]]["name"],
                "color": users[c["authorId"]]["avatarColor"],
                "when": fmt_when(c["createdAt"]),
            }
            for c in comments
        ],
        "open_comments": sum(1 for c in comments if not c["resolved"]),
    }
    return page(request, state, "file.html", context, active="")


async def _form(request: Request) -> dict[str, str]:
    form = await request.form()
    return {k: field(form, k) for k in form}


def _back(values: dict[str, str], default: str) -> str:
    return safe_next(values.get("next", ""), default)


async def _run(
    request: Request,
    change: Callable[[State], Any],
    flash: str,
    default: str = "/",
    success: str | None = None,
) -> Response:
    values = await _form(request)
    ui = (await load(request))[0]
    back = _back(values, default)
    return await act(request, ui, change, success or back, back, flash=flash)


async def new_folder(request: Request) -> Response:
    values = await _form(request)
    parent = values.get("parent") or None
    return await _run(
        request, lambda s: ops.create_folder(s, parent, values.get("name", "")), "Folder created"
    )


async def new_file(request: Request) -> Response:
    values = await _form(request)
    parent = values.get("parent") or None
    created: list[str] = []

    def change(state: State) -> None:
        created.append(
            ops.create_file(state, parent, values.get("name", ""), values.get("kind", ""))
        )

    ui = (await load(request))[0]
    back = _back(values, "/")
    return await act(request, ui, change, lambda: f"/file/{created[0]}", back, flash="File created")


def _item_action(name: str) -> Callable[[Request], Any]:
    """A post on ``/items/{kind}/{iid}/<name>``: the form's fields to the op."""

    async def endpoint(request: Request) -> Response:
        kind, iid = request.path_params["kind"], request.path_params["iid"]
        values = await _form(request)
        if kind not in ("file", "folder"):
            return not_found(request, (await load(request))[1], f"No such kind of item: {kind}.")
        flash, change = _ITEM_ACTIONS[name](kind, iid, values)
        ui = (await load(request))[0]
        back = _back(values, "/")
        success = "/trash" if name == "delete" else back
        return await act(request, ui, change, success, back, flash=flash)

    return endpoint


def _rename(kind: str, iid: str, v: dict[str, str]) -> tuple[str, Callable[[State], Any]]:
    return "Renamed", lambda s: ops.rename_item(s, kind, iid, v.get("name", ""))


def _move(kind: str, iid: str, v: dict[str, str]) -> tuple[str, Callable[[State], Any]]:
    return "Moved", lambda s: ops.move_item(s, kind, iid, v.get("target") or None)


def _star(kind: str, iid: str, v: dict[str, str]) -> tuple[str, Callable[[State], Any]]:
    on = v.get("starred") == "1"
    return ("Added to Starred" if on else "Removed from Starred"), lambda s: ops.set_starred(
        s, kind, iid, on
    )


def _trash(kind: str, iid: str, v: dict[str, str]) -> tuple[str, Callable[[State], Any]]:
    return "Moved to the trash", lambda s: ops.trash_item(s, kind, iid)


def _restore(kind: str, iid: str, v: dict[str, str]) -> tuple[str, Callable[[State], Any]]:
    return "Restored", lambda s: ops.restore_item(s, kind, iid)


def _delete(kind: str, iid: str, v: dict[str, str]) -> tuple[str, Callable[[State], Any]]:
    return "Deleted forever", lambda s: ops.delete_forever(s, kind, iid)


def _share(kind: str, iid: str, v: dict[str, str]) -> tuple[str, Callable[[State], Any]]:
    def change(state: State) -> None:
        if not v.get("user"):
            raise ActionError("Pick someone to share with.")
        ops.share_item(state, kind, iid, v["user"], v.get("role", "viewer"))

    return "Shared", change


def _access(kind: str, iid: str, v: dict[str, str]) -> tuple[str, Callable[[State], Any]]:
    role = v.get("role", "")
    if role == "remove":
        return "Access removed", lambda s: ops.unshare_item(s, kind, iid, v.get("user", ""))
    return "Access updated", lambda s: ops.share_item(s, kind, iid, v.get("user", ""), role)


def _link(kind: str, iid: str, v: dict[str, str]) -> tuple[str, Callable[[State], Any]]:
    on = v.get("link") == "on"
    role = v.get("linkRole", "viewer")
    return ("Link sharing on" if on else "Link sharing off"), lambda s: ops.set_link_sharing(
        s, kind, iid, on, role
    )


_ITEM_ACTIONS: dict[
    str, Callable[[str, str, dict[str, str]], tuple[str, Callable[[State], Any]]]
] = {
    "rename": _rename,
    "move": _move,
    "star": _star,
    "trash": _trash,
    "restore": _restore,
    "delete": _delete,
    "share": _share,
    "access": _access,
    "link": _link,
}


async def empty_trash(request: Request) -> Response:
    return await _run(request, ops.empty_trash, "Trash emptied", "/trash", success="/trash")


async def copy_file(request: Request) -> Response:
    fid = request.path_params["fid"]
    made: list[str] = []
    ui = (await load(request))[0]
    back = _back(await _form(request), f"/file/{fid}")
    return await act(
        request,
        ui,
        lambda s: made.append(ops.copy_file(s, fid)),
        lambda: f"/file/{made[0]}",
        back,
        flash="Copy made",
    )


async def describe(request: Request) -> Response:
    fid = request.path_params["fid"]
    values = await _form(request)
    return await _run(
        request,
        lambda s: ops.set_description(s, fid, values.get("description", "")),
        "Description saved",
        f"/file/{fid}",
    )


async def comment(request: Request) -> Response:
    fid = request.path_params["fid"]
    values = await _form(request)
    return await _run(
        request,
        lambda s: ops.add_comment(s, fid, values.get("text", "")),
        "Comment added",
        f"/file/{fid}?tab=comments",
    )


async def resolve(request: Request) -> Response:
    cid = request.path_params["cid"]
    values = await _form(request)
    on = values.get("resolved") == "1"
    return await _run(
        request,
        lambda s: ops.set_comment_resolved(s, cid, on),
        "Comment resolved" if on else "Comment reopened",
    )


async def restore_version(request: Request) -> Response:
    fid, vid = request.path_params["fid"], request.path_params["vid"]
    return await _run(
        request,
        lambda s: ops.restore_version(s, fid, vid),
        "Version restored",
        f"/file/{fid}?tab=versions",
    )


def routes() -> list[Route]:
    item_routes = [
        Route(f"/items/{{kind}}/{{iid}}/{name}", _item_action(name), methods=["POST"])
        for name in _ITEM_ACTIONS
    ]
    return [
        Route("/file/{fid}", file_page),
        Route("/new/folder", new_folder, methods=["POST"]),
        Route("/new/file", new_file, methods=["POST"]),
        Route("/trash/empty", empty_trash, methods=["POST"]),
        Route("/file/{fid}/copy", copy_file, methods=["POST"]),
        Route("/file/{fid}/description", describe, methods=["POST"]),
        Route("/file/{fid}/comments", comment, methods=["POST"]),
        Route("/comments/{cid}/resolve", resolve, methods=["POST"]),
        Route("/file/{fid}/versions/{vid}/restore", restore_version, methods=["POST"]),
        *item_routes,
    ]

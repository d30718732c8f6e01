"""Channel screens: the channel browser, "create a channel", channel details and settings."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.team_chat._ops import (
    add_members,
    can_view,
    create_channel,
    join_channel,
    leave_channel,
    rename_channel,
    set_archived,
    set_channel_text,
)
from cuagym.apps.team_chat._ui_common import (
    State,
    act,
    field,
    fields,
    inline,
    load,
    not_found,
    page,
    safe_next,
)
from cuagym.apps.team_chat._views import user_view
from cuagym.apps.webkit.tables import Column, table_view

__all__ = ["routes"]


_CHANNEL_COLUMNS = (
    Column("name", "Channel"),
    Column("count", "Members", numeric=True),
    Column("actions", "", sortable=False),
)


async def browse(request: Request) -> Response:
    """All channels the user may see, archived ones included, with a name/purpose filter."""
    _, state = await load(request)
    me = state["currentUser"]
    show = request.query_params.get("show", "all")
    rows = []
    for ch in sorted(state["channels"].values(), key=lambda c: c["name"]):
        if not can_view(state, ch["id"], me):
            continue
        if show == "archived" and not ch["archived"]:
            continue
        if show == "active" and ch["archived"]:
            continue
        if show == "mine" and me not in ch["members"]:
            continue
        rows.append({**ch, "joined": me in ch["members"], "count": len(ch["members"])})
    view = table_view(
        rows,
        request.query_params,
        _CHANNEL_COLUMNS,
        search=("name", "purpose", "topic"),
        per_page=50,
    )
    context = {"view": view, "q": view.search, "show": show}
    return page(request, state, "channels.html", context, active="browse")


_BLANK = {"name": "", "purpose": "", "private": False}


def _new_channel_screen(
    request: Request,
    state: State,
    values: dict[str, object],
    errors: dict[str, str],
    status_code: int = 200,
) -> Response:
    context = {"values": values, "errors": errors}
    return page(request, state, "channel_new.html", context, "browse", status_code)


async def new_form(request: Request) -> Response:
    _, state = await load(request)
    return _new_channel_screen(request, state, dict(_BLANK), {})


async def create(request: Request) -> Response:
    """Create a channel; on bad input show the form again with the typed values and the
    error beside its field."""
    ui, _ = await load(request)
    form = await request.form()
    values: dict[str, object] = {
        "name": field(form, "name"),
        "purpose": field(form, "purpose"),
        "private": field(form, "private") in ("on", "true", "1"),
    }
    made: list[str] = []

    def change(s: State) -> None:
        made.append(
            create_channel(
                s,
                s["currentUser"],
                str(values["name"]),
                str(values["purpose"]),
                bool(values["private"]),
            )
        )

    return await act(
        request,
        ui,
        inline(change),
        lambda: f"/c/{made[0]}",
        "/channels/new",
        invalid=lambda s, errors: _new_channel_screen(request, s, values, errors, 400),
    )


async def details(request: Request) -> Response:
    _, state = await load(request)
    cid = request.path_params["conv"]
    ch = state["channels"].get(cid)
    me = state["currentUser"]
    if ch is None or not can_view(state, cid, me):
        return not_found(request, state, f"There is no channel {cid!r} you can see.")
    members = sorted(
        (user_view(state, m) for m in ch["members"]), key=lambda u: u["displayName"].lower()
    )
    context = {
        "channel": ch,
        "members": members,
        "creator": user_view(state, ch["createdBy"]),
        "is_member": me in ch["members"],
        "candidates": sorted(
            (u for u in state["users"].values() if u["id"] not in ch["members"]),
            key=lambda u: u["displayName"].lower(),
        ),
        "message_count": len(state["messages"].get(cid, [])),
    }
    return page(request, state, "channel_details.html", context, active=cid)


async def channel_action(request: Request) -> Response:
    """``/c/<id>/{rename,topic,purpose,archive,unarchive,join,leave,members}``."""
    ui, state = await load(request)
    cid, action = request.path_params["conv"], request.path_params["action"]
    if action not in _ACTIONS:
        return not_found(request, state, f"Unknown channel action {action!r}.")
    form = await request.form()
    here = f"/c/{cid}"
    back = safe_next(field(form, "next"), here)

    def change(s: State) -> None:
        me = s["currentUser"]
        if action == "rename":
            rename_channel(s, cid, me, field(form, "name"))
        elif action in ("topic", "purpose"):
            set_channel_text(s, cid, me, action, field(form, action))
        elif action in ("archive", "unarchive"):
            set_archived(s, cid, me, action == "archive")
        elif action == "join":
            join_channel(s, cid, me)
        elif action == "leave":
            leave_channel(s, cid, me)
        else:
            add_members(s, cid, me, fields(form, "users"))

    # After leaving a private channel it can no longer be seen: go to the channel list.
    ch = state["channels"].get(cid)
    success = back
    if action == "leave" and ch is not None and ch["isPrivate"]:
        success = "/channels"
    return await act(request, ui, change, success, back)


_ACTIONS = ("rename", "topic", "purpose", "archive", "unarchive", "join", "leave", "members")


def routes() -> list[Route]:
    return [
        Route("/channels", browse, methods=["GET"]),
        Route("/channels/new", new_form, methods=["GET"]),
        Route("/channels/new", create, methods=["POST"]),
        Route("/c/{conv}/details", details, methods=["GET"]),
        Route("/c/{conv}/{action:str}", channel_action, methods=["POST"]),
    ]

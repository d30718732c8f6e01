"""The conversation screen (a channel or a DM, with the thread panel) and message actions."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cuagym.apps.team_chat._ops import (
    ActionError,
    can_view,
    delete_message,
    edit_message,
    post_message,
    require_post,
    toggle_pin,
    toggle_reaction,
)
from cuagym.apps.team_chat._ui_common import (
    State,
    act,
    conv_path,
    field,
    load,
    not_found,
    page,
    safe_next,
    show_error,
)
from cuagym.apps.team_chat._views import conversation_title, message_rows, thread_rows, user_view
from cuagym.apps.webkit import parse_ts, save_uploads
from cuagym.hub import UISession

__all__ = ["routes"]

Endpoint = Callable[[Request], Awaitable[Response]]


async def home(request: Request) -> Response:
    """``/``: the last conversation visited, else the first channel the user is in."""
    ui, state = await load(request)
    me = state["currentUser"]
    last = state["ui"]["lastConversation"]
    if last is not None and can_view(state, last, me):
        return RedirectResponse(ui.url(conv_path(state, last)), status_code=303)
    mine = sorted(
        (c for c in state["channels"].values() if me in c["members"] and not c["archived"]),
        key=lambda c: (c["name"] != "general", c["name"]),
    )
    if mine:
        return RedirectResponse(ui.url(f"/c/{mine[0]['id']}"), status_code=303)
    return RedirectResponse(ui.url("/channels"), status_code=303)


async def _mark_read(ui: UISession, state: State, conv: str) -> None:
    """Record the visit in the volatile ``ui`` block (masked from state_diff)."""
    me = state["currentUser"]
    msgs = state["messages"].get(conv, [])
    latest = msgs[-1]["ts"] if msgs else None
    seen = state["ui"]["lastViewedAt"].get(me, {}).get(conv)
    if state["ui"]["lastConversation"] == conv and seen == latest:
        return  # nothing new: don't write on every page view

    def change(s: State) -> None:
        s["ui"]["lastConversation"] = conv
        if latest is not None:
            s["ui"]["lastViewedAt"].setdefault(me, {})[conv] = latest

    change(state)  # the page about to render shows the read state too
    await ui.mutate(change)


async def _conversation(request: Request, prefix: str, conv: str, thread: str | None) -> Response:
    ui, state = await load(request)
    me = state["currentUser"]
    is_channel = conv in state["channels"]
    if not is_channel and conv not in state["dms"]:
        return not_found(request, state, f"There is no conversation {conv!r}.")
    if conv_path(state, conv) != f"{prefix}/{conv}":  # /c/<dm id> or /d/<channel id>
        rest = f"/thread/{thread}" if thread else ""
        return RedirectResponse(ui.url(conv_path(state, conv) + rest), status_code=303)
    if not can_view(state, conv, me):
        what = "This channel is private." if is_channel else "This conversation is private."
        return not_found(request, state, what)
    path = conv_path(state, conv)
    thread_view: tuple[dict[str, Any], list[dict[str, Any]]] | None = None
    if thread is not None:
        thread_view = thread_rows(state, conv, thread)
        if thread_view is None:
            return not_found(request, state, "That thread no longer exists.")
    before = state["ui"]["lastViewedAt"].get(me, {}).get(conv)
    await _mark_read(ui, state, conv)
    channel = state["channels"].get(conv)
    members = channel["members"] if channel else state["dms"][conv]["members"]
    # In a DM every member may post; in a channel only members, and never when archived.
    can_post = channel is None or (me in channel["members"] and not channel["archived"])
    here = path + (f"/thread/{thread}" if thread else "")
    context = {
        "conv": conv,
        "channel": channel,
        "title": conversation_title(state, conv),
        "path": path,
        "here": here,
        "rows": message_rows(state, conv),
        "thread": thread_view,
        "members": [user_view(state, m) for m in members],
        "is_member": me in members,
        "can_post": can_post,
        "edit": request.query_params.get("edit"),
        "unread_after": before,
        "dm_people": [user_view(state, m) for m in members if m != me] if not channel else [],
        "all_users": sorted(
            (user_view(state, u) for u in state["users"]), key=lambda u: u["displayName"].lower()
        ),
    }
    context["first_unread"] = _first_unread(context["rows"], before, me)
    return page(request, state, "conversation.html", context, active=conv)


def _first_unread(rows: list[dict[str, Any]], seen: str | None, me: str) -> str | None:
    """Where the "New" divider goes: the first message by someone else since the last visit."""
    if seen is None:  # never visited: everything is new, a divider at the top says nothing
        return None
    after = parse_ts(seen)
    for row in rows:
        if row["sender"]["id"] != me and parse_ts(row["ts"]) > after:
            return str(row["id"])
    return None


def _views(prefix: str) -> tuple[Endpoint, Endpoint]:
    async def conversation_view(request: Request) -> Response:
        return await _conversation(request, prefix, request.path_params["conv"], None)

    async def thread_view(request: Request) -> Response:
        p = request.path_params
        return await _conversation(request, prefix, p["conv"], p["mid"])

    return conversation_view, thread_view


async def post(request: Request) -> Response:
    """Send a message (multipart: ``text``, optional ``files``, ``thread`` for a reply)."""
    ui, state = await load(request)
    conv = request.path_params["conv"]
    path = conv_path(state, conv)
    form = await request.form()
    text = field(form, "text")
    parent = field(form, "thread") or None
    back = safe_next(field(form, "next"), path)
    files = [f for f in form.getlist("files") if isinstance(f, UploadFile) and f.filename]
    # Refuse what is bound to fail before uploading anything: no orphan files in the session.
    try:
        if not text.strip() and not files:
            raise ActionError("Your message is empty.")
        require_post(state, conv, state["currentUser"])
    except ActionError as exc:
        return show_error(request, state, [str(exc)], back)
    attachments = await save_uploads(ui, files)
    return await act(
        request,
        ui,
        lambda s: post_message(s, conv, s["currentUser"], text, attachments, parent),
        back,
        back,
    )


async def message_action(request: Request) -> Response:
    """``/{c|d}/<conv>/messages/<mid>/{edit,delete,react,pin}``."""
    ui, state = await load(request)
    p = request.path_params
    conv, mid, action = p["conv"], p["mid"], p["action"]
    if action not in ("edit", "delete", "react", "pin"):
        return not_found(request, state, f"Unknown message action {action!r}.")
    path = conv_path(state, conv)
    form = await request.form()
    back = safe_next(field(form, "next"), path)

    def change(s: State) -> None:
        me = s["currentUser"]
        if action == "edit":
            edit_message(s, conv, mid, me, field(form, "text"))
        elif action == "delete":
            delete_message(s, conv, mid, me)
        elif action == "react":
            toggle_reaction(s, conv, mid, me, field(form, "emoji"))
        else:
            toggle_pin(s, conv, mid, me)

    # A thread whose parent was just deleted no longer exists: land on the conversation.
    target = path if action == "delete" and back.endswith(f"/thread/{mid}") else back
    error_back = back.split("?", 1)[0] if action == "edit" else back
    return await act(request, ui, change, target, error_back)


def routes() -> list[Route]:
    out = [Route("/", home, methods=["GET"])]
    for prefix in ("/c", "/d"):
        conversation_view, thread_view = _views(prefix)
        out += [
            Route(f"{prefix}/{{conv}}", conversation_view, methods=["GET"]),
            Route(f"{prefix}/{{conv}}/thread/{{mid}}", thread_view, methods=["GET"]),
            Route(f"{prefix}/{{conv}}/messages", post, methods=["POST"]),
            Route(
                f"{prefix}/{{conv}}/messages/{{mid}}/{{action:str}}",
                message_action,
                methods=["POST"],
            ),
        ]
    return out

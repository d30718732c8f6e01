"""Messages, notifications, the moderation queue and settings.

The inbox is two panes: the conversations on the left, the open one on the right with its
reply box. Opening a conversation changes nothing (a GET); replying or "Mark as read" clears
its unread mark.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.social import _ops
from cuagym.apps.social._ui_common import State, act, field, load, not_found, page
from cuagym.apps.social._views import fmt_ts
from cuagym.apps.webkit import fields

__all__ = ["routes"]


def _conversations(state: State) -> list[dict[str, Any]]:
    me = state["currentUser"]
    rows = []
    for cid, convo in state["conversations"].items():
        msgs = sorted(
            (m for m in state["messages"].values() if m["conversationId"] == cid),
            key=lambda m: (m["sentAt"], m["id"]),
        )
        others = [state["profiles"][h] for h in convo["participantIds"] if h != me]
        name = convo["title"] or ", ".join(p["displayName"] for p in others)
        rows.append(
            {
                **convo,
                "others": others,
                "name": name,
                "last": msgs[-1] if msgs else None,
                "messages": msgs,
            }
        )
    rows.sort(key=lambda c: c["last"]["sentAt"] if c["last"] else "", reverse=True)
    return rows


async def inbox(request: Request) -> Response:
    _, state = await load(request)
    convos = _conversations(state)
    cid = request.path_params.get("cid")
    current = next((c for c in convos if c["id"] == cid), None)
    if cid is not None and current is None:
        return not_found(request, state, f"There is no conversation {cid!r}.")
    me = state["currentUser"]
    people = sorted(
        ((h, f"{p['displayName']} (@{h})") for h, p in state["profiles"].items() if h != me),
        key=lambda choice: choice[1],
    )
    context = {
        "convos": convos,
        "current": current,
        "people": people,
        "fmt_ts": fmt_ts,
        "to": request.query_params.get("to", ""),
    }
    return page(request, state, "messages.html", context, active="messages")


async def send(request: Request) -> Response:
    ui, _ = await load(request)
    cid = request.path_params["cid"]
    body = field(await request.form(), "body")
    back = f"/messages/{cid}"
    return await act(request, ui, lambda s: _ops.send_message(s, cid, body), back, back)


async def new_conversation(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    handles = [h.strip().lstrip("@") for h in fields(form, "to")]
    body = field(form, "body")
    made: list[str] = []
    return await act(
        request,
        ui,
        lambda s: made.append(_ops.start_conversation(s, handles, body)),
        lambda: f"/messages/{made[0]}",
        "/messages",
        flash="Message sent",
    )


async def mark_read(request: Request) -> Response:
    ui, _ = await load(request)
    cid = request.path_params["cid"]
    back = f"/messages/{cid}"
    return await act(request, ui, lambda s: _ops.mark_conversation_read(s, cid), back, back)


async def mute(request: Request) -> Response:
    ui, _ = await load(request)
    cid = request.path_params["cid"]
    on = field(await request.form(), "muted") == "1"
    back = f"/messages/{cid}"
    return await act(
        request,
        ui,
        lambda s: _ops.set_muted(s, cid, on),
        back,
        back,
        flash="Muted" if on else "Unmuted",
    )


async def notifications(request: Request) -> Response:
    _, state = await load(request)
    tab = request.query_params.get("tab", "all")
    rows = sorted(
        state["notifications"].values(), key=lambda n: (n["createdAt"], n["id"]), reverse=True
    )
    if tab == "mentions":
        rows = [n for n in rows if n["kind"] in ("mention", "reply")]
    elif tab == "unread":
        rows = [n for n in rows if not n["read"]]
    items = [
        {
            **n,
            "actor": state["profiles"][n["actorId"]],
            "post": state["posts"].get(n["postId"] or ""),
        }
        for n in rows
    ]
    context = {
        "tab": tab,
        "items": items,
        "unread": sum(1 for n in state["notifications"].values() if not n["read"]),
    }
    return page(request, state, "notifications.html", context, active="notifications")


async def notifications_read(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    ids = fields(form, "ids") or None
    return await act(
        request,
        ui,
        lambda s: _ops.mark_notifications_read(s, ids),
        "/notifications",
        "/notifications",
        flash="Marked as read",
    )


async def moderation(request: Request) -> Response:
    _, state = await load(request)
    tab = request.query_params.get("tab", "open")
    rows = sorted(state["reports"].values(), key=lambda r: (r["createdAt"], r["id"]))
    rows = [r for r in rows if (r["status"] == "open") == (tab == "open")]
    items = []
    for r in rows:
        post = state["posts"][r["postId"]]
        target = state["comments"].get(r["commentId"] or "") if r["commentId"] else None
        items.append(
            {
                **r,
                "post": post,
                "comment": target,
                "author": state["profiles"][(target or post)["authorId"]],
                "reporter": state["profiles"][r["reporterId"]],
                "same": sum(
                    1
                    for o in state["reports"].values()
                    if o["postId"] == r["postId"] and o["status"] == "open"
                ),
            }
        )
    context = {"tab": tab, "items": items}
    return page(request, state, "moderation.html", context, active="moderation")


async def resolve(request: Request) -> Response:
    ui, _ = await load(request)
    rid = request.path_params["rid"]
    decision = field(await request.form(), "decision")
    flash = "Content removed" if decision == "removed" else "Report dismissed"
    return await act(
        request,
        ui,
        lambda s: _ops.resolve_report(s, rid, decision),
        "/moderation",
        "/moderation",
        flash=flash,
    )


async def settings(request: Request) -> Response:
    _, state = await load(request)
    me = state["profiles"][state["currentUser"]]
    context = {"profile": me, "settings": state["settings"], "errors": {}}
    return page(request, state, "settings.html", context, active="settings")


async def save_profile(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    values = {k: field(form, k) for k in ("displayName", "bio", "location", "website")}

    def change(s: State) -> None:
        if not values["displayName"].strip():
            raise _ops.ActionError("Your display name cannot be empty.")
        _ops.update_profile(s, values)

    return await act(request, ui, change, "/settings", "/settings", flash="Profile saved")


async def save_preferences(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    values = {
        "defaultVisibility": field(form, "defaultVisibility") or "public",
        "notifyLikes": field(form, "notifyLikes") == "1",
        "notifyFollows": field(form, "notifyFollows") == "1",
        "messagesFrom": field(form, "messagesFrom") or "everyone",
    }
    return await act(
        request,
        ui,
        lambda s: _ops.update_settings(s, values),
        "/settings",
        "/settings",
        flash="Preferences saved",
    )


def routes() -> list[Route]:
    return [
        Route("/messages", inbox, methods=["GET"]),
        Route("/messages/new", new_conversation, methods=["POST"]),
        Route("/messages/{cid}", inbox, methods=["GET"]),
        Route("/messages/{cid}", send, methods=["POST"]),
        Route("/messages/{cid}/read", mark_read, methods=["POST"]),
        Route("/messages/{cid}/mute", mute, methods=["POST"]),
        Route("/notifications", notifications, methods=["GET"]),
        Route("/notifications/read", notifications_read, methods=["POST"]),
        Route("/moderation", moderation, methods=["GET"]),
        Route("/reports/{rid}/resolve", resolve, methods=["POST"]),
        Route("/settings", settings, methods=["GET"]),
        Route("/settings/profile", save_profile, methods=["POST"]),
        Route("/settings/preferences", save_preferences, methods=["POST"]),
    ]

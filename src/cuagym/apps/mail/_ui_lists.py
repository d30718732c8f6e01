"""List screens (folders, labels, search), the conversation screen and the toolbar actions."""

from __future__ import annotations

from datetime import datetime
from urllib.parse import parse_qs, quote, urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cuagym.apps.mail._ops import (
    THREAD_ACTIONS,
    ActionError,
    format_ts,
    open_thread,
    thread_action,
)
from cuagym.apps.mail._search import search_threads
from cuagym.apps.mail._ui_common import (
    State,
    act,
    field,
    fields,
    load,
    not_found,
    page,
    safe_next,
    show_error,
)
from cuagym.apps.mail._views import FOLDER_VIEWS, thread_rows, thread_view

__all__ = ["routes"]

_EMPTY = {
    "inbox": "You're all caught up. Nothing in the inbox.",
    "starred": "No starred conversations. Stars let you mark mail to come back to.",
    "snoozed": "Nothing snoozed. Snoozed conversations wait here and leave your inbox.",
    "sent": "No sent messages yet.",
    "drafts": "You have no saved drafts.",
    "all": "No conversations.",
    "spam": "No spam here. Hooray!",
    "trash": "Trash is empty.",
}


async def home(request: Request) -> Response:
    ui, _ = await load(request)
    return RedirectResponse(ui.url("/f/inbox"), status_code=303)


def _list_page(
    request: Request,
    state: State,
    view: str,
    title: str,
    rows: list[dict[str, object]],
    empty: str,
    active: str,
    q: str = "",
) -> Response:
    context = {
        "view": view,
        "title": title,
        "rows": rows,
        "empty": empty,
        "q": q,
        "here": _here(request),
    }
    return page(request, state, "list.html", context, active=active)


def _here(request: Request) -> str:
    """This page's app-relative URL (where toolbar actions come back to)."""
    path = request.url.path.removeprefix(request.scope.get("root_path", ""))
    return path + (f"?{request.url.query}" if request.url.query else "")


async def folder(request: Request) -> Response:
    _, state = await load(request)
    view = request.path_params["view"]
    if view not in FOLDER_VIEWS:
        return not_found(request, state, f"There is no folder {view!r}.")
    rows = thread_rows(state, view)
    return _list_page(request, state, view, FOLDER_VIEWS[view][0], rows, _EMPTY[view], view)


async def label(request: Request) -> Response:
    _, state = await load(request)
    lid = request.path_params["lid"]
    lab = state["labels"].get(lid)
    if lab is None:
        return not_found(request, state, f"There is no label {lid!r}.")
    rows = thread_rows(state, f"label:{lid}")
    empty = f"No conversations have the label \u201c{lab['name']}\u201d."
    return _list_page(request, state, f"label:{lid}", lab["name"], rows, empty, f"label:{lid}")


async def search(request: Request) -> Response:
    _, state = await load(request)
    q = request.query_params.get("q", "").strip()
    rows = thread_rows(state, "search", search_threads(state, q)) if q else []
    empty = f"No conversations match \u201c{q}\u201d." if q else "Type something to search for."
    title = f"Search results for \u201c{q}\u201d" if q else "Search"
    return _list_page(request, state, "search", title, rows, empty, "search", q=q)


async def conversation(request: Request) -> Response:
    ui, state = await load(request)
    tid = request.path_params["tid"]
    if tid not in state["threads"]:
        return not_found(request, state, "That conversation no longer exists.")
    if open_thread(state, tid):  # only when the "mark as read when opened" setting is on

        def mark_read(s: State) -> None:
            open_thread(s, tid)

        await ui.mutate(mark_read)
    back = safe_next(request.query_params.get("back", ""), "/f/inbox")
    context = {
        **thread_view(state, tid),
        "tid": tid,
        "back": back,
        "here": f"/t/{tid}?back={quote(back, safe='/')}",
    }
    if request.query_params.get("sent") == "1":  # back from compose: the toast says it went
        context |= {"flash": "Message sent.", "flash_testid": "sent-notice"}
    return page(request, state, "thread.html", context, active=_active_of(back))


def _active_of(back: str) -> str | None:
    path = back.split("?", 1)[0]
    if path.startswith("/f/"):
        return path[3:]
    if path.startswith("/label/"):
        return "label:" + path[7:]
    return "search" if path.startswith("/search") else None


def _local_to_utc(state: State, date: str, time: str) -> str:
    """A date and time typed in the account's zone -> the app's UTC timestamp."""
    try:
        zone = ZoneInfo(state["account"]["timezone"])
    except (ZoneInfoNotFoundError, ValueError):
        zone = ZoneInfo("UTC")
    try:
        moment = datetime.fromisoformat(f"{date}T{time or '08:00'}")
    except ValueError:
        raise ActionError("Pick a date and time to snooze until.") from None
    return format_ts(moment.replace(tzinfo=zone))


async def thread_act(request: Request) -> Response:
    """``POST /threads/act``: ``ids`` (one or more), ``action`` (``label-add:<id>`` style)."""
    ui, state = await load(request)
    form = await request.form()
    ids = fields(form, "ids")
    action, _, arg = field(form, "action").partition(":")
    back = safe_next(field(form, "next"), "/f/inbox")
    if action not in THREAD_ACTIONS:
        return show_error(request, state, [f"Unknown action {action!r}."], back)
    if action == "snooze":
        try:
            arg = _local_to_utc(state, field(form, "snooze_date"), field(form, "snooze_time"))
        except ActionError as exc:
            return show_error(request, state, [str(exc)], back)
    # From a conversation, actions that take it out of the current view return to the list.
    success = back
    leaving = ("archive", "spam", "not-spam", "trash", "restore", "delete-forever", "move-label")
    if back.startswith("/t/") and action in (*leaving, "snooze"):
        rest = parse_qs(urlsplit(back).query).get("back", [""])[0]
        success = safe_next(rest, "/f/inbox")
    return await act(request, ui, lambda s: thread_action(s, ids, action, arg), success, back)


def routes() -> list[Route]:
    return [
        Route("/", home, methods=["GET"]),
        Route("/f/{view}", folder, methods=["GET"]),
        Route("/label/{lid}", label, methods=["GET"]),
        Route("/search", search, methods=["GET"]),
        Route("/t/{tid}", conversation, methods=["GET"]),
        Route("/threads/act", thread_act, methods=["POST"]),
    ]

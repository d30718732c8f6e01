"""The publishing studio: the queue of scheduled posts and drafts, the calendar, the composer.

The composer publishes now, schedules at a date and time (UTC) or keeps a draft; the calendar
moves a scheduled post to another day (drag, or its date menu) at the same time of day.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.social import _ops
from cuagym.apps.social._seed import WORLD_NOW
from cuagym.apps.social._ui_common import (
    FormInvalid,
    State,
    act,
    field,
    load,
    not_found,
    page,
    safe_next,
)
from cuagym.apps.social._views import card, fmt_day
from cuagym.apps.webkit.calendar import month_grid

__all__ = ["parse_compose", "routes"]

_MODES = [("now", "Publish now"), ("schedule", "Schedule"), ("draft", "Save as draft")]
_VISIBILITY = [("public", "Public"), ("followers", "Followers only"), ("private", "Only me")]


def parse_compose(form: dict[str, str]) -> dict[str, Any]:
    """The composer's fields as ``compose_post`` / ``update_post`` arguments, or
    :class:`FormInvalid` with a message per field."""
    errors: dict[str, str] = {}
    body = form.get("body", "").strip()
    if not body:
        errors["body"] = "Write something first."
    elif len(body) > 500:
        errors["body"] = f"A post has at most 500 characters ({len(body)} now)."
    try:
        tags = _ops.parse_tags(form.get("tags", ""))
    except _ops.ActionError as exc:
        errors["tags"], tags = str(exc), []
    visibility = form.get("visibility", "public")
    if visibility not in dict(_VISIBILITY):
        errors["visibility"] = "Pick who can see the post."
    mode = form.get("mode", "now")
    when = None
    if mode == "schedule":
        when = _scheduled_at(form.get("day", ""), form.get("time", ""), errors)
    if errors:
        raise FormInvalid(errors)
    return {
        "body": body,
        "tags": tags,
        "visibility": visibility,
        "mode": mode,
        "scheduled_at": when,
    }


def _scheduled_at(day: str, clock: str, errors: dict[str, str]) -> str | None:
    try:
        date.fromisoformat(day)
    except ValueError:
        errors["day"] = "Pick the day to publish on."
        return None
    parts = clock.split(":")
    if len(parts) < 2 or not all(p.isdigit() for p in parts[:2]):
        errors["time"] = "Pick the time to publish at (24-hour, UTC)."
        return None
    hour, minute = int(parts[0]), int(parts[1])
    if hour > 23 or minute > 59:
        errors["time"] = "That is not a time of day."
        return None
    return f"{day}T{hour:02d}:{minute:02d}:00Z"


def _form(raw: Any) -> dict[str, str]:
    return {k: v for k, v in raw.multi_items() if isinstance(v, str)}


async def studio(request: Request) -> Response:
    _, state = await load(request)
    tab = request.query_params.get("tab", "queue")
    me = state["currentUser"]
    mine = [p for p in state["posts"].values() if p["authorId"] == me]
    queue = sorted(
        (p for p in mine if p["status"] == "scheduled"), key=lambda p: (p["scheduledAt"], p["id"])
    )
    days: list[dict[str, Any]] = []
    for post in queue:
        label = fmt_day(post["scheduledAt"])
        if not days or days[-1]["label"] != label:
            days.append({"label": label, "posts": []})
        days[-1]["posts"].append(card(state, post))
    drafts = sorted(
        (p for p in mine if p["status"] == "draft"), key=lambda p: p["createdAt"], reverse=True
    )
    published = sorted(
        (p for p in mine if p["status"] == "published"),
        key=lambda p: p["publishedAt"],
        reverse=True,
    )[:20]
    context = {
        "tab": tab,
        "days": days,
        "queue_count": len(queue),
        "drafts": [card(state, p) for p in drafts],
        "published": [card(state, p) for p in published],
    }
    return page(request, state, "studio.html", context, active="studio")


def _month(value: str) -> tuple[int, int]:
    try:
        year, month = (int(x) for x in value.split("-")[:2])
        date(year, month, 1)
    except ValueError:
        return WORLD_NOW.year, WORLD_NOW.month
    return year, month


async def calendar(request: Request) -> Response:
    ui, state = await load(request)
    year, month = _month(request.query_params.get("month", ""))
    me = state["currentUser"]
    queued = [
        card(state, p)
        for p in state["posts"].values()
        if p["authorId"] == me and p["status"] == "scheduled"
    ]
    grid = month_grid(year, month, queued, lambda p: p["scheduledAt"])
    base = ui.base
    context = {
        "grid": grid,
        "month": f"{year:04d}-{month:02d}",
        "count": len(queued),
        "move_url": lambda post: f"{base}/posts/{post['id']}/move",
        "month_href": lambda day: f"{base}/studio/calendar?month={day.isoformat()[:7]}",
    }
    return page(request, state, "calendar.html", context, active="calendar")


def _composer(
    request: Request,
    state: State,
    values: dict[str, str],
    errors: dict[str, str],
    post: dict[str, Any] | None = None,
    status_code: int = 200,
) -> Response:
    context = {
        "values": values,
        "errors": errors,
        "post": post,
        "modes": _MODES if post is None or post["status"] != "published" else [],
        "visibilities": _VISIBILITY,
    }
    active = "studio"  # a new post and an edit alike are the studio's work
    return page(request, state, "compose.html", context, active=active, status_code=status_code)


async def new_post(request: Request) -> Response:
    _, state = await load(request)
    params = request.query_params
    values = {
        "body": params.get("body", ""),
        "tags": "",
        "visibility": state["settings"]["defaultVisibility"],
        "mode": params.get("mode", "schedule" if params.get("day") else "now"),
        "day": params.get("day", ""),
        "time": "09:00",
    }
    return _composer(request, state, values, {})


async def create_post(request: Request) -> Response:
    ui, _ = await load(request)
    raw = _form(await request.form())
    created: list[str] = []

    def change(state: State) -> None:
        args = parse_compose(raw)
        created.append(_ops.compose_post(state, **args))

    def target() -> str:
        mode = raw.get("mode", "now")
        if mode == "now":
            return safe_next(raw.get("next", ""), f"/posts/{created[0]}")
        return "/studio" if mode == "schedule" else "/studio?tab=drafts"

    flash = {"now": "Posted", "schedule": "Scheduled", "draft": "Draft saved"}.get(
        raw.get("mode", "now"), "Saved"
    )
    return await act(
        request,
        ui,
        change,
        target,
        "/studio/new",
        flash=flash,
        invalid=lambda state, errors: _composer(request, state, raw, errors, status_code=400),
    )


async def edit_form(request: Request) -> Response:
    _, state = await load(request)
    pid = request.path_params["pid"]
    post = state["posts"].get(pid)
    if post is None or post["authorId"] != state["currentUser"]:
        return not_found(request, state, f"You have no post {pid!r}.")
    own_tags = " ".join(post["tags"])
    when = post["scheduledAt"] or ""
    values = {
        "body": post["body"],
        "tags": own_tags,
        "visibility": post["visibility"],
        "mode": "schedule" if post["status"] == "scheduled" else post["status"],
        "day": when[:10],
        "time": when[11:16] or "09:00",
    }
    if values["mode"] == "published":
        values["mode"] = "now"
    return _composer(request, state, values, {}, post=post)


async def edit(request: Request) -> Response:
    ui, state = await load(request)
    pid = request.path_params["pid"]
    post = state["posts"].get(pid)
    if post is None:
        return not_found(request, state, f"There is no post {pid!r}.")
    raw = _form(await request.form())
    was_published = post["status"] == "published"
    if was_published:
        raw["mode"] = "now"

    def change(s: State) -> None:
        args = parse_compose(raw)
        _ops.update_post(s, pid, args["body"], args["visibility"], args["tags"])
        if was_published:
            return
        if args["mode"] == "schedule":
            _ops.schedule_post(s, pid, str(args["scheduled_at"]))
        elif args["mode"] == "draft" and s["posts"][pid]["status"] == "scheduled":
            _ops.unschedule(s, pid)
        elif args["mode"] == "now":
            _ops.publish_now(s, pid)

    return await act(
        request,
        ui,
        change,
        f"/posts/{pid}",
        f"/posts/{pid}/edit",
        flash="Saved",
        invalid=lambda s, errors: _composer(request, s, raw, errors, post, 400),
    )


async def move(request: Request) -> Response:
    ui, _ = await load(request)
    pid = request.path_params["pid"]
    form = await request.form()
    day = field(form, "day")
    back = "/studio/calendar?month=" + day[:7] if len(day) >= 7 else "/studio/calendar"
    return await act(
        request, ui, lambda s: _ops.move_to_day(s, pid, day), back, back, flash="Rescheduled"
    )


async def publish(request: Request) -> Response:
    ui, _ = await load(request)
    pid = request.path_params["pid"]
    return await act(
        request,
        ui,
        lambda s: _ops.publish_now(s, pid),
        f"/posts/{pid}",
        "/studio",
        flash="Published",
    )


async def unschedule(request: Request) -> Response:
    ui, _ = await load(request)
    pid = request.path_params["pid"]
    return await act(
        request,
        ui,
        lambda s: _ops.unschedule(s, pid),
        "/studio?tab=drafts",
        "/studio",
        flash="Moved to drafts",
    )


def routes() -> list[Route]:
    return [
        Route("/studio", studio, methods=["GET"]),
        Route("/studio/calendar", calendar, methods=["GET"]),
        Route("/studio/new", new_post, methods=["GET"]),
        Route("/compose", create_post, methods=["POST"]),
        Route("/posts/{pid}/edit", edit_form, methods=["GET"]),
        Route("/posts/{pid}/edit", edit, methods=["POST"]),
        Route("/posts/{pid}/move", move, methods=["POST"]),
        Route("/posts/{pid}/publish", publish, methods=["POST"]),
        Route("/posts/{pid}/unschedule", unschedule, methods=["POST"]),
    ]

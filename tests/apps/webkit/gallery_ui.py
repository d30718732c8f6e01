"""The gallery's screens: one per component family, every change a form post."""

from __future__ import annotations

from datetime import date
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.webkit import FormInvalid, Screens, State, field, fields, load, render_screen
from cuagym.apps.webkit.calendar import month_grid, week_grid
from cuagym.apps.webkit.tables import Column, table_view
from tests.apps.webkit.gallery import OWNERS, STATUSES

NAV = [
    ("home", "Components", "/"),
    ("table", "Table", "/table"),
    ("board", "Board", "/board"),
    ("calendar", "Calendar", "/calendar"),
    ("form", "New task", "/tasks/new"),
    ("settings", "Settings", "/settings"),
]
COLUMNS = [
    Column("title", "Title"),
    Column("status", "Status"),
    Column("owner", "Owner"),
    Column("due", "Due"),
    Column("points", "Points", numeric=True),
]


class GalleryError(Exception):
    """A request the gallery does not allow (shown as is)."""


def chrome(request: Request, state: State, active: str = "") -> dict[str, Any]:
    me = state["settings"]["displayName"]
    return {"nav_items": NAV, "active": active, "me": {"name": me, "color": "#33658a"}}


SCREENS = Screens(chrome=chrome, home="/", action_error=GalleryError)


def _task(state: State, task_id: str) -> dict[str, Any]:
    for task in state["tasks"]:
        if task["id"] == task_id:
            return task  # type: ignore[no-any-return]
    raise GalleryError(f"no task {task_id}")


async def home(request: Request) -> Response:
    _, state = await load(request)
    tab = request.query_params.get("tab", "overview")
    tab = tab if tab in ("overview", "activity", "empty") else "overview"
    feed = [
        {"who": t["owner"], "color": None, "when": t["due"], "text": f"moved {t['title']}"}
        for t in state["tasks"][:4]
    ]
    context = {"tab": tab, "task": state["tasks"][0], "feed": feed}
    return render_screen(request, chrome(request, state, "home"), "home.html", context)


async def table(request: Request) -> Response:
    _, state = await load(request)
    view = table_view(
        state["tasks"],
        request.query_params,
        COLUMNS,
        search=("title", "owner"),
        filters=("status", "owner"),
        per_page=10,
    )
    context = {"view": view, "statuses": STATUSES, "owners": [(o, o) for o in OWNERS]}
    return render_screen(request, chrome(request, state, "table"), "table.html", context)


async def board(request: Request) -> Response:
    ui, state = await load(request)
    columns = [
        (key, label, [t for t in state["tasks"] if t["status"] == key]) for key, label in STATUSES
    ]
    context = {"columns": columns, "move_url": lambda t: ui.url(f"/tasks/{t['id']}/status")}
    return render_screen(request, chrome(request, state, "board"), "board.html", context)


async def calendar(request: Request) -> Response:
    ui, state = await load(request)
    anchor = date.fromisoformat(request.query_params.get("at", "2025-03-01"))
    if request.query_params.get("view") == "week":
        grid = week_grid(anchor, state["tasks"], lambda t: t["due"])
    else:
        grid = month_grid(anchor.year, anchor.month, state["tasks"], lambda t: t["due"])
    view = "&view=week" if grid.view == "week" else ""
    context = {
        "grid": grid,
        "date_url": lambda t: ui.url(f"/tasks/{t['id']}/date"),
        "nav_href": lambda day: f"?at={day.isoformat()}{view}",
    }
    return render_screen(request, chrome(request, state, "calendar"), "calendar.html", context)


async def move_status(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    status = field(form, "status")
    task_id = request.path_params["task"]

    def change(state: State) -> None:
        if status not in {key for key, _ in STATUSES}:
            raise GalleryError(f"no status {status!r}")
        _task(state, task_id)["status"] = status

    return await SCREENS.act(request, ui, change, "/board", "/board", flash="Task moved")


async def move_date(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    day = field(form, "date")
    task_id = request.path_params["task"]

    def change(state: State) -> None:
        _task(state, task_id)["due"] = day

    return await SCREENS.act(
        request, ui, change, "/calendar", "/calendar", flash="Task rescheduled"
    )


async def delete(request: Request) -> Response:
    ui, _ = await load(request)
    task_id = request.path_params["task"]

    def change(state: State) -> None:
        state["tasks"].remove(_task(state, task_id))

    return await SCREENS.act(request, ui, change, "/", "/", flash="Task deleted")


async def bulk(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    ids = set(fields(form, "ids"))
    action = field(form, "action")

    def change(state: State) -> None:
        if action == "done":
            for task in state["tasks"]:
                if task["id"] in ids:
                    task["status"] = "done"
        elif action == "delete":
            state["tasks"] = [t for t in state["tasks"] if t["id"] not in ids]
        else:
            raise GalleryError(f"no bulk action {action!r}")

    done = f"{len(ids)} task{'s' if len(ids) != 1 else ''} updated"
    return await SCREENS.act(request, ui, change, "/table", "/table", flash=done)


def _form(
    request: Request, state: State, values: dict[str, str], errors: dict[str, str]
) -> Response:
    context = {"values": values, "errors": errors, "owners": [(o, o) for o in OWNERS]}
    status = 400 if errors else 200
    return render_screen(request, chrome(request, state, "form"), "form.html", context, status)


async def new_task(request: Request) -> Response:
    ui, state = await load(request)
    if request.method == "GET":
        return _form(
            request,
            state,
            {"title": "", "points": "1", "due": "2025-03-10", "owner": OWNERS[0]},
            {},
        )
    form = await request.form()
    values = {k: field(form, k) for k in ("title", "points", "due", "owner")}

    def change(state: State) -> None:
        errors = {}
        if not values["title"].strip():
            errors["title"] = "Give the task a title."
        if not values["points"].isdigit() or int(values["points"]) > 100:
            errors["points"] = "Points are a whole number from 0 to 100."
        if errors:
            raise FormInvalid(errors)
        state["tasks"].append(
            {
                "id": f"n{len(state['tasks']) + 1:03d}",
                "title": values["title"].strip(),
                "status": "todo",
                "owner": values["owner"],
                "due": values["due"],
                "points": int(values["points"]),
            }
        )

    return await SCREENS.act(
        request,
        ui,
        change,
        "/table",
        "/tasks/new",
        flash="Task created",
        invalid=lambda state, errors: _form(request, state, values, errors),
    )


async def settings(request: Request) -> Response:
    ui, state = await load(request)
    if request.method == "GET":
        return render_screen(
            request, chrome(request, state, "settings"), "settings.html", {"s": state["settings"]}
        )
    form = await request.form()
    name = field(form, "displayName")
    compact = field(form, "compact") == "1"

    def change(state: State) -> None:
        state["settings"] = {"displayName": name, "compact": compact}

    return await SCREENS.act(request, ui, change, "/settings", "/settings", flash="Settings saved")


def build_routes() -> list[Route]:
    return [
        Route("/", home),
        Route("/table", table),
        Route("/board", board),
        Route("/calendar", calendar),
        Route("/tasks/new", new_task, methods=["GET", "POST"]),
        Route("/tasks/bulk", bulk, methods=["POST"]),
        Route("/tasks/{task}/status", move_status, methods=["POST"]),
        Route("/tasks/{task}/date", move_date, methods=["POST"]),
        Route("/tasks/{task}/delete", delete, methods=["POST"]),
        Route("/settings", settings, methods=["GET", "POST"]),
    ]

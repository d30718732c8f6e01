"""Planning screens: the board (active sprint), the backlog (sprint planning), the sprint
report, and the actions they post: transitions, sprint membership, rank, sprint lifecycle."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any, Literal, cast

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.issue_tracker._ops import ActionError, category, transition
from cuagym.apps.issue_tracker._ops_plan import (
    complete_sprint,
    create_sprint,
    delete_sprint,
    move_to_sprint,
    rank_move,
    start_sprint,
    unfinished,
    update_sprint,
)
from cuagym.apps.issue_tracker._ui_common import (
    State,
    act,
    field,
    load,
    not_found,
    page,
    remember,
    safe_next,
)
from cuagym.apps.issue_tracker._views import (
    active_sprint,
    board_columns,
    card,
    fmt_date,
    project_sprints,
    sprint_view,
)

__all__ = ["routes"]


def _project(state: State, request: Request) -> str | None:
    key = str(request.path_params["key"]).upper()
    return key if key in state["projects"] else None


def _board_filter(request: Request, me: str) -> tuple[dict[str, str], Any]:
    """Quick filters of the board (visual only: they never change state)."""
    q = request.query_params
    chosen = {
        "assignee": q.get("assignee", ""),
        "type": q.get("type", ""),
        "q": q.get("q", "").strip(),
    }

    def keep(issue: dict[str, Any]) -> bool:
        who = chosen["assignee"]
        if who == "me" and issue["assignee"] != me:
            return False
        if who == "none" and issue["assignee"] is not None:
            return False
        if who not in ("", "me", "none") and issue["assignee"] != who:
            return False
        if chosen["type"] and issue["type"] != chosen["type"]:
            return False
        text = f"{issue['key']} {issue['title']}".lower()
        return all(word in text for word in chosen["q"].lower().split())

    return chosen, keep


async def board(request: Request) -> Response:
    ui, state = await load(request)
    key = _project(state, request)
    if key is None:
        return not_found(request, state, f"There is no project {request.path_params['key']!r}.")
    await remember(ui, state, key)
    sprint = active_sprint(state, key)
    chosen, keep = _board_filter(request, state["currentUser"])
    columns = board_columns(state, key, sprint["id"], keep) if sprint else []
    assignees = sorted(
        {
            i["assignee"]
            for i in state["issues"].values()
            if sprint and i["sprint"] == sprint["id"] and i["assignee"]
        },
        key=lambda u: state["users"][u]["displayName"].lower() if u in state["users"] else u,
    )
    context = {
        "sprint": sprint,
        "columns": columns,
        "filters": chosen,
        "filtered": any(chosen.values()),
        "assignees": assignees,
        "dates": f"{fmt_date(sprint['startDate'])} – {fmt_date(sprint['endDate'])}"
        if sprint
        else "",
        "unfinished": unfinished(state, sprint["id"]) if sprint else [],
        "sprint_targets": _sprint_targets(project_sprints(state, key)),
    }
    return page(request, state, "board.html", context, project=key, nav="board")


def _sprint_targets(sprints: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Where a completed sprint's open issues may go: the backlog or a planned sprint."""
    return [("", "Backlog"), *((s["id"], s["name"]) for s in sprints if s["state"] == "planned")]


async def backlog(request: Request) -> Response:
    ui, state = await load(request)
    key = _project(state, request)
    if key is None:
        return not_found(request, state, f"There is no project {request.path_params['key']!r}.")
    await remember(ui, state, key)
    sprints = [s for s in project_sprints(state, key) if s["state"] != "closed"]
    lists = [sprint_view(state, s, key) for s in sprints]
    has_active = any(s["state"] == "active" for s in sprints)
    default_start = datetime.now(UTC).date()
    context = {
        "lists": lists,
        "backlog": sprint_view(state, None, key),
        "open_sprints": sprints,
        "has_active": has_active,
        "default_start": default_start.isoformat(),
        "default_end": (default_start + timedelta(days=13)).isoformat(),
        "sprint_targets": _sprint_targets(sprints),
    }
    return page(request, state, "backlog.html", context, project=key, nav="backlog")


async def sprint_report(request: Request) -> Response:
    ui, state = await load(request)
    key = _project(state, request)
    if key is None:
        return not_found(request, state, f"There is no project {request.path_params['key']!r}.")
    await remember(ui, state, key)
    rows = []
    for sprint in project_sprints(state, key):
        view = sprint_view(state, sprint, key)
        members = sorted(
            (i for i in state["issues"].values() if i["sprint"] == sprint["id"]),
            key=lambda i: i["rank"],
        )
        view["rows"] = [card(state, i) for i in members]  # subtasks included, unlike the backlog
        view["total"] = len(members)
        view["completed"] = fmt_date(sprint["completedDate"])
        view["done"] = sum(category(state, i["status"]) == "done" for i in members)
        rows.append(view)
    return page(request, state, "sprints.html", {"rows": rows}, project=key, nav="sprints")


# -- actions -------------------------------------------------------------------------------------
async def issue_transition(request: Request) -> Response:
    ui, _state = await load(request)
    key = request.path_params["key"]
    form = await request.form()
    back = safe_next(field(form, "next"), f"/issues/{key}")
    to = field(form, "to")
    return await act(request, ui, lambda s: transition(s, key, to), back, back)


async def issue_sprint(request: Request) -> Response:
    ui, _state = await load(request)
    key = request.path_params["key"]
    form = await request.form()
    back = safe_next(field(form, "next"), f"/issues/{key}")
    target = field(form, "sprint") or None
    return await act(request, ui, lambda s: move_to_sprint(s, key, target), back, back)


async def issue_rank(request: Request) -> Response:
    ui, state = await load(request)
    key = request.path_params["key"]
    form = await request.form()
    issue = state["issues"].get(key)
    project = issue["project"] if issue else ""
    back = safe_next(field(form, "next"), f"/projects/{project}/backlog")
    where = field(form, "where")

    def change(s: State) -> None:
        if where not in ("top", "up", "down", "bottom"):
            raise ActionError(f"Unknown rank move {where!r}.")
        rank_move(s, key, cast(Literal["top", "up", "down", "bottom"], where))

    return await act(request, ui, change, back, back)


async def sprint_new(request: Request) -> Response:
    ui, state = await load(request)
    key = _project(state, request)
    if key is None:
        return not_found(request, state, f"There is no project {request.path_params['key']!r}.")
    back = f"/projects/{key}/backlog"
    made: list[str] = []
    return await act(
        request,
        ui,
        lambda s: made.append(create_sprint(s, key)),
        lambda: f"{back}#sprint-{made[0]}",
        back,
    )


async def sprint_action(request: Request) -> Response:
    """``/sprints/<id>/{edit,start,complete,delete}``."""
    ui, state = await load(request)
    sid, action = request.path_params["sid"], request.path_params["action"]
    sprint = state["sprints"].get(sid)
    if sprint is None or action not in ("edit", "start", "complete", "delete"):
        return not_found(request, state, f"There is no sprint {sid!r} or action {action!r}.")
    form = await request.form()
    project = sprint["project"]
    back = safe_next(field(form, "next"), f"/projects/{project}/backlog")

    def change(s: State) -> None:
        if action == "edit":
            update_sprint(
                s,
                sid,
                field(form, "name"),
                field(form, "goal"),
                field(form, "startDate"),
                field(form, "endDate"),
            )
        elif action == "start":
            start_sprint(
                s, sid, field(form, "startDate"), field(form, "endDate"), field(form, "goal")
            )
        elif action == "complete":
            complete_sprint(s, sid, field(form, "moveTo") or None)
        else:
            delete_sprint(s, sid)

    success = back
    if action == "start":
        success = f"/projects/{project}/board"
    elif action == "complete":
        success = f"/projects/{project}/sprints"
    return await act(request, ui, change, success, back)


def routes() -> list[Route]:
    return [
        Route("/projects/{key}/board", board, methods=["GET"]),
        Route("/projects/{key}/backlog", backlog, methods=["GET"]),
        Route("/projects/{key}/sprints", sprint_report, methods=["GET"]),
        Route("/projects/{key}/sprints/new", sprint_new, methods=["POST"]),
        Route("/sprints/{sid}/{action}", sprint_action, methods=["POST"]),
        Route("/issues/{key}/transition", issue_transition, methods=["POST"]),
        Route("/issues/{key}/sprint", issue_sprint, methods=["POST"]),
        Route("/issues/{key}/rank", issue_rank, methods=["POST"]),
    ]

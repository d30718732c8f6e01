"""Projects, people and settings: the project directory, epics overview, project settings
(details and the read-only workflow), the people directory and a person's work."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cuagym.apps.issue_tracker._ops import ActionError, category
from cuagym.apps.issue_tracker._ops_plan import update_project
from cuagym.apps.issue_tracker._ui_common import (
    FormInvalid,
    State,
    act,
    field,
    load,
    not_found,
    page,
    remember,
)
from cuagym.apps.issue_tracker._views import active_sprint, card, status_view, user_view
from cuagym.apps.webkit.tables import Column, TableView, table_view

__all__ = ["routes"]


_PROJECT_COLUMNS = ("Name", "Key", "Lead", "Active sprint", "Open issues", "")
_EPIC_COLUMNS = ("Epic", "Status", "Owner", "Progress")


def _listing(rows: list[dict[str, Any]], headers: tuple[str, ...]) -> TableView[dict[str, Any]]:
    """A short list in the kit's table, in the order given: every row on one page, no sort."""
    columns = [Column(f"c{i}", h, sortable=False) for i, h in enumerate(headers)]
    return table_view(rows, {}, columns, per_page=max(1, len(rows)))


async def home(request: Request) -> Response:
    """``/``: the board of the last project visited, else the project directory."""
    ui, state = await load(request)
    last = state["ui"]["lastProject"]
    if last in state["projects"]:
        return RedirectResponse(ui.url(f"/projects/{last}/board"), status_code=303)
    return RedirectResponse(ui.url("/projects"), status_code=303)


async def projects(request: Request) -> Response:
    _, state = await load(request)
    rows = []
    for p in sorted(state["projects"].values(), key=lambda p: p["name"].lower()):
        issues = [i for i in state["issues"].values() if i["project"] == p["key"]]
        rows.append(
            {
                **p,
                "lead_view": user_view(state, p["lead"]),
                "open": sum(category(state, i["status"]) != "done" for i in issues),
                "total": len(issues),
                "sprint": active_sprint(state, p["key"]),
            }
        )
    recent = [
        card(state, state["issues"][k]) for k in state["ui"]["recentIssues"] if k in state["issues"]
    ]
    table = _listing(rows, _PROJECT_COLUMNS)
    return page(request, state, "projects.html", {"table": table, "recent": recent}, nav="projects")


async def epics(request: Request) -> Response:
    ui, state = await load(request)
    key = str(request.path_params["key"]).upper()
    if key not in state["projects"]:
        return not_found(request, state, f"There is no project {key!r}.")
    await remember(ui, state, key)
    rows = []
    for epic in sorted(
        (i for i in state["issues"].values() if i["project"] == key and i["type"] == "epic"),
        key=lambda i: i["rank"],
    ):
        children = [i for i in state["issues"].values() if i["parent"] == epic["key"]]
        done = sum(category(state, c["status"]) == "done" for c in children)
        rows.append(
            {
                **card(state, epic),
                "children": len(children),
                "done": done,
                "percent": round(100 * done / len(children)) if children else 0,
            }
        )
    table = _listing(rows, _EPIC_COLUMNS)
    return page(request, state, "epics.html", {"table": table}, project=key, nav="epics")


#: which settings field an update_project refusal is about (by a word of its message)
_SETTINGS_FIELD = (
    ("name", "name"),
    ("called", "name"),
    ("lead", "lead"),
    ("description", "description"),
)


def _settings_page(
    request: Request,
    state: State,
    key: str,
    values: dict[str, str],
    errors: dict[str, str],
    status_code: int = 200,
) -> Response:
    wf = state["workflow"]
    graph = [
        {
            **status_view(state, s["id"]),
            "to": [status_view(state, t) for t in wf["transitions"].get(s["id"], [])],
        }
        for s in wf["statuses"]
    ]
    context = {
        "graph": graph,
        "initial": status_view(state, wf["initialStatus"]),
        "saved": request.query_params.get("saved") == "1",
        "values": values,
        "errors": errors,
        "lead_choices": [
            (u["id"], u["displayName"])
            for u in sorted(state["users"].values(), key=lambda u: u["displayName"].lower())
        ],
    }
    return page(
        request, state, "settings.html", context, project=key, nav="settings",
        status_code=status_code,
    )  # fmt: skip


async def settings(request: Request) -> Response:
    ui, state = await load(request)
    key = str(request.path_params["key"]).upper()
    if key not in state["projects"]:
        return not_found(request, state, f"There is no project {key!r}.")
    await remember(ui, state, key)
    project = state["projects"][key]
    values = {k: project[k] for k in ("name", "description", "lead", "defaultAssignee")}
    return _settings_page(request, state, key, values, {})


async def settings_save(request: Request) -> Response:
    ui, _ = await load(request)
    key = str(request.path_params["key"]).upper()
    form = await request.form()
    back = f"/projects/{key}/settings"
    values = {k: field(form, k) for k in ("name", "description", "lead", "defaultAssignee")}

    def change(s: State) -> None:
        try:
            update_project(
                s, key, values["name"], values["description"], values["lead"],
                values["defaultAssignee"],
            )  # fmt: skip
        except ActionError as exc:
            words = str(exc).lower()
            for word, name in _SETTINGS_FIELD:
                if word in words and key in s["projects"]:
                    raise FormInvalid({name: str(exc)}) from exc
            raise

    def invalid(state: State, errors: dict[str, str]) -> Response:
        return _settings_page(request, state, key, values, errors, 400)

    return await act(
        request, ui, change, f"{back}?saved=1", back, invalid=invalid,
    )  # fmt: skip


async def people(request: Request) -> Response:
    _, state = await load(request)
    rows = []
    for u in sorted(state["users"].values(), key=lambda u: u["displayName"].lower()):
        mine = [i for i in state["issues"].values() if i["assignee"] == u["id"]]
        rows.append(
            {
                **(user_view(state, u["id"]) or {}),
                "open": sum(category(state, i["status"]) != "done" for i in mine),
                "leads": [p["key"] for p in state["projects"].values() if p["lead"] == u["id"]],
            }
        )
    return page(request, state, "people.html", {"rows": rows}, nav="people")


async def person(request: Request) -> Response:
    _, state = await load(request)
    uid = request.path_params["uid"]
    if uid not in state["users"]:
        return not_found(request, state, f"There is no person {uid!r}.")
    mine = sorted(
        (i for i in state["issues"].values() if i["assignee"] == uid),
        key=lambda i: (i["project"], int(i["key"].rsplit("-", 1)[1])),
    )
    groups = [
        {**s, "cards": [card(state, i) for i in mine if i["status"] == s["id"]]}
        for s in state["workflow"]["statuses"]
    ]
    reported = sum(i["reporter"] == uid for i in state["issues"].values())
    context = {
        "person": user_view(state, uid),
        "groups": groups,
        "reported": reported,
        "leads": [p for p in state["projects"].values() if p["lead"] == uid],
    }
    return page(request, state, "person.html", context, nav="people")


def routes() -> list[Route]:
    return [
        Route("/", home, methods=["GET"]),
        Route("/projects", projects, methods=["GET"]),
        Route("/projects/{key}/epics", epics, methods=["GET"]),
        Route("/projects/{key}/settings", settings, methods=["GET"]),
        Route("/projects/{key}/settings", settings_save, methods=["POST"]),
        Route("/people", people, methods=["GET"]),
        Route("/people/{uid}", person, methods=["GET"]),
    ]

"""Issue screens: the issue detail page (inline edits, comments, transitions), the
create-issue form (also shown as a modal on every page) and the search screen (JQL-lite)."""

from __future__ import annotations

from typing import Any

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cuagym.apps.issue_tracker._jql import JQLError, parse, run
from cuagym.apps.issue_tracker._ops import (
    EDITABLE_TYPES,
    ActionError,
    add_comment,
    category,
    create_issue,
    delete_comment,
    delete_issue,
    edit_comment,
    update_issue,
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
from cuagym.apps.issue_tracker._views import card, fmt_ts, project_sprints, user_view
from cuagym.hub import InvalidState

__all__ = ["routes"]

_EDITABLE = (
    "title",
    "description",
    "type",
    "priority",
    "assignee",
    "reporter",
    "labels",
    "storyPoints",
    "parent",
)


async def detail(request: Request) -> Response:
    ui, state = await load(request)
    key = request.path_params["key"]
    issue = state["issues"].get(key)
    if issue is None:
        return not_found(request, state, f"There is no issue {key}.")
    await remember(ui, state, issue["project"], key)
    project = issue["project"]
    children = sorted(
        (i for i in state["issues"].values() if i["parent"] == key),
        key=lambda i: (i["type"] != "subtask", i["rank"]),
    )
    sprint = state["sprints"].get(issue["sprint"]) if issue["sprint"] else None
    comments = [
        {
            **c,
            "author_view": user_view(state, c["author"]),
            "when": fmt_ts(c["createdAt"]),
            "own": c["author"] == state["currentUser"],
        }
        for c in issue["comments"]
    ]
    context = {
        "issue": card(state, issue),
        "parent_issue": state["issues"].get(issue["parent"]) if issue["parent"] else None,
        "children": [card(state, c) for c in children],
        "children_done": sum(category(state, c["status"]) == "done" for c in children),
        "sprint": sprint,
        "sprint_closed": sprint is not None and sprint["state"] == "closed",
        "sprint_choices": [s for s in project_sprints(state, project) if s["state"] != "closed"],
        "epic_choices": sorted(
            (
                i
                for i in state["issues"].values()
                if i["type"] == "epic" and i["project"] == project
            ),
            key=lambda i: i["rank"],
        ),
        "comments": comments,
        "editable_types": EDITABLE_TYPES,
        "reporter_view": user_view(state, issue["reporter"]),
        "created": fmt_ts(issue["createdAt"]),
        "updated": fmt_ts(issue["updatedAt"]),
        "edit": request.query_params.get("edit", ""),
    }
    return page(request, state, "issue.html", context, project=project, nav="issues")


def _changes(form: FormData) -> dict[str, Any]:
    """The fields an inline-edit form posts; blank selects mean "none"."""
    changes: dict[str, Any] = {}
    for name in _EDITABLE:
        if name in form:
            value = field(form, name)
            changes[name] = value if value or name not in ("assignee", "parent") else None
    return changes


async def edit(request: Request) -> Response:
    ui, _state = await load(request)
    key = request.path_params["key"]
    form = await request.form()
    back = safe_next(field(form, "next"), f"/issues/{key}")
    changes = _changes(form)

    def change(s: State) -> None:
        if not changes:
            raise ActionError("Nothing to change.")
        update_issue(s, key, changes)

    return await act(request, ui, change, back, back.split("?", 1)[0])


async def comment(request: Request) -> Response:
    ui, _ = await load(request)
    key = request.path_params["key"]
    form = await request.form()
    back = f"/issues/{key}"
    made: list[str] = []
    return await act(
        request,
        ui,
        lambda s: made.append(add_comment(s, key, s["currentUser"], field(form, "body"))),
        lambda: f"{back}#comment-{made[0]}",
        back,
    )


async def comment_action(request: Request) -> Response:
    """``/issues/<key>/comments/<id>/{edit,delete}``."""
    ui, state = await load(request)
    key, cid, action = (request.path_params[k] for k in ("key", "cid", "action"))
    if action not in ("edit", "delete"):
        return not_found(request, state, f"Unknown comment action {action!r}.")
    form = await request.form()
    back = f"/issues/{key}"

    def change(s: State) -> None:
        if action == "edit":
            edit_comment(s, key, cid, s["currentUser"], field(form, "body"))
        else:
            delete_comment(s, key, cid, s["currentUser"])

    return await act(request, ui, change, f"{back}#comments", back)


async def delete(request: Request) -> Response:
    ui, state = await load(request)
    key = request.path_params["key"]
    issue = state["issues"].get(key)
    project = issue["project"] if issue else ""
    return await act(
        request,
        ui,
        lambda s: delete_issue(s, key),
        f"/projects/{project}/backlog",
        f"/issues/{key}",
    )


def _create_values(form: FormData) -> dict[str, Any]:
    return {
        "project": field(form, "project"),
        "type": field(form, "type") or "task",
        "title": field(form, "title"),
        "description": field(form, "description"),
        "priority": field(form, "priority") or "medium",
        "assignee": field(form, "assignee") or None,
        "labels": field(form, "labels"),
        "storyPoints": field(form, "storyPoints"),
        "sprint": field(form, "sprint") or None,
        "parent": field(form, "parent") or None,
    }


async def new_form(request: Request) -> Response:
    _, state = await load(request)
    q = request.query_params
    project = q.get("project") or state["ui"]["lastProject"] or next(iter(state["projects"]), "")
    values = {
        "project": project,
        "type": q.get("type", "task"),
        "priority": "medium",
        "assignee": "auto",
        "parent": q.get("parent", ""),
        "sprint": "",
    }
    context = {"error": None, "values": values}
    return page(request, state, "issue_new.html", context, project=project or None)


async def create(request: Request) -> Response:
    """Create an issue; bad input re-shows the form with the error and the typed values."""
    ui, _ = await load(request)
    form = await request.form()
    values = _create_values(form)
    made: list[str] = []

    def change(s: State) -> None:
        made.append(create_issue(s, s["currentUser"], str(values["project"]), values))

    try:
        await ui.mutate(change)
    except (ActionError, InvalidState) as exc:
        message = (
            str(exc)
            if isinstance(exc, ActionError)
            else "; ".join(f"{v.path}: {v.message}" for v in exc.violations)
        )
        state = await ui.state()
        context = {"error": message, "values": values}
        project = values["project"] if values["project"] in state["projects"] else None
        return page(request, state, "issue_new.html", context, project=project, status_code=400)
    return RedirectResponse(ui.url(f"/issues/{made[0]}?created=1"), status_code=303)


def _basic_jql(params: Any) -> str:
    """The JQL-lite the basic filter bar stands for (shown so people can learn the syntax)."""
    parts = []
    for name in ("project", "type", "status", "assignee", "priority", "labels"):
        value = params.get(name, "")
        if value:
            parts.append(f'{name} = "{value}"' if " " in value else f"{name} = {value}")
    text = params.get("text", "").strip()
    if text:
        parts.append(f'text ~ "{text}"')
    return " AND ".join(parts)


async def search(request: Request) -> Response:
    _, state = await load(request)
    params = request.query_params
    basic = {
        k: params.get(k, "")
        for k in ("project", "type", "status", "assignee", "priority", "labels", "text")
    }
    jql = params.get("jql")
    mode = "jql" if jql is not None else "basic"
    if jql is None:
        jql = _basic_jql(params)
    sort = params.get("sort", "")
    error = None
    rows: list[dict[str, Any]] = []
    try:
        query = parse(jql + (f" ORDER BY {sort}" if sort and "order by" not in jql.lower() else ""))
        rows = [card(state, i) for i in run(state, query)]
    except JQLError as exc:
        error = str(exc)
    labels = sorted({label for i in state["issues"].values() for label in i["labels"]})
    context = {
        "jql": jql,
        "mode": mode,
        "basic": basic,
        "rows": rows,
        "error": error,
        "sort": sort,
        "all_labels": labels,
    }
    return page(request, state, "search.html", context, nav="search")


def routes() -> list[Route]:
    return [
        Route("/issues", search, methods=["GET"]),
        Route("/issues/new", new_form, methods=["GET"]),
        Route("/issues/new", create, methods=["POST"]),
        Route("/issues/{key}", detail, methods=["GET"]),
        Route("/issues/{key}/edit", edit, methods=["POST"]),
        Route("/issues/{key}/comments", comment, methods=["POST"]),
        Route("/issues/{key}/comments/{cid}/{action}", comment_action, methods=["POST"]),
        Route("/issues/{key}/delete", delete, methods=["POST"]),
    ]

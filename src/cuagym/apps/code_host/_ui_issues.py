"""A repository's issues: the list with label, assignee and milestone filters, a new issue,
an issue's page with its sidebar (labels, assignees, milestone) and close / reopen."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.code_host._ops import (
    close_issue,
    create_issue,
    next_number,
    reopen_issue,
    update_issue,
)
from cuagym.apps.code_host._schema import LABELS
from cuagym.apps.code_host._ui_common import (
    State,
    act,
    field,
    fielded,
    fields,
    not_found,
    repo_page,
    repo_path,
    visit_repo,
)
from cuagym.apps.code_host._views import members_of, person

__all__ = ["routes"]

_NO_REPO = "There is no such repository."


def _milestones(state: State, repo: str) -> list[dict[str, Any]]:
    return sorted(
        (m for m in state["milestones"].values() if m["repoId"] == repo),
        key=lambda m: m["dueOn"] or "",
    )


def _issue_row(state: State, issue: dict[str, Any]) -> dict[str, Any]:
    ms = state["milestones"].get(issue["milestoneId"] or "")
    return {
        **issue,
        "author": person(state, issue["authorId"]),
        "people": [person(state, u) for u in issue["assignees"]],
        "milestone": ms,
    }


async def issue_list(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    q = request.query_params
    wanted = "closed" if q.get("state") == "closed" else "open"
    label, assignee, milestone = q.get("label", ""), q.get("assignee", ""), q.get("milestone", "")
    needle = q.get("q", "").strip()
    mine = [i for i in state["issues"].values() if i["repoId"] == repo]
    rows = []
    for i in mine:
        if i["state"] != wanted or (label and label not in i["labels"]):
            continue
        logins = [person(state, u)["login"] for u in i["assignees"]]
        if assignee and assignee not in logins:
            continue
        if milestone and i["milestoneId"] != milestone:
            continue
        if needle and needle.casefold() not in i["title"].casefold():
            continue
        rows.append(_issue_row(state, i))
    rows.sort(key=lambda i: i["number"], reverse=True)
    context = {
        "screen_title": "Issues",
        "rows": rows,
        "wanted": wanted,
        "counts": {s: sum(1 for i in mine if i["state"] == s) for s in ("open", "closed")},
        "chosen": {"label": label, "assignee": assignee, "milestone": milestone, "q": needle},
        "label_names": [n for n, _ in LABELS],
        "people": [m["user"] for m in members_of(state, repo)],
        "milestones": _milestones(state, repo),
    }
    return repo_page(request, state, repo, "issues", "issues.html", context)


def _new_form(
    request: Request, state: State, repo: str, values: dict[str, Any], errors: dict[str, str]
) -> Response:
    context = {
        "screen_title": "New issue",
        "values": values,
        "errors": errors,
        "label_names": [n for n, _ in LABELS],
        "people": [m["user"] for m in members_of(state, repo)],
        "milestone_choices": [("", "No milestone")]
        + [(m["id"], m["title"]) for m in _milestones(state, repo)],
    }
    status = 400 if errors else 200
    return repo_page(request, state, repo, "issues", "issue_new.html", context, status)


async def issue_new(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    values = {"title": "", "body": "", "labels": [], "assignees": [], "milestone": ""}
    return _new_form(request, state, repo, values, {})


async def issue_create(request: Request) -> Response:
    ui, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    form = await request.form()
    values: dict[str, Any] = {
        "title": field(form, "title").strip(),
        "body": field(form, "body"),
        "labels": fields(form, "labels"),
        "assignees": fields(form, "assignees"),
        "milestone": field(form, "milestone"),
    }
    me = state["currentUser"]

    def change(s: State) -> None:
        create_issue(
            s, repo, me, title=values["title"], body=values["body"], labels=values["labels"],
            assignees=values["assignees"], milestone=values["milestone"] or None,
        )  # fmt: skip

    return await act(
        request, ui, fielded(change),
        lambda: repo_path(state, repo, f"/issues/{next_number(state, repo)}"),
        repo_path(state, repo, "/issues/new"),
        flash="Issue created",
        invalid=lambda now, errors: _new_form(request, now, repo, values, errors),
    )  # fmt: skip


def _by_number(state: State, repo: str, number: str) -> dict[str, Any] | None:
    if not number.isdigit():
        return None
    return next(
        (i for i in state["issues"].values() if i["repoId"] == repo and i["number"] == int(number)),
        None,
    )


async def issue_detail(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    issue = _by_number(state, repo, request.path_params["number"])
    if issue is None:
        return not_found(request, state, f"There is no issue #{request.path_params['number']}.")
    context = {
        "screen_title": f"#{issue['number']} {issue['title']}",
        "issue": _issue_row(state, issue),
        "label_names": [n for n, _ in LABELS],
        "people": [m["user"] for m in members_of(state, repo)],
        "milestone_choices": [("", "No milestone")]
        + [(m["id"], m["title"]) for m in _milestones(state, repo)],
        "errors": {},
    }
    return repo_page(request, state, repo, "issues", "issue.html", context)


async def issue_action(request: Request) -> Response:
    ui, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    issue = _by_number(state, repo, request.path_params["number"])
    if issue is None:
        return not_found(request, state, "There is no such issue.")
    form = await request.form()
    iid, action = issue["id"], request.path_params["action"]
    here = repo_path(state, repo, f"/issues/{issue['number']}")
    if action == "close":
        return await act(request, ui, lambda s: close_issue(s, iid), here, here,
                         flash="Issue closed")  # fmt: skip
    if action == "reopen":
        return await act(request, ui, lambda s: reopen_issue(s, iid), here, here,
                         flash="Issue reopened")  # fmt: skip
    if action == "meta":
        change = fielded(
            lambda s: update_issue(
                s, iid, labels=fields(form, "labels"), assignees=fields(form, "assignees"),
                milestone=field(form, "milestone") or None,
            )
        )  # fmt: skip
        return await act(request, ui, change, here, here, flash="Issue updated")
    return not_found(request, state, f"Unknown action {action!r}.")


def routes() -> list[Route]:
    repo = "/{owner}/{repo}"
    return [
        Route(f"{repo}/issues", issue_list),
        Route(f"{repo}/issues/new", issue_new),
        Route(f"{repo}/issues", issue_create, methods=["POST"]),
        Route(f"{repo}/issues/{{number}}", issue_detail),
        Route(f"{repo}/issues/{{number}}/{{action}}", issue_action, methods=["POST"]),
    ]

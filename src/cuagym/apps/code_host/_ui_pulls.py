"""Pull requests: the list with its filters, the detail page (conversation, commits, checks),
the review form, and the merge box's actions."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.code_host._ops import (
    close_pull,
    latest_reviews,
    merge_blockers,
    merge_pull,
    ready_for_review,
    reopen_pull,
    set_reviewers,
    submit_review,
    update_labels,
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
from cuagym.apps.code_host._views import members_of, person, pull_row, run_steps

__all__ = ["routes"]

_NO_REPO = "There is no such repository."


def pull_by_number(state: State, repo: str, number: str) -> dict[str, Any] | None:
    if not number.isdigit():
        return None
    return next(
        (p for p in state["pulls"].values() if p["repoId"] == repo and p["number"] == int(number)),
        None,
    )


async def pull_list(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    q = request.query_params
    wanted = q.get("state", "open")
    label, author, needle = q.get("label", ""), q.get("author", ""), q.get("q", "").strip()
    mine = [p for p in state["pulls"].values() if p["repoId"] == repo]
    counts = {
        "open": sum(1 for p in mine if p["state"] == "open"),
        "closed": sum(1 for p in mine if p["state"] != "open"),
    }
    rows = []
    for p in mine:
        if (wanted == "open") != (p["state"] == "open"):
            continue
        if label and label not in p["labels"]:
            continue
        if author and person(state, p["authorId"])["login"] != author:
            continue
        if needle and needle.casefold() not in p["title"].casefold():
            continue
        rows.append(pull_row(state, p))
    rows.sort(key=lambda p: p["number"], reverse=True)
    authors = sorted({person(state, p["authorId"])["login"] for p in mine})
    context = {
        "screen_title": "Pull requests",
        "rows": rows,
        "wanted": "closed" if wanted == "closed" else "open",
        "counts": counts,
        "filters": {"label": label, "author": author, "q": needle},
        "label_names": [name for name, _ in LABELS],
        "authors": authors,
    }
    return repo_page(request, state, repo, "pulls", "pulls.html", context)


def _detail(state: State, pull: dict[str, Any], tab: str) -> dict[str, Any]:
    repo = pull["repoId"]
    reviews = sorted(
        (
            {**r, "author": person(state, r["authorId"])}
            for r in state["reviews"].values()
            if r["pullId"] == pull["id"]
        ),
        key=lambda r: (r["submittedAt"], r["id"]),
    )
    runs = sorted(
        ({**r, "steps": run_steps(r)} for r in state["runs"].values() if r["pullId"] == pull["id"]),
        key=lambda r: r["number"],
        reverse=True,
    )
    head = pull["commits"][-1] if pull["commits"] else None
    commits = [
        {**state["commits"][c], "author": person(state, state["commits"][c]["authorId"])}
        for c in pull["commits"]
    ]
    verdicts = latest_reviews(state, pull["id"])
    members = members_of(state, repo)
    return {
        "screen_title": f"#{pull['number']} {pull['title']}",
        "pull": pull_row(state, pull),
        "tab": tab,
        "reviews": reviews,
        "runs": runs,
        "head_runs": [r for r in runs if r["commit"] == head],
        "commits": commits,
        "verdicts": [(person(state, u), v) for u, v in sorted(verdicts.items())],
        "requested": [person(state, u) for u in pull["reviewers"]],
        "blockers": merge_blockers(state, pull["id"]) if pull["state"] == "open" else [],
        "merged_by": person(state, pull["mergedBy"]) if pull["mergedBy"] else None,
        "candidates": [m["user"] for m in members if m["userId"] != pull["authorId"]],
        "label_names": [name for name, _ in LABELS],
        "is_author": pull["authorId"] == state["currentUser"],
        "repo_record": state["repos"][repo],
    }


async def pull_detail(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    pull = pull_by_number(state, repo, request.path_params["number"])
    if pull is None:
        return not_found(
            request, state, f"There is no pull request #{request.path_params['number']}."
        )
    tab = request.query_params.get("tab", "conversation")
    tab = tab if tab in ("conversation", "commits", "checks") else "conversation"
    return repo_page(request, state, repo, "pulls", "pull.html", _detail(state, pull, tab))


def _review_form(
    request: Request, state: State, pull: dict[str, Any], values: dict[str, str],
    errors: dict[str, str],
) -> Response:  # fmt: skip
    context = {
        **_detail(state, pull, "conversation"),
        "screen_title": f"Review #{pull['number']}",
        "values": values,
        "errors": errors,
    }
    status = 400 if errors else 200
    return repo_page(request, state, pull["repoId"], "pulls", "review.html", context, status)


async def review_page(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    pull = pull_by_number(state, repo, request.path_params["number"])
    if pull is None:
        return not_found(request, state, "There is no such pull request.")
    return _review_form(request, state, pull, {"body": "", "state": "commented"}, {})


async def review_submit(request: Request) -> Response:
    ui, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    pull = pull_by_number(state, repo, request.path_params["number"])
    if pull is None:
        return not_found(request, state, "There is no such pull request.")
    form = await request.form()
    values = {"body": field(form, "body"), "state": field(form, "state")}
    me, pid = state["currentUser"], pull["id"]
    here = repo_path(state, repo, f"/pull/{pull['number']}")
    words = {"approved": "Approved", "changes_requested": "Changes requested"}
    return await act(
        request, ui,
        fielded(lambda s: submit_review(s, pid, me, values["state"], values["body"])),
        here, here + "/review",
        flash=f"Review submitted: {words.get(values['state'], 'Comment')}",
        invalid=lambda now, errors: _review_form(request, now, now["pulls"][pid], values, errors),
    )  # fmt: skip


async def pull_action(request: Request) -> Response:
    """The buttons of a pull request: merge, close, reopen, ready, reviewers, labels."""
    ui, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    pull = pull_by_number(state, repo, request.path_params["number"])
    if pull is None:
        return not_found(request, state, "There is no such pull request.")
    form = await request.form()
    action, pid, me = request.path_params["action"], pull["id"], state["currentUser"]
    here = repo_path(state, repo, f"/pull/{pull['number']}")
    if action == "merge":
        method = field(form, "method") or "merge"
        delete = field(form, "deleteBranch") == "1"
        return await act(
            request, ui,
            lambda s: merge_pull(s, pid, me, method=method, delete_source=delete),
            here, here, flash=f"Pull request #{pull['number']} merged",
        )  # fmt: skip
    simple = {
        "close": (lambda s: close_pull(s, pid), "Pull request closed"),
        "reopen": (lambda s: reopen_pull(s, pid), "Pull request reopened"),
        "ready": (lambda s: ready_for_review(s, pid), "Marked ready for review"),
        "reviewers": (
            fielded(lambda s: set_reviewers(s, pid, fields(form, "reviewers"))),
            "Reviewers updated",
        ),
        "labels": (
            fielded(lambda s: update_labels(s, "pulls", pid, fields(form, "labels"))),
            "Labels updated",
        ),
    }
    if action not in simple:
        return not_found(request, state, f"Unknown action {action!r}.")
    change, flash = simple[action]
    return await act(request, ui, change, here, here, flash=flash)


def routes() -> list[Route]:
    repo = "/{owner}/{repo}"
    return [
        Route(f"{repo}/pulls", pull_list),
        Route(f"{repo}/pull/{{number}}", pull_detail),
        Route(f"{repo}/pull/{{number}}/review", review_page),
        Route(f"{repo}/pull/{{number}}/review", review_submit, methods=["POST"]),
        Route(f"{repo}/pull/{{number}}/{{action}}", pull_action, methods=["POST"]),
    ]

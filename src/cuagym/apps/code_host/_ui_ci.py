"""CI runs: the Actions list of a repository (by workflow, status and branch) and a run's own
page with its steps, where a failed run is re-run and a running one cancelled."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.code_host._ops import cancel_run, rerun_run
from cuagym.apps.code_host._schema import RUN_STATUSES, WORKFLOWS
from cuagym.apps.code_host._ui_common import (
    State,
    act,
    not_found,
    repo_page,
    repo_path,
    visit_repo,
)
from cuagym.apps.code_host._views import person, run_steps

__all__ = ["routes"]

_NO_REPO = "There is no such repository."
_PER_PAGE = 25


def _run_row(state: State, run: dict[str, Any]) -> dict[str, Any]:
    pull = state["pulls"].get(run["pullId"] or "")
    commit = state["commits"].get(run["commit"], {})
    return {
        **run,
        "pull": pull,
        "title": pull["title"] if pull else commit.get("message", ""),
        "actor": person(state, run["triggeredBy"]),
    }


async def run_list(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    q = request.query_params
    chosen = {k: q.get(k, "") for k in ("workflow", "status", "branch")}
    runs = [r for r in state["runs"].values() if r["repoId"] == repo]
    needle = q.get("q", "").strip()
    shown = [
        row
        for r in sorted(runs, key=lambda r: r["number"], reverse=True)
        if all(not v or r[k] == v for k, v in chosen.items())
        and (row := _run_row(state, r))
        and needle.casefold() in row["title"].casefold()
    ]
    chosen["q"] = needle
    page_no = int(q["page"]) if q.get("page", "").isdigit() and int(q["page"]) > 0 else 1
    pages = max(1, -(-len(shown) // _PER_PAGE))
    page_no = min(page_no, pages)
    context = {
        "screen_title": "Actions",
        "runs": shown[(page_no - 1) * _PER_PAGE : page_no * _PER_PAGE],
        "total": len(shown),
        "page_no": page_no,
        "pages": pages,
        "chosen": chosen,
        "workflows": WORKFLOWS,
        "statuses": RUN_STATUSES,
        "branch_names": sorted({r["branch"] for r in runs}),
        "failing": sum(1 for r in runs if r["status"] == "failure"),
    }
    return repo_page(request, state, repo, "actions", "actions.html", context)


def _run_by_number(state: State, repo: str, number: str) -> dict[str, Any] | None:
    if not number.isdigit():
        return None
    return next(
        (r for r in state["runs"].values() if r["repoId"] == repo and r["number"] == int(number)),
        None,
    )


async def run_detail(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    run = _run_by_number(state, repo, request.path_params["number"])
    if run is None:
        return not_found(request, state, f"There is no run #{request.path_params['number']}.")
    context = {
        "screen_title": f"{run['workflow']} #{run['number']}",
        "run": _run_row(state, run),
        "steps": run_steps(run),
        "commit": state["commits"].get(run["commit"]),
    }
    return repo_page(request, state, repo, "actions", "run.html", context)


async def run_action(request: Request) -> Response:
    ui, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    run = _run_by_number(state, repo, request.path_params["number"])
    if run is None:
        return not_found(request, state, "There is no such run.")
    rid, me, action = run["id"], state["currentUser"], request.path_params["action"]
    here = repo_path(state, repo, f"/actions/runs/{run['number']}")
    if action == "rerun":
        return await act(request, ui, lambda s: rerun_run(s, rid, me), here, here,
                         flash=f"Re-running {run['workflow']} #{run['number']}")  # fmt: skip
    if action == "cancel":
        return await act(request, ui, lambda s: cancel_run(s, rid), here, here,
                         flash="Run cancelled")  # fmt: skip
    return not_found(request, state, f"Unknown action {action!r}.")


def routes() -> list[Route]:
    repo = "/{owner}/{repo}"
    return [
        Route(f"{repo}/actions", run_list),
        Route(f"{repo}/actions/runs/{{number}}", run_detail),
        Route(f"{repo}/actions/runs/{{number}}/{{action}}", run_action, methods=["POST"]),
    ]

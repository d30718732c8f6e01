"""Screens above the repositories: the dashboard, the person's pull requests and issues
across repositories, and the forge-wide search. All read-only."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.code_host._ui_common import State, load, page
from cuagym.apps.code_host._views import person, pull_row

__all__ = ["routes"]


def _activity(state: State, repos: set[str]) -> list[dict[str, Any]]:
    """The newest events of the repositories: merges, reviews, releases, new issues."""
    events = []
    for p in state["pulls"].values():
        if p["repoId"] in repos and p["mergedAt"]:
            who = person(state, p["mergedBy"])
            text = f"merged #{p['number']} {p['title']} in {p['repoId']}"
            events.append((p["mergedAt"], who, text))
    for r in state["releases"].values():
        if r["repoId"] in repos and r["publishedAt"]:
            text = f"published {r['tag']} of {r['repoId']}"
            events.append((r["publishedAt"], person(state, r["authorId"]), text))
    for i in state["issues"].values():
        if i["repoId"] in repos:
            text = f"opened issue #{i['number']} {i['title']} in {i['repoId']}"
            events.append((i["createdAt"], person(state, i["authorId"]), text))
    events.sort(key=lambda e: e[0], reverse=True)
    return [
        {"who": w["name"], "color": w["avatarColor"], "when": when[:10], "text": text}
        for when, w, text in events[:12]
    ]


async def dashboard(request: Request) -> Response:
    _, state = await load(request)
    me = state["currentUser"]
    mine = {m["repoId"] for m in state["members"].values() if m["userId"] == me}
    repos = []
    for rid, repo in sorted(state["repos"].items()):
        last = max((c["date"] for c in state["commits"].values() if c["repoId"] == rid), default="")
        repos.append({**repo, "updated": last, "member": rid in mine})
    repos.sort(key=lambda r: r["updated"], reverse=True)
    recent = [state["repos"][r] for r in state["ui"]["recentRepos"] if r in state["repos"]]
    asked = [
        pull_row(state, p)
        for p in state["pulls"].values()
        if p["state"] == "open" and me in p["reviewers"]
    ]
    context = {
        "repos": repos,
        "recent": recent,
        "asked": sorted(asked, key=lambda p: p["createdAt"], reverse=True),
        "activity": _activity(state, mine),
    }
    return page(request, state, "dashboard.html", context, "repos")


_SCOPES = (("review", "Review requested"), ("authored", "Created by you"), ("all", "All"))


async def my_pulls(request: Request) -> Response:
    _, state = await load(request)
    me = state["currentUser"]
    scope = request.query_params.get("scope", "review")
    scope = scope if scope in dict(_SCOPES) else "review"
    wanted = request.query_params.get("state", "open")
    rows = []
    for p in state["pulls"].values():
        if wanted in ("open", "merged", "closed") and p["state"] != wanted:
            continue
        if (scope == "review" and me not in p["reviewers"]) or (
            scope == "authored" and p["authorId"] != me
        ):
            continue
        rows.append(pull_row(state, p))
    rows.sort(key=lambda p: p["createdAt"], reverse=True)
    context = {"rows": rows, "scope": scope, "scopes": _SCOPES, "wanted": wanted}
    return page(request, state, "my_pulls.html", context, "pulls")


async def my_issues(request: Request) -> Response:
    _, state = await load(request)
    me = state["currentUser"]
    rows = [
        {**i, "repo": state["repos"][i["repoId"]]}
        for i in state["issues"].values()
        if i["state"] == "open" and me in i["assignees"]
    ]
    rows.sort(key=lambda i: i["createdAt"], reverse=True)
    return page(request, state, "my_issues.html", {"rows": rows}, "issues")


async def search(request: Request) -> Response:
    _, state = await load(request)
    q = request.query_params.get("q", "").strip()
    needle = q.casefold()
    found: dict[str, list[dict[str, Any]]] = {"repos": [], "pulls": [], "issues": []}
    if needle:
        found["repos"] = [
            r for _, r in sorted(state["repos"].items())
            if needle in r["id"].casefold() or needle in r["description"].casefold()
            or any(needle in t for t in r["topics"])
        ]  # fmt: skip
        found["pulls"] = [
            pull_row(state, p) for p in state["pulls"].values()
            if needle in p["title"].casefold() or needle == f"#{p['number']}"
        ]  # fmt: skip
        found["issues"] = [
            {**i, "repo": state["repos"][i["repoId"]]} for i in state["issues"].values()
            if needle in i["title"].casefold() or needle == f"#{i['number']}"
        ]  # fmt: skip
    context = {"q": q, "found": found, "total": sum(len(v) for v in found.values())}
    return page(request, state, "search.html", context, "")


def routes() -> list[Route]:
    return [
        Route("/", dashboard),
        Route("/pulls", my_pulls),
        Route("/issues", my_issues),
        Route("/search", search),
    ]

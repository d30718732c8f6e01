"""A repository's own screens: the overview (README, branch switcher), commits, branches
with their protection, releases and settings (general, collaborators)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.code_host._ops import (
    add_member,
    branch_of,
    create_branch,
    create_release,
    delete_branch,
    remove_member,
    set_member_role,
    set_protection,
    update_repo,
)
from cuagym.apps.code_host._schema import ROLES
from cuagym.apps.code_host._ui_common import (
    State,
    act,
    field,
    fielded,
    not_found,
    repo_page,
    repo_path,
    visit_repo,
)
from cuagym.apps.code_host._views import branches_of, members_of, person

__all__ = ["routes"]

_NO_REPO = "There is no such repository."


def readme_blocks(text: str) -> list[tuple[str, str]]:
    """The README as (kind, text) blocks: ``h2``/``h3`` for ``#``/``##`` lines, else ``p``."""
    out = []
    for line in text.split("\n"):
        if line.startswith("## "):
            out.append(("h3", line[3:]))
        elif line.startswith("# "):
            out.append(("h2", line[2:]))
        elif line.strip():
            out.append(("p", line))
    return out


async def overview(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    record = state["repos"][repo]
    names = [b["name"] for b in branches_of(state, repo)]
    chosen = request.query_params.get("branch") or record["defaultBranch"]
    branch = branch_of(state, repo, chosen)
    if branch is None:
        return not_found(request, state, f"There is no branch {chosen!r} in {repo}.")
    commits = [c for c in state["commits"].values() if c["repoId"] == repo]
    on_branch = [c for c in commits if c["branch"] in (chosen, record["defaultBranch"])]
    head = state["commits"][branch["head"]]
    releases = sorted(
        (r for r in state["releases"].values() if r["repoId"] == repo and not r["draft"]),
        key=lambda r: r["publishedAt"] or "",
        reverse=True,
    )
    context = {
        "screen_title": "Code",
        "branch_names": names,
        "branch": branch,
        "head": {**head, "author": person(state, head["authorId"])},
        "commit_count": len(on_branch),
        "tag_count": len(releases),
        "latest": releases[0] if releases else None,
        "readme": readme_blocks(record["readme"]),
        "contributors": members_of(state, repo),
    }
    return repo_page(request, state, repo, "code", "repo_overview.html", context)


async def commits(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    record = state["repos"][repo]
    chosen = request.query_params.get("branch") or record["defaultBranch"]
    if branch_of(state, repo, chosen) is None:
        return not_found(request, state, f"There is no branch {chosen!r} in {repo}.")
    shown = [
        {**c, "author": person(state, c["authorId"])}
        for c in state["commits"].values()
        if c["repoId"] == repo and c["branch"] in (chosen, record["defaultBranch"])
    ]
    shown.sort(key=lambda c: c["date"], reverse=True)
    days: dict[str, list[dict[str, Any]]] = {}
    for c in shown:
        days.setdefault(c["date"][:10], []).append(c)
    context = {
        "screen_title": "Commits",
        "chosen": chosen,
        "branch_names": [b["name"] for b in branches_of(state, repo)],
        "days": list(days.items()),
    }
    return repo_page(request, state, repo, "code", "commits.html", context)


def _branches_context(
    state: State, repo: str, values: dict[str, str], errors: dict[str, str]
) -> dict[str, Any]:
    return {
        "screen_title": "Branches",
        "branches": branches_of(state, repo),
        "branch_choices": [(b["name"], b["name"]) for b in branches_of(state, repo)],
        "values": values,
        "errors": errors,
    }


async def branches(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    values = {"name": "", "source": state["repos"][repo]["defaultBranch"]}
    context = _branches_context(state, repo, values, {})
    return repo_page(request, state, repo, "branches", "branches.html", context)


async def branch_create(request: Request) -> Response:
    ui, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    form = await request.form()
    values = {"name": field(form, "name").strip(), "source": field(form, "source")}
    here = repo_path(state, repo, "/branches")

    def invalid(now: State, errors: dict[str, str]) -> Response:
        context = _branches_context(now, repo, values, errors)
        return repo_page(request, now, repo, "branches", "branches.html", context, 400)

    change = fielded(lambda s: create_branch(s, repo, values["name"], values["source"]))
    return await act(
        request, ui, change, here, here, flash=f"Branch {values['name']} created", invalid=invalid
    )


async def branch_delete(request: Request) -> Response:
    ui, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    name = field(await request.form(), "name")
    here = repo_path(state, repo, "/branches")
    change = fielded(lambda s: delete_branch(s, repo, name))
    return await act(request, ui, change, here, here, flash=f"Branch {name} deleted")


async def protection(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    name = request.query_params.get("name", "")
    branch = branch_of(state, repo, name)
    if branch is None:
        return not_found(request, state, f"There is no branch {name!r} in {repo}.")
    context = {"screen_title": f"Protect {name}", "branch": branch, "errors": {}}
    return repo_page(request, state, repo, "branches", "protection.html", context)


async def protection_save(request: Request) -> Response:
    ui, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    form = await request.form()
    name = field(form, "name")
    raw = field(form, "requiredApprovals") or "0"
    approvals = int(raw) if raw.isdigit() else -1
    protected, checks = field(form, "protected") == "1", field(form, "requireChecks") == "1"
    back = repo_path(state, repo, f"/branches/protection?name={name}")

    def invalid(now: State, errors: dict[str, str]) -> Response:
        branch = branch_of(now, repo, name) or {}
        shown = {**branch, "protected": protected, "requireChecks": checks,
                 "requiredApprovals": raw}  # fmt: skip
        context = {"screen_title": f"Protect {name}", "branch": shown, "errors": errors}
        return repo_page(request, now, repo, "branches", "protection.html", context, 400)

    change = fielded(
        lambda s: set_protection(
            s, repo, name, protected=protected, approvals=approvals, checks=checks
        )
    )
    target = repo_path(state, repo, "/branches")
    return await act(
        request, ui, change, target, back, flash=f"Protection of {name} saved", invalid=invalid
    )


# -- releases -----------------------------------------------------------------------------------
async def releases(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    rows = sorted(
        (
            {**r, "author": person(state, r["authorId"]), "lines": r["notes"].split("\n")}
            for r in state["releases"].values()
            if r["repoId"] == repo
        ),
        key=lambda r: (not r["draft"], r["publishedAt"] or ""),
        reverse=True,
    )
    rows.sort(key=lambda r: not r["draft"])
    context = {"screen_title": "Releases", "releases": rows}
    return repo_page(request, state, repo, "releases", "releases.html", context)


def _release_form(
    request: Request, state: State, repo: str, values: dict[str, Any], errors: dict[str, str]
) -> Response:
    context = {
        "screen_title": "New release",
        "values": values,
        "errors": errors,
        "branch_choices": [(b["name"], b["name"]) for b in branches_of(state, repo)],
    }
    status = 400 if errors else 200
    return repo_page(request, state, repo, "releases", "release_new.html", context, status)


async def release_new(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    values = {"tag": "", "name": "", "notes": "", "prerelease": False, "draft": False,
              "target": state["repos"][repo]["defaultBranch"]}  # fmt: skip
    return _release_form(request, state, repo, values, {})


async def release_create(request: Request) -> Response:
    ui, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    form = await request.form()
    values: dict[str, Any] = {
        "tag": field(form, "tag").strip(),
        "name": field(form, "name").strip(),
        "notes": field(form, "notes"),
        "target": field(form, "target"),
        "prerelease": field(form, "prerelease") == "1",
        "draft": field(form, "draft") == "1",
    }
    me = state["currentUser"]
    change = fielded(lambda s: create_release(s, repo, me, **values))
    return await act(
        request,
        ui,
        change,
        repo_path(state, repo, "/releases"),
        repo_path(state, repo, "/releases/new"),
        flash=f"Release {values['tag']} created",
        invalid=lambda now, errors: _release_form(request, now, repo, values, errors),
    )


# -- settings -----------------------------------------------------------------------------------
def _settings(
    request: Request,
    state: State,
    repo: str,
    tab: str,
    values: dict[str, Any] | None = None,
    errors: dict[str, str] | None = None,
) -> Response:
    record = state["repos"][repo]
    members = members_of(state, repo)
    inside = {m["userId"] for m in members}
    context = {
        "screen_title": "Settings",
        "tab": tab,
        "values": values or {**record, "topics": " ".join(record["topics"])},
        "errors": errors or {},
        "branch_choices": [(b["name"], b["name"]) for b in branches_of(state, repo)],
        "members": members,
        "roles": ROLES,
        "role_choices": [(r, r.capitalize()) for r in ROLES],
        "person_choices": sorted(
            (u["id"], f"{u['login']} ({u['name']})")
            for u in state["users"].values()
            if u["id"] not in inside
        ),
    }
    return repo_page(
        request, state, repo, "settings", "settings.html", context, 400 if errors else 200
    )


async def settings(request: Request) -> Response:
    _, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    tab = request.query_params.get("tab", "general")
    return _settings(request, state, repo, tab if tab in ("general", "access") else "general")


async def settings_save(request: Request) -> Response:
    ui, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    form = await request.form()
    values: dict[str, Any] = {
        "description": field(form, "description").strip(),
        "topics": field(form, "topics"),
        "visibility": field(form, "visibility"),
        "defaultBranch": field(form, "defaultBranch"),
        "deleteBranchOnMerge": field(form, "deleteBranchOnMerge") == "1",
        "allowSquash": field(form, "allowSquash") == "1",
    }
    topics = [t for t in str(values["topics"]).replace(",", " ").split() if t]

    def change(s: State) -> None:
        update_repo(
            s, repo, description=values["description"], topics=topics,
            visibility=values["visibility"], default_branch=values["defaultBranch"],
            delete_branch_on_merge=values["deleteBranchOnMerge"],
            allow_squash=values["allowSquash"],
        )  # fmt: skip

    here = repo_path(state, repo, "/settings")
    return await act(
        request, ui, fielded(change), here, here, flash="Settings saved",
        invalid=lambda now, errors: _settings(request, now, repo, "general", values, errors),
    )  # fmt: skip


async def member_add(request: Request) -> Response:
    ui, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    form = await request.form()
    user, role = field(form, "user"), field(form, "role")
    here = repo_path(state, repo, "/settings?tab=access")
    login = person(state, user)["login"]
    return await act(
        request, ui, fielded(lambda s: add_member(s, repo, user, role)), here, here,
        flash=f"{login} added as {role}",
        invalid=lambda now, errors: _settings(request, now, repo, "access", None, errors),
    )  # fmt: skip


async def member_role(request: Request) -> Response:
    ui, state, repo = await visit_repo(request)
    if repo is None:
        return not_found(request, state, _NO_REPO)
    mid = request.path_params["mid"]
    form = await request.form()
    here = repo_path(state, repo, "/settings?tab=access")
    if field(form, "remove") == "1":
        return await act(request, ui, lambda s: remove_member(s, mid), here, here,
                         flash="Collaborator removed")  # fmt: skip
    role = field(form, "role")
    return await act(
        request, ui, lambda s: set_member_role(s, mid, role), here, here, flash=f"Role: {role}"
    )


def routes() -> list[Route]:
    repo = "/{owner}/{repo}"
    return [
        Route(repo, overview),
        Route(f"{repo}/commits", commits),
        Route(f"{repo}/branches", branches),
        Route(f"{repo}/branches", branch_create, methods=["POST"]),
        Route(f"{repo}/branches/delete", branch_delete, methods=["POST"]),
        Route(f"{repo}/branches/protection", protection),
        Route(f"{repo}/branches/protection", protection_save, methods=["POST"]),
        Route(f"{repo}/releases", releases),
        Route(f"{repo}/releases/new", release_new),
        Route(f"{repo}/releases", release_create, methods=["POST"]),
        Route(f"{repo}/settings", settings),
        Route(f"{repo}/settings", settings_save, methods=["POST"]),
        Route(f"{repo}/settings/members", member_add, methods=["POST"]),
        Route(f"{repo}/settings/members/{{mid}}", member_role, methods=["POST"]),
    ]

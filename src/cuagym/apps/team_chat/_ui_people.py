"""People screens: directory, profiles, new direct messages, switching user, and search."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.team_chat._ops import open_dm, switch_user, update_profile
from cuagym.apps.team_chat._ui_common import State, act, field, fields, load, not_found, page
from cuagym.apps.team_chat._views import search_messages, user_view

__all__ = ["routes"]


def _people(state: State, query: str = "") -> list[dict[str, object]]:
    q = query.lower()
    out = []
    for uid in state["users"]:
        user = user_view(state, uid)
        hay = f"{user['displayName']} {user['name']} {user['title']} {user['email']}".lower()
        if not q or q in hay:
            out.append(user)
    return sorted(out, key=lambda u: str(u["displayName"]).lower())


async def directory(request: Request) -> Response:
    _, state = await load(request)
    query = request.query_params.get("q", "").strip()
    context = {"people": _people(state, query), "q": query}
    return page(request, state, "people.html", context, active="people")


async def profile(request: Request) -> Response:
    _, state = await load(request)
    uid = request.path_params["uid"]
    if uid not in state["users"]:
        return not_found(request, state, f"There is no user {uid!r}.")
    me = state["currentUser"]
    shared = sorted(
        (
            c
            for c in state["channels"].values()
            if uid in c["members"] and me in c["members"] and not c["archived"]
        ),
        key=lambda c: c["name"],
    )
    context = {
        "person": user_view(state, uid),
        "is_me": uid == me,
        "shared": shared,
        "editing": request.query_params.get("edit") == "1" and uid == me,
    }
    return page(request, state, "person.html", context, active="people")


async def save_profile(request: Request) -> Response:
    ui, state = await load(request)
    form = await request.form()
    me = state["currentUser"]
    return await act(
        request,
        ui,
        lambda s: update_profile(
            s,
            s["currentUser"],
            field(form, "displayName"),
            field(form, "title"),
            field(form, "statusText"),
        ),
        f"/people/{me}",
        f"/people/{me}?edit=1",
        flash="Profile saved",
    )


async def new_dm_form(request: Request) -> Response:
    _, state = await load(request)
    me = state["currentUser"]
    chosen = set(request.query_params.getlist("to"))
    people = [p for p in _people(state) if p["id"] != me]
    context = {"people": people, "chosen": chosen}
    return page(request, state, "dm_new.html", context, active="new-dm")


async def new_dm(request: Request) -> Response:
    """Open the DM with the chosen people (the existing one if that group already has one)."""
    ui, _ = await load(request)
    form = await request.form()
    chosen = fields(form, "users")
    made: list[str] = []

    def change(s: State) -> None:
        made.append(open_dm(s, s["currentUser"], chosen))

    return await act(request, ui, change, lambda: f"/d/{made[0]}", "/dms/new")


async def switch_form(request: Request) -> Response:
    _, state = await load(request)
    context = {"people": _people(state)}
    return page(request, state, "switch_user.html", context, active="switch")


async def switch(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    uid = field(form, "user")
    # Always land on "/": the page we came from may be private to the previous user.
    return await act(request, ui, lambda s: switch_user(s, uid), "/", "/switch-user")


async def search(request: Request) -> Response:
    _, state = await load(request)
    query = request.query_params.get("q", "").strip()
    hits = search_messages(state, query) if query else []
    context = {"q": query, "hits": hits[:100], "total": len(hits)}
    return page(request, state, "search.html", context, active="search")


def routes() -> list[Route]:
    return [
        Route("/people", directory, methods=["GET"]),
        Route("/people/{uid}", profile, methods=["GET"]),
        Route("/profile", save_profile, methods=["POST"]),
        Route("/dms/new", new_dm_form, methods=["GET"]),
        Route("/dms/new", new_dm, methods=["POST"]),
        Route("/switch-user", switch_form, methods=["GET"]),
        Route("/switch-user", switch, methods=["POST"]),
        Route("/search", search, methods=["GET"]),
    ]

"""People and policy screens: the travellers table, a traveller's profile (details, seat
preference, loyalty numbers, trips), and the company travel policy."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.travel._ops import remove_loyalty, set_loyalty, update_policy, update_traveller
from cuagym.apps.travel._ui_common import State, act, field, form_dict, load, not_found, page
from cuagym.apps.travel._views import trip_rows
from cuagym.apps.webkit.forms import collect, money_input, parse_count, parse_money
from cuagym.apps.webkit.tables import Column, table_view

__all__ = ["routes"]

_COLUMNS = [
    Column("name", "Name"),
    Column("department", "Department"),
    Column("jobTitle", "Title"),
    Column("homeAirport", "Home airport"),
    Column("trips", "Trips", numeric=True),
]


async def travellers(request: Request) -> Response:
    _, state = await load(request)
    rows = []
    for p in state["travellers"].values():
        rows.append(
            {
                **p,
                "name": f"{p['firstName']} {p['lastName']}",
                "trips": sum(1 for t in state["trips"].values() if t["travellerId"] == p["id"]),
            }
        )
    rows.sort(key=lambda r: r["name"])
    departments = sorted({p["department"] for p in state["travellers"].values() if p["department"]})
    table = table_view(
        rows,
        request.query_params,
        _COLUMNS,
        search=("name", "email"),
        filters=("department",),
        per_page=40,
    )
    context = {"table": table, "departments": [(d, d) for d in departments]}
    return page(request, state, "travellers.html", context, active="travellers")


def _profile(state: State, tid: str, errors: dict[str, str]) -> dict[str, Any]:
    person = state["travellers"][tid]
    trips = sorted(
        (t for t in state["trips"].values() if t["travellerId"] == tid),
        key=lambda t: t["startsOn"],
        reverse=True,
    )
    return {
        "person": person,
        "trips": trip_rows(state, trips),
        "loyalty": [
            (aid, state["airlines"][aid], number)
            for aid, number in sorted(person["loyalty"].items())
        ],
        "airline_choices": [("", "Choose an airline")]
        + [(a["id"], f"{a['name']} · {a['program']}") for a in state["airlines"].values()],
        "airport_choices": [
            (c, f"{a['city']} ({c})") for c, a in sorted(state["airports"].items())
        ],
        "errors": errors,
    }


async def traveller_detail(request: Request) -> Response:
    _, state = await load(request)
    tid = request.path_params["tid"]
    if tid not in state["travellers"]:
        return not_found(request, state, f"There is no traveller {tid!r}.")
    return page(request, state, "traveller.html", _profile(state, tid, {}), active="travellers")


async def traveller_save(request: Request) -> Response:
    ui, _state = await load(request)
    tid = request.path_params["tid"]
    raw = form_dict(await request.form())
    here = f"/travellers/{tid}"
    return await act(
        request,
        ui,
        lambda s: update_traveller(
            s,
            tid,
            raw.get("email", ""),
            raw.get("department", ""),
            raw.get("jobTitle", ""),
            raw.get("homeAirport", ""),
            raw.get("seatPreference", ""),
        ),
        here,
        here,
        flash="Profile saved",
    )


async def loyalty_add(request: Request) -> Response:
    ui, _state = await load(request)
    tid = request.path_params["tid"]
    form = await request.form()
    airline, number = field(form, "airline"), field(form, "number")
    here = f"/travellers/{tid}"
    return await act(
        request,
        ui,
        lambda s: set_loyalty(s, tid, airline, number),
        here,
        here,
        flash="Loyalty number saved",
    )


async def loyalty_remove(request: Request) -> Response:
    ui, _state = await load(request)
    tid, aid = request.path_params["tid"], request.path_params["aid"]
    here = f"/travellers/{tid}"
    return await act(
        request,
        ui,
        lambda s: remove_loyalty(s, tid, aid),
        here,
        here,
        flash="Loyalty number removed",
    )


def _policy_values(state: State) -> dict[str, str]:
    p = state["company"]["policy"]
    return {
        "domestic": money_input(p["domesticFareCapCents"]),
        "international": money_input(p["internationalFareCapCents"]),
        "hotel": money_input(p["hotelNightCapCents"]),
        "businessHours": f"{p['businessMinMinutes'] / 60:g}",
    }


async def policy(request: Request) -> Response:
    _, state = await load(request)
    context = {"values": _policy_values(state), "errors": {}}
    return page(request, state, "policy.html", context, active="policy")


async def policy_save(request: Request) -> Response:
    ui, _state = await load(request)
    raw = form_dict(await request.form())

    def change(s: State) -> None:
        v = collect(
            raw,
            {
                "domestic": parse_money,
                "international": parse_money,
                "hotel": parse_money,
                "businessHours": lambda t: parse_count(t, low=0, high=24, what="number of hours"),
            },
        )
        update_policy(s, v["domestic"], v["international"], v["hotel"], v["businessHours"] * 60)

    def invalid(s: State, errors: dict[str, str]) -> Response:
        return page(request, s, "policy.html", {"values": raw, "errors": errors}, "policy", 400)

    return await act(
        request, ui, change, "/policy", "/policy", flash="Policy saved", invalid=invalid
    )


def routes() -> list[Route]:
    return [
        Route("/travellers", travellers, methods=["GET"]),
        Route("/travellers/{tid}", traveller_detail, methods=["GET"]),
        Route("/travellers/{tid}", traveller_save, methods=["POST"]),
        Route("/travellers/{tid}/loyalty", loyalty_add, methods=["POST"]),
        Route("/travellers/{tid}/loyalty/{aid}/remove", loyalty_remove, methods=["POST"]),
        Route("/policy", policy, methods=["GET"]),
        Route("/policy", policy_save, methods=["POST"]),
    ]

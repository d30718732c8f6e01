"""Trip screens: the overview, the global search, the trips list with its status tabs, a new
trip, a trip's itinerary (day by day, its policy check, submit / reopen / cancel), the
manager's approvals queue and the month timeline of everyone's trips."""

from __future__ import annotations

from datetime import date
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.travel._ops import (
    cancel_trip,
    create_trip,
    decide_trip,
    remember_trip,
    reopen_trip,
    submit_trip,
    update_trip,
)
from cuagym.apps.travel._ui_common import State, act, field, form_dict, load, not_found, page
from cuagym.apps.travel._views import approvals, person_name, timeline, trip_rows, trip_view
from cuagym.apps.webkit import FormInvalid
from cuagym.apps.webkit.forms import FieldError, collect, parse_day, parse_text

__all__ = ["routes"]

#: "today" of the site: the seed world's present (trips before it are past)
TODAY = "2026-12-04"
_TABS = (
    ("upcoming", "Upcoming"),
    ("planning", "Planning"),
    ("waiting", "Awaiting approval"),
    ("past", "Past"),
    ("cancelled", "Cancelled"),
)


def _tab_of(trip: dict[str, Any]) -> str:
    if trip["status"] == "cancelled":
        return "cancelled"
    if trip["endsOn"] < TODAY:
        return "past"
    if trip["status"] == "draft":
        return "planning"
    if trip["status"] == "submitted":
        return "waiting"
    return "upcoming"


async def home(request: Request) -> Response:
    _, state = await load(request)
    trips = sorted(state["trips"].values(), key=lambda t: (t["startsOn"], t["id"]))
    upcoming = [t for t in trips if _tab_of(t) == "upcoming"][:6]
    departures = sorted(
        (
            b
            for b in state["bookings"].values()
            if b["status"] == "confirmed" and b["date"] >= TODAY and b["flightId"]
        ),
        key=lambda b: (b["date"], b["departs"]),
    )[:8]
    recent = [state["trips"][t] for t in state["ui"]["recentTrips"] if t in state["trips"]]
    context = {
        "upcoming": trip_rows(state, upcoming),
        "departures": departures,
        "waiting": approvals(state),
        "planning": trip_rows(state, [t for t in trips if _tab_of(t) == "planning"]),
        "recent": trip_rows(state, recent),
    }
    return page(request, state, "home.html", context, active="home")


async def search(request: Request) -> Response:
    _, state = await load(request)
    q = request.query_params.get("q", "").strip()
    fold = q.lower()
    groups: dict[str, list[Any]] = {"bookings": [], "stays": [], "trips": [], "travellers": []}
    if fold:
        groups["bookings"] = [
            b
            for b in state["bookings"].values()
            if fold == b["ref"].lower() or fold in b["number"].lower()
        ]
        groups["stays"] = [s for s in state["stays"].values() if fold == s["ref"].lower()]
        groups["trips"] = trip_rows(
            state,
            [
                t
                for t in state["trips"].values()
                if fold in t["name"].lower() or fold in person_name(state, t["travellerId"]).lower()
            ],
        )
        groups["travellers"] = [
            p
            for p in state["travellers"].values()
            if fold in f"{p['firstName']} {p['lastName']}".lower() or fold in p["email"].lower()
        ]
    total = sum(len(v) for v in groups.values())
    context = {"q": q, "groups": groups, "total": total}
    return page(request, state, "search.html", context, active="")


async def trips(request: Request) -> Response:
    _, state = await load(request)
    tab = request.query_params.get("tab", "upcoming")
    if tab not in dict(_TABS):
        tab = "upcoming"
    everyone = sorted(state["trips"].values(), key=lambda t: (t["startsOn"], t["id"]))
    shown = [t for t in everyone if _tab_of(t) == tab]
    if tab in ("past", "cancelled"):
        shown.reverse()
    counts = {k: sum(1 for t in everyone if _tab_of(t) == k) for k, _ in _TABS}
    context = {"rows": trip_rows(state, shown), "tab": tab, "tabs": _TABS, "counts": counts}
    return page(request, state, "trips.html", context, active="trips")


def _trip_form_context(
    state: State, values: dict[str, str], errors: dict[str, str]
) -> dict[str, Any]:
    people = sorted(state["travellers"].values(), key=lambda p: (p["firstName"], p["lastName"]))
    return {
        "values": values,
        "errors": errors,
        "traveller_choices": [("", "Choose a traveller")]
        + [(p["id"], f"{p['firstName']} {p['lastName']}") for p in people],
        "dest_choices": [("", "Choose a city")]
        + [(c, f"{a['city']} ({c})") for c, a in sorted(state["airports"].items())],
    }


async def trip_new(request: Request) -> Response:
    _, state = await load(request)
    values = {"traveller": request.query_params.get("traveller", ""), "name": "", "destination": ""}
    values.update(startsOn="", endsOn="", purpose="")
    return page(request, state, "trip_new.html", _trip_form_context(state, values, {}), "trips")


async def trip_create(request: Request) -> Response:
    ui, _state = await load(request)
    raw = form_dict(await request.form())
    made: dict[str, str] = {}

    def change(s: State) -> None:
        values = collect(
            raw,
            {
                "name": lambda v: parse_text(v, required=True, limit=120, what="trip name"),
                "startsOn": parse_day,
                "endsOn": parse_day,
                "purpose": parse_text,
            },
        )
        errors = {}
        if raw.get("traveller") not in s["travellers"]:
            errors["traveller"] = "Choose who travels."
        if raw.get("destination") not in s["airports"]:
            errors["destination"] = "Choose where the trip goes."
        if values["endsOn"] < values["startsOn"]:
            errors["endsOn"] = "The trip ends on or after its first day."
        if errors:
            raise FormInvalid(errors)
        made["id"] = create_trip(
            s,
            raw["traveller"],
            values["name"],
            raw["destination"],
            values["startsOn"],
            values["endsOn"],
            values["purpose"],
        )

    def invalid(s: State, errors: dict[str, str]) -> Response:
        return page(request, s, "trip_new.html", _trip_form_context(s, raw, errors), "trips", 400)

    return await act(
        request,
        ui,
        change,
        lambda: f"/trips/{made['id']}",
        "/trips/new",
        flash="Trip created",
        invalid=invalid,
    )


async def trip_detail(request: Request) -> Response:
    ui, state = await load(request)
    tid = request.path_params["tid"]
    if tid not in state["trips"]:
        return not_found(request, state, f"There is no trip {tid!r}.")
    if state["ui"]["recentTrips"][:1] != [tid]:
        state = await ui.mutate(lambda s: remember_trip(s, tid))
    tab = request.query_params.get("tab", "itinerary")
    context = {**trip_view(state, tid), "tab": tab}
    return page(request, state, "trip.html", context, active="trips")


def _trip_action(name: str) -> Any:
    async def handler(request: Request) -> Response:
        ui, state = await load(request)
        tid = request.path_params["tid"]
        if tid not in state["trips"]:
            return not_found(request, state, f"There is no trip {tid!r}.")
        form = await request.form()
        here = f"/trips/{tid}"
        trip_name = state["trips"][tid]["name"]
        if name == "submit":
            note = field(form, "justification")
            return await act(
                request, ui, lambda s: submit_trip(s, tid, note), here, here, flash="Trip submitted"
            )
        if name == "reopen":
            return await act(
                request, ui, lambda s: reopen_trip(s, tid), here, here, flash="Back to planning"
            )
        if name == "cancel":
            return await act(
                request,
                ui,
                lambda s: cancel_trip(s, tid),
                here,
                here,
                flash=f"{trip_name} cancelled",
            )
        raw = form_dict(form)

        def change(s: State) -> None:
            try:
                starts, ends = parse_day(raw.get("startsOn", "")), parse_day(raw.get("endsOn", ""))
            except FieldError as exc:
                raise FormInvalid({"dates": str(exc)}) from None
            assert starts is not None and ends is not None
            update_trip(s, tid, raw.get("name", ""), raw.get("purpose", ""), starts, ends)

        return await act(request, ui, change, here, here, flash="Trip saved")

    return handler


async def approvals_queue(request: Request) -> Response:
    _, state = await load(request)
    decided = sorted(
        (t for t in state["trips"].values() if t["decidedAt"]),
        key=lambda t: t["decidedAt"],
        reverse=True,
    )[:10]
    me = state["travellers"][state["currentUser"]]
    context = {
        "rows": approvals(state),
        "decided": trip_rows(state, decided),
        "manager": me["manager"],
    }
    return page(request, state, "approvals.html", context, active="approvals")


async def decide(request: Request) -> Response:
    ui, state = await load(request)
    tid = request.path_params["tid"]
    verdict = request.path_params["verdict"]
    if tid not in state["trips"] or verdict not in ("approve", "reject"):
        return not_found(request, state, f"There is no trip {tid!r} to decide.")
    note = field(await request.form(), "note")
    name = state["trips"][tid]["name"]
    approve = verdict == "approve"
    return await act(
        request,
        ui,
        lambda s: decide_trip(s, tid, approve, note),
        "/approvals",
        "/approvals",
        flash=f"{name} {'approved' if approve else 'rejected'}",
    )


async def timeline_view(request: Request) -> Response:
    _, state = await load(request)
    month = request.query_params.get("month", TODAY[:7])
    try:
        date.fromisoformat(month + "-01")
    except ValueError:
        month = TODAY[:7]
    context = {"grid": timeline(state, month), "today": TODAY}
    return page(request, state, "timeline.html", context, active="timeline")


def routes() -> list[Route]:
    return [
        Route("/", home, methods=["GET"]),
        Route("/search", search, methods=["GET"]),
        Route("/trips", trips, methods=["GET"]),
        Route("/trips/new", trip_new, methods=["GET"]),
        Route("/trips", trip_create, methods=["POST"]),
        Route("/trips/{tid}", trip_detail, methods=["GET"]),
        *(
            Route(f"/trips/{{tid}}/{name}", _trip_action(name), methods=["POST"])
            for name in ("submit", "reopen", "cancel", "edit")
        ),
        Route("/approvals", approvals_queue, methods=["GET"]),
        Route("/approvals/{tid}/{verdict}", decide, methods=["POST"]),
        Route("/timeline", timeline_view, methods=["GET"]),
    ]

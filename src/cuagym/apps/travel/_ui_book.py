"""Booking screens: the flight search (route and day, filter chips, a fare table, a flexible-date
strip), booking a fare into a trip, a booking's page with its fare rules, the seat map, changing
to another flight, cancelling; the hotel search, a hotel's rooms, a stay's page."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.travel._ops import (
    book_flight,
    book_stay,
    cancel_booking,
    cancel_stay,
    change_flight,
    choose_seat,
)
from cuagym.apps.travel._rules import cancel_refund, change_cost, nights, seat_map
from cuagym.apps.travel._schema import FARE_BRANDS
from cuagym.apps.travel._ui_common import State, act, field, load, not_found, page
from cuagym.apps.travel._views import (
    TIME_WINDOWS,
    fare_cells,
    flight_results,
    fmt_duration,
    hotel_results,
    person_name,
    trip_rows,
)
from cuagym.apps.webkit.forms import format_money

__all__ = ["routes"]


def _planning_trips(state: State, traveller: str = "") -> list[tuple[str, str]]:
    """Trips that take bookings, as drop-down choices ``(id, "name · traveller")``."""
    trips = sorted(
        (
            t
            for t in state["trips"].values()
            if t["status"] == "draft" and (not traveller or t["travellerId"] == traveller)
        ),
        key=lambda t: (t["startsOn"], t["name"]),
    )
    return [(t["id"], f"{t['name']} · {person_name(state, t['travellerId'])}") for t in trips]


def _airport_choices(state: State, blank: str) -> list[tuple[str, str]]:
    return [("", blank)] + [
        (code, f"{a['city']} ({code})") for code, a in sorted(state["airports"].items())
    ]


# -- flights ----------------------------------------------------------------------------------
async def flights(request: Request) -> Response:
    _, state = await load(request)
    params = dict(request.query_params)
    trip = state["trips"].get(params.get("trip", ""))
    results = flight_results(state, params)
    context = {
        **results,
        "params": params,
        "trip": trip,
        "windows": TIME_WINDOWS,
        "origin_choices": _airport_choices(state, "From"),
        "dest_choices": _airport_choices(state, "To"),
    }
    return page(request, state, "flights.html", context, active="flights")


async def flight_book_form(request: Request) -> Response:
    _, state = await load(request)
    flight = state["flights"].get(request.path_params["fid"])
    if flight is None:
        return not_found(request, state, "There is no such flight.")
    fare = request.query_params.get("fare", "standard")
    if fare not in FARE_BRANDS:
        fare = "standard"
    context = {
        "flight": flight,
        "airline": state["airlines"][flight["airlineId"]],
        "fare": fare,
        "rule": state["fareRules"][fare],
        "cells": fare_cells(state, flight),
        "duration": fmt_duration(flight["durationMin"]),
        "trip_choices": _planning_trips(state),
        "chosen_trip": request.query_params.get("trip", ""),
    }
    return page(request, state, "flight_book.html", context, active="flights")


async def flight_book(request: Request) -> Response:
    ui, _state = await load(request)
    fid = request.path_params["fid"]
    form = await request.form()
    tid, fare = field(form, "trip"), field(form, "fare")
    made: dict[str, str] = {}

    def change(s: State) -> None:
        made["id"] = book_flight(s, tid, fid, fare)

    return await act(
        request,
        ui,
        change,
        lambda: f"/bookings/{made['id']}/seat",
        f"/flights/{fid}/book?fare={fare}",
        flash="Flight booked: now pick a seat",
    )


def _booking_context(state: State, bid: str) -> dict[str, Any]:
    b = state["bookings"][bid]
    trip = state["trips"][b["tripId"]]
    flight = state["flights"].get(b["flightId"] or "")
    return {
        "booking": b,
        "trip": trip,
        "traveller": state["travellers"][b["travellerId"]],
        "airline": state["airlines"][b["airlineId"]],
        "rule": state["fareRules"][b["fare"]],
        "flight": flight,
        "duration": fmt_duration(flight["durationMin"]) if flight else "",
        "refund": cancel_refund(state, b),
        "live": b["status"] == "confirmed" and flight is not None,
    }


async def booking_detail(request: Request) -> Response:
    _, state = await load(request)
    bid = request.path_params["bid"]
    if bid not in state["bookings"]:
        return not_found(request, state, "There is no such booking.")
    return page(request, state, "booking.html", _booking_context(state, bid), active="trips")


async def seat_form(request: Request) -> Response:
    _, state = await load(request)
    bid = request.path_params["bid"]
    if bid not in state["bookings"]:
        return not_found(request, state, "There is no such booking.")
    context = _booking_context(state, bid)
    b = context["booking"]
    if not context["live"]:
        return not_found(request, state, f"Booking {b['ref']} has no seat to choose.")
    context["rows"] = seat_map(state, b["flightId"], but=bid)
    context["cabin"] = context["rule"]["cabin"]
    context["preference"] = context["traveller"]["seatPreference"]
    return page(request, state, "seat.html", context, active="trips")


async def seat_submit(request: Request) -> Response:
    ui, _state = await load(request)
    bid = request.path_params["bid"]
    seat = field(await request.form(), "seat")
    here = f"/bookings/{bid}"
    return await act(
        request,
        ui,
        lambda s: choose_seat(s, bid, seat),
        here,
        f"{here}/seat",
        flash=f"Seat {seat.upper()} saved",
    )


async def change_form(request: Request) -> Response:
    _, state = await load(request)
    bid = request.path_params["bid"]
    if bid not in state["bookings"]:
        return not_found(request, state, "There is no such booking.")
    context = _booking_context(state, bid)
    b, trip = context["booking"], context["trip"]
    if not context["live"]:
        return not_found(request, state, f"Booking {b['ref']} cannot be changed.")
    day = request.query_params.get("date", b["date"])
    options = []
    for f in sorted(state["flights"].values(), key=lambda f: (f["date"], f["departs"])):
        if (f["origin"], f["destination"], f["date"]) != (b["origin"], b["destination"], day):
            continue
        options.append(
            {
                **f,
                "airline": state["airlines"][f["airlineId"]],
                "duration": fmt_duration(f["durationMin"]),
                "fare_now": f["fares"][b["fare"]]["priceCents"],
                "left": f["fares"][b["fare"]]["seatsLeft"],
                "cost": change_cost(state, b, f),
                "current": f["id"] == b["flightId"],
            }
        )
    days = []
    d = trip["startsOn"]
    while d <= trip["endsOn"]:
        days.append(d)
        d = (date.fromisoformat(d) + timedelta(days=1)).isoformat()
    context.update(options=options, day=day, days=days)
    return page(request, state, "change.html", context, active="trips")


async def change_submit(request: Request) -> Response:
    ui, _state = await load(request)
    bid = request.path_params["bid"]
    fid = field(await request.form(), "flight")
    here = f"/bookings/{bid}"
    return await act(
        request,
        ui,
        lambda s: change_flight(s, bid, fid),
        here,
        f"{here}/change",
        flash="Flight changed: pick a seat again",
    )


async def booking_cancel(request: Request) -> Response:
    ui, _state = await load(request)
    bid = request.path_params["bid"]
    here = f"/bookings/{bid}"
    return await act(
        request, ui, lambda s: cancel_booking(s, bid), here, here, flash="Booking cancelled"
    )


# -- hotels -----------------------------------------------------------------------------------
async def hotels(request: Request) -> Response:
    _, state = await load(request)
    params = dict(request.query_params)
    context = {
        **hotel_results(state, params),
        "params": params,
        "city_choices": _airport_choices(state, "City"),
        "trip": state["trips"].get(params.get("trip", "")),
    }
    return page(request, state, "hotels.html", context, active="hotels")


async def hotel_detail(request: Request) -> Response:
    _, state = await load(request)
    hotel = state["hotels"].get(request.path_params["hid"])
    if hotel is None:
        return not_found(request, state, "There is no such hotel.")
    params = dict(request.query_params)
    cap = state["company"]["policy"]["hotelNightCapCents"]
    check_in, check_out = params.get("in", ""), params.get("out", "")
    count = nights(check_in, check_out) if check_in and check_out and check_out > check_in else 0
    rooms = [
        {**r, "key": k, "in_policy": r["nightlyCents"] <= cap, "total": r["nightlyCents"] * count}
        for k, r in sorted(hotel["rooms"].items(), key=lambda kv: kv[1]["nightlyCents"])
    ]
    context = {
        "hotel": hotel,
        "city": state["airports"][hotel["city"]]["city"],
        "rooms": rooms,
        "params": params,
        "nights": count,
        "trip_choices": _planning_trips(state),
        "room_choices": [
            (r["key"], f"{r['name']} · {format_money(r['nightlyCents'])}") for r in rooms
        ],
        "cap": cap,
    }
    return page(request, state, "hotel.html", context, active="hotels")


async def hotel_book(request: Request) -> Response:
    ui, _state = await load(request)
    hid = request.path_params["hid"]
    form = await request.form()
    tid, room = field(form, "trip"), field(form, "room")
    check_in, check_out = field(form, "checkIn"), field(form, "checkOut")
    made: dict[str, str] = {}

    def change(s: State) -> None:
        made["id"] = book_stay(s, tid, hid, room, check_in, check_out)

    return await act(
        request,
        ui,
        change,
        lambda: f"/trips/{tid}",
        f"/hotels/{hid}?in={check_in}&out={check_out}",
        flash="Hotel booked",
    )


async def stay_detail(request: Request) -> Response:
    _, state = await load(request)
    stay = state["stays"].get(request.path_params["sid"])
    if stay is None:
        return not_found(request, state, "There is no such hotel booking.")
    hotel = state["hotels"][stay["hotelId"]]
    room = hotel["rooms"][stay["room"]]
    count = nights(stay["checkIn"], stay["checkOut"])
    context = {
        "stay": stay,
        "hotel": hotel,
        "room": room,
        "nights": count,
        "total": stay["nightlyCents"] * count,
        "trip": trip_rows(state, [state["trips"][stay["tripId"]]])[0],
    }
    return page(request, state, "stay.html", context, active="trips")


async def stay_cancel(request: Request) -> Response:
    ui, _state = await load(request)
    sid = request.path_params["sid"]
    here = f"/stays/{sid}"
    return await act(
        request, ui, lambda s: cancel_stay(s, sid), here, here, flash="Hotel booking cancelled"
    )


def routes() -> list[Route]:
    return [
        Route("/flights", flights, methods=["GET"]),
        Route("/flights/{fid}/book", flight_book_form, methods=["GET"]),
        Route("/flights/{fid}/book", flight_book, methods=["POST"]),
        Route("/bookings/{bid}", booking_detail, methods=["GET"]),
        Route("/bookings/{bid}/seat", seat_form, methods=["GET"]),
        Route("/bookings/{bid}/seat", seat_submit, methods=["POST"]),
        Route("/bookings/{bid}/change", change_form, methods=["GET"]),
        Route("/bookings/{bid}/change", change_submit, methods=["POST"]),
        Route("/bookings/{bid}/cancel", booking_cancel, methods=["POST"]),
        Route("/hotels", hotels, methods=["GET"]),
        Route("/hotels/{hid}", hotel_detail, methods=["GET"]),
        Route("/hotels/{hid}/book", hotel_book, methods=["POST"]),
        Route("/stays/{sid}", stay_detail, methods=["GET"]),
        Route("/stays/{sid}/cancel", stay_cancel, methods=["POST"]),
    ]

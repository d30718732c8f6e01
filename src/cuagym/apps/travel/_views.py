"""View models: what the screens show, derived from the state (never stored).

Money, dates and durations, the flight search's results with its filter chips and flexible-date
strip, a trip's day-by-day itinerary, the approvals queue and the trips timeline are computed
here, so every screen shows a value the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, timedelta
from typing import Any

from cuagym.apps.travel._rules import (
    booking_issues,
    cancel_refund,
    nights,
    stay_issues,
    trip_issues,
    trip_total,
)
from cuagym.apps.travel._schema import FARE_BRANDS
from cuagym.apps.webkit.forms import format_money, money_input

__all__ = [
    "NAV",
    "TIME_WINDOWS",
    "approvals",
    "flight_results",
    "fmt_date",
    "fmt_day",
    "fmt_duration",
    "fmt_ts",
    "hotel_results",
    "person_name",
    "shell",
    "timeline",
    "trip_rows",
    "trip_view",
]

State = dict[str, Any]
NAV = (
    ("home", "Overview", "/"),
    ("trips", "Trips", "/trips"),
    ("flights", "Flights", "/flights"),
    ("hotels", "Hotels", "/hotels"),
    ("timeline", "Timeline", "/timeline"),
    ("approvals", "Approvals", "/approvals"),
    ("travellers", "Travellers", "/travellers"),
    ("policy", "Policy", "/policy"),
)
#: departure-time chips of the flight search: key -> (label, first hour, last hour)
TIME_WINDOWS = {
    "morning": ("Morning (before 12:00)", 0, 11),
    "afternoon": ("Afternoon (12:00-17:59)", 12, 17),
    "evening": ("Evening (18:00 on)", 18, 23),
}
STATUS_LABELS = {
    "draft": "Planning",
    "submitted": "Awaiting approval",
    "approved": "Approved",
    "rejected": "Rejected",
    "cancelled": "Cancelled",
}


def fmt_date(value: str | None) -> str:
    """``2026-12-08`` (or a timestamp) -> ``Dec 8, 2026``."""
    if not value:
        return ""
    day = date.fromisoformat(value[:10])
    return f"{day:%b} {day.day}, {day.year}"


def fmt_day(value: str) -> str:
    """``2026-12-08`` -> ``Tue, Dec 8``."""
    day = date.fromisoformat(value[:10])
    return f"{day:%a}, {day:%b} {day.day}"


def fmt_ts(value: str | None) -> str:
    if not value:
        return ""
    moment = datetime.fromisoformat(value)
    clock = f"{moment.hour % 12 or 12}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"
    return f"{moment:%b} {moment.day}, {moment.year}, {clock}"


def fmt_duration(minutes: int) -> str:
    return f"{minutes // 60}h {minutes % 60:02d}m"


def person_name(state: State, tid: str | None) -> str:
    p = state["travellers"].get(tid or "")
    return f"{p['firstName']} {p['lastName']}" if p else "—"


# -- flight search ----------------------------------------------------------------------------
def _cap(state: State, flight: dict[str, Any]) -> int:
    policy = state["company"]["policy"]
    home = state["company"]["homeCountry"]
    domestic = all(
        state["airports"][c]["country"] == home for c in (flight["origin"], flight["destination"])
    )
    return int(policy["domesticFareCapCents" if domestic else "internationalFareCapCents"])


def fare_cells(state: State, flight: dict[str, Any]) -> list[dict[str, Any]]:
    """A flight's fare brands as the table's cells: price, seats left, in or over policy."""
    cap = _cap(state, flight)
    long_enough = flight["durationMin"] >= state["company"]["policy"]["businessMinMinutes"]
    cells = []
    for brand in FARE_BRANDS:
        offer = flight["fares"].get(brand)
        if offer is None:
            continue
        business = state["fareRules"][brand]["cabin"] == "business"
        in_policy = long_enough if business else offer["priceCents"] <= cap
        cells.append(
            {
                "brand": brand,
                "label": state["fareRules"][brand]["label"],
                "price": offer["priceCents"],
                "left": offer["seatsLeft"],
                "in_policy": in_policy,
            }
        )
    return cells


def flight_results(state: State, params: Mapping[str, str]) -> dict[str, Any]:
    """The flight search: flights of the route and day, narrowed by the chips, sorted."""
    origin, dest, day = params.get("from", ""), params.get("to", ""), params.get("date", "")
    sort = params.get("sort", "depart")
    stops = params.get("stops", "")
    airline = params.get("airline", "")
    window = params.get("time", "")
    pool = [
        f
        for f in state["flights"].values()
        if f["origin"] == origin and f["destination"] == dest and f["date"] == day
    ]
    airlines = sorted({f["airlineId"] for f in pool})
    shown = [
        f
        for f in pool
        if (not stops or f["stops"] == 0)
        and (not airline or f["airlineId"] == airline)
        and (window not in TIME_WINDOWS or _in_window(f, window))
    ]
    keys = {
        "price": lambda f: (min(o["priceCents"] for o in f["fares"].values()), f["departs"]),
        "duration": lambda f: (f["durationMin"], f["departs"]),
        "depart": lambda f: (f["departs"], f["number"]),
    }
    shown.sort(key=keys.get(sort, keys["depart"]))
    rows = [
        {
            **f,
            "airline": state["airlines"][f["airlineId"]],
            "duration": fmt_duration(f["durationMin"]),
            "cells": fare_cells(state, f),
        }
        for f in shown
    ]
    return {
        "searched": bool(origin and dest and day),
        "rows": rows,
        "total": len(pool),
        "airlines": [(a, state["airlines"][a]["name"]) for a in airlines],
        "strip": _date_strip(state, origin, dest, day),
        "sort": sort,
        "chips": {"stops": stops, "airline": airline, "time": window},
        "brands": [(b, state["fareRules"][b]) for b in FARE_BRANDS],
    }


def _in_window(flight: dict[str, Any], window: str) -> bool:
    _, low, high = TIME_WINDOWS[window]
    return low <= int(flight["departs"][:2]) <= high


def _date_strip(state: State, origin: str, dest: str, day: str) -> list[dict[str, Any]]:
    """The lowest fare of the route on each day from three days before to three after."""
    if not (origin and dest and day):
        return []
    try:
        centre = date.fromisoformat(day)
    except ValueError:
        return []
    strip = []
    for shift in range(-3, 4):
        d = (centre + timedelta(days=shift)).isoformat()
        prices = [
            o["priceCents"]
            for f in state["flights"].values()
            if f["origin"] == origin and f["destination"] == dest and f["date"] == d
            for o in f["fares"].values()
        ]
        strip.append({"date": d, "low": min(prices) if prices else None, "current": shift == 0})
    return strip


# -- hotels -----------------------------------------------------------------------------------
def hotel_results(state: State, params: Mapping[str, str]) -> dict[str, Any]:
    city = params.get("city", "")
    stars = params.get("stars", "")
    sort = params.get("sort", "price")
    cap = state["company"]["policy"]["hotelNightCapCents"]
    rows = []
    for h in state["hotels"].values():
        if h["city"] != city or (stars and str(h["stars"]) != stars):
            continue
        low = min(r["nightlyCents"] for r in h["rooms"].values())
        rows.append({**h, "from": low, "in_policy": low <= cap})
    keys = {
        "price": lambda h: (h["from"], h["name"]),
        "rating": lambda h: (-h["rating"], h["name"]),
        "stars": lambda h: (-h["stars"], h["from"]),
    }
    rows.sort(key=keys.get(sort, keys["price"]))
    return {"rows": rows, "sort": sort, "stars": stars, "city": city, "cap": cap}


# -- trips ------------------------------------------------------------------------------------
def trip_rows(state: State, trips: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            **t,
            "traveller": person_name(state, t["travellerId"]),
            "city": state["airports"][t["destination"]]["city"],
            "statusLabel": STATUS_LABELS[t["status"]],
            "total": trip_total(state, t["id"]),
            "issues": len(trip_issues(state, t["id"])),
        }
        for t in trips
    ]


def trip_view(state: State, tid: str) -> dict[str, Any]:
    """A trip's itinerary day by day (flights and hotel nights), its policy check and costs."""
    trip = state["trips"][tid]
    bookings = sorted(
        (b for b in state["bookings"].values() if b["tripId"] == tid),
        key=lambda b: (b["date"], b["departs"]),
    )
    stays = sorted(
        (s for s in state["stays"].values() if s["tripId"] == tid), key=lambda s: s["checkIn"]
    )
    days: dict[str, list[dict[str, Any]]] = {}
    start, end = date.fromisoformat(trip["startsOn"]), date.fromisoformat(trip["endsOn"])
    d = start
    while d <= end:
        days[d.isoformat()] = []
        d += timedelta(days=1)
    for b in bookings:
        if b["status"] != "confirmed":
            continue
        days.setdefault(b["date"], []).append(
            {
                "kind": "flight",
                "at": b["departs"],
                "record": b,
                "airline": state["airlines"][b["airlineId"]]["name"],
                "issues": booking_issues(state, b),
            }
        )
    for s in stays:
        if s["status"] != "confirmed":
            continue
        hotel = state["hotels"][s["hotelId"]]
        days.setdefault(s["checkIn"], []).append(
            {
                "kind": "check-in",
                "at": "15:00",
                "record": s,
                "hotel": hotel,
                "issues": stay_issues(state, s),
            }
        )
        days.setdefault(s["checkOut"], []).append(
            {"kind": "check-out", "at": "11:00", "record": s, "hotel": hotel, "issues": []}
        )
    itinerary: list[dict[str, Any]] = [
        {"date": day, "label": fmt_day(day), "events": sorted(items, key=lambda i: str(i["at"]))}
        for day, items in sorted(days.items())
    ]
    return {
        "trip": trip,
        "traveller": state["travellers"].get(trip["travellerId"]),
        "city": state["airports"][trip["destination"]]["city"],
        "status_label": STATUS_LABELS[trip["status"]],
        "itinerary": itinerary,
        "bookings": [
            {
                **b,
                "rule": state["fareRules"][b["fare"]],
                "airline": state["airlines"][b["airlineId"]]["name"],
                "refund_if_cancelled": cancel_refund(state, b),
            }
            for b in bookings
        ],
        "stays": [
            {
                **s,
                "hotel": state["hotels"][s["hotelId"]],
                "roomName": state["hotels"][s["hotelId"]]["rooms"][s["room"]]["name"],
                "nights": nights(s["checkIn"], s["checkOut"]),
            }
            for s in stays
        ],
        "issues": trip_issues(state, tid),
        "total": trip_total(state, tid),
        "decider": person_name(state, trip["decidedBy"]) if trip["decidedBy"] else "",
    }


def approvals(state: State) -> list[dict[str, Any]]:
    """Trips waiting for a decision, oldest submission first, with what breaks the policy."""
    waiting = sorted(
        (t for t in state["trips"].values() if t["status"] == "submitted"),
        key=lambda t: (t["submittedAt"] or "", t["id"]),
    )
    return [
        {**row, "issueList": trip_issues(state, row["id"])} for row in trip_rows(state, waiting)
    ]


def timeline(state: State, month: str) -> dict[str, Any]:
    """A month's trips as bars on a day grid, one row per traveller who travels that month."""
    first = date.fromisoformat(month + "-01")
    nxt = (first + timedelta(days=32)).replace(day=1)
    days = [(first + timedelta(days=i)) for i in range((nxt - first).days)]
    lanes: dict[str, list[dict[str, Any]]] = {}
    for t in sorted(state["trips"].values(), key=lambda t: (t["startsOn"], t["id"])):
        if (
            t["status"] == "cancelled"
            or t["endsOn"] < first.isoformat()
            or t["startsOn"] >= nxt.isoformat()
        ):
            continue
        s = max(date.fromisoformat(t["startsOn"]), first)
        e = min(date.fromisoformat(t["endsOn"]), nxt - timedelta(days=1))
        lanes.setdefault(t["travellerId"], []).append(
            {
                **t,
                "col": (s - first).days + 1,
                "span": (e - s).days + 1,
                "city": state["airports"][t["destination"]]["city"],
            }
        )
    rows: list[dict[str, Any]] = sorted(
        ({"traveller": person_name(state, k), "id": k, "trips": v} for k, v in lanes.items()),
        key=lambda r: str(r["traveller"]),
    )
    prev = (first - timedelta(days=1)).strftime("%Y-%m")
    return {
        "title": f"{first:%B %Y}",
        "days": days,
        "rows": rows,
        "prev": prev,
        "next": nxt.strftime("%Y-%m"),
        "month": month,
    }


def shell(state: State, active: str) -> dict[str, Any]:
    """Context every screen needs: the company, the signed-in person, the navigation."""
    me = state["travellers"].get(state["currentUser"], {})
    name = f"{me.get('firstName', '')} {me.get('lastName', '')}".strip() or "Unknown"
    badges = {"approvals": sum(1 for t in state["trips"].values() if t["status"] == "submitted")}
    return {
        "company": state["company"],
        "me": {**me, "name": name, "color": me.get("avatarColor")},
        "nav_items": NAV,
        "nav_badges": badges,
        "active": active,
        "money": format_money,
        "money_input": money_input,
        "fmt_date": fmt_date,
        "fmt_day": fmt_day,
        "fmt_ts": fmt_ts,
        "fmt_duration": fmt_duration,
        "status_labels": STATUS_LABELS,
        "airports": state["airports"],
        "airlines": state["airlines"],
        "fare_rules": state["fareRules"],
        "person": lambda tid: person_name(state, tid),
    }

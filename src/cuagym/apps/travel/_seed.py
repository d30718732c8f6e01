"""The seed: Fernhill Analytics' travel site on December 4, 2026, before any task wrote to it.

8 airports, 4 airlines flying 8 routes both ways, a bookable schedule of three departures a
route a day from December 8 to 14 (each with four fare brands), 24 hotels with their room
rates, 37 travellers with loyalty numbers, and about 70 trips between September and December
in every status with their flight bookings and hotel stays. The vocabularies are in
``_seed_data``; this module combines them with fixed rules and one fixed RNG, so every call
returns an identical fresh structure.
"""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta
from typing import Any

from cuagym.apps.travel._rules import new_ref, seat_map, trip_issues
from cuagym.apps.travel._seed_data import (
    AIRCRAFT,
    AIRLINES,
    AIRPORTS,
    AMENITIES,
    CLIENTS,
    COMPANY_NAME,
    DEPARTMENTS,
    FARE_RULES,
    FIRST_NAMES,
    HOTEL_NAMES,
    HOTEL_STREETS,
    JOB_TITLES,
    LAST_NAMES,
    MANAGER,
    PURPOSES,
    ROOM_TYPES,
    ROUTES,
)

__all__ = ["CURRENT_USER", "FIRST_DAY", "LAST_DAY", "SEED_NOW", "build_seed"]

CURRENT_USER = "tr-noor"
#: the present of the seed world: after its newest record
SEED_NOW = datetime(2026, 12, 4, 16, 0, tzinfo=UTC)
#: the bookable schedule's first and last day
FIRST_DAY = date(2026, 12, 8)
LAST_DAY = date(2026, 12, 14)
_TRAVELLERS = 36
_FARE_SHARE = {"saver": 1.0, "standard": 1.32, "flex": 1.95, "business": 3.4}
_SLOTS = ((6, 10), (11, 15), (16, 21))  # morning, midday, evening departure hours

State = dict[str, Any]


def _ts(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _price(dollars: float) -> int:
    """A fare as airlines price it: whole dollars ending in 9, in cents."""
    return (int(dollars / 10) * 10 + 9) * 100


def _clock(minutes: int) -> str:
    return f"{(minutes // 60) % 24:02d}:{minutes % 60:02d}"


def _reference(state: State) -> None:
    state["airports"] = {
        code: {"code": code, "city": city, "name": name, "country": country}
        for code, (city, name, country) in AIRPORTS.items()
    }
    state["airlines"] = {
        aid: {"id": aid, "code": code, "name": name, "program": program}
        for aid, (code, name, program) in AIRLINES.items()
    }
    state["fareRules"] = {
        brand: {
            "id": brand,
            "label": label,
            "cabin": cabin,
            "changeFeeCents": None if change is None else change * 100,
            "cancelFeeCents": None if cancel is None else cancel * 100,
            "bags": bags,
        }
        for brand, (label, cabin, change, cancel, bags) in FARE_RULES.items()
    }


def _flights(state: State, rng: random.Random) -> None:
    flights: dict[str, Any] = {}
    day = FIRST_DAY
    numbers: dict[tuple[str, str, int], int] = {}
    while day <= LAST_DAY:
        for r, (a, b, minutes, saver, airlines) in enumerate(ROUTES):
            for direction, (origin, dest) in enumerate(((a, b), (b, a))):
                for slot, (low, high) in enumerate(_SLOTS):
                    airline = airlines[(slot + direction) % len(airlines)]
                    key = (origin, dest, slot)
                    numbers.setdefault(
                        key, 100 + 40 * r + 10 * slot + direction * 5 + rng.randint(0, 4)
                    )
                    stops = 1 if slot == 1 and minutes < 400 and r % 2 == 0 else 0
                    duration = minutes + (
                        95 + rng.randint(0, 40) if stops else rng.randint(-10, 15)
                    )
                    depart = rng.randint(low, high) * 60 + rng.choice(
                        (0, 10, 15, 25, 30, 40, 45, 55)
                    )
                    zone = _zone_shift(origin, dest)
                    arrive = depart + duration + zone
                    weekday = 1.18 if day.weekday() in (0, 4) else 1.0
                    factor = weekday * rng.uniform(0.88, 1.22) * (0.82 if stops else 1.0)
                    fares = {
                        brand: {
                            "priceCents": _price(saver * factor * share),
                            "seatsLeft": rng.randint(0, 9)
                            if brand == "saver"
                            else rng.randint(2, 24),
                        }
                        for brand, share in _FARE_SHARE.items()
                    }
                    fid = f"fl-{len(flights) + 1:04d}"
                    code = AIRLINES[airline][0]
                    flights[fid] = {
                        "id": fid,
                        "airlineId": airline,
                        "number": f"{code} {numbers[key]}",
                        "origin": origin,
                        "destination": dest,
                        "date": day.isoformat(),
                        "departs": _clock(depart),
                        "arrives": _clock(arrive),
                        "nextDay": arrive >= 1440,
                        "durationMin": duration,
                        "stops": stops,
                        "aircraft": rng.choice(AIRCRAFT[5:] if minutes >= 400 else AIRCRAFT[:5]),
                        "fares": fares,
                    }
        day += timedelta(days=1)
    state["flights"] = flights


#: hours the clock moves flying east (+) or west (-) between the seed's airports
_ZONES = {"SFO": -8, "SEA": -8, "ORD": -6, "AUS": -6, "JFK": -5, "BOS": -5, "LHR": 0, "LIS": 0}


def _zone_shift(origin: str, dest: str) -> int:
    return (_ZONES[dest] - _ZONES[origin]) * 60


def _hotels(state: State, rng: random.Random) -> None:
    hotels: dict[str, Any] = {}
    names = list(HOTEL_NAMES)
    for c, code in enumerate(AIRPORTS):
        for h in range(3):
            name = names[c * 3 + h]
            stars = (3, 4, 5)[h] if rng.random() < 0.8 else 4
            base = {3: 150, 4: 205, 5: 290}[stars] * (
                1.15 if code in ("JFK", "SFO", "LHR") else 1.0
            )
            base *= rng.uniform(0.9, 1.1)
            rooms = {}
            for k, (room, share, refundable) in enumerate(ROOM_TYPES[: 2 + (h > 0) + (stars == 5)]):
                rooms[f"r{k + 1}"] = {
                    "name": room,
                    "nightlyCents": (int(base * share) // 5 * 5) * 100,
                    "refundable": refundable,
                }
            hid = f"ht-{len(hotels) + 1:02d}"
            hotels[hid] = {
                "id": hid,
                "name": name,
                "city": code,
                "address": (
                    f"{rng.randint(2, 480)} {rng.choice(HOTEL_STREETS)}, {AIRPORTS[code][0]}"
                ),
                "stars": stars,
                "rating": round(rng.uniform(7.2, 9.6), 1),
                "amenities": sorted(rng.sample(AMENITIES, k=rng.randint(2, 5))),
                "rooms": rooms,
            }
    state["hotels"] = hotels


def _travellers(state: State, rng: random.Random) -> None:
    first, last, dept, title, home = MANAGER
    people: dict[str, Any] = {
        CURRENT_USER: {
            "id": CURRENT_USER,
            "firstName": first,
            "lastName": last,
            "email": "noor.haddad@fernhill.example",
            "department": dept,
            "jobTitle": title,
            "homeAirport": home,
            "seatPreference": "aisle",
            "loyalty": {"cd": "CM40418822"},
            "manager": True,
            "avatarColor": "#5f6f5c",
        }
    }
    homes = ("SFO",) * 5 + ("JFK",) * 3 + ("ORD", "ORD", "SEA", "BOS", "BOS", "AUS")
    colours = ("#5f6f5c", "#6b5b4f", "#4f5f6f", "#6f4f5f", "#5c6b75", "#7a6a4a")
    for i in range(_TRAVELLERS):
        given, family = FIRST_NAMES[i], LAST_NAMES[(i * 7) % len(LAST_NAMES)]
        department = DEPARTMENTS[i % len(DEPARTMENTS)]
        loyalty = {}
        for aid, (code, _, _) in AIRLINES.items():
            if rng.random() < 0.35:
                loyalty[aid] = f"{code}{rng.randint(10**7, 10**8 - 1)}"
        tid = f"tr-{given.lower()}"
        people[tid] = {
            "id": tid,
            "firstName": given,
            "lastName": family,
            "email": f"{given.lower()}.{family.lower()}@fernhill.example",
            "department": department,
            "jobTitle": rng.choice(JOB_TITLES[department]),
            "homeAirport": rng.choice(homes),
            "seatPreference": rng.choice(("aisle", "aisle", "window", "window", "none")),
            "loyalty": loyalty,
            "manager": False,
            "avatarColor": rng.choice(colours),
        }
    state["travellers"] = people


def _destinations(home: str) -> list[str]:
    out = []
    for a, b, *_ in ROUTES:
        if a == home:
            out.append(b)
        elif b == home:
            out.append(a)
    return out


def _pick_flight(
    state: State, origin: str, dest: str, day: str, rng: random.Random
) -> dict[str, Any]:
    options = [
        f
        for _, f in sorted(state["flights"].items())
        if f["origin"] == origin and f["destination"] == dest and f["date"] == day
    ]
    return rng.choice(options)


def _book(
    state: State,
    trip: dict[str, Any],
    flight: dict[str, Any],
    brand: str,
    at: datetime,
    rng: random.Random,
) -> dict[str, Any]:
    bid = f"bk-{len(state['bookings']) + 1:04d}"
    seat = ""
    if rng.random() < 0.7 and flight["id"] in state["flights"]:
        cabin = state["fareRules"][brand]["cabin"]
        free = [
            s["seat"]
            for row in seat_map(state, flight["id"])
            if row["cabin"] == cabin
            for s in row["seats"]
            if not s["taken"]
        ]
        seat = rng.choice(free) if free else ""
    booking = {
        "id": bid,
        "ref": new_ref(state, bid),
        "tripId": trip["id"],
        "travellerId": trip["travellerId"],
        "flightId": flight["id"] if flight["id"] in state["flights"] else None,
        "airlineId": flight["airlineId"],
        "number": flight["number"],
        "origin": flight["origin"],
        "destination": flight["destination"],
        "date": flight["date"],
        "departs": flight["departs"],
        "arrives": flight["arrives"],
        "fare": brand,
        "priceCents": flight["fares"][brand]["priceCents"],
        "feesCents": 0,
        "seat": seat,
        "status": "confirmed",
        "refundCents": 0,
        "createdAt": _ts(at),
        "changedAt": None,
        "cancelledAt": None,
    }
    state["bookings"][bid] = booking
    return booking


def _past_flight(origin: str, dest: str, day: date, rng: random.Random) -> dict[str, Any]:
    """A flight of an earlier schedule, as its booking copied it (no longer bookable)."""
    route = next(r for r in ROUTES if {r[0], r[1]} == {origin, dest})
    airline = rng.choice(route[4])
    depart = rng.randint(6, 20) * 60 + rng.choice((0, 15, 30, 45))
    arrive = depart + route[2] + _zone_shift(origin, dest)
    price = _price(route[3] * rng.uniform(0.9, 1.3) * rng.choice((1.0, 1.0, 1.32, 1.95)))
    return {
        "id": "",
        "airlineId": airline,
        "number": f"{AIRLINES[airline][0]} {rng.randint(100, 989)}",
        "origin": origin,
        "destination": dest,
        "date": day.isoformat(),
        "departs": _clock(depart),
        "arrives": _clock(arrive),
        "fares": {b: {"priceCents": price} for b in ("saver", "standard", "flex")},
    }


def _stay(
    state: State, trip: dict[str, Any], hotel: dict[str, Any], room: str, at: datetime
) -> None:
    sid = f"sy-{len(state['stays']) + 1:04d}"
    state["stays"][sid] = {
        "id": sid,
        "ref": new_ref(state, sid),
        "tripId": trip["id"],
        "travellerId": trip["travellerId"],
        "hotelId": hotel["id"],
        "room": room,
        "checkIn": trip["startsOn"],
        "checkOut": trip["endsOn"],
        "nightlyCents": hotel["rooms"][room]["nightlyCents"],
        "status": "confirmed",
        "refundCents": 0,
        "createdAt": _ts(at),
        "cancelledAt": None,
    }


def _trip(
    state: State, rng: random.Random, tid: str, start: date, length: int, status: str
) -> dict[str, Any] | None:
    person = state["travellers"][tid]
    dests = _destinations(person["homeAirport"])
    if not dests:
        return None
    dest = rng.choice(dests)
    name, purpose = rng.choice(PURPOSES)
    city = AIRPORTS[dest][0]
    client = rng.choice(CLIENTS)
    trip_id = f"trp-{len(state['trips']) + 1:04d}"
    created = datetime(start.year, start.month, start.day, 9, 0, tzinfo=UTC) - timedelta(
        days=rng.randint(9, 30), hours=rng.randint(0, 8)
    )
    created = min(created, SEED_NOW - timedelta(hours=rng.randint(2, 60)))
    title = name.format(city=city, client=client)
    taken = {t["name"] for t in state["trips"].values()}
    if title in taken:  # trips are found by name: a second one says whose it is
        title = f"{title} ({person['firstName']})"
    if title in taken:
        title = f"{title[:-1]}, {start:%b} {start.day})"
    trip = {
        "id": trip_id,
        "name": title,
        "travellerId": tid,
        "destination": dest,
        "purpose": purpose.format(city=city, client=client),
        "startsOn": start.isoformat(),
        "endsOn": (start + timedelta(days=length)).isoformat(),
        "status": status,
        "justification": "",
        "decisionNote": "",
        "decidedBy": None,
        "decidedAt": None,
        "submittedAt": None,
        "cancelledAt": None,
        "createdAt": _ts(created),
    }
    state["trips"][trip_id] = trip
    return trip


def _fill(
    state: State, rng: random.Random, trip: dict[str, Any], brand: str, night_cap: bool
) -> datetime:
    """Book the trip's outbound and return flights and a hotel; returns when it was booked."""
    home = state["travellers"][trip["travellerId"]]["homeAirport"]
    at = datetime.fromisoformat(trip["createdAt"]) + timedelta(hours=rng.randint(1, 30))
    start, end = date.fromisoformat(trip["startsOn"]), date.fromisoformat(trip["endsOn"])
    for origin, dest, day in ((home, trip["destination"], start), (trip["destination"], home, end)):
        if FIRST_DAY <= day <= LAST_DAY:
            flight = _pick_flight(state, origin, dest, day.isoformat(), rng)
        else:
            flight = _past_flight(origin, dest, day, rng)
        _book(state, trip, flight, brand if flight["id"] else "standard", at, rng)
    hotels = [h for _, h in sorted(state["hotels"].items()) if h["city"] == trip["destination"]]
    hotel = rng.choice(hotels)
    rooms = sorted(hotel["rooms"], key=lambda r: hotel["rooms"][r]["nightlyCents"])
    cap = state["company"]["policy"]["hotelNightCapCents"]
    fitting = [r for r in rooms if hotel["rooms"][r]["nightlyCents"] <= cap] or rooms[:1]
    room = rooms[-1] if not night_cap else rng.choice(fitting)
    _stay(state, trip, hotel, room, at)
    return at


def _trips(state: State, rng: random.Random) -> None:
    people = sorted(t for t in state["travellers"] if t != CURRENT_USER)
    # past trips: September to November, done (approved) or called off
    for i in range(30):
        tid = people[(i * 5) % len(people)]
        start = date(2026, 9, 7) + timedelta(days=i * 3 + rng.randint(0, 2))
        status = "cancelled" if i % 9 == 4 else "approved"
        trip = _trip(state, rng, tid, start, rng.randint(2, 4), status)
        if trip is None:
            continue
        at = _fill(state, rng, trip, "standard", True)
        _decide(state, trip, at, rng)
    # upcoming trips inside the schedule: approved, waiting, rejected, drafts
    plan = ["approved"] * 16 + ["submitted"] * 5 + ["rejected"] * 2 + ["draft"] * 9 + ["cancelled"]
    for i, status in enumerate(plan):
        tid = people[(i * 7 + 3) % len(people)]
        length = rng.randint(1, 4)
        start = FIRST_DAY + timedelta(days=rng.randint(0, (LAST_DAY - FIRST_DAY).days - length))
        trip = _trip(state, rng, tid, start, length, status)
        if trip is None:
            continue
        if status == "draft":
            continue  # being planned: nothing booked yet
        over = status in ("submitted", "rejected")
        brand = (
            rng.choice(("flex", "business"))
            if over and i % 2
            else rng.choice(("saver", "standard"))
        )
        at = _fill(state, rng, trip, brand, not (over and not i % 2))
        _decide(state, trip, at, rng)


def _decide(state: State, trip: dict[str, Any], at: datetime, rng: random.Random) -> None:
    """Give a filled trip the submission and decision its status says it had."""
    issues = trip_issues(state, trip["id"])
    status = trip["status"]
    submitted = at + timedelta(hours=rng.randint(1, 20))
    submitted = min(submitted, SEED_NOW - timedelta(hours=1))
    if status == "cancelled":
        trip["cancelledAt"] = _ts(submitted)
        for b in state["bookings"].values():
            if b["tripId"] == trip["id"]:
                b.update(status="cancelled", cancelledAt=trip["cancelledAt"])
                fee = state["fareRules"][b["fare"]]["cancelFeeCents"]
                b["refundCents"] = 0 if fee is None else max(b["priceCents"] - fee, 0)
        for s in state["stays"].values():
            if s["tripId"] == trip["id"]:
                s.update(status="cancelled", cancelledAt=trip["cancelledAt"])
                refundable = state["hotels"][s["hotelId"]]["rooms"][s["room"]]["refundable"]
                s["refundCents"] = s["nightlyCents"] * _nights(s) if refundable else 0
        return
    trip["submittedAt"] = _ts(submitted)
    if status == "submitted" and not issues:
        trip["status"] = "approved"  # nothing to approve: it went straight through
        return
    if status == "submitted":
        trip["justification"] = rng.choice(
            (
                "The client moved the meeting; only later flights had seats.",
                "Flexible ticket needed: the agenda is not final yet.",
                "Long working day on arrival; the client asked us to stay at their hotel.",
                "Presenting the morning after landing; need to be rested.",
            )
        )
        return
    if issues or status == "rejected":
        trip["justification"] = "Client-facing trip on a tight schedule."
        trip["decidedBy"] = CURRENT_USER
        trip["decidedAt"] = _ts(min(submitted + timedelta(hours=3), SEED_NOW))
        if status == "rejected":
            trip["decisionNote"] = "Please rebook within policy; a Saver or Standard fare works."
        else:
            trip["decisionNote"] = "Approved as an exception."


def _nights(stay: dict[str, Any]) -> int:
    return (date.fromisoformat(stay["checkOut"]) - date.fromisoformat(stay["checkIn"])).days


def build_seed() -> State:
    """A fresh copy of the seed world (deterministic: one fixed RNG)."""
    rng = random.Random(20261204)
    state: State = {
        "company": {
            "name": COMPANY_NAME,
            "currency": "USD",
            "homeCountry": "United States",
            "policy": {
                "domesticFareCapCents": 45000,
                "internationalFareCapCents": 120000,
                "hotelNightCapCents": 26000,
                "businessMinMinutes": 420,
            },
        },
        "currentUser": CURRENT_USER,
        "bookings": {},
        "stays": {},
        "trips": {},
        "ui": {"recentTrips": []},
    }
    _reference(state)
    _flights(state, rng)
    _hotels(state, rng)
    _travellers(state, rng)
    _trips(state, rng)
    for fid, flight in state["flights"].items():
        for b in state["bookings"].values():
            if b["flightId"] == fid and b["status"] == "confirmed":
                flight["fares"][b["fare"]]["seatsLeft"] = max(
                    flight["fares"][b["fare"]]["seatsLeft"], 1
                )
    return state

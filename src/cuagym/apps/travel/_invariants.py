"""Rules across the travel site's records that the schema alone cannot say.

Each violation names its place in the diff-path syntax of ``state_diff``
(``bookings.bk-0012.seat``), so a task author whose ``set`` got a 422 finds the value where a
reward would read it in ``/go``.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterator
from typing import Any

from cuagym.apps.travel._rules import seat_cabin
from cuagym.apps.travel._schema import TravelState
from cuagym.hub import InvariantChecks, Violation

__all__ = ["CHECKS", "broken_states", "check_invariants", "invariants_hold_after"]

# Keys the hub masks by name (TravelApp.volatile): a record keyed so would vanish from diffs.
RESERVED_IDS = frozenset({"ui", "recentTrips"})
_COLLECTIONS = ("airlines", "flights", "hotels", "travellers", "trips", "bookings", "stays")


def check_invariants(state: TravelState) -> Iterator[Violation]:
    """Yield every violated rule (empty for a consistent state)."""
    return CHECKS.run(state)


def invariants_hold_after(before: TravelState, after: TravelState) -> bool:
    """Whether ``after`` is still consistent, checking only what its edit changed."""
    return CHECKS.hold_after(before, after)


def _check_keys(state: TravelState) -> Iterator[Violation]:
    me = state.travellers.get(state.current_user)
    if me is None:
        yield Violation(path="currentUser", message=f"unknown traveller {state.current_user!r}")
    for name in _COLLECTIONS:
        records: dict[str, Any] = getattr(state, name)
        for key, record in records.items():
            if key in RESERVED_IDS:
                yield Violation(path=f"{name}.{key}", message=f"{key!r} is a reserved id")
            if record.id != key:
                yield Violation(path=f"{name}.{key}.id", message=f"id {record.id!r} is not {key!r}")
    for key, airport in state.airports.items():
        if airport.code != key:
            yield Violation(path=f"airports.{key}.code", message=f"code {airport.code!r}")
    for key, rule in state.fare_rules.items():
        if rule.id != key:
            yield Violation(path=f"fareRules.{key}.id", message=f"id {rule.id!r} is not {key!r}")


def _check_schedule(state: TravelState) -> Iterator[Violation]:
    for key, flight in state.flights.items():
        where = f"flights.{key}"
        if flight.airline_id not in state.airlines:
            yield Violation(path=f"{where}.airlineId", message="no such airline")
        for end, code in (("origin", flight.origin), ("destination", flight.destination)):
            if code not in state.airports:
                yield Violation(path=f"{where}.{end}", message=f"no airport {code!r}")
        if flight.origin == flight.destination:
            yield Violation(path=f"{where}.destination", message="the same as the origin")
        for brand in flight.fares:
            if brand not in state.fare_rules:
                yield Violation(path=f"{where}.fares.{brand}", message="no such fare brand")
    for key, hotel in state.hotels.items():
        if hotel.city not in state.airports:
            yield Violation(path=f"hotels.{key}.city", message=f"no city {hotel.city!r}")
    for key, person in state.travellers.items():
        if person.home_airport not in state.airports:
            yield Violation(path=f"travellers.{key}.homeAirport", message="no such airport")
        for airline in person.loyalty:
            if airline not in state.airlines:
                yield Violation(path=f"travellers.{key}.loyalty.{airline}", message="no airline")


# The stamps a trip in each status carries.
def _check_trips(state: TravelState) -> Iterator[Violation]:
    for key, trip in state.trips.items():
        where = f"trips.{key}"
        if trip.traveller_id not in state.travellers:
            yield Violation(path=f"{where}.travellerId", message="no such traveller")
        if trip.destination not in state.airports:
            yield Violation(path=f"{where}.destination", message="no such airport")
        if trip.ends_on < trip.starts_on:
            yield Violation(path=f"{where}.endsOn", message="ends before it starts")
        if trip.status in ("submitted", "approved", "rejected") and trip.submitted_at is None:
            yield Violation(path=f"{where}.submittedAt", message=f"a {trip.status} trip needs it")
        if trip.status == "draft" and (trip.submitted_at or trip.decided_at):
            yield Violation(path=f"{where}.submittedAt", message="set on a trip being planned")
        if trip.status == "submitted" and (trip.decided_at or trip.decided_by):
            yield Violation(path=f"{where}.decidedAt", message="a waiting trip has no decision")
        if trip.status == "rejected" and not (trip.decided_by and trip.decision_note):
            yield Violation(path=f"{where}.decisionNote", message="a rejection needs a note")
        if (trip.decided_by is None) != (trip.decided_at is None):
            yield Violation(
                path=f"{where}.decidedAt", message="decidedBy and decidedAt go together"
            )
        if trip.decided_by is not None and trip.decided_by not in state.travellers:
            yield Violation(path=f"{where}.decidedBy", message="no such traveller")
        if (trip.status == "cancelled") != (trip.cancelled_at is not None):
            yield Violation(path=f"{where}.cancelledAt", message="set iff cancelled")


def _check_bookings(state: TravelState) -> Iterator[Violation]:
    seats: Counter[tuple[str, str]] = Counter()
    refs = Counter([b.ref for b in state.bookings.values()] + [s.ref for s in state.stays.values()])
    for key, b in state.bookings.items():
        where = f"bookings.{key}"
        trip = state.trips.get(b.trip_id)
        if trip is None:
            yield Violation(path=f"{where}.tripId", message="no such trip")
        elif trip.traveller_id != b.traveller_id:
            yield Violation(path=f"{where}.travellerId", message="not the trip's traveller")
        elif trip.status == "cancelled" and b.status == "confirmed":
            yield Violation(path=f"{where}.status", message="confirmed on a cancelled trip")
        if refs[b.ref] > 1:
            yield Violation(path=f"{where}.ref", message=f"reference {b.ref} twice")
        if b.fare not in state.fare_rules:
            yield Violation(path=f"{where}.fare", message="no such fare brand")
            continue
        if b.flight_id is not None:
            flight = state.flights.get(b.flight_id)
            if flight is None:
                yield Violation(path=f"{where}.flightId", message="no such flight")
            elif (flight.number, flight.date, flight.origin) != (b.number, b.date, b.origin):
                yield Violation(path=f"{where}.number", message="not the flight it names")
        if b.seat:
            cabin = state.fare_rules[b.fare].cabin
            if seat_cabin(b.seat) != cabin:
                yield Violation(path=f"{where}.seat", message=f"not a {cabin} seat")
            if b.status == "confirmed" and b.flight_id is not None:
                seats[(b.flight_id, b.seat)] += 1
                if seats[(b.flight_id, b.seat)] > 1:
                    yield Violation(path=f"{where}.seat", message=f"seat {b.seat} held twice")
        if (b.status == "cancelled") != (b.cancelled_at is not None):
            yield Violation(path=f"{where}.cancelledAt", message="set iff cancelled")
        if b.status == "confirmed" and b.refund_cents:
            yield Violation(path=f"{where}.refundCents", message="a refund on a live booking")
        if b.refund_cents > b.price_cents:
            yield Violation(path=f"{where}.refundCents", message="more than the fare")


def _check_stays(state: TravelState) -> Iterator[Violation]:
    for key, s in state.stays.items():
        where = f"stays.{key}"
        trip = state.trips.get(s.trip_id)
        if trip is None:
            yield Violation(path=f"{where}.tripId", message="no such trip")
        elif trip.traveller_id != s.traveller_id:
            yield Violation(path=f"{where}.travellerId", message="not the trip's traveller")
        hotel = state.hotels.get(s.hotel_id)
        if hotel is None:
            yield Violation(path=f"{where}.hotelId", message="no such hotel")
        elif s.room not in hotel.rooms:
            yield Violation(path=f"{where}.room", message="no such room type")
        if s.check_out <= s.check_in:
            yield Violation(path=f"{where}.checkOut", message="not after check-in")
        if (s.status == "cancelled") != (s.cancelled_at is not None):
            yield Violation(path=f"{where}.cancelledAt", message="set iff cancelled")


CHECKS = InvariantChecks(
    (
        [*_COLLECTIONS, "airports", "fare_rules", "current_user"],
        _check_keys,
    ),
    (["flights", "airlines", "airports", "fare_rules", "hotels", "travellers"], _check_schedule),
    (["trips", "travellers", "airports"], _check_trips),
    (["bookings", "trips", "flights", "fare_rules", "stays"], _check_bookings),
    (["stays", "trips", "hotels"], _check_stays),
)


def broken_states(seed: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The seed with one rule broken each (what ``cuagym appgen audit`` proves 422s with)."""
    orphan = copy.deepcopy(seed)
    orphan["bookings"][next(iter(orphan["bookings"]))]["tripId"] = "trp-nowhere"
    twice = copy.deepcopy(seed)
    seated = [
        b
        for b in twice["bookings"].values()
        if b["seat"] and b["flightId"] and b["status"] == "confirmed"
    ]
    other = next(
        b
        for b in twice["bookings"].values()
        if b["flightId"] is None and b["fare"] == seated[0]["fare"]
    )
    other.update(
        flightId=seated[0]["flightId"],
        number=seated[0]["number"],
        date=seated[0]["date"],
        origin=seated[0]["origin"],
        seat=seated[0]["seat"],
        status="confirmed",
        cancelledAt=None,
        refundCents=0,
    )
    rejected = copy.deepcopy(seed)
    trip = next(t for t in rejected["trips"].values() if t["status"] == "rejected")
    trip["decisionNote"] = ""
    stay = copy.deepcopy(seed)
    first = next(iter(stay["stays"].values()))
    first["checkOut"] = first["checkIn"]
    return {
        "booking on a trip that does not exist": orphan,
        "one seat held by two bookings": twice,
        "rejected trip without a note": rejected,
        "hotel stay that checks out when it checks in": stay,
    }

"""State operations behind every action of the travel site, as plain functions on the JSON
state dict.

UI routes call these inside ``UISession.mutate``; task families call the same functions to
build golden states, so a page and a golden patch cannot disagree on what an action does.
Values arrive parsed (cents, ISO days, ids); these functions apply the site's rules (bookings
go into a trip being planned, inside its dates; fare brands decide what a change costs and what
a cancellation gives back; an out-of-policy trip waits for a manager) and raise
:class:`ActionError` with a message for the person. The hub validates the schema and the
invariants after every change as well.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from typing import Any

from cuagym.apps.travel._rules import (
    cancel_refund,
    change_cost,
    is_free,
    new_ref,
    nights,
    seat_cabin,
    trip_issues,
)

__all__ = [
    "ActionError",
    "book_flight",
    "book_stay",
    "cancel_booking",
    "cancel_stay",
    "cancel_trip",
    "change_flight",
    "choose_seat",
    "create_trip",
    "decide_trip",
    "format_ts",
    "new_id",
    "remember_trip",
    "remove_loyalty",
    "reopen_trip",
    "set_loyalty",
    "submit_trip",
    "update_policy",
    "update_traveller",
    "update_trip",
]

State = dict[str, Any]
ID_PREFIX = {"trips": "trp", "bookings": "bk", "stays": "sy"}
_RECENT_MAX = 6


class ActionError(ValueError):
    """An action that cannot be done; the message is shown to the person as is."""


def format_ts(moment: datetime) -> str:
    """The app's timestamp spelling: UTC, whole seconds, ``Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _stamp(now: datetime | None) -> str:
    return format_ts(now if now is not None else datetime.now(UTC))


def new_id(state: State, collection: str) -> str:
    """The next free id of a collection: ``<prefix>-<max + 1, 4 digits>`` (``bk-0109``)."""
    prefix = ID_PREFIX[collection]
    pattern = re.compile(rf"{prefix}-(\d+)")
    highest = 0
    for key in state[collection]:
        m = pattern.fullmatch(key)
        if m:
            highest = max(highest, int(m.group(1)))
    return f"{prefix}-{highest + 1:04d}"


def _get(state: State, collection: str, rid: str, what: str) -> dict[str, Any]:
    record = state[collection].get(rid)
    if record is None:
        raise ActionError(f"There is no {what} {rid!r}.")
    return record  # type: ignore[no-any-return]


def _long(day: str) -> str:
    d = date.fromisoformat(day)
    return f"{d:%b} {d.day}, {d.year}"


def remember_trip(state: State, tid: str) -> None:
    """Put an opened trip first in the volatile recently-viewed list."""
    recent = [t for t in state["ui"]["recentTrips"] if t != tid]
    state["ui"]["recentTrips"] = [tid, *recent][:_RECENT_MAX]


# -- trips ------------------------------------------------------------------------------------
def _dates(starts_on: str, ends_on: str) -> None:
    if ends_on < starts_on:
        raise ActionError("A trip cannot end before it starts.")
    if (date.fromisoformat(ends_on) - date.fromisoformat(starts_on)).days > 60:
        raise ActionError("A trip lasts at most 60 days.")


def create_trip(
    state: State,
    traveller_id: str,
    name: str,
    destination: str,
    starts_on: str,
    ends_on: str,
    purpose: str = "",
    now: datetime | None = None,
) -> str:
    """A new trip being planned (``draft``) for a traveller; returns its id."""
    _get(state, "travellers", traveller_id, "traveller")
    if destination not in state["airports"]:
        raise ActionError(f"Unknown destination {destination!r}.")
    name = " ".join(name.split())
    if not name:
        raise ActionError("Give the trip a name.")
    _dates(starts_on, ends_on)
    tid = new_id(state, "trips")
    state["trips"][tid] = {
        "id": tid,
        "name": name,
        "travellerId": traveller_id,
        "destination": destination,
        "purpose": " ".join(purpose.split()),
        "startsOn": starts_on,
        "endsOn": ends_on,
        "status": "draft",
        "justification": "",
        "decisionNote": "",
        "decidedBy": None,
        "decidedAt": None,
        "submittedAt": None,
        "cancelledAt": None,
        "createdAt": _stamp(now),
    }
    return tid


def _trip_in(state: State, tid: str, allowed: tuple[str, ...], what: str) -> dict[str, Any]:
    trip = _get(state, "trips", tid, "trip")
    if trip["status"] not in allowed:
        raise ActionError(f"{trip['name']} is {trip['status']}: it cannot be {what}.")
    return trip


def update_trip(
    state: State, tid: str, name: str, purpose: str, starts_on: str, ends_on: str
) -> None:
    """Rename a trip being planned or move its dates (its bookings must still fit)."""
    trip = _trip_in(state, tid, ("draft",), "edited (reopen it first)")
    name = " ".join(name.split())
    if not name:
        raise ActionError("Give the trip a name.")
    _dates(starts_on, ends_on)
    for b in state["bookings"].values():
        if (
            b["tripId"] == tid
            and b["status"] == "confirmed"
            and not starts_on <= b["date"] <= ends_on
        ):
            raise ActionError(f"{b['number']} on {_long(b['date'])} would fall outside the trip.")
    for s in state["stays"].values():
        if (
            s["tripId"] == tid
            and s["status"] == "confirmed"
            and not (starts_on <= s["checkIn"] and s["checkOut"] <= ends_on)
        ):
            raise ActionError("A hotel stay would fall outside the trip.")
    trip.update(name=name, purpose=" ".join(purpose.split()), startsOn=starts_on, endsOn=ends_on)


def submit_trip(
    state: State, tid: str, justification: str = "", now: datetime | None = None
) -> str:
    """Send a trip being planned on: in policy it is approved at once; out of policy it waits
    for a manager with the traveller's justification (required). Returns the new status."""
    trip = _trip_in(state, tid, ("draft",), "submitted")
    if not any(
        b["tripId"] == tid and b["status"] == "confirmed" for b in state["bookings"].values()
    ) and not any(
        s["tripId"] == tid and s["status"] == "confirmed" for s in state["stays"].values()
    ):
        raise ActionError("Book a flight or a hotel before submitting the trip.")
    justification = " ".join(justification.split())
    issues = trip_issues(state, tid)
    if issues and not justification:
        raise ActionError("This trip is out of policy: say why it should go ahead.")
    trip.update(
        status="submitted" if issues else "approved",
        justification=justification,
        submittedAt=_stamp(now),
        decisionNote="",
        decidedBy=None,
        decidedAt=None,
    )
    return str(trip["status"])


def decide_trip(
    state: State, tid: str, approve: bool, note: str = "", now: datetime | None = None
) -> None:
    """A manager's decision on a submitted trip; rejecting needs a note for the traveller."""
    me = state["travellers"].get(state["currentUser"], {})
    if not me.get("manager"):
        raise ActionError("Only a travel manager can approve trips.")
    trip = _trip_in(state, tid, ("submitted",), "approved or rejected")
    note = " ".join(note.split())
    if not approve and not note:
        raise ActionError("Tell the traveller why the trip is rejected.")
    trip.update(
        status="approved" if approve else "rejected",
        decisionNote=note,
        decidedBy=state["currentUser"],
        decidedAt=_stamp(now),
    )


def reopen_trip(state: State, tid: str) -> None:
    """Back to planning (a rejected trip to rebook, an approved one to add to): the decision
    goes, so it is submitted again."""
    trip = _trip_in(state, tid, ("rejected", "approved"), "reopened")
    trip.update(status="draft", submittedAt=None, decidedBy=None, decidedAt=None, decisionNote="")


def cancel_trip(state: State, tid: str, now: datetime | None = None) -> None:
    """Call a trip off: every confirmed booking and stay on it is cancelled by its rules."""
    trip = _trip_in(state, tid, ("draft", "submitted", "approved", "rejected"), "cancelled")
    for bid, b in sorted(state["bookings"].items()):
        if b["tripId"] == tid and b["status"] == "confirmed":
            cancel_booking(state, bid, now)
    for sid, s in sorted(state["stays"].items()):
        if s["tripId"] == tid and s["status"] == "confirmed":
            cancel_stay(state, sid, now)
    trip.update(status="cancelled", cancelledAt=_stamp(now))


# -- flights ----------------------------------------------------------------------------------
def _planning(state: State, tid: str) -> dict[str, Any]:
    return _trip_in(state, tid, ("draft",), "booked into (only trips being planned take bookings)")


def book_flight(
    state: State, tid: str, flight_id: str, fare: str, now: datetime | None = None
) -> str:
    """Book a seat of ``fare`` on a flight for the trip's traveller; returns the booking id."""
    trip = _planning(state, tid)
    flight = _get(state, "flights", flight_id, "flight")
    offer = flight["fares"].get(fare)
    if offer is None:
        raise ActionError(f"Unknown fare {fare!r}.")
    if offer["seatsLeft"] < 1:
        raise ActionError(f"{flight['number']} has no {fare} seats left.")
    if not trip["startsOn"] <= flight["date"] <= trip["endsOn"]:
        raise ActionError(
            f"{flight['number']} flies on {_long(flight['date'])}, outside {trip['name']} "
            f"({_long(trip['startsOn'])} to {_long(trip['endsOn'])})."
        )
    for b in state["bookings"].values():
        if b["tripId"] == tid and b["flightId"] == flight_id and b["status"] == "confirmed":
            raise ActionError(f"{trip['name']} already has a ticket on {flight['number']}.")
    bid = new_id(state, "bookings")
    offer["seatsLeft"] -= 1
    state["bookings"][bid] = {
        "id": bid,
        "ref": new_ref(state, bid),
        "tripId": tid,
        "travellerId": trip["travellerId"],
        "flightId": flight_id,
        "airlineId": flight["airlineId"],
        "number": flight["number"],
        "origin": flight["origin"],
        "destination": flight["destination"],
        "date": flight["date"],
        "departs": flight["departs"],
        "arrives": flight["arrives"],
        "fare": fare,
        "priceCents": offer["priceCents"],
        "feesCents": 0,
        "seat": "",
        "status": "confirmed",
        "refundCents": 0,
        "createdAt": _stamp(now),
        "changedAt": None,
        "cancelledAt": None,
    }
    return bid


def _live(state: State, bid: str) -> dict[str, Any]:
    booking = _get(state, "bookings", bid, "booking")
    if booking["status"] != "confirmed":
        raise ActionError(f"Booking {booking['ref']} is cancelled.")
    if booking["flightId"] is None:
        raise ActionError(f"Booking {booking['ref']} has flown: it cannot be changed.")
    return booking


def choose_seat(state: State, bid: str, seat: str) -> None:
    """Give a booking a seat in its fare's cabin (one nobody else holds)."""
    booking = _live(state, bid)
    seat = seat.strip().upper()
    cabin = state["fareRules"][booking["fare"]]["cabin"]
    if seat_cabin(seat) is None:
        raise ActionError(f"There is no seat {seat!r} on this aircraft.")
    if seat_cabin(seat) != cabin:
        raise ActionError(f"Seat {seat} is not in the {cabin} cabin of this fare.")
    if not is_free(state, booking["flightId"], seat, but=bid):
        raise ActionError(f"Seat {seat} is taken.")
    booking["seat"] = seat


def change_flight(state: State, bid: str, flight_id: str, now: datetime | None = None) -> int:
    """Move a booking to another flight of its route and trip dates, same fare brand: the
    brand's change fee plus any fare rise is charged, the seat is given up. Returns the cost."""
    booking = _live(state, bid)
    trip = state["trips"][booking["tripId"]]
    if trip["status"] == "cancelled":
        raise ActionError("The trip is cancelled.")
    flight = _get(state, "flights", flight_id, "flight")
    if flight_id == booking["flightId"]:
        raise ActionError("That is the flight already booked.")
    if (flight["origin"], flight["destination"]) != (booking["origin"], booking["destination"]):
        raise ActionError("A change keeps the route: pick a flight between the same airports.")
    if not trip["startsOn"] <= flight["date"] <= trip["endsOn"]:
        raise ActionError(f"{flight['number']} on {_long(flight['date'])} is outside the trip.")
    cost = change_cost(state, booking, flight)
    if cost is None:
        raise ActionError(
            f"A {state['fareRules'][booking['fare']]['label']} fare cannot be changed."
        )
    offer = flight["fares"][booking["fare"]]
    if offer["seatsLeft"] < 1:
        raise ActionError(f"{flight['number']} has no {booking['fare']} seats left.")
    old = state["flights"].get(booking["flightId"])
    if old is not None:
        old["fares"][booking["fare"]]["seatsLeft"] += 1
    offer["seatsLeft"] -= 1
    booking.update(
        flightId=flight_id,
        airlineId=flight["airlineId"],
        number=flight["number"],
        date=flight["date"],
        departs=flight["departs"],
        arrives=flight["arrives"],
        priceCents=max(booking["priceCents"], offer["priceCents"]),
        feesCents=booking["feesCents"] + state["fareRules"][booking["fare"]]["changeFeeCents"],
        seat="",
        changedAt=_stamp(now),
    )
    return cost


def cancel_booking(state: State, bid: str, now: datetime | None = None) -> int:
    """Cancel a ticket: the fare less the brand's cancellation fee comes back (nothing on a
    non-refundable brand), the seat is given up. Returns the refund."""
    booking = _get(state, "bookings", bid, "booking")
    if booking["status"] != "confirmed":
        raise ActionError(f"Booking {booking['ref']} is already cancelled.")
    refund = cancel_refund(state, booking)
    flight = state["flights"].get(booking["flightId"] or "")
    if flight is not None:
        flight["fares"][booking["fare"]]["seatsLeft"] += 1
    booking.update(status="cancelled", refundCents=refund, seat="", cancelledAt=_stamp(now))
    return refund


# -- hotels -----------------------------------------------------------------------------------
def book_stay(
    state: State,
    tid: str,
    hotel_id: str,
    room: str,
    check_in: str,
    check_out: str,
    now: datetime | None = None,
) -> str:
    """Book a room type for the nights from check-in to check-out; returns the stay's id."""
    trip = _planning(state, tid)
    hotel = _get(state, "hotels", hotel_id, "hotel")
    rate = hotel["rooms"].get(room)
    if rate is None:
        raise ActionError(f"{hotel['name']} has no room {room!r}.")
    if check_out <= check_in:
        raise ActionError("Check-out is after check-in.")
    if not (trip["startsOn"] <= check_in and check_out <= trip["endsOn"]):
        raise ActionError(
            f"The nights must fall inside {trip['name']} ({_long(trip['startsOn'])} to "
            f"{_long(trip['endsOn'])})."
        )
    sid = new_id(state, "stays")
    state["stays"][sid] = {
        "id": sid,
        "ref": new_ref(state, sid),
        "tripId": tid,
        "travellerId": trip["travellerId"],
        "hotelId": hotel_id,
        "room": room,
        "checkIn": check_in,
        "checkOut": check_out,
        "nightlyCents": rate["nightlyCents"],
        "status": "confirmed",
        "refundCents": 0,
        "createdAt": _stamp(now),
        "cancelledAt": None,
    }
    return sid


def cancel_stay(state: State, sid: str, now: datetime | None = None) -> int:
    """Cancel a hotel booking: a refundable rate comes back in full, a prepaid one does not."""
    stay = _get(state, "stays", sid, "hotel booking")
    if stay["status"] != "confirmed":
        raise ActionError(f"Hotel booking {stay['ref']} is already cancelled.")
    refundable = state["hotels"][stay["hotelId"]]["rooms"][stay["room"]]["refundable"]
    refund = stay["nightlyCents"] * nights(stay["checkIn"], stay["checkOut"]) if refundable else 0
    stay.update(status="cancelled", refundCents=refund, cancelledAt=_stamp(now))
    return refund


# -- people and policy --------------------------------------------------------------------------
def update_traveller(
    state: State,
    tid: str,
    email: str,
    department: str,
    job_title: str,
    home_airport: str,
    seat_preference: str,
) -> None:
    person = _get(state, "travellers", tid, "traveller")
    if home_airport not in state["airports"]:
        raise ActionError(f"Unknown airport {home_airport!r}.")
    if seat_preference not in ("aisle", "window", "none"):
        raise ActionError("Pick aisle, window or no preference.")
    email = email.strip()
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", email):
        raise ActionError("Enter an e-mail address like name@example.com.")
    person.update(
        email=email,
        department=" ".join(department.split()),
        jobTitle=" ".join(job_title.split()),
        homeAirport=home_airport,
        seatPreference=seat_preference,
    )


def set_loyalty(state: State, tid: str, airline_id: str, number: str) -> None:
    """Add or replace a traveller's frequent-flyer number with an airline."""
    person = _get(state, "travellers", tid, "traveller")
    if airline_id not in state["airlines"]:
        raise ActionError(f"Unknown airline {airline_id!r}.")
    number = re.sub(r"[\s-]", "", number).upper()
    if not re.fullmatch(r"[A-Z0-9]{6,14}", number):
        raise ActionError("A loyalty number is 6 to 14 letters and digits.")
    person["loyalty"][airline_id] = number


def remove_loyalty(state: State, tid: str, airline_id: str) -> None:
    person = _get(state, "travellers", tid, "traveller")
    if airline_id not in person["loyalty"]:
        raise ActionError("There is no such loyalty number.")
    del person["loyalty"][airline_id]


def update_policy(
    state: State, domestic_cents: int, international_cents: int, hotel_cents: int, business_min: int
) -> None:
    me = state["travellers"].get(state["currentUser"], {})
    if not me.get("manager"):
        raise ActionError("Only a travel manager can change the policy.")
    if min(domestic_cents, international_cents, hotel_cents) <= 0:
        raise ActionError("Every cap is more than $0.")
    if not 0 <= business_min <= 1440:
        raise ActionError("The business-class threshold is between 0 and 24 hours.")
    state["company"]["policy"].update(
        domesticFareCapCents=domestic_cents,
        internationalFareCapCents=international_cents,
        hotelNightCapCents=hotel_cents,
        businessMinMinutes=business_min,
    )

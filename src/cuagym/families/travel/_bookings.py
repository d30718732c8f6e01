"""Task families on bookings and profiles: add a loyalty number, choose a seat, cancel a
ticket, book a named flight into a trip, book a hotel room for a trip."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.travel import format_money, long_date
from cuagym.apps.travel.ops import (
    book_flight,
    book_stay,
    cancel_booking,
    cancel_refund,
    choose_seat,
    seat_map,
    set_loyalty,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams
from cuagym.families.travel._base import ME, TravelFamily
from cuagym.families.travel._common import (
    GEN_NOW,
    SEED,
    booking_of,
    build_world,
    name_of,
    trip_of,
)

__all__ = ["AddLoyalty", "BookFlight", "BookHotel", "CancelBooking", "ChooseSeat"]

State = dict[str, Any]
_CONTEXT = f"The company travel site is open; you are {ME}, the travel manager."


def live_bookings(state: State, fares: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Confirmed bookings on flights still on the schedule (of the given fare brands)."""
    return [
        b
        for _, b in sorted(state["bookings"].items())
        if b["status"] == "confirmed" and b["flightId"] and (not fares or b["fare"] in fares)
    ]


def drafts(state: State) -> list[dict[str, Any]]:
    return [t for _, t in sorted(state["trips"].items()) if t["status"] == "draft"]


def home_of(state: State, trip: dict[str, Any]) -> str:
    return str(state["travellers"][trip["travellerId"]]["homeAirport"])


def route_flights(state: State, origin: str, dest: str, day: str) -> list[dict[str, Any]]:
    """The flights of a route on a day, in departure order."""
    return sorted(
        (
            f
            for f in state["flights"].values()
            if (f["origin"], f["destination"], f["date"]) == (origin, dest, day)
        ),
        key=lambda f: f["departs"],
    )


def free_seats(state: State, flight_id: str, cabin: str, kind: str = "") -> list[str]:
    return [
        s["seat"]
        for row in seat_map(state, flight_id)
        if row["cabin"] == cabin
        for s in row["seats"]
        if not s["taken"] and (not kind or s["kind"] == kind)
    ]


# -- add a loyalty number ---------------------------------------------------------------------
_LOYALTY_FRAMES = (
    "Add {traveller}'s {program} membership number {number} to their travel profile.",
    "{traveller} just joined {program} ({airline}). Save the number {number} on their profile.",
    "Record the {airline} frequent-flyer number {number} for {traveller} ({program}).",
    "Please put {program} number {number} on {traveller}'s traveller profile so future "
    "{airline} bookings earn miles.",
    "{traveller} sent their {program} number: {number}. Add it to their profile on the travel "
    "site.",
)


class AddLoyaltyParams(TaskParams):
    traveller: str
    email: str
    airline: str
    program: str
    number: str


class AddLoyalty(TravelFamily):
    id: ClassVar[str] = "add-loyalty"
    params_type = AddLoyaltyParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("people", "loyalty", "add")
    checks = ("add_loyalty",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pairs = [
            (p, a)
            for _, p in sorted(SEED["travellers"].items())
            for a in sorted(SEED["airlines"])
            if a not in p["loyalty"] and not p["manager"]
        ]
        person, aid = rng.choice(pairs)
        airline = SEED["airlines"][aid]
        number = f"{airline['code']}{rng.randint(10**7, 10**8 - 1)}"
        traveller = name_of(SEED, person["id"])
        frame = rng.choice(_LOYALTY_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                traveller=traveller,
                program=airline["program"],
                airline=airline["name"],
                number=number,
            ),
            f"{_CONTEXT} {traveller} <{person['email']}> has no {airline['program']} number "
            f"({airline['name']}) on file yet.",
            traveller=traveller,
            email=person["email"],
            airline=airline["name"],
            program=airline["program"],
            number=number,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = AddLoyaltyParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        tid = next(k for k, t in gold["travellers"].items() if t["email"] == p.email)
        aid = next(k for k, a in gold["airlines"].items() if a["name"] == p.airline)
        set_loyalty(gold, tid, aid, p.number)
        return self.scripts(world, gold)


# -- choose a seat ----------------------------------------------------------------------------
_SEAT_FRAMES = (
    "Give booking {ref} ({traveller}, {number} on {day}) seat {seat}.",
    "{traveller} wants seat {seat} on {number} ({day}). Choose it on booking {ref}.",
    "Seat {traveller} in {seat} on their {number} flight of {day} (booking {ref}).",
    "On the seat map of booking {ref}, take seat {seat} for {traveller} ({number}, {day}).",
    "Please move {traveller} to seat {seat} on {number}, {day}; the booking reference is {ref}.",
)


class ChooseSeatParams(TaskParams):
    ref: str
    traveller: str
    number: str
    date: str
    seat: str


class ChooseSeat(TravelFamily):
    id: ClassVar[str] = "choose-seat"
    params_type = ChooseSeatParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("bookings", "flights", "seat")
    checks = ("choose_seat",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        booking = rng.choice(live_bookings(SEED))
        cabin = SEED["fareRules"][booking["fare"]]["cabin"]
        seat = rng.choice([s for s in free_seats(SEED, booking["flightId"], cabin)])
        traveller = name_of(SEED, booking["travellerId"])
        frame = rng.choice(_SEAT_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                ref=booking["ref"],
                traveller=traveller,
                number=booking["number"],
                day=long_date(booking["date"]),
                seat=seat,
            ),
            f"{_CONTEXT} Booking {booking['ref']} is {traveller}'s "
            f"{SEED['fareRules'][booking['fare']]['label']} ticket on {booking['number']}, "
            f"{long_date(booking['date'])}; seat {seat} is free"
            + (f" (now in {booking['seat']})." if booking["seat"] else " (no seat yet)."),
            ref=booking["ref"],
            traveller=traveller,
            number=booking["number"],
            date=booking["date"],
            seat=seat,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ChooseSeatParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        choose_seat(gold, booking_of(gold, p.ref), p.seat)
        return self.scripts(world, gold)


# -- cancel a ticket --------------------------------------------------------------------------
_CANCEL_FRAMES = (
    "{traveller} no longer flies {number} on {day}. Cancel booking {ref}.",
    "Cancel {traveller}'s ticket {ref} ({number}, {day}); the fare rules decide the refund.",
    "The {day} flight {number} is off for {traveller}: cancel the booking {ref}.",
    "Please cancel booking reference {ref} ({traveller} on {number}, {day}) and nothing else.",
    "Drop {traveller}'s seat on {number} on {day} by cancelling booking {ref}.",
)


class CancelBookingParams(TaskParams):
    ref: str
    traveller: str
    number: str
    date: str
    refund_cents: int


class CancelBooking(TravelFamily):
    id: ClassVar[str] = "cancel-booking"
    params_type = CancelBookingParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("bookings", "flights", "cancel")
    checks = ("cancel_booking",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        booking = rng.choice(live_bookings(SEED))
        traveller = name_of(SEED, booking["travellerId"])
        refund = cancel_refund(SEED, booking)
        rule = SEED["fareRules"][booking["fare"]]
        frame = rng.choice(_CANCEL_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                ref=booking["ref"],
                traveller=traveller,
                number=booking["number"],
                day=long_date(booking["date"]),
            ),
            f"{_CONTEXT} Booking {booking['ref']} is a {rule['label']} fare of "
            f"{format_money(booking['priceCents'])}; cancelling it refunds "
            f"{format_money(refund)}.",
            ref=booking["ref"],
            traveller=traveller,
            number=booking["number"],
            date=booking["date"],
            refund_cents=refund,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = CancelBookingParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        cancel_booking(gold, booking_of(gold, p.ref), GEN_NOW)
        return self.scripts(world, gold)


# -- book a named flight ----------------------------------------------------------------------
_BOOK_FRAMES = (
    "Book {traveller} on {number} from {origin} to {dest} on {day}, {fare} fare, for the trip "
    '"{trip}".',
    'Add flight {number} ({day}, {origin} to {dest}) to "{trip}" for {traveller}, in the '
    "{fare} fare.",
    '{traveller} needs {number} on {day} for "{trip}": book the {fare} fare.',
    'For the trip "{trip}", get {traveller} a {fare} ticket on {number} ({origin} → {dest}, '
    "{day}).",
    'Please book the {fare} fare of {number} on {day} into the trip "{trip}" ({traveller}).',
)


class BookFlightParams(TaskParams):
    trip: str
    traveller: str
    number: str
    origin: str
    dest: str
    date: str
    fare: str


class BookFlight(TravelFamily):
    id: ClassVar[str] = "book-flight"
    params_type = BookFlightParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("bookings", "flights", "book")
    checks = ("book_flight", "_new_booking")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        trip = rng.choice(drafts(SEED))
        home = home_of(SEED, trip)
        outbound = rng.random() < 0.6
        origin, dest = (home, trip["destination"]) if outbound else (trip["destination"], home)
        day = trip["startsOn"] if outbound else trip["endsOn"]
        flight = rng.choice(route_flights(SEED, origin, dest, day))
        fare = rng.choice(("saver", "standard", "flex"))
        traveller = name_of(SEED, trip["travellerId"])
        label = SEED["fareRules"][fare]["label"]
        frame = rng.choice(_BOOK_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                traveller=traveller,
                number=flight["number"],
                origin=origin,
                dest=dest,
                day=long_date(day),
                fare=label,
                trip=trip["name"],
            ),
            f'{_CONTEXT} "{trip["name"]}" is being planned for {traveller} and has no '
            f"bookings yet; {flight['number']} flies {origin} to {dest} at {flight['departs']}.",
            trip=trip["name"],
            traveller=traveller,
            number=flight["number"],
            origin=origin,
            dest=dest,
            date=day,
            fare=label,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = BookFlightParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        fid = next(
            k for k, f in gold["flights"].items() if f["number"] == p.number and f["date"] == p.date
        )
        book_flight(gold, trip_of(gold, p.trip), fid, p.fare.lower(), GEN_NOW)
        return self.scripts(world, gold)


# -- book a hotel -----------------------------------------------------------------------------
_HOTEL_FRAMES = (
    'Book a {room} at {hotel} for the trip "{trip}": check in {check_in}, check out {check_out}.',
    '{traveller} stays at {hotel} during "{trip}". Book the {room} from {check_in} to {check_out}.',
    'Add a hotel to "{trip}": {hotel}, {room}, arriving {check_in} and leaving {check_out}.',
    'Reserve {hotel}\'s {room} for {traveller} ({check_in} to {check_out}) on the trip "{trip}".',
    'For "{trip}", {traveller} needs the {room} at {hotel}, nights of {check_in} to '
    "{check_out}. Book it.",
)


class BookHotelParams(TaskParams):
    trip: str
    traveller: str
    hotel: str
    room: str
    check_in: str
    check_out: str


class BookHotel(TravelFamily):
    id: ClassVar[str] = "book-hotel"
    params_type = BookHotelParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("bookings", "hotels", "book")
    checks = ("book_hotel",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        trip = rng.choice(drafts(SEED))
        hotel = rng.choice(
            [h for _, h in sorted(SEED["hotels"].items()) if h["city"] == trip["destination"]]
        )
        room = hotel["rooms"][rng.choice(sorted(hotel["rooms"]))]
        check_in = trip["startsOn"]
        check_out = trip["endsOn"]
        traveller = name_of(SEED, trip["travellerId"])
        frame = rng.choice(_HOTEL_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                room=room["name"],
                hotel=hotel["name"],
                trip=trip["name"],
                traveller=traveller,
                check_in=long_date(check_in),
                check_out=long_date(check_out),
            ),
            f'{_CONTEXT} "{trip["name"]}" ({traveller}) is being planned, '
            f"{long_date(trip['startsOn'])} to {long_date(trip['endsOn'])}. {hotel['name']}'s "
            f"{room['name']} costs {format_money(room['nightlyCents'])} a night.",
            trip=trip["name"],
            traveller=traveller,
            hotel=hotel["name"],
            room=room["name"],
            check_in=check_in,
            check_out=check_out,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = BookHotelParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        hotel = next(h for h in gold["hotels"].values() if h["name"] == p.hotel)
        room = next(k for k, r in hotel["rooms"].items() if r["name"] == p.room)
        book_stay(gold, trip_of(gold, p.trip), hotel["id"], room, p.check_in, p.check_out, GEN_NOW)
        return self.scripts(world, gold)

"""The hard travel families: plan a trip's outbound flight by the policy, work the approvals
queue by a rule, move a booking to the earliest flight of its day and reseat it."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.travel import format_money, long_date
from cuagym.apps.travel.ops import (
    book_flight,
    change_flight,
    choose_seat,
    decide_trip,
    submit_trip,
    trip_issues,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams
from cuagym.families.travel._base import ME, TravelFamily
from cuagym.families.travel._bookings import (
    drafts,
    free_seats,
    home_of,
    live_bookings,
    route_flights,
)
from cuagym.families.travel._common import (
    GEN_NOW,
    SEED,
    booking_of,
    build_world,
    name_of,
    trip_of,
)

__all__ = ["DecideApprovals", "PlanOutbound", "RebookEarliest", "cheapest_in_policy"]

State = dict[str, Any]
_CONTEXT = f"The company travel site is open; you are {ME}, the travel manager."


def cheapest_in_policy(state: State, flights: list[dict[str, Any]]) -> list[tuple[int, str, str]]:
    """``(price, flight id, brand)`` of every nonstop, bookable, in-policy fare, cheapest first."""
    policy = state["company"]["policy"]
    home = state["company"]["homeCountry"]
    offers = []
    for f in flights:
        if f["stops"]:
            continue
        domestic = all(
            state["airports"][c]["country"] == home for c in (f["origin"], f["destination"])
        )
        cap = policy["domesticFareCapCents" if domestic else "internationalFareCapCents"]
        for brand, offer in f["fares"].items():
            business = state["fareRules"][brand]["cabin"] == "business"
            ok = (
                f["durationMin"] >= policy["businessMinMinutes"]
                if business
                else (offer["priceCents"] <= cap)
            )
            if ok and offer["seatsLeft"] > 0:
                offers.append((offer["priceCents"], f["id"], brand))
    return sorted(offers)


# -- plan a trip's outbound flight ----------------------------------------------------------
_PLAN_FRAMES = (
    'Plan the outbound flight of "{trip}" for {traveller}: book the cheapest fare that is '
    "within the travel policy on a nonstop flight from {origin} to {dest} on {day}, give them "
    "a seat that matches the seat preference in their profile, then submit the trip.",
    '{traveller}\'s trip "{trip}" has nothing booked. Get them to {dest} on {day}: the lowest '
    "in-policy fare of any nonstop {origin}-{dest} flight that day, seated by their profile's "
    "seat preference. Submit the trip when done.",
    'Book {traveller} out on {day} ({origin} to {dest}, nonstop only) for "{trip}" at the '
    "cheapest fare the policy allows, choose a seat of the kind their profile prefers, and "
    "submit the trip.",
    'For "{trip}": pick the cheapest nonstop {origin}→{dest} fare on {day} that stays within '
    "policy, seat {traveller} according to their seat preference, and send the trip off.",
    'Finish planning "{trip}" ({traveller}): outbound nonstop from {origin} to {dest} on {day} '
    "at the lowest in-policy fare, a seat matching their preference, then submit it.",
)


class PlanOutboundParams(TaskParams):
    trip: str
    traveller: str
    origin: str
    dest: str
    date: str
    preference: str
    number: str
    fare: str


def _plan_options(state: State) -> list[tuple[dict[str, Any], list[tuple[int, str, str]]]]:
    out = []
    for trip in drafts(state):
        person = state["travellers"][trip["travellerId"]]
        if person["seatPreference"] == "none":
            continue
        flights = route_flights(state, home_of(state, trip), trip["destination"], trip["startsOn"])
        offers = cheapest_in_policy(state, flights)
        if len(offers) >= 2 and offers[0][0] < offers[1][0]:
            out.append((trip, offers))
    return out


class PlanOutbound(TravelFamily):
    id: ClassVar[str] = "plan-outbound"
    params_type = PlanOutboundParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("trips", "planning", "plan-outbound")
    checks = ("plan_outbound", "_new_booking")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        trip, offers = rng.choice(_plan_options(SEED))
        price, fid, brand = offers[0]
        flight = SEED["flights"][fid]
        person = SEED["travellers"][trip["travellerId"]]
        traveller = name_of(SEED, person["id"])
        label = SEED["fareRules"][brand]["label"]
        origin, day = home_of(SEED, trip), trip["startsOn"]
        frame = rng.choice(_PLAN_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                trip=trip["name"],
                traveller=traveller,
                origin=origin,
                dest=trip["destination"],
                day=long_date(day),
            ),
            f"{_CONTEXT} {traveller}'s profile prefers {person['seatPreference']} seats. The "
            f"cheapest in-policy nonstop fare on {long_date(day)} is {flight['number']} "
            f"{label} at {format_money(price)}.",
            trip=trip["name"],
            traveller=traveller,
            origin=origin,
            dest=trip["destination"],
            date=day,
            preference=person["seatPreference"],
            number=flight["number"],
            fare=label,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = PlanOutboundParams.of(task)
        protect = [f["id"] for f in route_flights(SEED, p.origin, p.dest, p.date)]
        world = build_world(task, protect)
        gold = copy.deepcopy(world)
        tid = trip_of(gold, p.trip)
        fid = next(
            f["id"]
            for f in route_flights(gold, p.origin, p.dest, p.date)
            if f["number"] == p.number
        )
        bid = book_flight(gold, tid, fid, p.fare.lower(), GEN_NOW)
        cabin = gold["fareRules"][p.fare.lower()]["cabin"]
        choose_seat(gold, bid, free_seats(gold, fid, cabin, p.preference)[0])
        submit_trip(gold, tid, "", GEN_NOW)
        return self.scripts(world, gold)


# -- work the approvals queue -----------------------------------------------------------------
_QUEUE_FRAMES = (
    "Work through the approvals queue. Approve each waiting trip whose only policy issues are "
    'hotel rates, with the note "{note_ok}"; reject every other waiting trip with the note '
    '"{note_no}".',
    "Decide every trip awaiting approval: a trip that is out of policy only because of its "
    'hotel\'s nightly rate is approved (note "{note_ok}"); any trip with a flight issue is '
    'rejected (note "{note_no}").',
    "Clear the approvals queue by this rule: hotel-rate overruns alone are fine, approve them "
    'with "{note_ok}"; anything with a flight over policy gets rejected with "{note_no}".',
    'Go through Approvals. Reject the trips that break the flight rules ("{note_no}") and '
    'approve the ones whose only issue is the hotel cap ("{note_ok}").',
    "Every trip waiting for you needs a decision: approve it when all its issues are hotel "
    'rates (note: "{note_ok}"), otherwise reject it (note: "{note_no}").',
)
_NOTES_OK = ("Hotel exception approved.", "Fine this once.", "Approved: client hotel.")
_NOTES_NO = (
    "Please rebook flights within policy.",
    "Economy only on this route.",
    "Flights over policy: rebook and resubmit.",
)


class DecideApprovalsParams(TaskParams):
    note_ok: str
    note_no: str
    approve: list[str]
    reject: list[str]


def _hotel_only(state: State, tid: str) -> bool:
    issues = trip_issues(state, tid)
    return bool(issues) and all(" a night is over the cap" in m for m in issues)


class DecideApprovals(TravelFamily):
    id: ClassVar[str] = "decide-approvals"
    params_type = DecideApprovalsParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("policy", "approvals", "decide")
    checks = ("decide_approvals",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        waiting = [t for _, t in sorted(SEED["trips"].items()) if t["status"] == "submitted"]
        approve = [t["name"] for t in waiting if _hotel_only(SEED, t["id"])]
        reject = [t["name"] for t in waiting if not _hotel_only(SEED, t["id"])]
        note_ok, note_no = rng.choice(_NOTES_OK), rng.choice(_NOTES_NO)
        frame = rng.choice(_QUEUE_FRAMES)
        return self.make_task(
            task_id,
            frame.format(note_ok=note_ok, note_no=note_no),
            f"{_CONTEXT} {len(waiting)} trips wait for approval. Hotel-only: "
            f"{', '.join(approve) or 'none'}; with flight issues: {', '.join(reject) or 'none'}.",
            note_ok=note_ok,
            note_no=note_no,
            approve=approve,
            reject=reject,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = DecideApprovalsParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        for name in p.approve:
            decide_trip(gold, trip_of(gold, name), True, p.note_ok, GEN_NOW)
        for name in p.reject:
            decide_trip(gold, trip_of(gold, name), False, p.note_no, GEN_NOW)
        return self.scripts(world, gold)


# -- move a booking to the earliest flight of its day ------------------------------------------
_EARLY_FRAMES = (
    "{traveller}'s meeting moved to the morning. Move booking {ref} ({number}, {day}) to the "
    "earliest flight of the same route that day, and give them a seat that matches their seat "
    "preference.",
    "Rebook {traveller} on the first flight of {day} between the same airports as booking "
    "{ref} (now {number}); pick a seat by their profile's preference.",
    "Change booking {ref} to the earliest departure of its route on {day}, then reseat "
    "{traveller} according to their seat preference.",
    "{traveller} has to arrive as early as possible on {day}: switch {ref} from {number} to "
    "that day's earliest flight on the route and choose a seat they prefer.",
    "Please move {traveller} (booking {ref}, {number}) onto the earliest flight of {day} on "
    "the same route; seat them according to their seat preference.",
)


class RebookEarliestParams(TaskParams):
    ref: str
    traveller: str
    number: str
    date: str
    preference: str
    new_number: str


def _rebook_options(state: State) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    out = []
    for b in live_bookings(state, ("standard", "flex")):
        if state["trips"][b["tripId"]]["status"] == "cancelled":
            continue
        if state["travellers"][b["travellerId"]]["seatPreference"] == "none":
            continue
        first = route_flights(state, b["origin"], b["destination"], b["date"])[0]
        if first["id"] != b["flightId"]:
            out.append((b, first))
    return out


class RebookEarliest(TravelFamily):
    id: ClassVar[str] = "rebook-earliest"
    params_type = RebookEarliestParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("bookings", "flights", "change")
    checks = ("rebook_earliest",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        booking, first = rng.choice(_rebook_options(SEED))
        person = SEED["travellers"][booking["travellerId"]]
        traveller = name_of(SEED, person["id"])
        frame = rng.choice(_EARLY_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                traveller=traveller,
                ref=booking["ref"],
                number=booking["number"],
                day=long_date(booking["date"]),
            ),
            f"{_CONTEXT} Booking {booking['ref']} is a "
            f"{SEED['fareRules'][booking['fare']]['label']} fare on {booking['number']} at "
            f"{booking['departs']}; the earliest flight of that route on "
            f"{long_date(booking['date'])} is {first['number']} at {first['departs']}. "
            f"{traveller} prefers {person['seatPreference']} seats.",
            ref=booking["ref"],
            traveller=traveller,
            number=booking["number"],
            date=booking["date"],
            preference=person["seatPreference"],
            new_number=first["number"],
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = RebookEarliestParams.of(task)
        booking = SEED["bookings"][booking_of(SEED, p.ref)]
        protect = [
            f["id"] for f in route_flights(SEED, booking["origin"], booking["destination"], p.date)
        ]
        world = build_world(task, protect)
        gold = copy.deepcopy(world)
        bid = booking_of(gold, p.ref)
        fid = next(
            f["id"]
            for f in gold["flights"].values()
            if f["number"] == p.new_number and f["date"] == p.date
        )
        old_seat = gold["bookings"][bid]["seat"]
        change_flight(gold, bid, fid, GEN_NOW)
        cabin = gold["fareRules"][gold["bookings"][bid]["fare"]]["cabin"]
        seats = free_seats(gold, fid, cabin, p.preference)
        # the same seat again where it is free on the new flight: the seat a person keeps
        choose_seat(gold, bid, old_seat if old_seat in seats else seats[0])
        return self.scripts(world, gold)

"""The travel site's state operations: what each action does, and what it refuses."""

from __future__ import annotations

from typing import Any

import pytest

from cuagym.apps.travel import WORLD_NOW
from cuagym.apps.travel._invariants import check_invariants
from cuagym.apps.travel._schema import TravelState
from cuagym.apps.travel.ops import (
    ActionError,
    book_flight,
    book_stay,
    cancel_booking,
    cancel_refund,
    cancel_trip,
    change_flight,
    choose_seat,
    create_trip,
    decide_trip,
    reopen_trip,
    seat_map,
    set_loyalty,
    submit_trip,
    trip_issues,
    update_policy,
)


def valid(state: dict[str, Any]) -> bool:
    return not list(check_invariants(TravelState.model_validate(state)))


def draft(seed: dict[str, Any]) -> dict[str, Any]:
    return next(t for _, t in sorted(seed["trips"].items()) if t["status"] == "draft")


def flights_of(seed: dict[str, Any], trip: dict[str, Any], day: str) -> list[dict[str, Any]]:
    home = seed["travellers"][trip["travellerId"]]["homeAirport"]
    return sorted(
        (
            f
            for f in seed["flights"].values()
            if (f["origin"], f["destination"], f["date"]) == (home, trip["destination"], day)
        ),
        key=lambda f: f["departs"],
    )


def free_seat(seed: dict[str, Any], fid: str, cabin: str = "economy") -> str:
    return next(
        str(s["seat"])
        for row in seat_map(seed, fid)
        if row["cabin"] == cabin
        for s in row["seats"]
        if not s["taken"]
    )


def test_booking_a_flight_takes_a_seat_of_the_fare_and_copies_the_flight(
    seed: dict[str, Any],
) -> None:
    trip = draft(seed)
    flight = flights_of(seed, trip, trip["startsOn"])[0]
    left = flight["fares"]["standard"]["seatsLeft"]
    bid = book_flight(seed, trip["id"], flight["id"], "standard", WORLD_NOW)
    booking = seed["bookings"][bid]
    assert (booking["number"], booking["date"], booking["priceCents"]) == (
        flight["number"],
        flight["date"],
        flight["fares"]["standard"]["priceCents"],
    )
    assert flight["fares"]["standard"]["seatsLeft"] == left - 1
    seat = free_seat(seed, flight["id"])
    choose_seat(seed, bid, seat)
    assert booking["seat"] == seat and valid(seed)
    with pytest.raises(ActionError, match="economy cabin"):
        choose_seat(seed, bid, free_seat(seed, flight["id"], "business"))


def test_a_flight_outside_the_trip_or_a_trip_not_being_planned_is_refused(
    seed: dict[str, Any],
) -> None:
    trip = draft(seed)
    outside = next(
        f for f in seed["flights"].values() if not trip["startsOn"] <= f["date"] <= trip["endsOn"]
    )
    with pytest.raises(ActionError, match="outside"):
        book_flight(seed, trip["id"], outside["id"], "saver")
    approved = next(t for t in seed["trips"].values() if t["status"] == "approved")
    with pytest.raises(ActionError, match="approved"):
        book_flight(seed, approved["id"], outside["id"], "saver")


def test_fare_rules_decide_changes_and_refunds(seed: dict[str, Any]) -> None:
    trip = draft(seed)
    first, second = flights_of(seed, trip, trip["startsOn"])[:2]
    saver = book_flight(seed, trip["id"], first["id"], "saver")
    with pytest.raises(ActionError, match="cannot be changed"):
        change_flight(seed, saver, second["id"])
    assert cancel_booking(seed, saver) == 0
    standard = book_flight(seed, trip["id"], first["id"], "standard")
    paid = seed["bookings"][standard]["priceCents"]
    cost = change_flight(seed, standard, second["id"])
    new_price = second["fares"]["standard"]["priceCents"]
    assert cost == 7500 + max(new_price - paid, 0)
    booking = seed["bookings"][standard]
    assert booking["feesCents"] == 7500 and booking["priceCents"] == max(paid, new_price)
    assert cancel_refund(seed, booking) == booking["priceCents"] - 15000
    assert cancel_booking(seed, standard) == booking["refundCents"]
    assert valid(seed)


def test_submitting_approves_in_policy_and_queues_out_of_policy(seed: dict[str, Any]) -> None:
    trip = draft(seed)
    with pytest.raises(ActionError, match="Book"):
        submit_trip(seed, trip["id"])
    flight = flights_of(seed, trip, trip["startsOn"])[0]
    book_flight(seed, trip["id"], flight["id"], "saver")
    assert submit_trip(seed, trip["id"]) == "approved" and trip["decidedBy"] is None
    reopen_trip(seed, trip["id"])
    business = flights_of(seed, trip, trip["endsOn"])[-1]
    book_flight(seed, trip["id"], business["id"], "business")
    if business["durationMin"] < seed["company"]["policy"]["businessMinMinutes"]:
        assert trip_issues(seed, trip["id"])
        with pytest.raises(ActionError, match="say why"):
            submit_trip(seed, trip["id"])
        assert submit_trip(seed, trip["id"], "Client asked for it") == "submitted"
        with pytest.raises(ActionError, match="why"):
            decide_trip(seed, trip["id"], approve=False)
        decide_trip(seed, trip["id"], False, "Fly economy", WORLD_NOW)
        assert trip["status"] == "rejected" and trip["decidedBy"] == seed["currentUser"]
    assert valid(seed)


def test_cancelling_a_trip_cancels_what_is_on_it(seed: dict[str, Any]) -> None:
    trip = next(t for _, t in sorted(seed["trips"].items()) if t["status"] == "approved")
    cancel_trip(seed, trip["id"], WORLD_NOW)
    on_trip = [b for b in seed["bookings"].values() if b["tripId"] == trip["id"]]
    assert on_trip and all(b["status"] == "cancelled" for b in on_trip)
    assert all(
        s["status"] == "cancelled" for s in seed["stays"].values() if s["tripId"] == trip["id"]
    )
    assert valid(seed)


def test_new_trips_stays_loyalty_and_policy(seed: dict[str, Any]) -> None:
    tid = create_trip(seed, "tr-ana", "Lisbon offsite", "LIS", "2026-12-09", "2026-12-11")
    hotel = next(h for h in seed["hotels"].values() if h["city"] == "LIS")
    with pytest.raises(ActionError, match="inside"):
        book_stay(seed, tid, hotel["id"], "r1", "2026-12-08", "2026-12-10")
    book_stay(seed, tid, hotel["id"], "r1", "2026-12-09", "2026-12-11")
    set_loyalty(seed, "tr-ana", "au", "au 1234-5678")
    assert seed["travellers"]["tr-ana"]["loyalty"]["au"] == "AU12345678"
    with pytest.raises(ActionError, match="6 to 14"):
        set_loyalty(seed, "tr-ana", "au", "12")
    update_policy(seed, 50000, 130000, 30000, 360)
    assert seed["company"]["policy"]["businessMinMinutes"] == 360
    assert valid(seed)

"""travel rewards against wrong end states: each scores below 1.0, for the reason written next to
it.

Every mistake is something an RL policy plausibly does instead of the task, applied with the
app's own ops (a state the UI could leave) to the initial or the gold state; the family's real
reward.py scores it in its own process against a live hub (``web_end_states``).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest

from cuagym.apps.travel import TravelApp
from cuagym.apps.travel.ops import (
    book_flight,
    book_stay,
    cancel_booking,
    change_flight,
    choose_seat,
    decide_trip,
    seat_kind,
    seat_map,
    set_loyalty,
    submit_trip,
    update_traveller,
)
from cuagym.domains import load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.travel.test_cross import MISTAKES as CROSS_MISTAKES
from tests.families.web_end_states import EndStates, Mistake, State

domain = load_domain("travel")

SEED = 1
P = dict[str, Any]


@pytest.fixture(scope="module")
def end_states(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EndStates]:
    hub = Hub(apps=[TravelApp()], token="end-states-token")
    url, stop = serve_in_thread(hub.asgi())
    live = LiveHub(url=url, token=hub.token, hub=hub)
    try:
        yield EndStates("travel", live, tmp_path_factory.mktemp("travel"))
    finally:
        stop()


def booking(state: State, ref: str) -> str:
    return next(str(k) for k, b in state["bookings"].items() if b["ref"] == ref)


def trip(state: State, name: str) -> str:
    return next(str(k) for k, t in state["trips"].items() if t["name"] == name)


def flight(state: State, number: str, day: str) -> str:
    return next(
        str(k) for k, f in state["flights"].items() if f["number"] == number and f["date"] == day
    )


def free(state: State, fid: str, cabin: str, kind: str = "", but: str = "") -> list[str]:
    return [
        s["seat"]
        for row in seat_map(state, fid, but)
        if row["cabin"] == cabin
        for s in row["seats"]
        if not s["taken"] and (not kind or s["kind"] == kind)
    ]


def other_live(state: State, ref: str) -> str:
    return next(
        str(k)
        for k, b in sorted(state["bookings"].items())
        if b["status"] == "confirmed" and b["flightId"] and b["ref"] != ref
    )


def email_of(state: State, name: str) -> str:
    return next(
        str(t["email"])
        for t in state["travellers"].values()
        if f"{t['firstName']} {t['lastName']}" == name
    )


# -- add-loyalty --------------------------------------------------------------------------------
def loyalty_on_someone_else(state: State, p: P) -> None:
    aid = next(k for k, a in state["airlines"].items() if a["name"] == p["airline"])
    other = next(k for k, t in sorted(state["travellers"].items()) if t["email"] != p["email"])
    set_loyalty(state, other, aid, p["number"])


def loyalty_number_typo(state: State, p: P) -> None:
    aid = next(k for k, a in state["airlines"].items() if a["name"] == p["airline"])
    tid = next(k for k, t in state["travellers"].items() if t["email"] == p["email"])
    set_loyalty(state, tid, aid, p["number"][:-1] + ("1" if p["number"][-1] != "1" else "2"))


def loyalty_plus_seat_preference(state: State, p: P) -> None:
    tid = next(k for k, t in state["travellers"].items() if t["email"] == p["email"])
    t = state["travellers"][tid]
    flipped = "window" if t["seatPreference"] != "window" else "aisle"
    update_traveller(
        state, tid, t["email"], t["department"], t["jobTitle"], t["homeAirport"], flipped
    )


# -- choose-seat --------------------------------------------------------------------------------
def seat_next_door(state: State, p: P) -> None:
    bid = booking(state, p["ref"])
    b = state["bookings"][bid]
    cabin = state["fareRules"][b["fare"]]["cabin"]
    choose_seat(
        state, bid, next(s for s in free(state, b["flightId"], cabin, but=bid) if s != p["seat"])
    )


def seat_on_another_booking(state: State, p: P) -> None:
    bid = other_live(state, p["ref"])
    b = state["bookings"][bid]
    cabin = state["fareRules"][b["fare"]]["cabin"]
    choose_seat(state, bid, free(state, b["flightId"], cabin, but=bid)[0])


def seat_and_cancelled(state: State, p: P) -> None:
    cancel_booking(state, booking(state, p["ref"]))


# -- cancel-booking -----------------------------------------------------------------------------
def cancelled_another_booking(state: State, p: P) -> None:
    cancel_booking(state, other_live(state, p["ref"]))


def cancelled_refund_a_cent_off(state: State, p: P) -> None:
    state["bookings"][booking(state, p["ref"])]["refundCents"] = max(p["refund_cents"] - 1, 0) or 1


def cancelled_and_another_too(state: State, p: P) -> None:
    cancel_booking(state, other_live(state, p["ref"]))


# -- book-flight / plan-outbound ------------------------------------------------------------------
def other_brand(brand: str) -> str:
    return "standard" if brand != "standard" else "flex"


def booked_other_fare(state: State, p: P) -> None:
    book_flight(
        state,
        trip(state, p["trip"]),
        flight(state, p["number"], p["date"]),
        other_brand(p["fare"].lower()),
    )


def booked_other_flight_that_day(state: State, p: P) -> None:
    fid = flight(state, p["number"], p["date"])
    f = state["flights"][fid]
    other = next(
        k
        for k, g in sorted(state["flights"].items())
        if (g["origin"], g["destination"], g["date"]) == (f["origin"], f["destination"], f["date"])
        and k != fid
    )
    book_flight(state, trip(state, p["trip"]), other, p["fare"].lower())


def booked_twice(state: State, p: P) -> None:
    tid, fid = trip(state, p["trip"]), flight(state, p["number"], p["date"])
    other = next(
        k
        for k, g in sorted(state["flights"].items())
        if g["date"] == p["date"] and k != fid and g["origin"] == state["flights"][fid]["origin"]
    )
    book_flight(state, tid, other, p["fare"].lower())


def plan_middle_seat(state: State, p: P) -> None:
    tid, fid = trip(state, p["trip"]), flight(state, p["number"], p["date"])
    bid = book_flight(state, tid, fid, p["fare"].lower())
    cabin = state["fareRules"][p["fare"].lower()]["cabin"]
    wrong = (
        "middle" if cabin == "economy" else ("window" if p["preference"] == "aisle" else "aisle")
    )
    choose_seat(state, bid, free(state, fid, cabin, wrong)[0])
    submit_trip(state, tid)


def plan_not_submitted(state: State, p: P) -> None:
    tid, fid = trip(state, p["trip"]), flight(state, p["number"], p["date"])
    bid = book_flight(state, tid, fid, p["fare"].lower())
    cabin = state["fareRules"][p["fare"].lower()]["cabin"]
    choose_seat(state, bid, free(state, fid, cabin, p["preference"])[0])


def plan_dearer_fare(state: State, p: P) -> None:
    tid, fid = trip(state, p["trip"]), flight(state, p["number"], p["date"])
    bid = book_flight(state, tid, fid, "flex")
    choose_seat(state, bid, free(state, fid, "economy", p["preference"])[0])
    submit_trip(state, tid, "Flexible dates")


# -- book-hotel ---------------------------------------------------------------------------------
def hotel_one_night_short(state: State, p: P) -> None:
    hotel = next(h for h in state["hotels"].values() if h["name"] == p["hotel"])
    room = next(k for k, r in hotel["rooms"].items() if r["name"] == p["room"])
    out = (date.fromisoformat(p["check_out"]) - timedelta(days=1)).isoformat()
    book_stay(state, trip(state, p["trip"]), hotel["id"], room, p["check_in"], out)


def hotel_other_room(state: State, p: P) -> None:
    hotel = next(h for h in state["hotels"].values() if h["name"] == p["hotel"])
    room = next(k for k, r in sorted(hotel["rooms"].items()) if r["name"] != p["room"])
    book_stay(state, trip(state, p["trip"]), hotel["id"], room, p["check_in"], p["check_out"])


def hotel_booked_twice(state: State, p: P) -> None:
    hotel = next(h for h in state["hotels"].values() if h["name"] == p["hotel"])
    room = next(k for k, r in hotel["rooms"].items() if r["name"] == p["room"])
    book_stay(state, trip(state, p["trip"]), hotel["id"], room, p["check_in"], p["check_out"])


# -- decide-approvals ---------------------------------------------------------------------------
def approved_everything(state: State, p: P) -> None:
    for name in p["approve"] + p["reject"]:
        decide_trip(state, trip(state, name), True, p["note_ok"])


def rejected_with_other_note(state: State, p: P) -> None:
    for name in p["approve"]:
        decide_trip(state, trip(state, name), True, p["note_ok"])
    for name in p["reject"]:
        decide_trip(state, trip(state, name), False, "No.")


def one_left_waiting(state: State, p: P) -> None:
    for name in p["approve"]:
        decide_trip(state, trip(state, name), True, p["note_ok"])
    for name in p["reject"][1:]:
        decide_trip(state, trip(state, name), False, p["note_no"])


# -- rebook-earliest ----------------------------------------------------------------------------
def rebooked_second_earliest(state: State, p: P) -> None:
    bid = booking(state, p["ref"])
    b = state["bookings"][bid]
    day = sorted(
        (
            f
            for f in state["flights"].values()
            if (f["origin"], f["destination"], f["date"])
            == (b["origin"], b["destination"], b["date"])
        ),
        key=lambda f: f["departs"],
    )
    target = next(f["id"] for f in day[1:] if f["id"] != b["flightId"])
    change_flight(state, bid, target)
    cabin = state["fareRules"][b["fare"]]["cabin"]
    choose_seat(state, bid, free(state, target, cabin, p["preference"], but=bid)[0])


def rebooked_middle_seat(state: State, p: P) -> None:
    bid = booking(state, p["ref"])
    b = state["bookings"][bid]
    cabin = state["fareRules"][b["fare"]]["cabin"]
    wrong = [
        s for s in free(state, b["flightId"], cabin, but=bid) if seat_kind(s) != p["preference"]
    ]
    choose_seat(state, bid, wrong[0])


def rebooked_and_fee_charged_twice(state: State, p: P) -> None:
    bid = booking(state, p["ref"])
    state["bookings"][bid]["feesCents"] += 7500


MISTAKES = [
    Mistake(
        "add-loyalty", "init", loyalty_on_someone_else, (0, 0), "*", "another traveller's profile"
    ),
    Mistake("add-loyalty", "init", loyalty_number_typo, (0, 0), "number_saved", "one digit off"),
    Mistake(
        "add-loyalty",
        "gold",
        loyalty_plus_seat_preference,
        (0, 0),
        "nothing_else_changed",
        "the seat preference changed too",
    ),
    Mistake("choose-seat", "init", seat_next_door, (0, 0), "seat", "a different free seat"),
    Mistake(
        "choose-seat", "init", seat_on_another_booking, (0, 0), "*", "another booking reseated"
    ),
    Mistake("choose-seat", "gold", seat_and_cancelled, (0, 0), "*", "the booking cancelled"),
    Mistake(
        "cancel-booking", "init", cancelled_another_booking, (0, 0), "*", "another ticket cancelled"
    ),
    Mistake(
        "cancel-booking",
        "gold",
        cancelled_refund_a_cent_off,
        (0, 0.8),
        "refund",
        "a refund off the fare rules",
    ),
    Mistake(
        "cancel-booking",
        "gold",
        cancelled_and_another_too,
        (0, 0),
        "nothing_else_changed",
        "a second ticket cancelled",
    ),
    Mistake("book-flight", "init", booked_other_fare, (0, 0.5), "fare", "the wrong fare brand"),
    Mistake(
        "book-flight",
        "init",
        booked_other_flight_that_day,
        (0, 0.5),
        "flight",
        "another flight of that day",
    ),
    Mistake("book-flight", "gold", booked_twice, (0, 0), "one_new_booking", "a second ticket"),
    Mistake(
        "plan-outbound",
        "init",
        plan_middle_seat,
        (0.5, 0.8),
        "seat_by_preference",
        "a seat against the preference",
    ),
    Mistake(
        "plan-outbound",
        "init",
        plan_not_submitted,
        (0.5, 0.8),
        "trip_submitted",
        "the trip left unsubmitted",
    ),
    Mistake(
        "plan-outbound",
        "init",
        plan_dearer_fare,
        (0, 0.8),
        "fare",
        "not the cheapest in-policy fare",
    ),
    Mistake("book-hotel", "init", hotel_one_night_short, (0, 0.8), "nights", "one night short"),
    Mistake(
        "book-hotel", "init", hotel_other_room, (0, 0.8), "hotel_and_room", "another room type"
    ),
    Mistake(
        "book-hotel", "gold", hotel_booked_twice, (0, 0), "one_new_stay", "the room booked twice"
    ),
    Mistake(
        "decide-approvals",
        "init",
        approved_everything,
        (0, 0.9),
        "decided_*",
        "flight issues approved as well",
    ),
    Mistake(
        "decide-approvals",
        "init",
        rejected_with_other_note,
        (0, 0.9),
        "decided_*",
        "rejections without the note asked for",
    ),
    Mistake(
        "decide-approvals",
        "init",
        one_left_waiting,
        (0, 0.9),
        "decided_*",
        "one trip left in the queue",
    ),
    Mistake(
        "rebook-earliest",
        "init",
        rebooked_second_earliest,
        (0, 0),
        "earliest_flight",
        "not the earliest flight",
    ),
    Mistake(
        "rebook-earliest",
        "gold",
        rebooked_middle_seat,
        (0, 0.8),
        "seat_by_preference",
        "a seat against the preference",
    ),
    Mistake(
        "rebook-earliest",
        "gold",
        rebooked_and_fee_charged_twice,
        (0, 0.9),
        "fare_rules_applied",
        "the change fee charged twice",
    ),
]


def test_every_family_has_three_wrong_end_states() -> None:
    # The cross-app families' wrong end states (in either app) live with them in test_cross.
    every = [m.family for m in MISTAKES] + [m[0] for m in CROSS_MISTAKES]
    for family in domain.families:
        assert every.count(family.id) >= 3, family.id


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.name)
def test_a_wrong_end_state_scores_below_one(mistake: Mistake, end_states: EndStates) -> None:
    end_states.check(domain.family(mistake.family), SEED, mistake)

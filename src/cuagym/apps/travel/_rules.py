"""The travel site's rules as pure functions of the JSON state: seat maps, fare rules, the
company policy and booking references.

Screens, state operations, invariants and task families all ask these, so a page, an action
and a golden state never disagree on which seats are free, what a cancellation gives back or
whether a trip is out of policy.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import date
from typing import Any

from cuagym.apps.travel.reward_lib import seat_blocked

__all__ = [
    "BUSINESS_LETTERS",
    "BUSINESS_ROWS",
    "ECONOMY_LETTERS",
    "ECONOMY_ROWS",
    "booking_issues",
    "cancel_refund",
    "change_cost",
    "is_domestic",
    "is_free",
    "new_ref",
    "nights",
    "seat_cabin",
    "seat_kind",
    "seat_map",
    "seats_held",
    "stay_issues",
    "trip_issues",
    "trip_total",
]

State = dict[str, Any]
BUSINESS_ROWS = range(1, 5)
BUSINESS_LETTERS = "ACDF"
ECONOMY_ROWS = range(10, 34)
ECONOMY_LETTERS = "ABCDEF"
_REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def seat_cabin(seat: str) -> str | None:
    """The cabin a seat is in (``business``, ``economy``), or None for no such seat."""
    if len(seat) < 2 or not seat[:-1].isdigit():
        return None
    row, letter = int(seat[:-1]), seat[-1]
    if row in BUSINESS_ROWS and letter in BUSINESS_LETTERS:
        return "business"
    if row in ECONOMY_ROWS and letter in ECONOMY_LETTERS:
        return "economy"
    return None


def seat_kind(seat: str) -> str:
    """``window``, ``aisle`` or ``middle`` (business seats are window or aisle)."""
    letter = seat[-1]
    if letter in "AF":
        return "window"
    if letter in "CD":
        return "aisle"
    return "middle"


def _blocked(flight_id: str, seat: str) -> bool:
    """Seats other passengers hold: a fixed pattern per flight (not stored, never changes; the
    rewards' library holds the rule, so a reward judges a seat as the map shows it)."""
    return seat_blocked(flight_id, seat)


def seats_held(state: State, flight_id: str, but: str = "") -> set[str]:
    """The seats of ``flight_id`` taken: other passengers' and our confirmed bookings' (except
    booking ``but``)."""
    held = {
        b["seat"]
        for bid, b in state["bookings"].items()
        if b["flightId"] == flight_id and b["status"] == "confirmed" and b["seat"] and bid != but
    }
    return held


def seat_map(state: State, flight_id: str, but: str = "") -> list[dict[str, Any]]:
    """Rows of the cabin plan: each row's seats with ``free``/``ours``/``taken`` and its kind."""
    ours = seats_held(state, flight_id, but)
    rows = []
    for cabin, numbers, letters in (
        ("business", BUSINESS_ROWS, BUSINESS_LETTERS),
        ("economy", ECONOMY_ROWS, ECONOMY_LETTERS),
    ):
        for row in numbers:
            seats = []
            for letter in letters:
                seat = f"{row}{letter}"
                taken = seat in ours or _blocked(flight_id, seat)
                seats.append(
                    {"seat": seat, "letter": letter, "taken": taken, "kind": seat_kind(seat)}
                )
            rows.append({"row": row, "cabin": cabin, "seats": seats})
    return rows


def is_free(state: State, flight_id: str, seat: str, but: str = "") -> bool:
    """Can booking ``but`` take ``seat`` on the flight (a real seat nobody else holds)?"""
    return (
        seat_cabin(seat) is not None
        and not _blocked(flight_id, seat)
        and seat not in seats_held(state, flight_id, but)
    )


def is_domestic(state: State, *codes: str) -> bool:
    home = state["company"]["homeCountry"]
    return all(state["airports"][c]["country"] == home for c in codes)


def cancel_refund(state: State, booking: dict[str, Any]) -> int:
    """What cancelling a flight booking gives back: the fare less the brand's cancellation fee
    (never below 0); nothing for a non-refundable brand. Change fees are never refunded."""
    fee = state["fareRules"][booking["fare"]]["cancelFeeCents"]
    if fee is None:
        return 0
    return max(int(booking["priceCents"]) - int(fee), 0)


def change_cost(state: State, booking: dict[str, Any], flight: dict[str, Any]) -> int | None:
    """What moving a booking to ``flight`` (same fare brand) costs: the brand's change fee plus
    any rise in the fare; None when the brand allows no changes."""
    fee = state["fareRules"][booking["fare"]]["changeFeeCents"]
    if fee is None:
        return None
    new_price = flight["fares"][booking["fare"]]["priceCents"]
    return int(fee) + max(int(new_price) - int(booking["priceCents"]), 0)


def nights(check_in: str, check_out: str) -> int:
    return (date.fromisoformat(check_out) - date.fromisoformat(check_in)).days


def _money(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def booking_issues(state: State, booking: dict[str, Any]) -> list[str]:
    """Why a confirmed flight booking is out of policy (empty: in policy)."""
    policy = state["company"]["policy"]
    rule = state["fareRules"][booking["fare"]]
    if rule["cabin"] == "business":
        minutes = _duration(state, booking)
        if minutes < policy["businessMinMinutes"]:
            hours = policy["businessMinMinutes"] / 60
            return [f"Business class on a flight under {hours:g} hours ({booking['number']})"]
        return []
    domestic = is_domestic(state, booking["origin"], booking["destination"])
    cap = policy["domesticFareCapCents" if domestic else "internationalFareCapCents"]
    if booking["priceCents"] > cap:
        return [
            f"{booking['number']} fare {_money(booking['priceCents'])} is over the "
            f"{'domestic' if domestic else 'international'} cap of {_money(cap)}"
        ]
    return []


def _duration(state: State, booking: dict[str, Any]) -> int:
    """Minutes in the air: the flight's when still scheduled, else from the clock times."""
    flight = state["flights"].get(booking["flightId"] or "")
    if flight is not None:
        return int(flight["durationMin"])
    h1, m1 = map(int, booking["departs"].split(":"))
    h2, m2 = map(int, booking["arrives"].split(":"))
    return (h2 * 60 + m2 - h1 * 60 - m1) % 1440


def stay_issues(state: State, stay: dict[str, Any]) -> list[str]:
    cap = state["company"]["policy"]["hotelNightCapCents"]
    if stay["nightlyCents"] > cap:
        hotel = state["hotels"].get(stay["hotelId"], {}).get("name", stay["hotelId"])
        return [
            f"{hotel} at {_money(stay['nightlyCents'])} a night is over the cap of {_money(cap)}"
        ]
    return []


def trip_issues(state: State, trip_id: str) -> list[str]:
    """Every policy issue of a trip's confirmed bookings and stays, in booking order."""
    issues: list[str] = []
    for _, b in sorted(state["bookings"].items()):
        if b["tripId"] == trip_id and b["status"] == "confirmed":
            issues += booking_issues(state, b)
    for _, s in sorted(state["stays"].items()):
        if s["tripId"] == trip_id and s["status"] == "confirmed":
            issues += stay_issues(state, s)
    return issues


def trip_total(state: State, trip_id: str) -> int:
    """What a trip costs: confirmed tickets (fare + fees), cancelled ones' fees and kept fare,
    confirmed stays' nights."""
    total = 0
    for b in state["bookings"].values():
        if b["tripId"] != trip_id:
            continue
        kept = b["priceCents"] - b["refundCents"] if b["status"] == "cancelled" else b["priceCents"]
        total += kept + b["feesCents"]
    for s in state["stays"].values():
        if s["tripId"] == trip_id:
            paid = s["nightlyCents"] * nights(s["checkIn"], s["checkOut"])
            total += paid - s["refundCents"] if s["status"] == "cancelled" else paid
    return total


def new_ref(state: State, salt: str, taken: Iterable[str] = ()) -> str:
    """A booking reference no booking or stay has: six characters derived from ``salt`` (a new
    record's id), so the page and a golden state make the same one."""
    used = {b["ref"] for b in state["bookings"].values()} | {
        s["ref"] for s in state["stays"].values()
    }
    used |= set(taken)
    counter = 0
    while True:
        digest = hashlib.sha1(f"{salt}/{counter}".encode()).digest()
        ref = "".join(_REF_ALPHABET[b % len(_REF_ALPHABET)] for b in digest[:6])
        if ref not in used:
            return ref
        counter += 1

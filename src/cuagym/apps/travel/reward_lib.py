"""Helpers every travel ``reward.py`` carries, copied into the script as source text.

Real code (imported and tested on the host) and the text of the reward's helper block: a
family's reward pastes everything below the inline marker after the shared frame and the hub
libraries. Standard library only, no state, no checks of its own.

Records are *found* by what a person would quote: a booking by its reference, a flight by its
number and date, a trip by its name, a traveller by e-mail. What the agent typed is judged with
:func:`exact` (case counts, runs of whitespace are one space); money is compared in cents.
"""

# -- inlined into reward.py --
import hashlib
from typing import Any


def exact(text: Any) -> str:
    """A text as typed: case and punctuation count; whitespace runs are one space."""
    return " ".join(str(text if text is not None else "").split())


def fold(text: Any) -> str:
    return exact(text).lower()


def booking_by_ref(state: dict[str, Any], ref: str) -> str | None:
    for bid, booking in state["bookings"].items():
        if fold(booking["ref"]) == fold(ref):
            return str(bid)
    return None


def flight_by_number(state: dict[str, Any], number: str, day: str) -> str | None:
    for fid, flight in state["flights"].items():
        if fold(flight["number"]) == fold(number) and flight["date"] == day:
            return str(fid)
    return None


def trip_by_name(state: dict[str, Any], name: str) -> str | None:
    for tid, trip in state["trips"].items():
        if fold(trip["name"]) == fold(name):
            return str(tid)
    return None


def traveller_by_email(state: dict[str, Any], email: str) -> str | None:
    for tid, person in state["travellers"].items():
        if fold(person["email"]) == fold(email):
            return str(tid)
    return None


def added(diff: dict[str, Any], collection: str) -> list[str]:
    """Ids of records of a collection that exist now and did not initially."""
    out = []
    for path, entry in diff.items():
        head, _, rest = path.partition(".")
        if head == collection and "." not in rest and entry["op"] == "added":
            out.append(rest)
    return sorted(out)


def unlike(record: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """The keys of ``expected`` whose value in ``record`` differs (a missing key differs)."""
    missing = object()
    return sorted(k for k, v in expected.items() if record.get(k, missing) != v)


def fare_seat_paths(init: dict[str, Any], cur: dict[str, Any]) -> list[str]:
    """The ``seatsLeft`` paths of fares whose count moved (a booking, a change, a cancellation
    moves them; a reward allows exactly those its own bookings explain)."""
    out = []
    for fid, flight in cur["flights"].items():
        before = init["flights"].get(fid, {}).get("fares", {})
        for brand, offer in flight["fares"].items():
            if before.get(brand, {}).get("seatsLeft") != offer["seatsLeft"]:
                out.append("flights." + fid + ".fares." + brand + ".seatsLeft")
    return sorted(out)


def seats_explained(init: dict[str, Any], cur: dict[str, Any]) -> bool:
    """Does every fare's seat count differ from its initial one by exactly what the bookings
    explain (one less per new confirmed ticket on it, one more per ticket that left it)?"""
    moved: dict[tuple[str, str], int] = {}

    def held(state: dict[str, Any]) -> dict[str, tuple[str, str]]:
        return {
            bid: (b["flightId"], b["fare"])
            for bid, b in state["bookings"].items()
            if b["status"] == "confirmed" and b["flightId"]
        }

    before, after = held(init), held(cur)
    for bid, key in before.items():
        if after.get(bid) != key:
            moved[key] = moved.get(key, 0) + 1
    for bid, key in after.items():
        if before.get(bid) != key:
            moved[key] = moved.get(key, 0) - 1
    for fid, flight in cur["flights"].items():
        for brand, offer in flight["fares"].items():
            start = init["flights"].get(fid, {}).get("fares", {}).get(brand, {}).get("seatsLeft")
            if start is None or offer["seatsLeft"] - start != moved.get((fid, brand), 0):
                return False
    return True


def mail_read_marks(mail_initial: dict[str, Any]) -> list[str]:
    """The mailbox paths a cross-app task may change by only reading mail: each thread's
    ``unread`` flag, when the mailbox marks a conversation read on opening it."""
    if not mail_initial["settings"].get("markReadOnOpen"):
        return []
    return ["threads." + t + ".unread" for t in sorted(mail_initial["threads"])]


def seat_kind(seat: Any) -> str:
    """``14C`` -> ``aisle``; A and F are window seats, C and D aisle seats, B and E middle."""
    letter = str(seat or "")[-1:]
    if letter in ("A", "F"):
        return "window"
    if letter in ("C", "D"):
        return "aisle"
    return "middle" if letter else ""


def seat_blocked(flight_id: Any, seat: Any) -> bool:
    """Is ``seat`` held by another passenger (a fixed pattern per flight, never stored)? The
    app's seat map reads this same rule."""
    digest = hashlib.sha1((str(flight_id) + "/" + str(seat)).encode()).digest()
    return digest[0] % 100 < 58


def seat_free_on(state: dict[str, Any], booking_id: str) -> bool:
    """Does booking ``booking_id`` hold a seat nobody else on its flight holds?"""
    booking = state["bookings"][booking_id]
    seat, flight = booking.get("seat"), booking.get("flightId")
    if not seat or seat_blocked(flight, seat):
        return False
    return not any(
        b["flightId"] == flight and b["seat"] == seat and b["status"] == "confirmed"
        for bid, b in state["bookings"].items()
        if bid != booking_id
    )

"""GUI oracles of the travel families: each solves its task through the pages, as a person
would.

They know the task (its params), read the page through the environment's read-only DevTools
view and act only through ``computer_use`` calls (the UI skills of
:class:`cuagym.apps.travel.TravelOracle`). Bookings and trips are opened with the header's
search, flights found with the flight search; a change counts as done only once the server
rendered it (the booking's seat, its status, a profile's loyalty row, an emptied queue).
"""

from __future__ import annotations

from collections.abc import Callable

from cuagym.apps.travel import TravelOracle, exact
from cuagym.apps.web_oracle import Act, PageBusy, Stage
from cuagym.core import TaskConfig

__all__ = ["ORACLES"]


class AddLoyaltyOracle(TravelOracle):
    """The traveller's profile: the airline and the number in the loyalty form, "Save"."""

    def stages(self) -> list[Stage]:
        p = self.p
        label = f"{p['airline']} · {p['program']}"

        async def done() -> bool:
            for row in await self.all('[data-testid="loyalty-row"]'):
                text = exact(row["text"])
                if str(p["program"]) in text and str(p["number"]) in text:
                    return await self.on_page("/travellers/tr-", str(p["traveller"]))
            return False

        async def act() -> Act:
            if not await self.on_page("/travellers/tr-", str(p["traveller"])):
                raise PageBusy("not on the profile")
            step = await self.fill_form(
                [
                    ('[data-testid="l-airline"]', label, "choice"),
                    ('[data-testid="l-number"]', str(p["number"]), "text"),
                ]
            )
            return step or await self.press_id("save-loyalty", "save the number.", commits=True)

        return [self.traveller_stage(str(p["traveller"])), Stage("loyalty", done, act, tries=10)]


class ChooseSeatOracle(TravelOracle):
    """The booking, "Choose seat", the seat on the map."""

    def stages(self) -> list[Stage]:
        return [self.booking_stage(str(self.p["ref"])), self.seat_stage(seat=str(self.p["seat"]))]


class CancelBookingOracle(TravelOracle):
    """The booking, "Cancel booking", confirm in the dialog; done when it shows cancelled."""

    def stages(self) -> list[Stage]:
        ref = str(self.p["ref"])

        async def done() -> bool:
            badge = await self.one('[data-testid="booking-status"]')
            return (
                await self.on_booking(ref)
                and badge is not None
                and (badge.get("attrs") or {}).get("data-status") == "cancelled"
            )

        async def act() -> Act:
            if not await self.on_booking(ref):
                raise PageBusy("not on the booking")
            if await self.one('[data-testid="cancel-form"]') is not None:
                return await self.press_id("cancel-submit", "cancel the booking.", commits=True)
            return await self.press_id("cancel-open", "open the cancellation dialog.")

        return [self.booking_stage(ref), Stage("cancel", done, act, tries=8)]


class BookFlightOracle(TravelOracle):
    """The flight search (route, day), the fare of the flight, the trip, "Book"."""

    def stages(self) -> list[Stage]:
        p = self.p
        brand = str(p["fare"]).lower()
        return [
            self.search_stage(str(p["origin"]), str(p["dest"]), str(p["date"])),
            self.fare_stage(str(p["number"]), brand),
            self.book_stage(f"{p['trip']} · {p['traveller']}", str(p["number"])),
        ]


class BookHotelOracle(TravelOracle):
    """The trip, "Add hotel" (the city and nights filled in), the hotel, its booking form."""

    def stages(self) -> list[Stage]:
        p = self.p
        hotel, trip = str(p["hotel"]), str(p["trip"])

        async def city_shown() -> bool:
            return await self.on_page("/hotels", "Hotels") and "city=" in await self.path()

        async def add_hotel() -> Act:
            return await self.press_id("add-hotel", "look for a hotel for this trip.")

        async def on_hotel() -> bool:
            return await self.on_page("/hotels/ht-", hotel)

        async def open_hotel() -> Act:
            for card in await self.visible('[data-testid="hotel-card"]'):
                if hotel in exact(card["text"]):
                    return self.press(card, f"open {hotel}.")
            raise PageBusy(f"{hotel} is not listed")

        async def booked() -> bool:
            if not await self.on_trip(trip):
                return False
            return any(
                hotel in exact(e["text"]) for e in await self.all('[data-testid="it-check-in"]')
            )

        async def book() -> Act:
            if not await on_hotel():
                raise PageBusy("not on the hotel page")
            step = await self.room_step(str(p["room"])) or await self.fill_form(
                [
                    ('[data-testid="f-trip"]', f"{trip} · {p['traveller']}", "choice"),
                    ('[data-testid="f-checkIn"]', str(p["check_in"]), "date"),
                    ('[data-testid="f-checkOut"]', str(p["check_out"]), "date"),
                ]
            )
            return step or await self.press_id("book-stay", "book the room.", commits=True)

        return [
            self.trip_stage(trip),
            Stage("hotel search", city_shown, add_hotel, tries=6),
            Stage(f"open {hotel}", on_hotel, open_hotel, tries=8),
            Stage("book", booked, book, tries=14),
        ]

    async def room_step(self, room: str) -> Act | None:
        """The room drop-down, chosen by the room's name (its options also show the rate)."""
        for option in await self.all('[data-testid="f-room"] option'):
            if exact(option["text"]).startswith(room + " · "):
                return await self.set_choice(
                    '[data-testid="f-room"]', exact(option["text"]), "room"
                )
        raise PageBusy(f"no room {room!r} offered")


class PlanOutboundOracle(TravelOracle):
    """The trip, "Add flight" (the route and day filled in), the cheapest in-policy fare (the
    task's derived flight and brand), the trip, a seat of the preferred kind, "Submit"."""

    def stages(self) -> list[Stage]:
        p = self.p
        trip, number = str(p["trip"]), str(p["number"])

        async def searched() -> bool:
            return await self.on_page("/flights", "Flights") and "from=" in await self.path()

        async def add_flight() -> Act:
            return await self.press_id("add-flight", "search flights for this trip.")

        return [
            self.trip_stage(trip),
            Stage("flight search", searched, add_flight, tries=6),
            self.fare_stage(number, str(p["fare"]).lower()),
            self.book_stage(f"{trip} · {p['traveller']}", number),
            self.seat_stage(kind=str(p["preference"])),
            self.submit_stage(trip),
        ]

    def submit_stage(self, trip: str) -> Stage:
        async def done() -> bool:
            badge = await self.one('[data-testid="trip-status"]')
            return (
                await self.on_trip(trip)
                and badge is not None
                and (badge.get("attrs") or {}).get("data-status") == "approved"
            )

        async def act() -> Act:
            if not await self.on_trip(trip):
                return await self.press_id("back-to-trip", "back to the trip.")
            if await self.one('[data-testid="submit-form"]') is not None:
                return await self.press_id("submit-trip", "submit the trip.", commits=True)
            return await self.press_id("submit-open", "submit the trip.")

        return Stage("submit", done, act, tries=8)


class DecideApprovalsOracle(TravelOracle):
    """The approvals queue: each waiting trip approved or rejected with its note, by the rule
    (the task's derived lists); done when no card of it is left."""

    def stages(self) -> list[Stage]:
        p = self.p
        decisions = [(str(n), True, str(p["note_ok"])) for n in p["approve"]]
        decisions += [(str(n), False, str(p["note_no"])) for n in p["reject"]]
        return [self.decide_stage(*d) for d in decisions]

    async def card_of(self, name: str) -> str | None:
        for link in await self.all('[data-testid="approval-trip"]'):
            if exact(link["text"]) == exact(name):
                cards = await self.all('[data-testid="approval"]')
                for card in cards:
                    if exact(name) in exact(card["text"]):
                        return str((card.get("attrs") or {}).get("data-trip", ""))
        return None

    def decide_stage(self, name: str, approve: bool, note: str) -> Stage:
        verb = "approve" if approve else "reject"

        async def done() -> bool:
            return (
                await self.on_page("/approvals", "Approvals") and await self.card_of(name) is None
            )

        async def act() -> Act:
            if not await self.on_page("/approvals", "Approvals"):
                return await self.nav("approvals", "open the approvals queue.")
            tid = await self.card_of(name)
            if tid is None:
                raise PageBusy(f"no card of {name}")
            within = f'[data-testid="approval"][data-trip="{tid}"]'
            step = await self.fill_form([(f'{within} [data-testid="{verb}-note"]', note, "text")])
            return step or await self.press_id(verb, f"{verb} {name}.", commits=True, within=within)

        return Stage(f"{verb} {name}", done, act, tries=10)


class RebookEarliestOracle(TravelOracle):
    """The booking, "Change flight", the earliest flight of the day (the task's derived
    number), confirm; then a seat of the preferred kind."""

    def stages(self) -> list[Stage]:
        p = self.p
        ref, new = str(p["ref"]), str(p["new_number"])

        async def done() -> bool:
            shown = await self.one('[data-testid="booking-number"]')
            return await self.on_booking(ref) and shown is not None and exact(shown["text"]) == new

        async def act() -> Act:
            asked = await self.confirm_if_asked()
            if asked is not None:
                return asked
            if await self.on_page("/change", "Change flight"):
                row = f'[data-testid="change-option"][data-number={self.css(new)}]'
                return await self.press_id("switch", f"switch to {new}.", within=row)
            if not await self.on_booking(ref):
                raise PageBusy("not on the booking")
            return await self.press_id("change-open", "change the flight.")

        return [
            self.booking_stage(ref),
            Stage(f"change to {new}", done, act, tries=12),
            self.seat_stage(kind=str(p["preference"])),
        ]


ORACLES: dict[str, Callable[[TaskConfig], TravelOracle]] = {
    "plan-outbound": PlanOutboundOracle,
    "decide-approvals": DecideApprovalsOracle,
    "rebook-earliest": RebookEarliestOracle,
    "add-loyalty": AddLoyaltyOracle,
    "choose-seat": ChooseSeatOracle,
    "cancel-booking": CancelBookingOracle,
    "book-flight": BookFlightOracle,
    "book-hotel": BookHotelOracle,
}

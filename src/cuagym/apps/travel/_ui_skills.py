"""UI skills of the travel app: how an oracle reads its pages and works them, on the web oracle
kit (:mod:`cuagym.apps.web_oracle`).

A task family's oracle subclasses :class:`TravelOracle` and lists its stages; the skills here
know the pages (their test ids, what a loaded page shows), never a task. Records are reached the
way a person reaches them: the header's search (a booking reference, a trip's name, a
traveller's name), then the result. A change counts as done only once the server rendered it.
"""

from __future__ import annotations

from typing import Any

from cuagym.apps.travel._seed_data import AIRPORTS
from cuagym.apps.travel.reward_lib import exact, seat_kind
from cuagym.apps.web_oracle import Act, Element, FormOracle, PageBusy, Stage, call
from cuagym.core import TaskConfig

__all__ = ["TravelOracle"]

#: A point of the page that the mouse wheel scrolls (the document scrolls, not a container).
_WHEEL_AT = (760, 420)


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class TravelOracle(FormOracle):
    """What every travel oracle reads and does: pages, records found by search, forms."""

    css = staticmethod(_css_string)

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.memo: dict[str, Any] = {}

    # -- where we are -------------------------------------------------------------------------
    async def loaded(self) -> bool:
        """Has the whole page been parsed? (app.js is the last thing base.html renders.)"""
        return bool(await self.all('script[src$="app.js"]'))

    async def title(self) -> str | None:
        head = await self.one('[data-testid="page-title"]')
        return exact(head["text"]) if head is not None else None

    async def on_page(self, path_part: str, title: str | None = None) -> bool:
        """Is this the fully loaded page whose path contains ``path_part`` (and whose heading
        is ``title``)?"""
        here = (await self.path()).split("?")[0]
        if path_part not in here or not await self.loaded():
            return False
        return title is None or await self.title() == exact(title)

    # -- acting on elements that may be out of view ---------------------------------------------
    def bring(self, element: Element) -> dict[str, Any]:
        """One wheel turn towards ``element``: half the distance, as the desktop's wheel click
        (50 "pixels") moves a Chromium page about 100 px; a full turn overshoots and the next
        one swings back."""
        below = element["center"][1] > _WHEEL_AT[1]
        pixels = max(50, min(400, abs(element["center"][1] - _WHEEL_AT[1]) // 2))
        return call("scroll", coordinate=list(_WHEEL_AT), pixels=-pixels if below else pixels)

    async def press_id(
        self, testid: str, thought: str, *, commits: bool = False, within: str = ""
    ) -> Act:
        button = await self.one(f'{within} [data-testid="{testid}"]'.strip())
        if button is None:
            raise PageBusy(f"no {testid}")
        return self.press(button, thought, commits=commits)

    async def pick(self, selector: str, value: str, what: str) -> Act | None:
        """A drop-down: pick the option whose value is ``value`` (whatever its label says)."""
        for option in await self.all(f"{selector} option"):
            if (option.get("attrs") or {}).get("value") == value:
                return await self.set_choice(selector, exact(option["text"]), what)
        raise PageBusy(f"{selector} offers no {value!r}")

    # -- navigation ---------------------------------------------------------------------------
    async def search_for(self, query: str) -> Act:
        """Run the header's search (it changes nothing, so it is simply redone if mistyped)."""
        box = await self.one('[data-testid="global-search"]')
        if box is None:
            raise PageBusy("no search box")
        if not self.reachable(box):
            return Act.of("scroll up to the search box.", self.bring(box))
        return Act.of(f"search for {query}.", *self.fill(box, query), call("key", keys=["enter"]))

    async def open_result(self, testid: str, text: str, query: str) -> Act:
        """Click the search result ``text`` (of kind ``testid``) when shown, else search."""
        if await self.on_page("/search"):
            for link in await self.visible(f'[data-testid="{testid}"]'):
                if exact(link["text"]) == exact(text):
                    return self.press(link, f"open {text}.")
        return await self.search_for(query)

    async def on_booking(self, ref: str) -> bool:
        return await self.on_page("/bookings/bk-", f"Booking {ref}")

    async def on_trip(self, name: str) -> bool:
        here = (await self.path()).split("?")[0]
        return "/trips/trp-" in here and await self.on_page("/trips/", name)

    def booking_stage(self, ref: str) -> Stage:
        """Open booking ``ref`` (header search, then its result)."""

        async def done() -> bool:
            return await self.on_booking(ref)

        async def act() -> Act:
            return await self.open_result("result-booking", ref, ref)

        return Stage(f"open booking {ref}", done, act, tries=8)

    def trip_stage(self, name: str) -> Stage:
        """Open the trip called ``name`` (header search, then its result)."""

        async def done() -> bool:
            return await self.on_trip(name)

        async def act() -> Act:
            return await self.open_result("result-trip", name, name)

        return Stage(f"open trip {name}", done, act, tries=8)

    def traveller_stage(self, name: str) -> Stage:
        """Open the profile of the traveller called ``name``."""

        async def done() -> bool:
            return await self.on_page("/travellers/tr-", name)

        async def act() -> Act:
            return await self.open_result("result-traveller", name, name)

        return Stage(f"open {name}", done, act, tries=8)

    async def confirm_if_asked(self) -> Act | None:
        """Press OK in the kit's confirmation dialog when it is open."""
        ok = await self.one('[data-testid="confirm-ok"]')
        return self.press(ok, "confirm.", commits=True) if ok is not None else None

    async def nav(self, key: str, thought: str) -> Act:
        return await self.press_id(f"nav-{key}", thought)

    # -- the booking path: search, fare, trip, seat ----------------------------------------------
    def search_stage(self, origin: str, dest: str, day: str) -> Stage:
        """The flight search showing ``origin`` to ``dest`` on ``day``."""

        async def done() -> bool:
            here = await self.path()
            wanted = (f"from={origin}", f"to={dest}", f"date={day}")
            return (
                await self.on_page("/flights", "Flights")
                and all(part in here for part in wanted)
                and bool(await self.all('[data-testid="fare-table"], [data-testid="empty"]'))
            )

        async def act() -> Act:
            if not await self.on_page("/flights", "Flights"):
                return await self.nav("flights", "open the flight search.")
            step = await self.fill_form(
                [
                    ('[data-testid="s-from"]', origin, "value"),
                    ('[data-testid="s-to"]', dest, "value"),
                    ('[data-testid="s-date"]', day, "date"),
                ]
            )
            return step or await self.press_id("search-flights", "search.")

        return Stage(f"search {origin}-{dest} {day}", done, act, tries=14)

    def fare_stage(self, number: str, brand: str) -> Stage:
        """From the results, the ``brand`` fare of flight ``number``: its review page."""

        async def done() -> bool:
            here = await self.path()
            return f"fare={brand}" in here and await self.on_page("/book", f"Book {number}")

        async def act() -> Act:
            cell = await self.one(
                f'[data-testid="flight-row"][data-number={self.css(number)}] '
                f'[data-brand="{brand}"] [data-testid="select-fare"]'
            )
            if cell is None:
                raise PageBusy(f"no {brand} fare of {number} on the page")
            return self.press(cell, f"select the {brand} fare of {number}.")

        return Stage(f"fare {brand} of {number}", done, act, tries=8)

    def book_stage(self, trip_label: str, number: str) -> Stage:
        """On the fare's review page: the trip, "Book"; done on the new booking's seat map."""

        async def done() -> bool:
            shown = await self.one('[data-testid="seat-flight"]')
            return (
                await self.on_page("/seat", "Choose a seat")
                and shown is not None
                and exact(shown["text"]).startswith(number)
            )

        async def act() -> Act:
            if not await self.on_page("/book"):
                raise PageBusy("not on the fare's review page")
            step = await self.fill_form([('[data-testid="f-trip"]', trip_label, "choice")])
            return step or await self.press_id("book-flight", "book the flight.", commits=True)

        return Stage(f"book {number}", done, act, tries=10)

    async def seat_taken(self) -> str:
        """The seat the booking page shows (empty when none)."""
        shown = await self.one('[data-testid="booking-seat"]')
        return "" if shown is None else exact(shown["text"]).strip("—")

    def seat_stage(self, seat: str = "", kind: str = "") -> Stage:
        """On the seat map: take ``seat``, or the first free seat of ``kind``; done on the
        booking page showing it."""

        async def done() -> bool:
            if not await self.on_page("/bookings/bk-") or (await self.path()).endswith("/seat"):
                return False
            taken = await self.seat_taken()
            return bool(taken) and (taken == seat if seat else seat_kind(taken) == kind)

        async def act() -> Act:
            if not (await self.path()).split("?")[0].endswith("/seat"):
                return await self.press_id("seat-open", "open the seat map.")
            if not await self.loaded():
                raise PageBusy("the seat map is loading")
            free = await self.all('[data-testid="seat"][data-state="free"]')
            for box in free:
                name = (box.get("attrs") or {}).get("data-seat", "")
                if (seat and name == seat) or (not seat and seat_kind(name) == kind):
                    return self.press(box, f"take seat {name}.", commits=True)
            raise PageBusy("no such free seat on the map")

        return Stage(f"seat {seat or kind}", done, act, tries=12)

    @staticmethod
    def airport_label(code: str) -> str:
        return f"{AIRPORTS[code][0]} ({code})"

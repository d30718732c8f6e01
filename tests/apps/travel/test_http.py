"""Every screen renders, and every UI action, driven like a browser (forms, cookie), changes
exactly what it should, checked through the reward's /go."""

from __future__ import annotations

import re
from typing import Any

from cuagym.apps.travel.ops import seat_map
from tests.apps.travel.conftest import TravelClient

SCREENS = [
    "/",
    "/search?q=WMJ88T",
    "/search?q=Lisbon",
    "/trips",
    "/trips?tab=past",
    "/trips?tab=waiting",
    "/trips/new",
    "/trips/trp-0054",
    "/trips/trp-0047?tab=policy",
    "/approvals",
    "/timeline",
    "/timeline?month=2026-10",
    "/flights",
    "/flights?from=SFO&to=JFK&date=2026-12-09",
    "/flights?from=SFO&to=JFK&date=2026-12-09&stops=0&time=morning&sort=price&airline=cd",
    "/flights/fl-0001/book?fare=flex",
    "/bookings/bk-0061",
    "/bookings/bk-0061/seat",
    "/bookings/bk-0061/change",
    "/hotels",
    "/hotels?city=LIS&in=2026-12-09&out=2026-12-11&stars=4&sort=rating",
    "/hotels/ht-01?in=2026-12-09&out=2026-12-11",
    "/stays/sy-0001",
    "/travellers",
    "/travellers?department=Sales&q=a",
    "/travellers/tr-ana",
    "/policy",
]


async def test_every_screen_renders_one_heading_and_changes_nothing(travel: TravelClient) -> None:
    for path in SCREENS:
        r = await travel.get(path)
        assert r.status_code == 200, path
        assert len(re.findall(r"<h1[ >]", r.text)) == 1, path
    assert await travel.diff() == {}
    assert (await travel.current())["ui"]["recentTrips"][0] == "trp-0047"  # volatile


async def test_unknown_records_are_404(travel: TravelClient) -> None:
    for path in ["/trips/trp-9", "/bookings/bk-9", "/stays/sy-9", "/hotels/ht-99", "/travellers/x"]:
        assert (await travel.get(path)).status_code == 404


async def test_the_flight_search_filters_and_sorts(travel: TravelClient) -> None:
    base = "/flights?from=SFO&to=JFK&date=2026-12-09"
    every = re.findall(
        r'data-testid="flight-row" data-flight="([\w-]+)"', (await travel.get(base)).text
    )
    assert len(every) == 3
    nonstop = (await travel.get(base + "&stops=0")).text
    assert len(re.findall(r'data-testid="flight-row"', nonstop)) < 3
    cheap = re.findall(
        r'data-brand="saver" data-price="(\d+)"', (await travel.get(base + "&sort=price")).text
    )
    assert cheap == sorted(cheap, key=int)
    assert len(re.findall(r'data-testid="strip-day"', (await travel.get(base)).text)) == 7


async def test_book_seat_submit_a_trip_through_the_forms(travel: TravelClient) -> None:
    state = await travel.current()
    fid = next(
        f["id"]
        for f in sorted(state["flights"].values(), key=lambda f: f["id"])
        if (f["origin"], f["destination"], f["date"]) == ("AUS", "SFO", "2026-12-09")
    )
    r = await travel.post(f"/flights/{fid}/book", {"trip": "trp-0054", "fare": "standard"})
    assert r.status_code == 303 and r.headers["location"].endswith("/seat")
    bid = r.headers["location"].split("/")[-2]
    seat = next(
        s["seat"]
        for row in seat_map(await travel.current(), fid)
        if row["cabin"] == "economy"
        for s in row["seats"]
        if not s["taken"]
    )
    assert (await travel.post(f"/bookings/{bid}/seat", {"seat": seat})).status_code == 303
    assert (await travel.post("/trips/trp-0054/submit", {"justification": ""})).status_code == 303
    diff = await travel.diff()
    assert set(diff) == {
        f"bookings.{bid}",
        f"flights.{fid}.fares.standard.seatsLeft",
        "trips.trp-0054.status",
        "trips.trp-0054.submittedAt",
    }
    booking = (await travel.current())["bookings"][bid]
    assert booking["seat"] == seat and booking["tripId"] == "trp-0054"


async def test_a_refused_action_says_why_and_changes_nothing(travel: TravelClient) -> None:
    r = await travel.post("/flights/fl-0001/book", {"trip": "trp-0001", "fare": "saver"})
    assert r.status_code == 400 and "cannot be" in r.text
    r = await travel.post("/trips", {"traveller": "", "name": "", "startsOn": "x"})
    assert r.status_code == 400 and 'data-testid="error-name"' in r.text
    r = await travel.post("/approvals/trp-0047/reject", {"note": ""})
    assert r.status_code == 400 and "why" in r.text
    assert await travel.diff() == {}


async def test_decisions_cancellations_profiles_and_policy(travel: TravelClient) -> None:
    assert (await travel.post("/approvals/trp-0047/approve", {"note": "ok"})).status_code == 303
    assert (
        await travel.post("/approvals/trp-0048/reject", {"note": "Too dear"})
    ).status_code == 303
    assert (await travel.post("/bookings/bk-0061/cancel")).status_code == 303
    assert (
        await travel.post("/travellers/tr-ana/loyalty", {"airline": "au", "number": "AU99887766"})
    ).status_code == 303
    form = {
        "email": "ana@fernhill.example",
        "department": "Sales",
        "jobTitle": "Lead",
        "homeAirport": "SFO",
        "seatPreference": "window",
    }
    assert (await travel.post("/travellers/tr-ana", form)).status_code == 303
    policy = {"domestic": "500", "international": "1,250.00", "hotel": "275", "businessHours": "6"}
    assert (await travel.post("/policy", policy)).status_code == 303
    cur: dict[str, Any] = await travel.current()
    assert cur["trips"]["trp-0047"]["status"] == "approved"
    assert cur["trips"]["trp-0048"]["decisionNote"] == "Too dear"
    assert cur["bookings"]["bk-0061"]["status"] == "cancelled"
    assert cur["travellers"]["tr-ana"]["loyalty"]["au"] == "AU99887766"
    assert cur["travellers"]["tr-ana"]["seatPreference"] == "window"
    assert cur["company"]["policy"]["internationalFareCapCents"] == 125000
    assert cur["company"]["policy"]["businessMinMinutes"] == 360

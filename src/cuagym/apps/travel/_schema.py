"""The travel state schema: pydantic models of the per-session JSON state of a company's trip
booking site (a traveller's search and bookings, a travel manager's approvals and policy).

The hub validates injected states strictly against :class:`TravelState` and stores its
``model_dump(mode="json", by_alias=True)``; JSON keys are camelCase. Every collection is an
object keyed by id (``bookings.bk-0012.seat``), a flight's fares are keyed by fare brand
(``flights.fl-0101.fares.standard.seatsLeft``) and a traveller's loyalty numbers by airline id
(``travellers.tr-ana.loyalty.cd``), so ``state_diff`` reports one readable leaf per edit.

Conventions a reward relies on (see SKILL.md):

- **money** is an integer number of US cents (``priceCents``), never a float;
- **dates** are ``YYYY-MM-DD``, **clock times** ``HH:MM`` local to the airport, **timestamps**
  ISO-8601 UTC with ``Z``;
- a booking copies the flight it was made on (number, route, date, times), as a ticket does;
  ``flightId`` is null once the flight left the bookable schedule (past trips);
- a fare brand's rules (cabin, change fee, cancellation fee) are the ``fareRules`` records;
  a flight only stores each brand's price and seats left.

Rules across records (a booking's trip and traveller exist, two bookings never hold one seat,
a submitted trip waits for approval, ...) live in ``_invariants``.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from cuagym.apps.webkit import HexColor, Id, StateModel, Timestamp

__all__ = [
    "CABINS",
    "FARE_BRANDS",
    "SEAT_PREFERENCES",
    "TRIP_STATUSES",
    "Airline",
    "Airport",
    "Booking",
    "Company",
    "FareRule",
    "Flight",
    "Hotel",
    "Policy",
    "Room",
    "Stay",
    "TravelState",
    "Traveller",
    "Trip",
]

#: the fare brands every flight sells, cheapest first (their rules: ``fareRules``)
FARE_BRANDS: tuple[str, ...] = ("saver", "standard", "flex", "business")
CABINS: tuple[str, ...] = ("economy", "business")
#: a trip's path: draft -> (submitted -> approved | rejected) | approved; any -> cancelled
TRIP_STATUSES: tuple[str, ...] = ("draft", "submitted", "approved", "rejected", "cancelled")
SEAT_PREFERENCES: tuple[str, ...] = ("aisle", "window", "none")

FareBrand = Literal["saver", "standard", "flex", "business"]
Cabin = Literal["economy", "business"]
TripStatus = Literal["draft", "submitted", "approved", "rejected", "cancelled"]
SeatPreference = Literal["aisle", "window", "none"]


def _real_day(value: str) -> str:
    date.fromisoformat(value)  # 2026-02-30 matches the pattern but is no day
    return value


Day = Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$"), AfterValidator(_real_day)]
Clock = Annotated[str, Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$")]
Cents = Annotated[int, Field(ge=0, le=10**10)]
Text = Annotated[str, Field(max_length=255)]
LongText = Annotated[str, Field(max_length=4000)]
Name = Annotated[str, Field(min_length=1, max_length=120)]
Email = Annotated[str, Field(pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$", max_length=254)]
AirportCode = Annotated[str, Field(pattern=r"^[A-Z]{3}$")]
#: a booking reference as airlines print it: six capitals and digits
Ref = Annotated[str, Field(pattern=r"^[A-Z0-9]{6}$")]
#: a seat as printed on a boarding pass: row then letter (``14C``)
Seat = Annotated[str, Field(pattern=r"^$|^[1-9][0-9]?[A-F]$")]
LoyaltyNumber = Annotated[str, Field(pattern=r"^[A-Z0-9]{6,14}$")]


class Policy(StateModel):
    """The company travel policy: what a booking may cost before it needs a manager's approval."""

    #: the most an economy fare on a domestic flight may cost
    domestic_fare_cap_cents: Cents = 45000
    #: the most an economy fare on an international flight may cost
    international_fare_cap_cents: Cents = 120000
    #: the most a hotel room may cost per night
    hotel_night_cap_cents: Cents = 26000
    #: business class is in policy only on flights at least this many minutes long
    business_min_minutes: Annotated[int, Field(ge=0, le=1440)] = 420


class Company(StateModel):
    """The company the site belongs to (its name in the header) and its travel policy."""

    name: Name
    currency: Literal["USD"] = "USD"
    #: the country whose airports count as domestic
    home_country: Name = "United States"
    policy: Policy = Field(default_factory=Policy)


class Airport(StateModel):
    code: AirportCode
    city: Name
    name: Name
    country: Name


class Airline(StateModel):
    id: Id
    #: the two-letter code printed before a flight number
    code: Annotated[str, Field(pattern=r"^[A-Z0-9]{2}$")]
    name: Name
    #: the frequent-flyer programme a loyalty number belongs to
    program: Name


class FareRule(StateModel):
    """What a fare brand allows, on every flight (shown in the fare table and at booking)."""

    id: FareBrand
    label: Name
    cabin: Cabin
    #: what changing to another flight costs (on top of any fare difference); null: no changes
    change_fee_cents: Cents | None
    #: what cancelling keeps back from the refund; null: not refundable
    cancel_fee_cents: Cents | None
    #: checked bags included
    bags: Annotated[int, Field(ge=0, le=3)] = 0


class Fare(StateModel):
    price_cents: Cents
    seats_left: Annotated[int, Field(ge=0, le=400)]


class Flight(StateModel):
    """One dated departure on the bookable schedule."""

    id: Id
    airline_id: Id
    #: as printed: airline code, space, digits (``CD 214``)
    number: Annotated[str, Field(pattern=r"^[A-Z0-9]{2} \d{1,4}$")]
    origin: AirportCode
    destination: AirportCode
    date: Day
    departs: Clock
    arrives: Clock
    #: arrival on the next day (an overnight flight)
    next_day: bool = False
    duration_min: Annotated[int, Field(ge=20, le=1440)]
    stops: Annotated[int, Field(ge=0, le=2)] = 0
    aircraft: Text = ""
    fares: dict[FareBrand, Fare]


class Room(StateModel):
    name: Name
    nightly_cents: Cents
    refundable: bool = True


class Hotel(StateModel):
    id: Id
    name: Name
    #: the airport code of its city (searches go by city)
    city: AirportCode
    address: Text = ""
    stars: Annotated[int, Field(ge=1, le=5)]
    #: guest rating out of 10, one decimal
    rating: Annotated[float, Field(ge=0, le=10)] = 8.0
    amenities: list[Annotated[str, Field(max_length=40)]] = Field(default_factory=list)
    rooms: dict[Id, Room] = Field(min_length=1)


class Traveller(StateModel):
    id: Id
    first_name: Annotated[str, Field(min_length=1, max_length=60)]
    last_name: Annotated[str, Field(min_length=1, max_length=60)]
    email: Email
    department: Text = ""
    job_title: Text = ""
    home_airport: AirportCode
    seat_preference: SeatPreference = "none"
    #: airline id -> frequent-flyer number in that airline's programme
    loyalty: dict[Id, LoyaltyNumber] = Field(default_factory=dict)
    #: a travel manager: approves out-of-policy trips and edits the policy
    manager: bool = False
    avatar_color: HexColor = "#5f6f5c"


class Trip(StateModel):
    """A journey of one traveller that groups its flight and hotel bookings."""

    id: Id
    name: Name
    traveller_id: Id
    #: the city it goes to, by airport code
    destination: AirportCode
    purpose: Text = ""
    starts_on: Day
    ends_on: Day
    status: TripStatus
    #: why an out-of-policy trip should go ahead (asked for when it is submitted)
    justification: Text = ""
    #: the approver's note on a decision (required to reject)
    decision_note: Text = ""
    decided_by: Id | None = None
    decided_at: Timestamp | None = None
    submitted_at: Timestamp | None = None
    cancelled_at: Timestamp | None = None
    created_at: Timestamp


class Booking(StateModel):
    """A flight ticket on a trip: the flight as booked, its fare brand, price and seat."""

    id: Id
    ref: Ref
    trip_id: Id
    traveller_id: Id
    flight_id: Id | None
    airline_id: Id
    number: Annotated[str, Field(pattern=r"^[A-Z0-9]{2} \d{1,4}$")]
    origin: AirportCode
    destination: AirportCode
    date: Day
    departs: Clock
    arrives: Clock
    fare: FareBrand
    #: the fare paid for the ticket (after a change: the higher of the two fares)
    price_cents: Cents
    #: change fees paid so far
    fees_cents: Cents = 0
    seat: Seat = ""
    status: Literal["confirmed", "cancelled"]
    #: what cancelling gave back (fare rules), 0 while confirmed
    refund_cents: Cents = 0
    created_at: Timestamp
    changed_at: Timestamp | None = None
    cancelled_at: Timestamp | None = None


class Stay(StateModel):
    """A hotel booking on a trip: a room type for the nights from check-in to check-out."""

    id: Id
    ref: Ref
    trip_id: Id
    traveller_id: Id
    hotel_id: Id
    room: Id
    check_in: Day
    check_out: Day
    nightly_cents: Cents
    status: Literal["confirmed", "cancelled"]
    refund_cents: Cents = 0
    created_at: Timestamp
    cancelled_at: Timestamp | None = None


class Ui(StateModel):
    """Volatile view state (masked from ``state_diff``): the trips recently opened."""

    recent_trips: list[Id] = Field(default_factory=list)


class TravelState(StateModel):
    company: Company
    current_user: Id
    airports: dict[AirportCode, Airport]
    airlines: dict[Id, Airline]
    fare_rules: dict[FareBrand, FareRule]
    flights: dict[Id, Flight] = Field(default_factory=dict)
    hotels: dict[Id, Hotel] = Field(default_factory=dict)
    travellers: dict[Id, Traveller]
    trips: dict[Id, Trip] = Field(default_factory=dict)
    bookings: dict[Id, Booking] = Field(default_factory=dict)
    stays: dict[Id, Stay] = Field(default_factory=dict)
    ui: Ui = Field(default_factory=Ui)

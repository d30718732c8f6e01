"""The vocabularies the seed is made from: the company, airports, airlines and their routes,
hotels, people and the reasons they travel. All names are invented (no real airline, hotel
chain or company); airports are real places, as a map has them."""

from __future__ import annotations

__all__ = [
    "AIRCRAFT",
    "AIRLINES",
    "AIRPORTS",
    "AMENITIES",
    "CLIENTS",
    "COMPANY_NAME",
    "DEPARTMENTS",
    "FARE_RULES",
    "FIRST_NAMES",
    "HOTEL_NAMES",
    "HOTEL_STREETS",
    "JOB_TITLES",
    "LAST_NAMES",
    "MANAGER",
    "PURPOSES",
    "ROOM_TYPES",
    "ROUTES",
]

COMPANY_NAME = "Fernhill Analytics"

#: code -> (city, airport name, country)
AIRPORTS: dict[str, tuple[str, str, str]] = {
    "SFO": ("San Francisco", "San Francisco International", "United States"),
    "SEA": ("Seattle", "Seattle-Tacoma International", "United States"),
    "ORD": ("Chicago", "O'Hare International", "United States"),
    "JFK": ("New York", "John F. Kennedy International", "United States"),
    "BOS": ("Boston", "Logan International", "United States"),
    "AUS": ("Austin", "Austin-Bergstrom International", "United States"),
    "LHR": ("London", "Heathrow", "United Kingdom"),
    "LIS": ("Lisbon", "Humberto Delgado", "Portugal"),
}

#: id -> (code, name, frequent-flyer programme)
AIRLINES: dict[str, tuple[str, str, str]] = {
    "cd": ("CD", "Cedar Airways", "Cedar Miles"),
    "bq": ("BQ", "Bluecrest Air", "Crest Club"),
    "mj": ("MJ", "Meridian Jet", "Meridian Rewards"),
    "au": ("AU", "Aurora Atlantic", "Aurora Horizons"),
}

#: (origin, destination, minutes nonstop, saver price in dollars, airlines flying it); both
#: directions are flown
ROUTES: tuple[tuple[str, str, int, int, tuple[str, ...]], ...] = (
    ("SFO", "JFK", 330, 279, ("cd", "bq", "mj")),
    ("SFO", "SEA", 125, 139, ("cd", "bq", "mj")),
    ("SFO", "ORD", 265, 219, ("cd", "mj", "bq")),
    ("SFO", "AUS", 215, 189, ("bq", "mj", "cd")),
    ("JFK", "BOS", 75, 119, ("cd", "bq", "mj")),
    ("ORD", "JFK", 140, 159, ("mj", "cd", "bq")),
    ("JFK", "LHR", 420, 649, ("au", "cd", "au")),
    ("BOS", "LIS", 410, 589, ("au", "bq", "au")),
)

#: brand -> (label, cabin, change fee in dollars or None, cancel fee in dollars or None, bags)
FARE_RULES: dict[str, tuple[str, str, int | None, int | None, int]] = {
    "saver": ("Saver", "economy", None, None, 0),
    "standard": ("Standard", "economy", 75, 150, 1),
    "flex": ("Flex", "economy", 0, 0, 1),
    "business": ("Business", "business", 0, 0, 2),
}

AIRCRAFT = ("A320", "A321neo", "B737-800", "B737 MAX 8", "A220-300", "B787-9", "A330-900")

HOTEL_NAMES = (
    "The Larkspur",
    "Harborview Suites",
    "Maple & Stone Hotel",
    "Quayside Inn",
    "The Granary",
    "Lantern House",
    "Copperleaf Hotel",
    "The Wren",
    "Millrace Lodge",
    "Northgate Residences",
    "The Alder",
    "Tidewater Hotel",
    "Fennel Court",
    "The Ledger House",
    "Bramble & Oak",
    "Station Square Hotel",
    "The Cartwright",
    "Juniper Rooms",
    "Rivergate Hotel",
    "The Saltbox",
    "Foundry Hotel",
    "Meadowlark Suites",
    "The Half Moon",
    "Kestrel Hotel",
)
HOTEL_STREETS = (
    "Market Street",
    "Harbor Road",
    "Elm Avenue",
    "Station Lane",
    "King's Row",
    "Riverside Drive",
    "Union Square",
    "Chapel Street",
)
#: (name, share of the hotel's base rate, refundable)
ROOM_TYPES = (
    ("Standard King", 1.0, False),
    ("Standard King, flexible", 1.12, True),
    ("Deluxe Queen", 1.3, True),
    ("Junior Suite", 1.85, True),
)
AMENITIES = ("Free Wi-Fi", "Gym", "Breakfast", "Airport shuttle", "Meeting rooms", "Pool")

FIRST_NAMES = (
    "Ana", "Bilal", "Chloe", "Dario", "Esme", "Farid", "Greta", "Hugo", "Ines", "Jonah",
    "Keiko", "Lars", "Maya", "Nikhil", "Olga", "Pavel", "Quinn", "Rosa", "Sven", "Tara",
    "Umar", "Vera", "Wes", "Ximena", "Yusuf", "Zoe", "Amara", "Bruno", "Celia", "Dev",
    "Elif", "Felix", "Hana", "Ivo", "Jade", "Kofi",
)  # fmt: skip
LAST_NAMES = (
    "Alvarez", "Brennan", "Castillo", "Dubois", "Eriksen", "Fontaine", "Gallagher", "Hoffmann",
    "Iwata", "Jensen", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov",
    "Quiroga", "Rahman", "Schultz", "Takahashi", "Underwood", "Varga", "Whitlock", "Yilmaz",
    "Zeller", "Abara", "Bianchi", "Carvalho", "Delacroix", "Esposito", "Ferreira", "Grant",
    "Haddad", "Ibsen", "Juarez", "Kaur",
)  # fmt: skip
DEPARTMENTS = (
    "Engineering",
    "Sales",
    "Marketing",
    "Finance",
    "Customer Success",
    "Product",
    "Operations",
    "Legal",
)
JOB_TITLES = {
    "Engineering": ("Software Engineer", "Staff Engineer", "Engineering Manager"),
    "Sales": ("Account Executive", "Sales Director", "Solutions Consultant"),
    "Marketing": ("Content Lead", "Field Marketing Manager", "Brand Designer"),
    "Finance": ("Financial Analyst", "Controller"),
    "Customer Success": ("Customer Success Manager", "Implementation Lead"),
    "Product": ("Product Manager", "Product Designer"),
    "Operations": ("Operations Analyst", "Office Manager"),
    "Legal": ("Counsel", "Paralegal"),
}
#: the signed-in person: a travel manager who also books for others
MANAGER = ("Noor", "Haddad", "Operations", "Travel Manager", "SFO")

CLIENTS = (
    "Brightwater Health",
    "Okapi Logistics",
    "Solano Foods",
    "Tessellate Bank",
    "Larch Energy",
    "Pinecrest Schools",
    "Vantage Mobility",
    "Halcyon Retail",
)
#: (trip name pattern, purpose pattern); {city} and {client} are filled in
PURPOSES = (
    ("{city} client workshop", "Two-day discovery workshop with {client}."),
    ("{city} quarterly planning", "Quarterly planning with the {city} team."),
    ("{city} customer visit", "Renewal meeting and site visit at {client}."),
    ("{city} partner summit", "Annual partner summit; we present the roadmap."),
    ("{city} recruiting days", "Campus recruiting and on-site interviews."),
    ("{city} conference", "Speaking slot and booth duty at the data conference."),
    ("{city} onboarding", "Onboarding the new {client} implementation team."),
    ("{city} offsite", "Department offsite with the {city} office."),
)

"""The vocabularies the seed company is made from: people, cost centres, categories with their
policy, merchants and what people spend on. Plain data; ``_seed`` composes the records."""

from __future__ import annotations

__all__ = [
    "CATEGORIES",
    "COMPANY",
    "COST_CENTRES",
    "FX_TO_USD",
    "MERCHANTS",
    "PEOPLE",
    "TRIP_PLACES",
    "TRIP_REASONS",
]

COMPANY = "Brightwater Surveys"

#: (code, name, quarterly budget in dollars)
COST_CENTRES: tuple[tuple[str, str, int], ...] = (
    ("CC-110", "Field Surveys", 13_200),
    ("CC-120", "Geotechnical Lab", 4_600),
    ("CC-210", "Sales & Bids", 15_500),
    ("CC-220", "Marketing", 3_200),
    ("CC-310", "Engineering Design", 11_000),
    ("CC-410", "Finance & Admin", 4_200),
    ("CC-510", "IT & Tooling", 7_800),
)

#: (id, name, GL code, kind, per-line limit in dollars or None)
CATEGORIES: tuple[tuple[str, str, str, str, int | None], ...] = (
    ("cat-air", "Airfare", "6110", "receipt", None),
    ("cat-hotel", "Lodging", "6120", "receipt", 250),
    ("cat-car", "Car rental", "6125", "receipt", 400),
    ("cat-taxi", "Ground transport", "6130", "receipt", 150),
    ("cat-meals", "Meals", "6140", "receipt", 75),
    ("cat-client", "Client entertainment", "6145", "receipt", 300),
    ("cat-miles", "Mileage", "6150", "mileage", None),
    ("cat-diem", "Per diem", "6160", "perdiem", None),
    ("cat-conf", "Conference fees", "6210", "receipt", None),
    ("cat-soft", "Software", "6310", "receipt", 500),
    ("cat-office", "Office supplies", "6320", "receipt", 200),
    ("cat-train", "Training", "6410", "receipt", 1200),
)

#: category id -> merchants and the dollar range of one charge
MERCHANTS: dict[str, tuple[tuple[str, ...], tuple[int, int]]] = {
    "cat-air": (
        ("Northwind Air", "Skyline Airways", "Cascade Air", "Meridian Airlines"),
        (180, 780),
    ),
    "cat-hotel": (
        ("Harborview Inn", "The Granary Hotel", "Lakeside Suites", "Pine Court Lodge"),
        (110, 240),
    ),
    "cat-car": (("Roadways Rental", "Summit Car Hire", "Metro Auto Rent"), (95, 380)),
    "cat-taxi": (("CityCab", "Rideline", "Airport Shuttle Co.", "Blue Line Taxi"), (14, 95)),
    "cat-meals": (
        ("Copper Kettle", "Harbor Grill", "Saffron Table", "Market Deli", "Olive & Ash"),
        (12, 70),
    ),
    "cat-client": (
        ("The Oak Room", "Vinea Bistro", "Fathom Seafood", "Alder Steakhouse"),
        (120, 290),
    ),
    "cat-conf": (("GeoTech Summit", "Survey Expo", "Coastal Engineering Forum"), (350, 1450)),
    "cat-soft": (("Fieldnote Pro", "MapLayer Cloud", "CADstream", "Datasheet Plus"), (29, 480)),
    "cat-office": (("Paper & Pin", "OfficeDepot Local", "Staples Corner"), (18, 160)),
    "cat-train": (
        ("Safety First Training", "Drone Pilot Academy", "Hydrology Institute"),
        (250, 1100),
    ),
}

#: rough value of one unit of each currency in US dollars (fixed for the whole world)
FX_TO_USD: dict[str, float] = {"USD": 1.0, "EUR": 1.08, "GBP": 1.27, "CAD": 0.73}

TRIP_PLACES: tuple[tuple[str, str], ...] = (
    ("Portland", "USD"),
    ("Denver", "USD"),
    ("Boise", "USD"),
    ("Sacramento", "USD"),
    ("Spokane", "USD"),
    ("Vancouver", "CAD"),
    ("Calgary", "CAD"),
    ("Rotterdam", "EUR"),
    ("Hamburg", "EUR"),
    ("Aberdeen", "GBP"),
)
TRIP_REASONS: tuple[str, ...] = (
    "Site survey",
    "Client kickoff",
    "Bid meeting",
    "Soil sampling",
    "Conference",
    "Training course",
    "Project review",
    "Drone mapping",
)

#: (name, title, cost centre code, role); the first is the signed-in finance controller
PEOPLE: tuple[tuple[str, str, str, str], ...] = (
    ("Noor Haddad", "Finance Controller", "CC-410", "finance"),
    ("Elliot Brandt", "Head of Field Surveys", "CC-110", "manager"),
    ("Marisol Vega", "Sales Director", "CC-210", "manager"),
    ("Tobias Lindqvist", "Lab Manager", "CC-120", "manager"),
    ("Grace Okonjo", "Design Lead", "CC-310", "manager"),
    ("Henrik Aalto", "IT Manager", "CC-510", "manager"),
    ("Priya Natarajan", "Marketing Manager", "CC-220", "manager"),
    ("Sam Whitaker", "Senior Surveyor", "CC-110", "employee"),
    ("Leah Castillo", "Field Surveyor", "CC-110", "employee"),
    ("Owen Mbeki", "Field Surveyor", "CC-110", "employee"),
    ("Ines Duarte", "Drone Pilot", "CC-110", "employee"),
    ("Caleb Turner", "Survey Technician", "CC-110", "employee"),
    ("Yuki Tanaka", "Lab Technician", "CC-120", "employee"),
    ("Farah Qureshi", "Geotechnical Engineer", "CC-120", "employee"),
    ("Daniel Reyes", "Account Executive", "CC-210", "employee"),
    ("Hannah Becker", "Bid Manager", "CC-210", "employee"),
    ("Marcus Osei", "Account Executive", "CC-210", "employee"),
    ("Chloe Martin", "Civil Engineer", "CC-310", "employee"),
    ("Ravi Menon", "Structural Engineer", "CC-310", "employee"),
    ("Julia Novak", "CAD Designer", "CC-310", "employee"),
    ("Ahmed Farouk", "Systems Administrator", "CC-510", "employee"),
    ("Sofia Rossi", "Content Marketer", "CC-220", "employee"),
    ("Liam O'Connor", "Events Coordinator", "CC-220", "employee"),
    ("Maya Goldberg", "Accounts Payable", "CC-410", "finance"),
    ("Ben Adeyemi", "Office Manager", "CC-410", "employee"),
    ("Nadia Petrova", "Hydrologist", "CC-120", "employee"),
    ("Theo Laurent", "Field Surveyor", "CC-110", "employee"),
    ("Kira Johansson", "Sales Engineer", "CC-210", "employee"),
)

"""The vocabularies the seed store is made from: its catalogue, its staff, its customers' names
and towns, its discount campaigns. ``_seed`` combines them with fixed rules and a fixed RNG."""

from __future__ import annotations

__all__ = [
    "CATALOGUE",
    "CATEGORIES",
    "CITIES",
    "COMMENTS",
    "DISCOUNTS",
    "FIRST_NAMES",
    "LAST_NAMES",
    "STAFF",
    "STORE_NAME",
    "VENDORS",
]

STORE_NAME = "Larchwood Goods"

# (short id, name, role, avatar colour)
STAFF = [("mara", "Mara Lindgren", "Store owner", "#8a5442"),
         ("theo", "Theo Okafor", "Fulfilment lead", "#33658a"),
         ("priya", "Priya Raman", "Customer care", "#4d6b57"),
         ("jonah", "Jonah Beck", "Inventory", "#7a5f1f"),
         ("ines", "Ines Duarte", "Marketing", "#7d4a63")]  # fmt: skip

# (id suffix, name, description)
CATEGORIES = [("kitchen", "Kitchen", "Cookware, tableware and tools for everyday cooking."),
              ("bedding", "Bedding", "Linen sheets, duvet covers and throws."),
              ("bath", "Bath", "Towels, robes and bath textiles."),
              ("candles", "Candles & Scent", "Hand-poured candles and diffusers."),
              ("outdoor", "Outdoor", "Camp and garden goods built to last."),
              ("stationery", "Stationery", "Notebooks, pens and desk goods."),
              ("apparel", "Apparel", "Workwear, knitwear and accessories."),
              ("pantry", "Pantry", "Small-batch teas, coffee and preserves.")]  # fmt: skip

VENDORS = ["Larchwood Studio", "Hollis & Rowe", "Ferncliff Works", "Saltmarsh Textiles",
           "Old Mill Pottery", "Birchway Supply"]  # fmt: skip

# category suffix -> [(title, vendor index, price in dollars, [option names])]
CATALOGUE: dict[str, list[tuple[str, int, int, list[str]]]] = {
    "kitchen": [("Enamel Mug", 4, 18, ["Sage", "Cream", "Navy"]),
                ("Cast Iron Skillet", 5, 64, ["10 inch", "12 inch"]),
                ("Olive Wood Spoon Set", 0, 28, ["Default"]),
                ("Stoneware Bowl", 4, 22, ["Small", "Medium", "Large"]),
                ("Linen Apron", 3, 42, ["Natural", "Charcoal", "Rust"]),
                ("Copper Measuring Cups", 1, 36, ["Default"])],
    "bedding": [("Washed Linen Sheet Set", 3, 189, ["Twin", "Queen", "King"]),
                ("Waffle Duvet Cover", 3, 158, ["Queen", "King"]),
                ("Wool Throw", 2, 129, ["Oat", "Moss", "Slate"]),
                ("Linen Pillowcase Pair", 3, 48, ["White", "Flax", "Clay"])],
    "bath": [("Turkish Bath Towel", 3, 38, ["White", "Sand", "Ocean"]),
             ("Waffle Robe", 3, 96, ["S/M", "L/XL"]),
             ("Cedar Bath Mat", 5, 54, ["Default"]),
             ("Hand Towel Set", 3, 32, ["White", "Sand"])],
    "candles": [("Fir & Smoke Candle", 0, 34, ["8 oz", "14 oz"]),
                ("Rosemary Mint Candle", 0, 34, ["8 oz", "14 oz"]),
                ("Reed Diffuser", 0, 46, ["Cedar", "Fig", "Sea Salt"]),
                ("Matchbox Trio", 1, 14, ["Default"])],
    "outdoor": [("Canvas Camp Chair", 5, 118, ["Olive", "Sand"]),
                ("Enamel Camp Plate Set", 4, 39, ["Default"]),
                ("Waxed Canvas Tote", 2, 72, ["Tan", "Black"]),
                ("Garden Kneeler", 5, 29, ["Default"]),
                ("Merino Picnic Blanket", 2, 145, ["Red Plaid", "Green Plaid"])],
    "stationery": [("Dot Grid Notebook", 1, 16, ["A5", "A6"]),
                   ("Brass Fountain Pen", 1, 68, ["Fine", "Medium"]),
                   ("Desk Tray", 5, 44, ["Walnut", "Oak"]),
                   ("Letterpress Cards", 1, 18, ["Default"])],
    "apparel": [("Merino Beanie", 2, 38, ["Charcoal", "Oat", "Rust"]),
                ("Chore Jacket", 2, 198, ["S", "M", "L", "XL"]),
                ("Wool Socks", 2, 19, ["S/M", "L/XL"]),
                ("Leather Work Gloves", 5, 52, ["M", "L"])],
    "pantry": [("Smoked Black Tea", 1, 17, ["Loose 100 g", "Tins of 20"]),
               ("Wildflower Honey", 1, 21, ["Default"]),
               ("Coffee Beans", 1, 19, ["Whole bean", "Ground"]),
               ("Fig Preserve", 1, 12, ["Default"])],
}  # fmt: skip

FIRST_NAMES = ["Ava", "Liam", "Sofia", "Noah", "Maya", "Ethan", "Chloe", "Lucas", "Isla", "Owen",
               "Nora", "Caleb", "Zoe", "Miles", "Hazel", "Felix", "Ruby", "Jasper", "Leah",
               "Rowan", "Iris", "Silas", "Elena", "Hugo", "Clara", "Declan", "Maren", "Tariq",
               "Anika", "Emil", "Priscilla", "Kofi", "Lena", "Rafael", "Yara", "Bram"]  # fmt: skip
LAST_NAMES = ["Abbott", "Brennan", "Castillo", "Delaney", "Ekström", "Fraser", "Gallagher",
              "Haddad", "Ishikawa", "Jensen", "Kowalski", "Larsen", "Moreau", "Nakamura",
              "O'Neill", "Petrov", "Quinn", "Rossi", "Sato", "Tanaka", "Umar", "Vance",
              "Whitaker", "Young", "Zimmer", "Achebe", "Bishop", "Caldwell", "Dunlap",
              "Ellison"]  # fmt: skip
# (city, region)
CITIES = [("Portland", "OR"), ("Asheville", "NC"), ("Burlington", "VT"), ("Boulder", "CO"),
          ("Madison", "WI"), ("Savannah", "GA"), ("Santa Fe", "NM"), ("Ann Arbor", "MI"),
          ("Providence", "RI"), ("Bozeman", "MT"), ("Duluth", "MN"), ("Sacramento", "CA"),
          ("Austin", "TX"), ("Portsmouth", "NH"), ("Tacoma", "WA"), ("Ithaca", "NY")]  # fmt: skip

# (code, kind, value (percent, or dollars for fixed), minimum dollars, starts, ends, limit, used,
#  active)
DISCOUNTS = [("WELCOME10", "percent", 10, 0, "2026-01-01", None, None, 41, True),
             ("AUTUMN15", "percent", 15, 50, "2026-09-15", "2026-10-31", 200, 37, False),
             ("FREESHIP", "fixed", 7, 60, "2026-06-01", None, None, 58, True),
             ("HOLIDAY20", "percent", 20, 100, "2026-11-25", "2026-12-31", 500, 12, True),
             ("CANDLE5", "fixed", 5, 30, "2026-10-01", "2026-12-15", 100, 22, True),
             ("LINEN25", "percent", 25, 150, "2026-08-01", "2026-08-31", 50, 50, False),
             ("STUDIO30", "fixed", 30, 200, "2026-11-01", "2027-01-31", 40, 6, True),
             ("FRIENDS12", "percent", 12, 0, "2026-03-01", None, 300, 88, True),
             ("SPRING10", "percent", 10, 40, "2026-03-20", "2026-05-31", None, 64, False),
             ("NEWSLETTER", "fixed", 10, 75, "2026-07-01", "2026-12-31", 250, 19,
              True)]  # fmt: skip

COMMENTS = ["Customer asked for gift wrap; added a card.",
            "Address confirmed by phone.",
            "Packed with extra padding: fragile stoneware.",
            "Customer asked to hold shipment until Monday.",
            "Split shipment discussed, customer prefers one box.",
            "Carrier pickup missed, rebooked for tomorrow."]  # fmt: skip

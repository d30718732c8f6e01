"""The Generator's raw material: realistic business tables, varied per task by a seeded RNG.

Every table is a header plus rows of plain values (numbers, text, ``datetime.date``); the
families decide where they go and which facts about them the task states. Derived columns
(Revenue = Units x Unit price, Variance = Budget - Actual) are consistent per row, so a reward
may rely on them when the task's context says so.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

__all__ = [
    "COMPANIES",
    "PRODUCTS",
    "REGIONS",
    "TASKS",
    "Table",
    "budget_table",
    "contact_table",
    "invoice_table",
    "month_sheet",
    "order_lines",
    "price_list",
    "region_summary",
    "sales_table",
    "slug",
    "task_table",
]

Table = tuple[list[str], list[list[Any]]]

COMPANIES: tuple[str, ...] = (
    "Northwind Traders",
    "Bluebell Outdoor",
    "Harbor & Finch",
    "Kestrel Analytics",
    "Maple Street Bakery",
    "Orion Freight",
    "Silverline Dental",
    "Tidewater Books",
)
_REPS = (
    "Ana Silva",
    "Ben Okoro",
    "Chloe Martin",
    "Dev Patel",
    "Elif Kaya",
    "Femi Adeyemi",
    "Grace Liu",
    "Hugo Brandt",
    "Ines Moreau",
    "Jonas Berg",
)
REGIONS = ("North", "South", "East", "West", "Central", "Coastal")
_REGIONS = REGIONS
PRODUCTS: tuple[tuple[str, float], ...] = (
    ("Desk lamp", 34.5),
    ("Office chair", 189.0),
    ("Monitor arm", 74.9),
    ("Standing desk", 429.0),
    ("Keyboard", 59.99),
    ("Webcam", 89.0),
    ("Headset", 119.5),
    ("Docking station", 215.0),
    ("Notebook pack", 12.75),
)
_CUSTOMERS = (
    "Acme Logistics",
    "Brightside Clinic",
    "Cobalt Studio",
    "Delta Marine",
    "Evergreen Farms",
    "Foxglove Hotel",
    "Granite Legal",
    "Helix Labs",
    "Ironwood School",
    "Juniper Cafe",
    "Keystone Builders",
    "Lumen Optics",
)
_DEPARTMENTS = (
    "Marketing",
    "Sales",
    "Engineering",
    "Support",
    "Finance",
    "Operations",
    "HR",
    "Facilities",
)
_CATEGORIES = (
    "Travel",
    "Software",
    "Hardware",
    "Training",
    "Events",
    "Contractors",
    "Office supplies",
)
TASKS = (
    "Draft launch plan",
    "Review vendor contract",
    "Update onboarding guide",
    "Migrate billing reports",
    "Prepare board slides",
    "Audit access rights",
    "Renew SSL certificates",
    "Plan team offsite",
    "Clean up CRM duplicates",
    "Write Q3 newsletter",
    "Test backup restore",
    "Order new laptops",
    "Refresh price list",
    "Schedule safety training",
    "Archive old projects",
)


def slug(text: str) -> str:
    """``Harbor & Finch`` -> ``harbor_finch``: a file-name-safe form of a company name."""
    return "_".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())


def _dates(rng: random.Random, n: int, year: int, month: int) -> list[datetime.date]:
    start = datetime.date(year, month, 1)
    return sorted(start + datetime.timedelta(days=rng.randrange(90)) for _ in range(n))


def sales_table(rng: random.Random, n: int, regions: int = 4) -> Table:
    """Order ID, Date, Region, Sales rep, Product, Units, Unit price, Revenue (= Units x price)."""
    picked = rng.sample(_REGIONS, regions)
    reps = rng.sample(_REPS, 6)
    first = rng.randrange(1000, 9000)
    rows: list[list[Any]] = []
    for i, day in enumerate(_dates(rng, n, 2025, rng.choice((1, 4, 7)))):
        product, price = rng.choice(PRODUCTS)
        units = rng.randint(1, 40)
        rows.append(
            [
                f"SO-{first + i}",
                day,
                rng.choice(picked),
                rng.choice(reps),
                product,
                units,
                price,
                round(units * price, 2),
            ]
        )
    header = [
        "Order ID",
        "Date",
        "Region",
        "Sales rep",
        "Product",
        "Units",
        "Unit price",
        "Revenue",
    ]
    return header, rows


def region_summary(rng: random.Random, k: int) -> Table:
    """Region, Orders, Revenue: ``k`` regions (a pivot someone pasted as values)."""
    regions = rng.sample(_REGIONS, k)
    rows: list[list[Any]] = [
        [r, rng.randint(12, 80), round(rng.uniform(8_000, 95_000), 2)] for r in regions
    ]
    return ["Region", "Orders", "Revenue"], rows


def budget_table(rng: random.Random, n: int) -> Table:
    """Department, Category, Budget, Actual, Variance (= Budget - Actual); some ties, some over."""
    pairs = [(d, c) for d in _DEPARTMENTS for c in _CATEGORIES]
    rows: list[list[Any]] = []
    for i, (dept, cat) in enumerate(sorted(rng.sample(pairs, n))):
        budget = float(rng.randrange(20, 400) * 100)
        # every 7th line is exactly on budget: neither over nor under
        actual = budget if i % 7 == 3 else round(budget * rng.uniform(0.7, 1.25), 2)
        rows.append([dept, cat, budget, actual, round(budget - actual, 2)])
    return ["Department", "Category", "Budget", "Actual", "Variance"], rows


def invoice_table(rng: random.Random, n: int) -> Table:
    """Invoice, Customer, Issue date, Due date, Amount, Status (Paid / Open / Overdue)."""
    first = rng.randrange(2000, 8000)
    rows: list[list[Any]] = []
    for i, day in enumerate(_dates(rng, n, 2025, rng.choice((2, 5, 8)))):
        status = rng.choices(("Paid", "Open", "Overdue"), (5, 3, 2))[0]
        rows.append(
            [
                f"INV-{first + i}",
                rng.choice(_CUSTOMERS),
                day,
                day + datetime.timedelta(days=rng.choice((14, 30, 45))),
                round(rng.uniform(180, 12_500), 2),
                status,
            ]
        )
    # at least two of each status, so every task on them has something to do
    for status, idx in (("Overdue", 1), ("Overdue", n // 2), ("Paid", 0), ("Open", n - 1)):
        rows[idx][5] = status
    return ["Invoice", "Customer", "Issue date", "Due date", "Amount", "Status"], rows


def task_table(rng: random.Random, n: int) -> Table:
    """Task ID, Task, Owner, Due date, Priority, Status (empty: to be filled)."""
    rows: list[list[Any]] = []
    for i, day in enumerate(_dates(rng, n, 2025, rng.choice((3, 6, 9)))):
        rows.append(
            [
                f"T-{101 + i}",
                rng.choice(TASKS),
                rng.choice(_REPS),
                day,
                rng.choice(("High", "Medium", "Low")),
                None,
            ]
        )
    return ["Task ID", "Task", "Owner", "Due date", "Priority", "Status"], rows


def price_list(rng: random.Random, n: int) -> Table:
    """Code, Description, Unit price: product codes like ``LMP-204``."""
    rows: list[list[Any]] = []
    for name, base in rng.sample(PRODUCTS, n):
        code = f"{name[:3].upper()}-{rng.randrange(100, 999)}"
        rows.append([code, name, round(base * rng.uniform(0.9, 1.1), 2)])
    return ["Code", "Description", "Unit price"], rows


def order_lines(rng: random.Random, n: int, codes: list[str]) -> Table:
    """Order, Customer, Product code, Qty, Unit price (empty), Line total (empty)."""
    first = rng.randrange(40000, 60000)
    rows: list[list[Any]] = [
        [
            f"PO-{first + i}",
            rng.choice(_CUSTOMERS),
            rng.choice(codes),
            rng.randint(1, 25),
            None,
            None,
        ]
        for i in range(n)
    ]
    return ["Order", "Customer", "Product code", "Qty", "Unit price", "Line total"], rows


def month_sheet(rng: random.Random, n: int) -> Table:
    """Product, Units, Revenue: one month's sales of ``n`` distinct products."""
    rows: list[list[Any]] = []
    for name, price in rng.sample(PRODUCTS, n):
        units = rng.randint(3, 120)
        rows.append([name, units, round(units * price * rng.uniform(0.9, 1.0), 2)])
    return ["Product", "Units", "Revenue"], rows


def contact_table(rng: random.Random, n: int) -> Table:
    """First name, Last name, Company, Email: ``n`` distinct people."""
    firsts = [r.split()[0] for r in _REPS] + ["Mia", "Noah", "Olga", "Pavel", "Rosa", "Sami"]
    lasts = [r.split()[1] for r in _REPS] + ["Novak", "Quist", "Rossi", "Tanaka", "Weber"]
    people = rng.sample([(f, last) for f in firsts for last in lasts], n)
    rows: list[list[Any]] = []
    for first, last in people:
        company = rng.choice(_CUSTOMERS)
        domain = slug(company).replace("_", "") + ".example"
        rows.append([first, last, company, f"{first.lower()}.{last.lower()}@{domain}"])
    return ["First name", "Last name", "Company", "Email"], rows

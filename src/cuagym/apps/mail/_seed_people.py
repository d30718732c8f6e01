"""Seed people, labels, contacts and templates of Nora Castellanos's mailbox at Fernhill Analytics.

Literal data only (no clock, no randomness): see ``_seed`` for how it becomes a state.
"""

from __future__ import annotations

__all__ = [
    "ACCOUNT",
    "CONTACTS",
    "LABELS",
    "PEOPLE",
    "SEED_FILES",
    "SIGNATURE",
    "TEMPLATES",
]

ACCOUNT = {
    "name": "Nora Castellanos",
    "email": "nora.castellanos@fernhill.example",
    "title": "Senior Account Manager",
    "company": "Fernhill Analytics",
    "timezone": "America/Chicago",
}

SIGNATURE = "Nora Castellanos\nSenior Account Manager · Fernhill Analytics\n+1 (312) 555-0142"

# short -> (display name, address). ``me`` is the account owner.
PEOPLE: dict[str, tuple[str, str]] = {
    "me": (ACCOUNT["name"], ACCOUNT["email"]),
    # colleagues
    "owen": ("Owen Pryce", "owen.pryce@fernhill.example"),
    "lena": ("Lena Fischer", "lena.fischer@fernhill.example"),
    "sam": ("Sam Ortiz", "sam.ortiz@fernhill.example"),
    "grace": ("Grace Kim", "grace.kim@fernhill.example"),
    "ibrahim": ("Ibrahim Haddad", "ibrahim.haddad@fernhill.example"),
    "julia": ("Julia Moreau", "julia.moreau@fernhill.example"),
    "kofi": ("Kofi Mensah", "kofi.mensah@fernhill.example"),
    # customers
    "priya": ("Priya Shah", "priya.shah@bluepeak.example"),
    "marcus": ("Marcus Bell", "marcus.bell@alderfinch.example"),
    "helen": ("Helen Okafor", "h.okafor@corvidhealth.example"),
    "diego": ("Diego Alvarez", "diego.alvarez@dunmorefoods.example"),
    "ruth": ("Ruth Calloway", "rcalloway@eastgatecu.example"),
    "tomasz": ("Tomasz Nowak", "tomasz.nowak@graniterow.example"),
    # vendors and services
    "travel": ("Northwind Travel Desk", "bookings@northwindtravel.example"),
    "stratus": ("Stratusly Billing", "billing@stratusly.example"),
    "print": ("Printworks Studio", "orders@printworks.example"),
    "metric": ("The Metric Weekly", "digest@metricweekly.example"),
    "dataconf": ("DataConf 2025", "hello@dataconf.example"),
    # spam
    "prize": ("Reward Center", "winner@lucky-prizes.example"),
    "phish": ("Accounts Dept", "accounts@payments-secure.example"),
}

# (id, name, colour)
LABELS: list[tuple[str, str, str]] = [
    ("l-clients", "Clients", "blue"),
    ("l-finance", "Finance", "green"),
    ("l-hiring", "Hiring", "purple"),
    ("l-travel", "Travel", "orange"),
    ("l-vendors", "Vendors", "brown"),
    ("l-newsletters", "Newsletters", "gray"),
]

# (id, person short, company, phone, groups, notes)
CONTACTS: list[tuple[str, str, str, str, list[str], str]] = [
    (
        "ct-0001",
        "priya",
        "Bluepeak Logistics",
        "+1 (414) 555-0188",
        ["customers"],
        "Renewal due end of March. Prefers email over calls.",
    ),
    (
        "ct-0002",
        "marcus",
        "Alder & Finch Retail",
        "+1 (608) 555-0120",
        ["customers"],
        "QBR every quarter; 40 store managers on the dashboard.",
    ),
    (
        "ct-0003",
        "helen",
        "Corvid Health",
        "+1 (651) 555-0163",
        ["customers"],
        "Compliance-heavy; loop in Lena for data questions.",
    ),
    (
        "ct-0004",
        "diego",
        "Dunmore Foods",
        "+1 (515) 555-0101",
        ["customers"],
        "Onboarded February 2025.",
    ),
    ("ct-0005", "ruth", "Eastgate Credit Union", "+1 (317) 555-0179", ["customers"], ""),
    (
        "ct-0006",
        "tomasz",
        "Granite Row Hotels",
        "+1 (773) 555-0134",
        ["customers", "prospects"],
        "Contract in legal review.",
    ),
    ("ct-0007", "owen", "Fernhill Analytics", "+1 (312) 555-0110", ["team"], "Manager."),
    ("ct-0008", "lena", "Fernhill Analytics", "", ["team"], "Data engineering."),
    ("ct-0009", "sam", "Fernhill Analytics", "", ["team"], "Customer success."),
    ("ct-0010", "grace", "Fernhill Analytics", "", ["team"], "Finance."),
    ("ct-0011", "ibrahim", "Fernhill Analytics", "", ["team"], "Product."),
    ("ct-0012", "julia", "Fernhill Analytics", "", ["team"], "People operations."),
    (
        "ct-0013",
        "kofi",
        "Fernhill Analytics",
        "+1 (312) 555-0157",
        ["team"],
        "Solutions engineering, runs demos.",
    ),
    (
        "ct-0014",
        "travel",
        "Northwind Travel",
        "+1 (800) 555-0199",
        ["vendors"],
        "Company travel agency.",
    ),
    ("ct-0015", "stratus", "Stratusly", "", ["vendors"], "Cloud hosting."),
    (
        "ct-0016",
        "print",
        "Printworks Studio",
        "+1 (312) 555-0175",
        ["vendors"],
        "Trade show print jobs.",
    ),
]

# (id, name, subject, body)
TEMPLATES: list[tuple[str, str, str, str]] = [
    (
        "tpl-0001",
        "Renewal reminder",
        "Your Fernhill Analytics renewal is coming up",
        "Hi,\n\nA quick heads-up that your Fernhill Analytics subscription renews at the end of "
        "this month. Nothing is needed from you if you'd like to continue on your current plan.\n\n"
        "If you want to review seats, add modules or talk about pricing, just reply to this email "
        "and I'll set up a call.\n\nThank you for working with us!",
    ),
    (
        "tpl-0002",
        "Meeting follow-up",
        "Thanks for today's meeting",
        "Hi,\n\nThanks for taking the time to meet today. As promised, here is a short recap:\n\n"
        "- \n- \n- \n\nNext steps: I'll follow up by the end of the week with the details we "
        "discussed. Let me know if I missed anything.",
    ),
    (
        "tpl-0003",
        "Data export how-to",
        "How to export your dashboards",
        "Hi,\n\nYou can export any dashboard from its menu: choose *Export*, pick CSV or PDF, and "
        "the file arrives by email within a few minutes. Scheduled exports live under "
        "Settings > Deliveries.\n\nThe full guide is at https://help.fernhill.example/exports",
    ),
]

# file name -> (size in bytes, content type); the files are in static/seed-files/.
SEED_FILES: dict[str, tuple[int, str]] = {
    "interview-schedule.pdf": (732, "application/pdf"),
    "itinerary-chicago.pdf": (727, "application/pdf"),
    "invoice-INV-20931.pdf": (713, "application/pdf"),
    "q2-territory-plan.csv": (268, "text/csv"),
    "alder-finch-qbr.pdf": (733, "application/pdf"),
    "banner-proof.png": (370, "image/png"),
    "eastgate-workshop.pdf": (726, "application/pdf"),
    "retention-policy-v3.pdf": (714, "application/pdf"),
}

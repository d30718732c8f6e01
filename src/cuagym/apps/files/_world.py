"""The Generator's raw material: realistic file names, contents and dates, varied per task."""

from __future__ import annotations

import datetime
import random
from typing import Any

__all__ = [
    "CLIENTS",
    "PROJECTS",
    "TRIPS",
    "TYPE_FILES",
    "FileSpec",
    "day_stamp",
    "file_spec",
    "filler_text",
    "project_files",
    "stamp",
]

#: ``{"path", "kind", "text", "mtime", "mode"?}``: one file of an initial tree (path relative
#: to /home/user, ISO mtime, permission bits in octal)
FileSpec = dict[str, Any]

CLIENTS: tuple[str, ...] = (
    "Acme Logistics",
    "Brightside Clinic",
    "Cobalt Studio",
    "Delta Marine",
    "Evergreen Farms",
    "Helix Labs",
)
PROJECTS: tuple[str, ...] = (
    "website-redesign",
    "q3-audit",
    "mobile-app",
    "data-migration",
    "brand-refresh",
    "warehouse-sensors",
)
TRIPS: tuple[str, ...] = (
    "lisbon-2024",
    "kyoto-trip",
    "alps-2025",
    "iceland-roadtrip",
    "barcelona-weekend",
)

#: kind -> realistic download names of that kind (the extension is added by the caller)
TYPE_FILES: dict[str, tuple[str, ...]] = {
    "pdf": (
        "invoice_2291",
        "boarding-pass",
        "lease_agreement",
        "tax_statement_2024",
        "conference_agenda",
        "warranty_card",
        "bank_statement_march",
    ),
    "docx": ("cover_letter", "meeting_minutes", "project_brief", "reference_letter"),
    "txt": ("notes", "wifi_password_hint", "todo", "license_key"),
    "png": ("screenshot_2025-03-04", "diagram_v2", "logo_draft", "chart_export"),
    "jpg": ("IMG_2231", "IMG_2232", "profile_photo", "receipt_scan", "whiteboard"),
    "xlsx": ("budget_2025", "expenses_q1", "inventory_count"),
    "csv": ("transactions", "contacts_export", "sensor_log"),
    "zip": ("photos_backup", "fonts_pack", "source_code"),
}

_SENTENCES: tuple[str, ...] = (
    "Quarterly figures are attached for review.",
    "Please confirm the delivery window by Friday.",
    "The meeting moved to room 4B at 10:30.",
    "Remember to renew the parking permit.",
    "Draft numbers, not final - check with finance.",
    "Serial numbers are listed on the back of the unit.",
    "Backup taken before the migration weekend.",
)


def stamp(rng: random.Random, year: int = 2025, months: tuple[int, int] = (1, 6)) -> str:
    """A random ISO modification time within ``months`` of ``year`` (working hours)."""
    day = datetime.date(year, months[0], 1) + datetime.timedelta(
        days=rng.randrange((months[1] - months[0] + 1) * 28)
    )
    return f"{day.isoformat()}T{rng.randint(8, 18):02d}:{rng.randrange(60):02d}:00"


def file_spec(path: str, kind: str, text: str, mtime: str) -> FileSpec:
    return {"path": path, "kind": kind, "text": text, "mtime": mtime}


def day_stamp(day: int, hour: int) -> str:
    """Day ``day`` of 2025 (0 = Jan 1) at ``hour``:30, as an ISO modification time."""
    date = datetime.date(2025, 1, 1) + datetime.timedelta(days=day)
    return f"{date.isoformat()}T{hour:02d}:30:00"


def project_files(rng: random.Random, root: str, count: int) -> list[FileSpec]:
    """A project folder of ``count`` (4-8) files: source, docs and data in a few subfolders."""
    layout = [
        ("README.md", "txt", f"# {root.rsplit('/', 1)[-1]}\nSetup and contacts."),
        ("src/main.py", "txt", "def main():\n    print('hello')"),
        ("src/utils.py", "txt", "def clamp(x, lo, hi):\n    return max(lo, min(hi, x))"),
        ("docs/plan.pdf", "pdf", "Project plan - milestones and owners"),
        ("docs/kickoff_minutes.docx", "docx", "Kickoff minutes. Scope agreed."),
        ("data/measurements.csv", "txt", "time,value\n09:00,12.5\n09:05,12.9"),
        ("data/site_photo.jpg", "jpg", f"{root} site photo"),
        ("design/mockup.png", "png", f"{root} mockup"),
    ]
    picked = [layout[0], *rng.sample(layout[1:], count - 1)]
    return [
        file_spec(f"{root}/{rel}", kind, text + " " + rng.choice(_SENTENCES), stamp(rng))
        for rel, kind, text in picked
    ]


def filler_text(rng: random.Random, title: str) -> str:
    return f"{title}. {rng.choice(_SENTENCES)} {rng.choice(_SENTENCES)}"

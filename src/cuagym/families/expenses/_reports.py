"""Task families on a report's own page: attach a missing receipt and submit the report; file
a whole trip (a new report with a drive, a per diem and a receipt abroad) and submit it."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.expenses import build_seed, format_amount, format_money, long_date
from cuagym.apps.expenses.ops import (
    add_line,
    create_report,
    missing_receipts,
    submit_report,
    to_usd,
    update_line,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams
from cuagym.families.expenses._base import COMPANY, ME, ExpensesFamily
from cuagym.families.expenses._common import GEN_NOW, build_world, name_of

__all__ = ["AttachReceiptSubmit", "FileTripReport"]

State = dict[str, Any]


# -- attach a missing receipt, then submit --------------------------------------------------------
_ATTACH_FRAMES = (
    "{employee} found the receipt for the {merchant} expense of {amount} on ER-{number}: the "
    "file is {file}. Attach it to that expense and submit the report for approval.",
    "ER-{number} ({title}) cannot be submitted: the {merchant} expense ({amount}) has no "
    "receipt. Attach {file} to it, then submit the report.",
    "Attach the scanned receipt {file} to the {amount} {merchant} line of ER-{number} and send "
    "the report for approval.",
    "The missing receipt on {employee}'s ER-{number} is {file} (the {merchant} charge, "
    "{amount}). Put it on the expense and submit ER-{number}.",
    "Please finish ER-{number}: the {merchant} expense of {amount} needs its receipt, {file}; "
    "once it is attached, submit the report.",
)


def _one_receipt_missing(seed: State) -> list[tuple[dict[str, Any], str]]:
    out = []
    for _, report in sorted(seed["reports"].items()):
        if report["status"] not in ("draft", "returned"):
            continue
        missing = missing_receipts(seed, report)
        if len(missing) == 1:
            out.append((report, missing[0]))
    return out


class AttachReceiptSubmitParams(TaskParams):
    number: int
    title: str
    employee: str
    merchant: str
    amount_cents: int
    file: str


class AttachReceiptSubmit(ExpensesFamily):
    id: ClassVar[str] = "attach-receipt-submit"
    params_type = AttachReceiptSubmitParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("reports", "editor", "edit-line")
    also_covers: ClassVar[tuple[str, ...]] = ("expenses:reports/editor/submit",)
    checks = ("attach_receipt_submit",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        report, key = rng.choice(_one_receipt_missing(seed))
        line = report["lines"][key]
        stem = "".join(ch for ch in line["merchant"].lower() if ch.isalnum())[:14]
        file = f"{stem}-{rng.randint(100, 999)}.{rng.choice(('pdf', 'jpg', 'png'))}"
        employee = name_of(seed, report["employeeId"])
        frame = rng.choice(_ATTACH_FRAMES)
        amount = line["amountCents"]
        return self.make_task(
            task_id,
            frame.format(
                employee=employee,
                merchant=line["merchant"],
                amount=format_money(amount),
                number=report["number"],
                title=report["title"],
                file=file,
            ),
            f"The expense app of {COMPANY} is open; you are {ME}, the finance controller, and "
            f"may edit {employee}'s open reports. ER-{report['number']} ({report['title']}) is "
            f"{'a draft' if report['status'] == 'draft' else 'sent back for changes'}.",
            number=report["number"],
            title=report["title"],
            employee=employee,
            merchant=line["merchant"],
            amount_cents=amount,
            file=file,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = AttachReceiptSubmitParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        rid = f"rep-{p.number}"
        key = missing_receipts(gold, gold["reports"][rid])[0]
        line = gold["reports"][rid]["lines"][key]
        update_line(gold, rid, key, {**line, "receipt": p.file}, GEN_NOW)
        submit_report(gold, rid, GEN_NOW)
        return self.scripts(world, gold)


# -- file a whole trip ----------------------------------------------------------------------------
_TRIPS = (
    ("Hamburg", "EUR", "Harbour survey"),
    ("Rotterdam", "EUR", "Port bid meeting"),
    ("Aberdeen", "GBP", "Offshore site visit"),
    ("Calgary", "CAD", "Pipeline survey"),
    ("Vancouver", "CAD", "Client workshop"),
)
_HOTELS = ("Harborview Inn", "The Granary Hotel", "Lakeside Suites", "Pine Court Lodge")
_CENTRES = ("CC-110", "CC-210", "CC-310")
_TRIP_FRAMES = (
    "File my trip as a new expense report titled “{title}” on cost centre {centre}: a drive "
    "to the airport of {miles} miles on {drive_day}, per diem for {days} days from "
    "{diem_day}, and the hotel bill from {hotel} of {amount} on {hotel_day} (Lodging, receipt "
    "{file}). Submit it when it is complete.",
    "Create report “{title}” ({centre}) with three expenses — mileage: {miles} miles on "
    "{drive_day}; per diem: {days} days starting {diem_day}; Lodging at {hotel}, {amount} on "
    "{hotel_day}, receipt {file} — and submit it for approval.",
    "I'm back from {city}. Start a report called “{title}”, charged to {centre}, add "
    "{miles} miles driven on {drive_day}, {days} days of per diem from {diem_day} and the "
    "Lodging receipt from {hotel} ({amount}, {hotel_day}, file {file}), then submit it.",
    "New expense report for the {city} trip, title “{title}”, cost centre {centre}. Expenses: "
    "mileage {miles} mi ({drive_day}); per diem {days} days ({diem_day}); {hotel}, Lodging, "
    "{amount} dated {hotel_day} with receipt {file}. Send it for approval afterwards.",
    "Put my {city} trip into the expense app: report “{title}” on {centre}, with {miles} "
    "miles of mileage on {drive_day}, a {days}-day per diem from {diem_day} and the {amount} "
    "hotel bill from {hotel} of {hotel_day} under Lodging (receipt file {file}). Submit it.",
)


class FileTripReportParams(TaskParams):
    title: str
    city: str
    centre: str
    miles: int
    drive_day: str
    days: int
    diem_day: str
    hotel: str
    hotel_day: str
    currency: str
    hotel_original: int
    file: str


class FileTripReport(ExpensesFamily):
    id: ClassVar[str] = "file-trip-report"
    params_type = FileTripReportParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("reports", "editor", "mileage-per-diem")
    also_covers: ClassVar[tuple[str, ...]] = (
        "expenses:reports/editor/create-report",
        "expenses:reports/editor/add-receipt-line",
        "expenses:reports/editor/submit",
    )
    checks = ("file_trip_report",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        city, currency, why = rng.choice(_TRIPS)
        start = rng.randint(16, 24)
        days = rng.randint(2, 4)
        hotel = rng.choice(_HOTELS)
        original = rng.randint(180, 420) * 100 + rng.choice((0, 50, 90))
        params: dict[str, Any] = {
            "title": f"{why} — {city}",
            "city": city,
            "centre": rng.choice(_CENTRES),
            "miles": rng.randint(24, 90),
            "drive_day": f"2026-11-{start:02d}",
            "days": days,
            "diem_day": f"2026-11-{start:02d}",
            "hotel": hotel,
            "hotel_day": f"2026-11-{start + days - 1:02d}",
            "currency": currency,
            "hotel_original": original,
            "file": f"{hotel.lower().replace(' ', '-').replace('the-', '')}-{start}{days}.pdf",
        }
        frame = rng.choice(_TRIP_FRAMES)
        spelt = {k: long_date(params[k]) for k in ("drive_day", "diem_day", "hotel_day")}
        text = frame.format(**{**params, **spelt}, amount=format_amount(original, currency))
        return self.make_task(
            task_id,
            text,
            f"The expense app of {COMPANY} is open; you are {ME}. The hotel bill is in "
            f"{currency} ({format_amount(original, currency)}); the app converts it. No report "
            f"titled “{params['title']}” exists yet.",
            **params,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = FileTripReportParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        ccid = "cc-" + p.centre[3:]
        rid = create_report(gold, p.title, "", ccid, GEN_NOW)
        add_line(
            gold, rid, {"date": p.drive_day, "categoryId": "cat-miles", "miles": p.miles}, GEN_NOW
        )
        add_line(gold, rid, {"date": p.diem_day, "categoryId": "cat-diem", "days": p.days}, GEN_NOW)
        hotel = {
            "date": p.hotel_day,
            "categoryId": "cat-hotel",
            "merchant": p.hotel,
            "currency": p.currency,
            "originalCents": p.hotel_original,
            "receipt": p.file,
        }
        add_line(gold, rid, hotel, GEN_NOW)
        submit_report(gold, rid, GEN_NOW)
        assert gold["reports"][rid]["lines"]["l3"]["amountCents"] == to_usd(
            p.hotel_original, p.currency
        )
        return self.scripts(world, gold)

"""The seed: Brightwater Surveys' expense records on November 30, 2026, before any task.

28 people in 7 cost centres, 12 categories with their policy, 150 expense reports filed between
September and November 2026 in every status (about 500 line items: flights, hotels, meals,
mileage, per diem, abroad in euros, pounds and Canadian dollars), 14 corporate cards with their
transactions (most matched to a line, some waiting), the reimbursement batches already sent and
the audit trail of it all. The vocabularies are in ``_seed_data``; this module combines them
with fixed rules and one fixed RNG, so every call returns an identical fresh structure.
"""

from __future__ import annotations

import random
import re
from datetime import UTC, date, datetime, timedelta
from typing import Any

from cuagym.apps.expenses._seed_data import (
    CATEGORIES,
    COMPANY,
    COST_CENTRES,
    FX_TO_USD,
    MERCHANTS,
    PEOPLE,
    TRIP_PLACES,
    TRIP_REASONS,
)

__all__ = ["CURRENT_USER", "SEED_NOW", "build_seed", "report_total", "to_usd"]

CURRENT_USER = "emp-noor"
#: the present of the seed world: after its newest record
SEED_NOW = datetime(2026, 11, 30, 17, 0, tzinfo=UTC)
_REPORTS = 150
_FIRST_NUMBER = 2201
#: categories a card holder pays with the corporate card
_CARD_PAID = ("cat-air", "cat-hotel", "cat-car", "cat-conf", "cat-soft", "cat-client")
_COLOURS = ("#8a6a2f", "#5d6b4a", "#6b4f6b", "#3f5f73", "#7a4a3a", "#4f5d75", "#806040")

State = dict[str, Any]


def _ts(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def to_usd(original_cents: int, currency: str) -> int:
    """What a receipt in ``currency`` is reimbursed in US cents (the world's fixed rates)."""
    return round(original_cents * FX_TO_USD[currency])


def report_total(report: dict[str, Any]) -> int:
    """A report's total in US cents: the sum of its lines."""
    return sum(int(line["amountCents"]) for line in report["lines"].values())


class _Builder:
    """Composes the seed; one instance, one fixed RNG."""

    def __init__(self) -> None:
        self.rng = random.Random(2611)
        self.state: State = {
            "company": {
                "name": COMPANY,
                "receiptRequiredOverCents": 7500,
                "mileageRateCents": 67,
                "perDiemCents": 6400,
            },
            "currentUser": CURRENT_USER,
            "employees": {},
            "costCentres": {},
            "categories": {},
            "reports": {},
            "cards": {},
            "cardTransactions": {},
            "payouts": {},
            "audit": {},
            "ui": {"recentReports": []},
        }
        self.audit_log: list[tuple[str, str, str | None, str, str]] = []

    # -- people, centres, policy ----------------------------------------------------------------
    def people(self) -> None:
        s = self.state
        for cid, name, gl, kind, limit in CATEGORIES:
            s["categories"][cid] = {
                "id": cid,
                "name": name,
                "glCode": gl,
                "kind": kind,
                "limitCents": limit * 100 if limit is not None else None,
            }
        heads: dict[str, str] = {}
        for i, (name, title, cc, role) in enumerate(PEOPLE):
            eid = "emp-" + _slug(name.split()[0])
            if role in ("manager", "finance") and cc not in heads:
                heads[cc] = eid
            s["employees"][eid] = {
                "id": eid,
                "name": name,
                "email": f"{_slug(name).replace('-', '.')}@brightwater.example",
                "title": title,
                "costCentreId": "cc-" + cc[3:],
                "managerId": None,
                "role": role,
                "avatarColor": _COLOURS[i % len(_COLOURS)],
            }
        for emp in s["employees"].values():
            head = heads[emp["costCentreId"].replace("cc-", "CC-")]
            if emp["id"] != CURRENT_USER:
                emp["managerId"] = head if head != emp["id"] else CURRENT_USER
        for code, name, budget in COST_CENTRES:
            ccid = "cc-" + code[3:]
            s["costCentres"][ccid] = {
                "id": ccid,
                "code": code,
                "name": name,
                "ownerId": heads[code],
                "budgetCents": budget * 100,
            }
        holders = [e for e in sorted(s["employees"]) if e != CURRENT_USER][:14]
        for n, eid in enumerate(holders, start=1):
            s["cards"][f"card-{n:02d}"] = {
                "id": f"card-{n:02d}",
                "employeeId": eid,
                "last4": f"{4000 + n * 373 % 6000:04d}",
                "limitCents": self.rng.choice((5000, 10000, 15000)) * 100,
            }

    def card_of(self, eid: str) -> str | None:
        return next(
            (c for c, card in self.state["cards"].items() if card["employeeId"] == eid), None
        )

    # -- reports --------------------------------------------------------------------------------
    def line(self, day: date, cat: str, currency: str, place: str, why: str) -> dict[str, Any]:
        rng = self.rng
        company = self.state["company"]
        line: dict[str, Any] = {
            "date": day.isoformat(),
            "categoryId": cat,
            "merchant": "",
            "description": "",
            "currency": "USD",
            "receipt": "",
            "miles": None,
            "days": None,
            "cardTxnId": None,
        }
        if cat == "cat-miles":
            miles = rng.randint(18, 240)
            line.update(miles=miles, description=f"Drive to {place} ({why.lower()})")
            line["amountCents"] = line["originalCents"] = miles * company["mileageRateCents"]
            return line
        if cat == "cat-diem":
            days = rng.randint(1, 4)
            line.update(days=days, description=f"{place}, {days} day{'s' if days > 1 else ''}")
            line["amountCents"] = line["originalCents"] = days * company["perDiemCents"]
            return line
        merchants, (low, high) = MERCHANTS[cat]
        merchant = rng.choice(merchants)
        original = rng.randint(low * 100, high * 100)
        local = currency if cat not in ("cat-air", "cat-soft", "cat-train") else "USD"
        line.update(
            merchant=merchant,
            description=f"{why} — {place}" if cat != "cat-soft" else "Monthly subscription",
            currency=local,
            originalCents=original,
            amountCents=to_usd(original, local),
            receipt=f"{_slug(merchant)}-{day:%m%d}.{rng.choice(('pdf', 'jpg', 'png'))}",
        )
        return line

    def trip_lines(self, start: date, place: str, currency: str, why: str) -> list[dict[str, Any]]:
        rng = self.rng
        far = currency != "USD" or rng.random() < 0.5
        nights = rng.randint(1, 3)
        out = []
        if far:
            out.append(self.line(start, "cat-air", currency, place, why))
            out.append(self.line(start, "cat-hotel", currency, place, why))
            out.append(self.line(start, "cat-taxi", currency, place, why))
        else:
            out.append(self.line(start, "cat-miles", currency, place, why))
            if nights > 1:
                out.append(self.line(start, "cat-hotel", currency, place, why))
        for k in range(rng.randint(0, 2)):
            out.append(self.line(start + timedelta(days=k), "cat-meals", currency, place, why))
        if rng.random() < 0.35:
            out.append(self.line(start, "cat-diem", currency, place, why))
        if why == "Client kickoff" or (why == "Bid meeting" and rng.random() < 0.6):
            out.append(self.line(start + timedelta(days=1), "cat-client", currency, place, why))
        if why in ("Conference", "Training course"):
            cat = "cat-conf" if why == "Conference" else "cat-train"
            out.append(self.line(start, cat, "USD", place, why))
        if far and rng.random() < 0.3:
            out.append(self.line(start + timedelta(days=nights), "cat-car", currency, place, why))
        return out

    def office_lines(self, start: date) -> tuple[str, list[dict[str, Any]]]:
        rng = self.rng
        cat = rng.choice(("cat-soft", "cat-office", "cat-train"))
        n = rng.randint(1, 3) if cat != "cat-train" else 1
        lines = [self.line(start + timedelta(days=k * 3), cat, "USD", "", "") for k in range(n)]
        if cat == "cat-office":
            for line in lines:
                line["description"] = rng.choice(
                    ("Field notebooks", "Printer toner", "Survey stakes", "Label tape", "Binders")
                )
        if cat == "cat-train":
            lines[0]["description"] = rng.choice(
                ("First aid refresher", "Drone licence renewal", "Confined space course")
            )
        title = {
            "cat-soft": "Software subscriptions",
            "cat-office": "Office supplies",
            "cat-train": "Training",
        }[cat]
        return f"{title} — {start:%B}", lines

    def status_for(self, n: int) -> str:
        frac = n / _REPORTS
        if frac < 0.56:
            return "rejected" if n % 17 == 5 else "paid"
        if frac < 0.64:
            return "approved"
        if frac < 0.72:
            return "reviewed"
        if frac < 0.82:
            return "rejected" if n % 9 == 0 else "submitted"
        if frac < 0.87:
            return "returned"
        return "draft"

    def reports(self) -> None:
        rng = self.rng
        s = self.state
        filers = [e for e in sorted(s["employees"]) if e != CURRENT_USER]
        first_day = date(2026, 9, 1)
        for n in range(_REPORTS):
            number = _FIRST_NUMBER + n
            rid = f"rep-{number}"
            eid = CURRENT_USER if n % 23 == 11 or n in (140, 146) else rng.choice(filers)
            emp = s["employees"][eid]
            created = datetime.combine(
                first_day + timedelta(days=round(n * 86 / _REPORTS)),
                datetime.min.time(),
                tzinfo=UTC,
            ) + timedelta(hours=rng.randint(8, 18), minutes=rng.randint(0, 59))
            start = created.date() - timedelta(days=rng.randint(2, 9))
            if rng.random() < 0.72:
                place, currency = rng.choice(TRIP_PLACES)
                why = rng.choice(TRIP_REASONS)
                title = f"{why} — {place}"
                lines = self.trip_lines(start, place, currency, why)
                purpose = f"{why} in {place}, {start:%B %-d}"
            else:
                title, lines = self.office_lines(start)
                purpose = "Recurring team costs"
            status = self.status_for(n)
            if n % 11 == 3 and lines:  # some lines over the category's limit
                over = next((ln for ln in lines if ln["categoryId"] == "cat-meals"), None)
                if over is not None:
                    over["originalCents"] = over["amountCents"] = rng.randint(8200, 12900)
                    over["currency"] = "USD"
            report = {
                "id": rid,
                "number": number,
                "title": title,
                "purpose": purpose,
                "employeeId": eid,
                "costCentreId": emp["costCentreId"],
                "status": status,
                "lines": {f"l{k}": ln for k, ln in enumerate(lines, start=1)},
                "createdAt": _ts(created),
                "submittedAt": None,
                "reviewedAt": None,
                "approvedAt": None,
                "decidedAt": None,
                "rejectionReason": "",
                "returnNote": "",
                "payoutId": None,
            }
            if status in ("draft", "returned") and n % 4 == 1:
                big = [ln for ln in lines if ln["amountCents"] > 7500 and ln["receipt"]]
                if big:  # a receipt still to attach before it can be submitted
                    big[0]["receipt"] = ""
            self.history(report, created)
            s["reports"][rid] = report
            self.pay_by_card(report)

    def history(self, report: dict[str, Any], created: datetime) -> None:
        rng = self.rng
        s = self.state
        rid, status = report["id"], report["status"]
        emp = s["employees"][report["employeeId"]]
        manager = emp["managerId"] or CURRENT_USER
        finance = rng.choice((CURRENT_USER, "emp-maya"))
        self.audit_log.append((_ts(created), emp["id"], rid, "created", report["title"]))
        if status == "draft":
            return
        moment = created + timedelta(hours=rng.randint(2, 30))
        report["submittedAt"] = _ts(moment)
        self.audit_log.append((_ts(moment), emp["id"], rid, "submitted", ""))
        if status == "returned":
            moment += timedelta(hours=rng.randint(4, 40))
            note = rng.choice(
                (
                    "Please split the hotel bill: the minibar is personal.",
                    "Add the attendee names for the client meal.",
                    "The taxi receipt is missing.",
                    "Charge this to the project's cost centre instead.",
                )
            )
            report["returnNote"] = note
            report["submittedAt"] = None
            self.audit_log.append((_ts(moment), manager, rid, "sent back", note))
            return
        if status == "submitted":
            return
        moment += timedelta(hours=rng.randint(4, 40))
        if status == "rejected":
            reason = rng.choice(
                (
                    "Duplicate of an earlier report.",
                    "Personal travel, not a business trip.",
                    "Spend was not pre-approved.",
                    "Receipts do not match the amounts claimed.",
                )
            )
            report["decidedAt"] = _ts(moment)
            report["rejectionReason"] = reason
            self.audit_log.append((_ts(moment), manager, rid, "rejected", reason))
            return
        report["reviewedAt"] = _ts(moment)
        self.audit_log.append((_ts(moment), manager, rid, "approved by manager", ""))
        if status == "reviewed":
            return
        moment += timedelta(hours=rng.randint(4, 30))
        report["approvedAt"] = report["decidedAt"] = _ts(moment)
        self.audit_log.append((_ts(moment), finance, rid, "approved by finance", ""))

    def pay_by_card(self, report: dict[str, Any]) -> None:
        """Card holders pay travel with the card: a matched transaction per such line; in an
        editable report, some charges still wait on the card screen unmatched."""
        card = self.card_of(report["employeeId"])
        if card is None:
            return
        s = self.state
        for key, line in report["lines"].items():
            if line["categoryId"] not in _CARD_PAID:
                continue
            tid = f"txn-{len(s['cardTransactions']) + 1:04d}"
            waiting = report["status"] in ("draft", "returned") and self.rng.random() < 0.6
            posted = date.fromisoformat(line["date"]) + timedelta(days=self.rng.randint(0, 2))
            s["cardTransactions"][tid] = {
                "id": tid,
                "cardId": card,
                "postedOn": posted.isoformat(),
                "merchant": line["merchant"],
                "amountCents": line["amountCents"],
                "status": "unmatched" if waiting else "matched",
                "reportId": None if waiting else report["id"],
                "lineKey": None if waiting else key,
            }
            if not waiting:
                line["cardTxnId"] = tid

    def loose_charges(self) -> None:
        """Card charges with no report line yet (to file or mark personal) and a few personal."""
        rng = self.rng
        s = self.state
        cards = sorted(s["cards"])
        for k in range(16):
            cat = rng.choice(("cat-taxi", "cat-meals", "cat-hotel", "cat-soft", "cat-office"))
            merchants, (low, high) = MERCHANTS[cat]
            tid = f"txn-{len(s['cardTransactions']) + 1:04d}"
            personal = k % 5 == 4
            s["cardTransactions"][tid] = {
                "id": tid,
                "cardId": cards[(k * 5) % len(cards)],
                "postedOn": (date(2026, 11, 10) + timedelta(days=k % 18)).isoformat(),
                "merchant": rng.choice(merchants),
                "amountCents": rng.randint(low * 100, high * 100),
                "status": "personal" if personal else "unmatched",
                "reportId": None,
                "lineKey": None,
            }

    # -- payouts and the trail ------------------------------------------------------------------
    def payouts(self) -> None:
        s = self.state
        batches: dict[date, list[str]] = {}
        for rid, report in sorted(s["reports"].items()):
            if report["status"] != "paid":
                continue
            approved = date.fromisoformat(report["approvedAt"][:10])
            friday = approved + timedelta(days=(4 - approved.weekday()) % 7 or 7)
            batches.setdefault(friday, []).append(rid)
        for n, (friday, rids) in enumerate(sorted(batches.items()), start=41):
            pid = f"pay-{n:03d}"
            sent = datetime.combine(friday, datetime.min.time(), tzinfo=UTC) + timedelta(hours=16)
            s["payouts"][pid] = {
                "id": pid,
                "number": n,
                "status": "sent",
                "reportIds": rids,
                "payDate": friday.isoformat(),
                "createdAt": _ts(sent - timedelta(days=1)),
                "sentAt": _ts(sent),
            }
            for rid in rids:
                s["reports"][rid]["payoutId"] = pid
            self.audit_log.append((_ts(sent), "emp-maya", None, "payout sent", f"Batch {n}"))

    def trail(self) -> None:
        for n, (at, actor, rid, action, detail) in enumerate(sorted(self.audit_log), start=1):
            self.state["audit"][f"aud-{n:05d}"] = {
                "id": f"aud-{n:05d}",
                "at": at,
                "actorId": actor,
                "reportId": rid,
                "action": action,
                "detail": detail,
            }


def build_seed() -> State:
    """A fresh, identical seed state on every call."""
    builder = _Builder()
    builder.people()
    builder.reports()
    builder.loose_charges()
    builder.payouts()
    builder.trail()
    return builder.state

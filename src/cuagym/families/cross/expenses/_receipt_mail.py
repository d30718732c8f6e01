"""A receipt mailed to you becomes an expense on your report, which you then submit (apps:
mail, expenses).

One hub session holds both apps' states (:mod:`cuagym.families.cross._web_cross`); the two
worlds belong to one person: the expense app's signed-in person is the mailbox's owner. A
merchant's e-mail carries the receipt (its date, total and currency, the attached file); the
agent files it on the named open report in the right category and submits the report. The
reward reads both apps' ``/go``: the report must hold exactly that new line and be submitted;
the mailbox, which the task only reads, nothing new.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from datetime import timedelta
from typing import Any, ClassVar

from cuagym.apps import mail as mail_app
from cuagym.apps.expenses import WORLD_NOW, build_seed, format_amount, long_date
from cuagym.apps.expenses.ops import add_line, missing_receipts, submit_report
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.cross._web_cross import patch_script, record_edits, setup_script
from cuagym.families.cross.expenses._oracle import CROSS_ORACLES
from cuagym.families.cross.expenses._shared import EXPENSES, expense_world, reward

__all__ = ["ReceiptFromMail"]

State = dict[str, Any]
#: (merchant, its mail domain, category, currency, total range in the currency's units)
_SENDERS = (
    ("Harbor Grill", "harborgrill.example", "Meals", "USD", (22, 68)),
    ("CityCab", "citycab.example", "Ground transport", "USD", (18, 64)),
    ("Lakeside Suites", "lakeside-suites.example", "Lodging", "USD", (140, 235)),
    ("Paper & Pin", "paperandpin.example", "Office supplies", "USD", (19, 120)),
    ("Fieldnote Pro", "fieldnote.example", "Software", "USD", (29, 190)),
    ("Hotel Elbblick", "elbblick.example", "Lodging", "EUR", (120, 210)),
    ("Granite Taxis", "granitetaxis.example", "Ground transport", "GBP", (15, 48)),
)
_FRAMES = (
    "{merchant} e-mailed you a receipt. Add it to your report ER-{number} as a {category} "
    "expense — its date, amount and currency as on the receipt, the attached file as the "
    "receipt — and submit ER-{number}.",
    "File the receipt in your mailbox from {merchant} on ER-{number} ({category}, with the "
    "receipt's own date, total, currency and attachment), then send ER-{number} for approval.",
    "The {merchant} receipt that came by e-mail belongs on ER-{number}. Enter it there under "
    "{category} exactly as the receipt says and attach the e-mailed file; submit the report "
    "afterwards.",
    "Please expense the {merchant} receipt from your inbox on report ER-{number}: category "
    "{category}, date, amount and currency from the receipt, the attachment's file name as "
    "the receipt. Then submit the report.",
    "There is a receipt from {merchant} in your mail. Put it on ER-{number} ({category}) "
    "with the attached file and the receipt's date, total and currency, and submit ER-{number} "
    "for approval.",
)


def _open_reports(seed: State) -> list[dict[str, Any]]:
    """The signed-in person's open reports that could be submitted as they are."""
    return [
        r
        for _, r in sorted(seed["reports"].items())
        if r["employeeId"] == seed["currentUser"]
        and r["status"] in ("draft", "returned")
        and r["lines"]
        and not missing_receipts(seed, r)
    ]


class ReceiptFromMailParams(TaskParams):
    number: int
    title: str
    merchant: str
    sender: str
    subject: str
    category: str
    day: str
    currency: str
    original: int
    file: str


class ReceiptFromMail(TaskFamily):
    """A merchant's e-mailed receipt: the agent reads it and files it on the open report it
    names, then submits the report."""

    id: ClassVar[str] = "receipt-from-mail"
    domain: ClassVar[str] = EXPENSES
    params_type = ReceiptFromMailParams
    apps: ClassVar[tuple[str, ...]] = ("mail", EXPENSES)
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("cross-app", "mail", "receipt-to-report")
    also_covers: ClassVar[tuple[str, ...]] = (
        "mail:conversations/read/open",
        "expenses:reports/editor/add-receipt-line",
        "expenses:reports/editor/submit",
    )

    def oracle(self, task: TaskConfig) -> Policy | None:
        return CROSS_ORACLES[self.id](task)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The mailbox, then the expense app on top (where the receipt goes)."""
        return [StartWindow(app="mail", page="/"), StartWindow(app=EXPENSES, page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        report = rng.choice(_open_reports(seed))
        merchant, domain, category, currency, (low, high) = rng.choice(_SENDERS)
        original = rng.randint(low * 100, high * 100)
        day = f"2026-11-{rng.randint(20, 28):02d}"
        file = f"receipt-{rng.randint(10000, 99999)}.pdf"
        subject = rng.choice(("Your receipt", "Receipt for your visit", "Payment receipt"))
        subject += f" — {long_date(day)}"
        me = mail_app.build_seed()["account"]["name"]
        frame = rng.choice(_FRAMES)
        return self.make_task(
            task_id,
            frame.format(merchant=merchant, number=report["number"], category=category),
            f"The mailbox and the expense app are open, both signed in as {me}. {merchant} "
            f"<receipts@{domain}> sent “{subject}”: {format_amount(original, currency)} paid on "
            f"{long_date(day)}, the receipt attached as {file}. ER-{report['number']} "
            f"({report['title']}) is your open report; it has no other receipt missing. The "
            f"currency is {currency}.",
            number=report["number"],
            title=report["title"],
            merchant=merchant,
            sender=f"receipts@{domain}",
            subject=subject,
            category=category,
            day=day,
            currency=currency,
            original=original,
            file=file,
        )

    def worlds(self, task: TaskConfig) -> tuple[State, State]:
        """``(mail, expenses)``: the receipt in the mailbox, the open report in the app."""
        p = ReceiptFromMailParams.of(task)
        mail = mail_app.varied_seed(family_rng(task, "mail"))
        expenses = expense_world(task, mail["account"]["name"])
        rng = family_rng(task, "inject")
        when = WORLD_NOW - timedelta(hours=rng.randint(2, 20), minutes=rng.randint(0, 59))
        body = (
            f"Thank you for your visit to {p.merchant}.\n\nDate: {long_date(p.day)}\n"
            f"Total paid: {format_amount(p.original, p.currency)}\nCurrency: {p.currency}\n\n"
            f"Your receipt is attached ({p.file}).\n\n{p.merchant}"
        )
        attachment = {
            "name": p.file,
            "url": f"https://{p.sender.split('@')[1]}/r/{p.file}",
            "size": 48_213,
            "contentType": "application/pdf",
        }
        mail_app.add_thread(
            mail,
            {"name": p.merchant, "email": p.sender},
            p.subject,
            body,
            when.strftime("%Y-%m-%dT%H:%M:00Z"),
            unread=True,
            attachments=(attachment,),
        )
        return mail, expenses

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ReceiptFromMailParams.of(task)
        mail, expenses = self.worlds(task)
        gold = copy.deepcopy(expenses)
        rid = f"rep-{p.number}"
        cid = next(c for c, cat in gold["categories"].items() if cat["name"] == p.category)
        line = {
            "date": p.day,
            "categoryId": cid,
            "merchant": p.merchant,
            "currency": p.currency,
            "originalCents": p.original,
            "receipt": p.file,
        }
        add_line(gold, rid, line, WORLD_NOW)
        submit_report(gold, rid, WORLD_NOW)
        return GeneratedScripts(
            initial_setup=setup_script({"mail": mail, EXPENSES: expenses}, task.task_id),
            golden_patch=patch_script({EXPENSES: record_edits(expenses, gold)}, task.task_id),
        )

    def write_reward(self, task: TaskConfig) -> str:
        read = (
            'mail = hub_state("mail")\nminit, mdiff = mail["initial_state"], mail["state_diff"]\n'
        )
        return reward(task, task.task_id, read, ("", "receipt_from_mail.py"))

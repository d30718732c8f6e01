"""mail -> calc: figures an email gives, recorded in a workbook (a desktop x web task).

``record-mailed-prices``: a supplier's account manager emails new unit prices for a few items
of the price list that is open in Calc; the task asks to record them in the workbook. The mail
shows in Chromium (the hub session holds the mailbox), the workbook lives under
``/home/user``; the setup writes both.

The reward reads both places: the email as the mailbox initially holds it (it must state each
new price the context promises: the Discriminator's figures are the email's, pinned to the
context), the saved workbook (each changed item's price, a number, within half a cent), the
workbook's view before and after (only those price cells may change, in value or number
format: an item the email says keeps its price must keep it), every other file of the home,
and the mailbox's diff (nothing but a conversation's read mark, which opening it may set).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.calc import REWARD_LIBRARY
from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams, family_rng
from cuagym.families.calc.kit import (
    REWARD_GUARDS,
    SAVE_NOTE,
    CalcFamily,
    CalcParams,
    Sheet,
    golden_script,
    params_of,
    quote,
)
from cuagym.families.calc.kit import setup_script as book_setup
from cuagym.families.cross._mailcrm import OWNER
from cuagym.families.cross._web_cross import setup_script as hub_setup
from cuagym.families.cross.calc._cross_mail_checks import record_mailed_prices
from cuagym.scripts import DESK_WEB_LIBRARIES, FIGURE_LIBRARY, doc_line, json_literal, statements_of
from cuagym.scripts import reward_script as compose_reward

__all__ = ["RecordMailedPrices", "price_text"]

# (supplier, its mail domain, the code prefix of its items)
_SUPPLIERS: tuple[tuple[str, str, str], ...] = (
    ("Quillfield Office Supply", "quillfield.example", "QF"),
    ("Brightmark Paper Co.", "brightmark.example", "BM"),
    ("Inkwell & Staple", "inkwellstaple.example", "IS"),
    ("Tessellate Workplace", "tessellate.example", "TW"),
)
_MANAGERS: tuple[tuple[str, str], ...] = (
    ("Marta", "Lindqvist"),
    ("Owen", "Achebe"),
    ("Priyanka", "Desai"),
    ("Tomas", "Herrera"),
    ("Hannah", "Okafor"),
)
# (item, unit, usual unit price)
_ITEMS: tuple[tuple[str, str, float], ...] = (
    ("Copy paper A4, 80 g", "box of 5 reams", 24.9),
    ("Recycled paper A4", "box of 5 reams", 27.5),
    ("Ballpoint pens, blue", "pack of 50", 11.4),
    ("Gel pens, black", "pack of 12", 8.75),
    ("Whiteboard markers", "pack of 8", 9.6),
    ("Sticky notes 76x76", "pack of 12", 7.2),
    ("Lever arch files", "box of 10", 31.0),
    ("Stapler, desktop", "each", 14.95),
    ("Staples 24/6", "box of 5000", 3.8),
    ("Printer toner, black", "cartridge", 89.0),
    ("Printer toner, colour", "set of 3", 214.0),
    ("Envelopes C4", "box of 250", 38.5),
    ("Shipping labels", "pack of 400", 19.9),
    ("Desk organiser", "each", 22.4),
    ("Notebook A5, lined", "pack of 10", 16.3),
    ("Highlighters, assorted", "pack of 6", 5.9),
)
_SUBJECTS: tuple[str, ...] = (
    "Price update from April 1",
    "Updated prices for your account",
    "New unit prices, effective next month",
    "Changes to our price list",
)
# Sentence frames: each names the email (subject, sender), the workbook, and that nothing but
# the changed prices may change.
_FRAMES: tuple[str, ...] = (
    "{sender} of {supplier} emailed new prices ({subject}). Update the Unit price column of "
    "{path} for the items that change; every other cell stays as it is.",
    "Bring {path} up to date with the price changes {supplier} sent in {subject}: the changed "
    "items get their new unit price, and nothing else in the workbook changes.",
    "The email {subject} from {sender} lists {supplier}'s new prices. Record them in sheet "
    "{sheet} of {path}, as numbers, leaving the other items and columns untouched.",
    "Our price list {path} is out of date: {supplier} announced new unit prices in the email "
    "{subject}. Enter those prices for the affected items and change nothing else.",
    "Apply the new prices from {sender}'s email {subject} to the matching items in {path} "
    "(sheet {sheet}, column Unit price); items the email does not change keep their prices.",
)


def money(amount: float) -> str:
    return f"{amount:,.2f}"


def price_text(p: Mapping[str, Any]) -> str:
    """The email's body: the changed items with old and new price, and one that stays."""
    code, item, price = p["kept"]
    lines = "".join(
        f"- {c} {i}: {money(new)} (was {money(old)})\n" for c, i, old, new in p["changes"]
    )
    first = p["sender_name"].split()[0]
    return (
        "Hi Nora,\n\nFrom next month the following prices on your list change:\n\n"
        f"{lines}\n{code} {item} stays at {money(price)}, as do all other items.\n\n"
        f"Best regards,\n{first}\n{p['supplier']}"
    )


class RecordMailedPricesParams(CalcParams):
    """What a :class:`RecordMailedPrices` task states (its ``params``)."""

    sheet: str
    supplier: str
    sender_name: str
    sender_email: str
    subject: str
    items: int
    changes: list[tuple[str, str, float, float]]
    kept: tuple[str, str, float]


class RecordMailedPrices(CalcFamily):
    """mail -> calc: a supplier's new prices, from its email into the open price list."""

    id: ClassVar[str] = "record-mailed-prices"
    apps: ClassVar[tuple[str, ...]] = ("mail", "calc")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("cells", "edit", "update-from-source")
    params_type: ClassVar[type[TaskParams] | None] = RecordMailedPricesParams
    also_covers: ClassVar[tuple[str, ...]] = ("mail:conversations/read/open",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The mailbox, then the workbook in Calc on top (it is what changes)."""
        return [StartWindow(app="mail", page="/"), StartWindow(app="calc", path=params["path"])]

    # -- Task-Gen -------------------------------------------------------------------------------
    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        supplier, domain, prefix = rng.choice(_SUPPLIERS)
        first, last = rng.choice(_MANAGERS)
        sender = f"{first} {last}"
        items = rng.sample(_ITEMS, rng.randint(10, 13))
        codes = rng.sample(range(100, 1000), len(items))
        listed: list[tuple[str, str, float]] = [
            (f"{prefix}-{code}", name, round(base * rng.uniform(0.9, 1.1), 2))
            for (name, _, base), code in zip(items, codes, strict=True)
        ]
        picked = rng.sample(range(len(listed)), rng.randint(3, 4) + 1)
        changes = []
        for i in picked[:-1]:
            code, name, old = listed[i]
            new = round(old * rng.choice((0.92, 0.95, 1.04, 1.06, 1.08, 1.12)), 2)
            changes.append([code, name, old, new if new != old else round(old + 0.5, 2)])
        kept = list(listed[picked[-1]])
        path = f"/home/user/Documents/{prefix.lower()}_price_list.xlsx"
        sheet = "Prices"
        subject = rng.choice(_SUBJECTS)
        frame = rng.choice(_FRAMES)  # drawn last: the facts do not depend on the wording
        changed = "; ".join(f"{c} ({n}) from {old} to {new}" for c, n, old, new in changes)
        return self.make_task(
            task_id,
            frame.format(
                sender=sender,
                supplier=supplier,
                subject=quote(subject),
                path=path,
                sheet=quote(sheet),
            ),
            f"You are {OWNER}. Your mailbox is open in the browser; its inbox has an unread "
            f"email {quote(subject)} from {sender} <{first.lower()}@{domain}> of {supplier}. "
            f"{path} is open in LibreOffice Calc: sheet {quote(sheet)} lists {len(listed)} of "
            f"{supplier}'s items from row 2 under the headers Code, Item, Unit, Unit price. "
            f"The email changes the unit price of {len(changes)} of them: {changed}. It says "
            f"that {kept[0]} ({kept[1]}) stays at {kept[2]}. {SAVE_NOTE}",
            path=path,
            sheet=sheet,
            supplier=supplier,
            sender_name=sender,
            sender_email=f"{first.lower()}@{domain}",
            subject=subject,
            items=len(listed),
            changes=changes,
            kept=kept,
        )

    # -- Generator ------------------------------------------------------------------------------
    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        """The price list: the context's items (changed and kept) among others of the
        supplier's, in code order."""
        prefix = p["changes"][0][0].split("-")[0]
        named = {c[0]: [c[0], c[1], c[2]] for c in p["changes"]}
        named[p["kept"][0]] = list(p["kept"])
        spare = [i for i in _ITEMS if i[0] not in {row[1] for row in named.values()}]
        taken = {int(code.split("-")[1]) for code in named}
        numbers = [n for n in range(100, 1000) if n not in taken]
        rows = {code: row for code, row in named.items()}
        for name, _, base in rng.sample(spare, p["items"] - len(named)):
            code = f"{prefix}-{numbers.pop(rng.randrange(len(numbers)))}"
            rows[code] = [code, name, round(base * rng.uniform(0.9, 1.1), 2)]
        units = {name: unit for name, unit, _ in _ITEMS}
        table = [[code, name, units[name], price] for code, name, price in rows.values()]
        table.sort(key=lambda r: r[0])
        sheet = {
            "title": p["sheet"],
            "rows": [["Code", "Item", "Unit", "Unit price"], *table],
            "formats": {"D": "#,##0.00"},
            "widths": {"A": 10, "B": 24, "C": 16, "D": 12},
        }
        return [sheet], ""

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = wb[F["sheet"]]
new = {code: price for code, _, _, price in F["changes"]}
for (cell,) in ws.iter_rows(min_row=2, max_col=1):
    if cell.value in new:
        ws.cell(row=cell.row, column=4, value=new[cell.value])
"""

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        from cuagym.apps.mail import add_thread, march_date, varied_seed

        p = params_of(task, self.params_type)
        specs, extra = self.sheets(p, family_rng(task, "workbook"))
        mailbox = varied_seed(family_rng(task, "world"))
        sender = {"name": p["sender_name"], "email": p["sender_email"]}
        date = march_date(family_rng(task, "inject"))
        add_thread(mailbox, sender, p["subject"], price_text(p), date, unread=True)
        setup = (
            book_setup(task.task_id, p["path"], specs, extra)
            + "\n\n"
            + hub_setup({"mail": mailbox}, task.task_id)
        )
        return GeneratedScripts(setup, golden_script(task.task_id, p["path"], p, self.patch(p)))

    # -- Discriminator --------------------------------------------------------------------------
    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(record_mailed_prices)

    def write_reward(self, task: TaskConfig) -> str:
        p = params_of(task, self.params_type)
        return compose_reward(
            header=f'"""reward.py for {task.task_id}.\n\nTask: {doc_line(task.instruction)}\n"""',
            imports="import json\n\nimport openpyxl\n",
            libraries=[*DESK_WEB_LIBRARIES, FIGURE_LIBRARY, REWARD_LIBRARY, REWARD_GUARDS],
            constants=f"P = {json_literal(p)}",
            read=_READ,
            body=self.checks(p),
        )


_READ = """
wb = openpyxl.load_workbook(P["path"])
vals = openpyxl.load_workbook(P["path"], data_only=True)
start = initial_home()
book0 = openpyxl.load_workbook(initial_path(P["path"]))
before = office_view(initial_path(P["path"]))
after = office_view(P["path"])
mail = hub_state("mail")
minit, mdiff = mail["initial_state"], mail["state_diff"]
"""

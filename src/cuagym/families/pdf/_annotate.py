"""Families that write on pages: a note on a page, highlights on lines, a note per invoice row."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.pdf import CLIENTS, PEOPLE, invoice_doc, report_doc, text_width
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.pdf._base import Export, PdfFamily, World, export, quote

__all__ = [
    "FlagInvoiceLines",
    "HighlightLines",
    "StampPage",
    "client_sections",
    "note_y",
    "row_amount",
]

_REPORTS = ("quarterly_review", "account_summary", "service_report", "partner_update")
_SECTIONS = ("Overview", "Deliveries", "Billing", "Service quality", "Outlook", "Risks")


def note_y(line: dict[str, Any]) -> float:
    """The vertical centre of a rendered line (Helvetica's box sits 0.23 em above the base)."""
    return round(float(line["y"]) - 0.23 * float(line["size"]), 1)


def row_amount(cells: list[dict[str, Any]]) -> float | None:
    """An invoice row's amount (its 4th cell) when the row is a line item, else None."""
    if len(cells) != 4 or not cells[1]["text"].isdigit():
        return None
    return float(cells[3]["text"])


def client_sections(rng: random.Random, clients: list[str | None]) -> list[tuple[str, str | None]]:
    """One report section per entry: a heading naming the client (None: a general section)."""
    names = list(_SECTIONS)
    out = []
    for i, client in enumerate(clients):
        heading = (
            f"{i + 1}. {client} - {rng.choice(names)}"
            if client
            else f"{i + 1}. {rng.choice(names)}"
        )
        out.append((heading, client))
    return out


class StampPageParams(TaskParams):
    source: str
    pages: int
    page: int
    note: str
    output: str


class StampPage(PdfFamily):
    id: ClassVar[str] = "stamp-page"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("annotate", "text", "add-note")
    params_type: ClassVar[type[TaskParams] | None] = StampPageParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        stem = rng.choice(_REPORTS)
        pages = rng.randint(3, 5)
        page = rng.randint(1, pages)
        who = rng.choice(PEOPLE)
        note = f"Approved - {who}, 2025-0{rng.randint(1, 9)}-{rng.randint(10, 28)}"
        source, output = f"Documents/{stem}.pdf", f"Documents/{stem}_approved.pdf"
        q = quote(note)
        instruction = rng.choice([
            f"Write the note {q} on page {page} of ~/{source} and export the whole document, "
            f"every page in its order, as ~/{output}.",
            f"{who} signed off page {page} of ~/{source}: put the text {q} on that page and "
            f"save the annotated document as the PDF ~/{output}, all pages kept.",
            f"Add a text note reading {q} to page {page} of ~/{source}; the result, with all "
            f"{pages} pages in the same order, goes to ~/{output}. The original stays as it is.",
            f"Page {page} of ~/{source} needs the approval note {q}. Produce ~/{output}: the "
            "same pages with that note and nothing else added.",
            f"Mark ~/{source} as approved by writing {q} on its page {page}, then export it "
            f"as ~/{output} without dropping or reordering pages.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{source} is a {pages}-page report, open in the PDF annotator; "
            f"~/{output} does not exist yet. The home folder is /home/user (~).",
            source=source, pages=pages, page=page, note=note, output=output,
        )  # fmt: skip

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        clients: list[str | None] = [*rng.sample(CLIENTS, p["pages"] - 1), None]
        title = p["source"].rsplit("/", 1)[1][:-4].replace("_", " ").title()
        return [report_doc(rng, p["source"], title, client_sections(rng, clients))], []

    def solve(self, p: dict[str, Any], world: World) -> list[Export]:
        note = {"page": p["page"], "x": 330, "y": 60, "text": p["note"]}
        return [export(p["source"], p["output"], list(range(1, p["pages"] + 1)), [note])]

    def block(self, p: dict[str, Any]) -> str:
        return """
extra_ok = len(src or []) == P["pages"]
wanted = list(range(1, len(src or []) + 1))
notes_wanted = {P["page"] - 1: [(None, P["note"])]}
rows_wanted = {}
"""


class HighlightLinesParams(TaskParams):
    source: str
    pages: int
    client: str
    output: str


class HighlightLines(PdfFamily):
    id: ClassVar[str] = "highlight-lines"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("annotate", "highlight", "highlight-lines")
    params_type: ClassVar[type[TaskParams] | None] = HighlightLinesParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        stem = rng.choice(_REPORTS)
        pages = rng.randint(3, 5)
        client = rng.choice(CLIENTS)
        source, output = f"Documents/{stem}.pdf", f"Documents/{stem}_highlighted.pdf"
        instruction = rng.choice([
            f"Highlight every line of ~/{source} that mentions {client} and export the "
            f"document, all pages in order, as ~/{output}.",
            f"In ~/{source}, run the highlighter over each line naming {client} — and only "
            f"those lines — then save the result as the PDF ~/{output}.",
            f"Before the call with {client}, mark all lines of ~/{source} where the client is "
            f"mentioned with the highlighter; export the marked report to ~/{output}.",
            f"Produce ~/{output}: ~/{source} with every line that contains {quote(client)} "
            "highlighted, no other line marked and no page dropped.",
            f"Every mention of {client} in ~/{source} should stand out: highlight those lines "
            f"and write the highlighted copy to ~/{output}.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{source} is a {pages}-page report with one section per client, open "
            f"in the PDF annotator; ~/{output} does not exist yet. The home folder is "
            "/home/user (~).",
            source=source, pages=pages, client=client, output=output,
        )  # fmt: skip

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        others = [c for c in CLIENTS if c != p["client"]]
        clients: list[str | None] = [*rng.sample(others, p["pages"] - 2), p["client"]]
        rng.shuffle(clients)
        clients.insert(rng.randint(1, len(clients)), p["client"])
        title = p["source"].rsplit("/", 1)[1][:-4].replace("_", " ").title()
        doc = report_doc(rng, p["source"], title, client_sections(rng, clients[: p["pages"]]))
        return [doc], []

    def solve(self, p: dict[str, Any], world: World) -> list[Export]:
        doc = world[0][0]
        marks = [
            {"page": n, "x0": line["x"] - 1, "x1": round(line["x"] + text_width(line) + 1, 1),
             "y": note_y(line)}
            for n, lines in enumerate(doc["pages"], 1)
            for line in lines
            if p["client"].lower() in line["text"].lower()
        ]  # fmt: skip
        return [export(p["source"], p["output"], list(range(1, len(doc["pages"]) + 1)), [], marks)]

    def block(self, p: dict[str, Any]) -> str:
        return """
extra_ok = len(src or []) == P["pages"]
wanted = list(range(1, len(src or []) + 1))
notes_wanted = {}
rows_wanted = {}
for index, n in enumerate(wanted):
    hits = [r for r in rows(src[n - 1]["words"]) if P["client"].lower() in r[3].lower()]
    if hits:
        rows_wanted[index] = hits
extra_ok = extra_ok and sum(len(v) for v in rows_wanted.values()) >= 2
"""


class FlagInvoiceLinesParams(TaskParams):
    source: str
    number: str
    threshold: int
    note: str
    output: str


class FlagInvoiceLines(PdfFamily):
    id: ClassVar[str] = "flag-invoice-lines"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("annotate", "text", "note-per-row")
    params_type: ClassVar[type[TaskParams] | None] = FlagInvoiceLinesParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        number = f"INV-{rng.randint(2100, 2999)}"
        threshold = rng.choice([400, 500, 600, 750, 1000])
        note = rng.choice(["CHECK", "VERIFY", "ASK"])
        source = f"Documents/Invoices/{number}.pdf"
        output = f"Documents/Invoices/{number}_flagged.pdf"
        q, limit = quote(note), f"{threshold}.00"
        instruction = rng.choice([
            f"In ~/{source}, put a text note {q} on the same line as every invoice line whose "
            f"amount is over {limit}, beside it, then export the invoice as ~/{output}.",
            f"Flag the expensive items of invoice {number} (~/{source}): each line with an "
            f"amount above {limit} gets the note {q} next to it, on its row. Save the flagged "
            f"invoice as ~/{output}.",
            f"Finance wants every line of ~/{source} costing more than {limit} in total marked "
            f"with the word {q} written beside that line; no other line is marked. Export the "
            f"result to ~/{output}.",
            f"Go through the lines of invoice {number} in ~/{source} and write {q} to the "
            f"right of each one whose Amount exceeds {limit}; export it as ~/{output}.",
            f"Write {q} beside each item of ~/{source} with an amount greater than {limit} "
            f"(nothing beside the others, the total included) and export to ~/{output}.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{source} is a one-page invoice ({number}) with a table of items "
            "(Item, Qty, Unit, Amount) and a total, open in the PDF annotator; "
            f"~/{output} does not exist yet. The home folder is /home/user (~).",
            source=source, number=number, threshold=threshold, note=note, output=output,
        )  # fmt: skip

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        client = rng.choice(CLIENTS)
        for _ in range(200):  # an invoice with at least two lines on each side of the limit
            doc = invoice_doc(rng, p["source"], p["number"], client, rng.randint(9, 14), True)
            amounts = [a for a in (row_amount(c) for c in _cells(doc)) if a is not None]
            over = sum(1 for a in amounts if a > p["threshold"])
            if 2 <= over <= len(amounts) - 2 and p["threshold"] not in amounts:
                return [doc], []
        raise ValueError("no invoice fits the threshold")

    def solve(self, p: dict[str, Any], world: World) -> list[Export]:
        doc = world[0][0]
        notes = [
            {"page": 1, "x": 510, "y": note_y(cells[0]), "text": p["note"]}
            for cells in _cells(doc)
            if (row_amount(cells) or 0) > p["threshold"]
        ]
        return [export(p["source"], p["output"], [1], notes)]

    def block(self, p: dict[str, Any]) -> str:
        return """
extra_ok = len(src or []) == 1
wanted = [1] if src else []
notes_wanted, rows_wanted, items = {0: []}, {}, 0
for row in rows(src[0]["words"]) if src else []:
    tokens = row[3].split()
    if len(tokens) >= 4 and tokens[-3].isdigit() and re.fullmatch(r"\\d+\\.\\d\\d", tokens[-1]):
        items += 1
        if float(tokens[-1]) > P["threshold"]:
            notes_wanted[0].append((row[0], P["note"]))
extra_ok = extra_ok and items >= 4 and 2 <= len(notes_wanted[0]) <= items - 2
"""


def _cells(doc: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The rows of an invoice's first page: its lines grouped by baseline, left to right."""
    by_y: dict[float, list[dict[str, Any]]] = {}
    for line in doc["pages"][0]:
        by_y.setdefault(line["y"], []).append(line)
    return [sorted(cells, key=lambda c: c["x"]) for _, cells in sorted(by_y.items())]

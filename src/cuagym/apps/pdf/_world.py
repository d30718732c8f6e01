"""The Generator's raw material: realistic PDF documents, laid out line by line.

A document is data (:data:`DocSpec`), never bytes: ``{"path", "title", "pages", "mtime"}``
where each page is a list of lines ``{"text", "x", "y", "size", "bold"}`` (A4 points, ``y`` the
baseline) and an empty page is a blank sheet. Setup renders it with PyMuPDF
(:mod:`._render`), so two equal specs give equal text on every page. Every builder lays its
lines out with :class:`Pager`: a page breaks when the next line would pass the bottom margin,
and every non-blank page carries a running footer (the title and the page's own number, as
printed reports do), which is also what tells two otherwise similar pages apart.
"""

from __future__ import annotations

import random
from typing import Any

__all__ = [
    "CLIENTS",
    "PAGE_H",
    "PAGE_W",
    "PEOPLE",
    "ROW_STEP",
    "DocSpec",
    "Pager",
    "invoice_bundle",
    "invoice_doc",
    "paper_doc",
    "report_doc",
    "text_width",
]

#: ``{"path", "title", "pages": [[line, ...], ...], "mtime"}``; a line is
#: ``{"text", "x", "y", "size", "bold"}`` in points, ``y`` the baseline
DocSpec = dict[str, Any]

PAGE_W, PAGE_H = 595.0, 842.0
LEFT, TOP, BOTTOM = 72.0, 90.0, 770.0
#: the distance between two invoice rows: a note's band (a row's centre +- 9 pt) holds one row
ROW_STEP = 22.0

CLIENTS: tuple[str, ...] = (
    "Acme Logistics",
    "Brightside Clinic",
    "Cobalt Studio",
    "Delta Marine",
    "Evergreen Farms",
    "Helix Labs",
    "Northwind Traders",
    "Silverline Hotels",
)
PEOPLE: tuple[str, ...] = (
    "Ana Ribeiro",
    "Jonas Weber",
    "Mei Tanaka",
    "Omar Haddad",
    "Priya Nair",
    "Lucas Moreau",
)
_ITEMS: tuple[tuple[str, int], ...] = (
    ("Pallet racking bay", 420),
    ("Forklift service visit", 260),
    ("Barcode scanners", 185),
    ("Shrink wrap rolls", 38),
    ("Safety boots (pair)", 74),
    ("Label printer", 310),
    ("Cold-chain sensors", 96),
    ("Loading ramp rental", 540),
    ("Packing tables", 150),
    ("Hand trolleys", 88),
    ("Dock door seals", 205),
    ("LED high-bay lights", 132),
    ("Cable ties (box)", 12),
    ("Fire extinguisher check", 65),
    ("Network switch", 275),
    ("Stretch film dispenser", 49),
)
_SENTENCES: tuple[str, ...] = (
    "Volumes grew steadily through the quarter with no service interruptions.",
    "Two shipments were delayed by customs checks and delivered a week late.",
    "The renewal terms were agreed at the same rate as last year.",
    "Open questions about the billing address were settled by phone.",
    "A site visit is planned for the second half of the year.",
    "Support tickets fell after the new onboarding guide went out.",
    "Payment terms remain thirty days from the invoice date.",
    "The account manager changed in May; the handover went smoothly.",
    "Forecast numbers are preliminary and may be revised next month.",
    "Energy costs rose, which the next price review has to reflect.",
)
_TOPICS: tuple[str, ...] = (
    "Warehouse throughput",
    "Route optimisation",
    "Energy use in cold storage",
    "Returns handling",
    "Driver scheduling",
)


def text_width(line: dict[str, Any]) -> float:
    """How wide a rendered line is, in points (Helvetica's metrics, as setup draws it)."""
    import pymupdf  # type: ignore[import-untyped, unused-ignore]

    font = "hebo" if line["bold"] else "helv"
    return float(pymupdf.get_text_length(line["text"], fontname=font, fontsize=line["size"]))


class Pager:
    """Lays lines out top-down on A4 pages with a footer ``<title> - page N``."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.pages: list[list[dict[str, Any]]] = [[]]
        self.y = TOP

    def line(self, text: str, size: float = 11.0, *, bold: bool = False, gap: float = 0) -> None:
        step = size * 1.5 + gap
        if self.y + step > BOTTOM and self.pages[-1]:
            self.break_page()
        self.y += gap
        self.pages[-1].append({"text": text, "x": LEFT, "y": round(self.y, 1), "size": size,
                               "bold": bold})  # fmt: skip
        self.y += size * 1.5

    def row(self, cells: list[tuple[float, str]], *, bold: bool = False) -> float:
        """One table row: ``(x, text)`` cells on one baseline; returns the baseline."""
        if self.y + ROW_STEP > BOTTOM:
            self.break_page()
        y = round(self.y, 1)
        for x, text in cells:
            self.pages[-1].append({"text": text, "x": x, "y": y, "size": 10.0, "bold": bold})
        self.y += ROW_STEP
        return y

    def break_page(self) -> None:
        self.pages.append([])
        self.y = TOP

    def done(self) -> list[list[dict[str, Any]]]:
        """The pages, each with its footer (a family inserts blank sheets, ``[]``, after)."""
        pages = [p for p in self.pages if p]
        for number, page in enumerate(pages, 1):
            page.append({"text": f"{self.title} - page {number}", "x": LEFT,
                         "y": 805.0, "size": 8.0, "bold": False})  # fmt: skip
        return pages


def _paragraph(pager: Pager, rng: random.Random, count: int) -> None:
    for sentence in rng.sample(_SENTENCES, count):
        pager.line(sentence)


def report_doc(
    rng: random.Random, path: str, title: str, sections: list[tuple[str, str | None]]
) -> DocSpec:
    """A report: a title, then one section per ``(heading, client)`` on a page of its own; a
    section about a client names it in its heading line and its text."""
    pager = Pager(title)
    pager.line(title, 18, bold=True)
    pager.line("Prepared by the operations team, 2025", 10)
    for i, (heading, client) in enumerate(sections):
        if i:
            pager.break_page()
        pager.line(heading, 14, bold=True, gap=12)
        if client:
            pager.line(f"Account: {client}", 11, gap=4)
        _paragraph(pager, rng, 3)
        if client:
            pager.line(f"{client} asked for a follow-up review next quarter.")
        _paragraph(pager, rng, 2)
    return {"path": path, "title": title, "pages": pager.done(), "mtime": "2025-05-12T09:30:00"}


def invoice_doc(
    rng: random.Random, path: str, number: str, client: str, rows: int, one_page: bool = False
) -> DocSpec:
    """An invoice: header, a table of ``rows`` lines (item, quantity, unit price, amount),
    a total; long tables run over to a second page."""
    pager = Pager(f"Invoice {number}")
    _invoice_into(pager, rng, number, client, rows)
    pages = pager.done()
    if one_page and len(pages) != 1:
        raise ValueError("the invoice does not fit on one page")
    return {"path": path, "title": f"Invoice {number}", "pages": pages,
            "mtime": "2025-03-31T16:05:00"}  # fmt: skip


def _invoice_into(pager: Pager, rng: random.Random, number: str, client: str, rows: int) -> None:
    pager.line(f"INVOICE {number}", 18, bold=True)
    pager.line(f"Bill to: {client}", 11, gap=6)
    pager.line(f"Date: 2025-03-{rng.randint(1, 28):02d}   Terms: 30 days", 10)
    pager.row([(LEFT, "Item"), (300, "Qty"), (360, "Unit"), (440, "Amount")], bold=True)
    total = 0
    for item, price in rng.sample(_ITEMS, rows):
        qty = rng.randint(1, 9)
        total += qty * price
        pager.row([(LEFT, item), (300, str(qty)), (360, f"{price}.00"),
                   (440, f"{qty * price}.00")])  # fmt: skip
    pager.row([(360, "Total"), (440, f"{total}.00")], bold=True)


def invoice_bundle(
    rng: random.Random, path: str, title: str, invoices: list[tuple[str, str]]
) -> DocSpec:
    """Several one-page invoices ``(number, client)`` in one PDF, one per page."""
    pager = Pager(title)
    for i, (number, client) in enumerate(invoices):
        if i:
            pager.break_page()
        _invoice_into(pager, rng, number, client, rng.randint(3, 6))
    return {"path": path, "title": title, "pages": pager.done(), "mtime": "2025-04-02T11:00:00"}


def paper_doc(rng: random.Random, path: str, title: str, body: int, appendix: int) -> DocSpec:
    """A paper: ``body`` chapter pages, then ``appendix`` pages headed "Appendix A..."."""
    pager = Pager(title)
    pager.line(title, 16, bold=True)
    pager.line(f"{rng.choice(PEOPLE)} and {rng.choice(PEOPLE)}", 10)
    for i in range(body):
        if i:
            pager.break_page()
        pager.line(f"{i + 1}. {_TOPICS[i % len(_TOPICS)]}", 13, bold=True, gap=10)
        _paragraph(pager, rng, 4)
    for i in range(appendix):
        pager.break_page()
        pager.line(f"Appendix {'ABCDEF'[i]}: {rng.choice(_TOPICS)} data", 13, bold=True)
        _paragraph(pager, rng, 3)
    return {"path": path, "title": title, "pages": pager.done(), "mtime": "2025-06-20T14:10:00"}

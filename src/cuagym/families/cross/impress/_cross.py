"""Cross-application families whose product is an Impress deck built from another app's file.

- calc → impress: a slide's table of figures aggregated from an order list kept in a workbook.
- impress → calc: a slide's table of figures copied into a workbook's sheet, with a total row.

The reward recomputes what is expected from the *source* file as it is in the final state (the
workbook's rows): that is reading state, and it is what makes "from the workbook" checkable
without the Generator's numbers. A guard pins the source to what the context states (its row
count) and the whole-home guard to what setup wrote, so editing the workbook to match a wrong
table does not pay.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.impress import DeckPlan, deck_spec, pick_deck, slide_list
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._office import XLSX_BUILDER, fragment, quote
from cuagym.families._office_impress import (
    TITLES_GUARD,
    DeckParams,
    ImpressFamily,
    deck_context,
    deck_guards,
    deck_params,
    plan_of,
)
from cuagym.families._office_oracle import OfficeOracle
from cuagym.families.cross.impress._oracle import WorkbookTableOracle
from cuagym.families.cross.impress._to_calc_oracle import SlideTableToWorkbookOracle

#: Script fragments: real modules (:mod:`cuagym.families.cross.impress._fragments`), pasted as text.
_FRAGMENTS = "cuagym.families.cross.impress._fragments"
_SLIDE_TABLE_TO_WORKBOOK_CHECKS = fragment(_FRAGMENTS, "slide_table_to_workbook_checks.py")
_WORKBOOK_SLIDE_TABLE_CHECKS = fragment(_FRAGMENTS, "workbook_slide_table_checks.py")

__all__ = ["SlideTableToWorkbook", "WorkbookSlideTable"]

_REGION_SETS: tuple[tuple[str, ...], ...] = (
    ("North", "South", "East", "West"),
    ("Central", "Coastal", "Mountain", "Northern", "Southern"),
    ("Benelux", "DACH", "Iberia", "Nordics", "UK & Ireland"),
    ("Americas", "APAC", "EMEA"),
)
_CUSTOMERS = (
    "Alder & Finch",
    "Bluegate Clinics",
    "Cobalt Freight",
    "Dunmore Hotels",
    "Eastgate Schools",
    "Fernhill Dental",
    "Granite Works",
    "Harbor Bakeries",
)
_TARGETS = ("Revenue by Region", "Regional Sales", "Sales by Region")
HEADER = ("Region", "Orders", "Revenue")


def _frames(deck: str, book: str, target: str) -> list[str]:
    """Sentence frames of the task: each states the slide, the header, the row order, what a
    row holds (count and sum, two decimals) and the total row."""
    head = " | ".join(quote(h) for h in HEADER)
    return [
        f"On the slide {quote(target)} of {deck}, add a table summarising the orders in {book}: "
        f"the header row {head}, then one row per region in alphabetical order with its number "
        "of orders and the sum of their amounts (two decimals), and a last row \u201cTotal\u201d "
        "with both totals.",
        f"The {quote(target)} slide in {deck} needs the figures from {book}. Put a table on it "
        f"whose first row reads {head}; below that, a row for each region, sorted A to Z, giving "
        "how many orders it had and their summed amount to two decimal places; finish with a "
        "\u201cTotal\u201d row carrying the overall count and amount.",
        f"Summarise {book} by region in a table on {quote(target)} ({deck}). Columns: {head}. "
        "Regions go in alphabetical order, each with its order count and total amount written "
        "with two decimals, and the table ends with a \u201cTotal\u201d row for all orders.",
        f"I want the regional breakdown of {book} on the slide {quote(target)} in {deck}: a "
        f"table headed {head}, one line per region (alphabetical) showing the count of its "
        "orders and their amounts added up, rounded to two decimals, plus a closing "
        "\u201cTotal\u201d line with the grand count and sum.",
        f"Using the order list in {book}, fill the {quote(target)} slide of {deck} with a "
        f"table: header {head}; a row per region, alphabetically, holding the number of orders "
        "and the revenue (sum of amounts, two decimals); and a final \u201cTotal\u201d row "
        "holding the totals of both columns.",
        f"Tomorrow's meeting opens with {deck}, and its {quote(target)} slide is still "
        f"empty. The audience wants the orders of {book} per region in a table: {head} on "
        "top, regions alphabetically with how many orders each had and what they were "
        "worth to two decimals, then a \u201cTotal\u201d row for all of them.",
        f"Which region ordered the most? Whoever looks at {quote(target)} in {deck} should "
        f"see it from a table headed {head}, built from {book}: one row per region, sorted by "
        "name, with its order count and revenue at two decimals, and a closing "
        "\u201cTotal\u201d row.",
        f"Sales leadership prefers slides to spreadsheets, so the figures in {book} need to "
        f"move onto the {quote(target)} slide of {deck} as a table with the header {head}: "
        "regions A to Z, each with its number of orders and summed amount rounded to two "
        "decimals, and a \u201cTotal\u201d line underneath.",
        f"My regional manager asked how many orders each region placed and for how much. "
        f"Answer on the slide {quote(target)} of {deck} with a table ({head}) fed by {book}, "
        "alphabetical by region, amounts with two decimals, ending in a \u201cTotal\u201d "
        "row with both grand figures.",
        f"The investor update {deck} needs hard numbers. On {quote(target)}, add a table "
        f"whose first row is {head}, then every region in {book} in alphabetical order with "
        "its orders counted and their amounts summed to two decimals, and finally a "
        "\u201cTotal\u201d row.",
    ]


class WorkbookSlideTableParams(DeckParams):
    """What a workbook-slide-table task states (its ``params``)."""

    target: str
    xlsx: str
    sheet: str
    orders: int
    header: list[str]


class WorkbookSlideTable(ImpressFamily):
    id: ClassVar[str] = "workbook-slide-table"
    params_type: ClassVar[type[TaskParams] | None] = WorkbookSlideTableParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = WorkbookTableOracle
    apps: ClassVar[tuple[str, ...]] = ("calc", "impress")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("content", "tables", "table-from-workbook")
    also_covers: ClassVar[tuple[str, ...]] = (
        "calc:formulas/aggregate/conditional-aggregate",
        "impress:content/tables/insert-table",
    )

    builders: ClassVar[dict[str, str]] = {**ImpressFamily.builders, "xlsx": XLSX_BUILDER}
    reward_imports: ClassVar[str] = (
        ImpressFamily.reward_imports + "from openpyxl import load_workbook\n"
    )
    patch_imports: ClassVar[str] = (
        ImpressFamily.patch_imports + "from openpyxl import load_workbook\n"
    )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The workbook in Calc, then the deck in Impress (on top: it is what changes)."""
        return [
            StartWindow(app="calc", path=params["xlsx"]),
            StartWindow(app="impress", path=params["path"]),
        ]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        base = pick_deck(rng, rng.randint(4, 6))
        target = rng.choice(_TARGETS)
        slides = list(base.slides)
        slides.insert(rng.randint(2, len(slides) - 1), target)
        plan = DeckPlan(base.title, base.path, base.company, tuple(slides))
        month = rng.choice(["march", "june", "september", "december"])
        xlsx = f"/home/user/Documents/orders_{month}_2025.xlsx"
        orders = rng.randint(24, 48)
        book = xlsx.rsplit("/", 1)[-1]
        return self.make_task(
            task_id,
            rng.choice(_frames(plan.file, book, target)),
            deck_context(plan) + f" The slide {quote(target)} has only its title so far. "
            f"{xlsx} (sheet \u201cOrders\u201d) lists {orders} orders of {month.capitalize()} "
            "2025, one per row, with Region and Amount columns.",
            **deck_params(plan),
            target=target,
            xlsx=xlsx,
            sheet="Orders",
            orders=orders,
            header=list(HEADER),
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        regions = rng.choice(_REGION_SETS)
        month = p["xlsx"].rsplit("_", 2)[-2]
        month0 = {"march": 3, "june": 6, "september": 9, "december": 12}[month]
        rows: list[list[Any]] = [["Date", "Order ID", "Region", "Customer", "Amount"]]
        for i in range(p["orders"]):
            rows.append(
                [
                    f"2025-{month0:02d}-{rng.randint(1, 28):02d}",
                    f"ORD-{7200 + i * 3}",
                    regions[i % len(regions)] if i < len(regions) else rng.choice(regions),
                    rng.choice(_CUSTOMERS),
                    round(rng.uniform(80, 6400), 2),
                ]
            )
        rows[1:] = sorted(rows[1:], key=lambda r: (r[0], r[1]))
        sheet = {"name": p["sheet"], "rows": rows, "date_columns": [0],
                 "widths": [12, 11, 14, 18, 12]}  # fmt: skip
        slides = slide_list(rng, plan_of(p), notes=False)
        return [
            {"kind": "xlsx", "path": p["xlsx"], "sheets": [sheet]},
            deck_spec(plan_of(p), slides),
        ]

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = load_workbook(P["xlsx"])[P["sheet"]]
head = [c.value for c in ws[1]]
sums, counts = {}, {}
for row in ws.iter_rows(min_row=2, values_only=True):
    region, amount = row[head.index("Region")], row[head.index("Amount")]
    sums[region] = sums.get(region, 0.0) + amount
    counts[region] = counts.get(region, 0) + 1
rows = [P["header"]]
rows += [[r, str(counts[r]), f"{sums[r]:,.2f}"] for r in sorted(sums, key=str.casefold)]
rows.append(["Total", str(sum(counts.values())), f"{sum(sums.values()):,.2f}"])
deck = Presentation(P["path"])
slide = find_slide(deck, P["target"])
frame = slide.shapes.add_table(len(rows), 3, Inches(0.75), Inches(1.6), Inches(8.5),
                               Inches(0.4) * len(rows))
for r, row in enumerate(rows):
    for c, value in enumerate(row):
        frame.table.cell(r, c).text = value
deck.save(P["path"])
"""

    def reward_read(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["path"])
first = Presentation(initial_path(P["path"]))
ws = load_workbook(P["xlsx"])[P["sheet"]]
head = [str(c.value).strip().casefold() for c in ws[1]]
orders = [r for r in ws.iter_rows(min_row=2, values_only=True) if any(v is not None for v in r)]
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return TITLES_GUARD + _WORKBOOK_SLIDE_TABLE_CHECKS + deck_guards("before", "after")


_FIGURES_SLIDES = ("Regional Results", "Results by Region")


def _to_book_frames(deck: str, book: str, slide: str) -> list[str]:
    """Sentence frames: each names the slide and deck, the workbook and its sheet, where the
    rows go (under the headers, the slide's order, column A region and B revenue as a number)
    and the Total row."""
    sheet, total = quote("Summary"), quote("Total")
    return [
        f"Copy the regional figures from the table on the slide {slide} of {deck} into the "
        f"sheet {sheet} of {book}: one row per region under the existing headers, in the "
        "slide's order, with the region in column A and its revenue as a number in column B, "
        f"then a row {total} with the sum of the revenues.",
        f"The sheet {sheet} in {book} only has its headers; fill it from the table on {slide} "
        f"in {deck}, region names in column A and revenues (numbers) in column B, row by row "
        f"in the same order, and finish with a {total} row summing the revenues.",
        f"Bring the table of the {slide} slide ({deck}) into {book}: below the headers of "
        f"{sheet}, each region and its revenue as a number in columns A and B, kept in the "
        f"slide's order, plus a closing {total} row whose column B is the sum.",
        f"I need the numbers of {slide} from {deck} in the workbook {book}, sheet {sheet}: "
        "under the headers, one row per region in slide order (name in A, revenue in B as a "
        f"number), and after them a {total} row adding the revenues up.",
        f"Transfer the region and revenue figures shown in the table on {slide} of {deck} to "
        f"the {sheet} sheet of {book}, starting below its headers in the slide's order (A: "
        f"region, B: revenue as a number), and add a last row {total} with their sum.",
        f"Finance wants to chart the regional revenues that so far exist only on the {slide} "
        f"slide of {deck}. Give them those rows in {book}, sheet {sheet}, under the headers "
        "and in the slide's order: region in A, revenue as a number in B, and then a "
        f"{total} row with the sum.",
        f"A table on a slide cannot be summed, so I need the one on {slide} ({deck}) in a "
        f"workbook: {book}, sheet {sheet}, each region on its own row below the headers in "
        f"the order shown, revenue in B as a real number, closed by {total} and the sum.",
        f"What do the regions on {slide} add up to? Let {book} say it: copy the region names "
        f"and revenues from that slide of {deck} onto {sheet}, keeping their order, the "
        f"revenues as numbers in column B, and finish with a {total} row totalling them.",
        f"Our analyst works only in spreadsheets. From the deck {deck}, slide {slide}, take "
        f"the region table and put it on the {sheet} sheet of {book}, rows in the slide's "
        f"order with names in A and numeric revenues in B, and a last row {total} carrying "
        "their sum.",
        f"The board deck {deck} shows regional revenue on {slide}, but the archive keeps "
        f"numbers in {book}. Record that table on {sheet} below its headers, same order as "
        f"the slide, revenue stored as numbers, plus a {total} row summing the revenue "
        "column.",
    ]


class SlideTableToWorkbookParams(DeckParams):
    """What a slide-table-to-workbook task states (its ``params``)."""

    deck: str
    slide: str
    rows: int
    sheet: str


class SlideTableToWorkbook(ImpressFamily):
    id: ClassVar[str] = "slide-table-to-workbook"
    params_type: ClassVar[type[TaskParams] | None] = SlideTableToWorkbookParams
    apps: ClassVar[tuple[str, ...]] = ("impress", "calc")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("content", "tables", "table-to-workbook")
    also_covers: ClassVar[tuple[str, ...]] = ("calc:formulas/aggregate/sum-average",)

    builders: ClassVar[dict[str, str]] = {**ImpressFamily.builders, "xlsx": XLSX_BUILDER}
    reward_imports: ClassVar[str] = (
        ImpressFamily.reward_imports + "from openpyxl import load_workbook\n"
    )
    patch_imports: ClassVar[str] = (
        ImpressFamily.patch_imports + "from openpyxl import load_workbook\n"
    )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The deck in Impress, then the workbook in Calc (on top: it is what changes)."""
        return [
            StartWindow(app="impress", path=params["deck"]),
            StartWindow(app="calc", path=params["path"]),
        ]

    def oracle(self, task: TaskConfig) -> Policy | None:
        """A Calc oracle: the workbook is what changes
        (:mod:`cuagym.families.cross.impress._to_calc_oracle`)."""
        return SlideTableToWorkbookOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        base = pick_deck(rng, rng.randint(4, 6))
        slide = rng.choice(_FIGURES_SLIDES)
        slides = list(base.slides)
        slides.insert(rng.randint(2, len(slides) - 1), slide)
        plan = DeckPlan(base.title, base.path, base.company, tuple(slides))
        count = rng.randint(3, 5)
        book = f"/home/user/Documents/regional_figures_{rng.choice([2024, 2025])}.xlsx"
        return self.make_task(
            task_id,
            rng.choice(_to_book_frames(plan.file, book.rsplit("/", 1)[-1], quote(slide))),
            deck_context(plan) + f" The slide {quote(slide)} holds a table with the header "
            f"\u201cRegion\u201d | \u201cRevenue ($k)\u201d and {count} region rows. {book} "
            "has a sheet \u201cSummary\u201d whose row 1 holds the headers \u201cRegion\u201d "
            "and \u201cRevenue ($k)\u201d, nothing below them, and a sheet \u201cNotes\u201d.",
            **{**deck_params(plan), "deck": plan.path, "path": book},
            slide=slide,
            rows=count,
            sheet="Summary",
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        plan = DeckPlan(p["title"], p["deck"], p["company"], tuple(p["slides"]))
        slides = slide_list(rng, plan, notes=False)
        regions = rng.sample(["North", "South", "East", "West", "Central"], p["rows"])
        table = [["Region", "Revenue ($k)"], *[[r, str(rng.randint(150, 900))] for r in regions]]
        slides[p["slides"].index(p["slide"])] = {"layout": 5, "title": p["slide"], "table": table}
        notes = [["Note"], ["Figures in thousands of dollars."], [f"Source: {p['title']}."]]
        book = {
            "kind": "xlsx",
            "path": p["path"],
            "sheets": [
                {"name": p["sheet"], "rows": [["Region", "Revenue ($k)"]], "widths": [16, 14]},
                {"name": "Notes", "rows": notes, "widths": [40]},
            ],
        }
        return [deck_spec(plan, slides), book]

    def patch(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["deck"])
slide = find_slide(deck, P["slide"])
table = [s for s in slide.shapes if s.has_table][0].table
rows = [[c.text for c in r.cells] for r in list(table.rows)[1:]]
book = load_workbook(P["path"])
ws = book[P["sheet"]]
for region, revenue in rows:
    ws.append([region, int(revenue)])
ws.append(["Total", sum(int(revenue) for _, revenue in rows)])
book.save(P["path"])
"""

    def reward_read(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["deck"])
book = load_workbook(P["path"], data_only=True)
start = load_workbook(initial_path(P["path"]), data_only=True)
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return _SLIDE_TABLE_TO_WORKBOOK_CHECKS

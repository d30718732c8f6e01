"""Cross-application families whose product is a Writer document or is built from one.

- calc → writer: a report table that summarises an order list kept in an .xlsx workbook.
- writer → impress: a presentation whose slides follow a memo's outline.

Both rewards recompute what is expected from the *source* file as it is in the final state
(the workbook's rows, the memo's headings): that is reading state, and it is what makes the
instruction's "from the workbook" checkable without the Generator's numbers. A guard pins the
source to what the context states (row count, section count) so that editing the source to
match a wrong result does not pay.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.writer import (
    PEOPLE,
    body_blocks,
    heading_block,
    para,
    pick_plan,
)
from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._office import fragment, quote
from cuagym.families._office_oracle import OfficeOracle
from cuagym.families._office_writer import WriterFamily, doc_guards, files_guard
from cuagym.families.cross.writer._oracle import MemoToSlidesOracle, SalesSummaryOracle

#: Script fragments: real modules (:mod:`cuagym.families.cross.writer._fragments`), pasted as text.
_FRAGMENTS = "cuagym.families.cross.writer._fragments"
_MEMO_TO_SLIDES_HELPERS = fragment(_FRAGMENTS, "memo_to_slides_helpers.py")
_MEMO_TO_SLIDES_CHECKS = fragment(_FRAGMENTS, "memo_to_slides_checks.py")
_SALES_SUMMARY_TABLE_CHECKS = fragment(_FRAGMENTS, "sales_summary_table_checks.py")

__all__ = ["MemoToSlides", "SalesSummaryTable"]

_REGION_SETS: tuple[tuple[str, ...], ...] = (
    ("North", "South", "East", "West"),
    ("Central", "Coastal", "Mountain", "Northern", "Southern"),
    ("Benelux", "DACH", "Iberia", "Nordics", "UK & Ireland"),
)
_PRODUCTS = ("Starter plan", "Team plan", "Business plan", "Onboarding package", "Support add-on")


class SalesSummaryTableParams(TaskParams):
    """What a sales-summary-table task states (its ``params``)."""

    xlsx: str
    path: str
    sheet: str
    orders: int
    section: str
    quarter: str
    year: int


class SalesSummaryTable(WriterFamily):
    id: ClassVar[str] = "sales-summary-table"
    params_type: ClassVar[type[TaskParams] | None] = SalesSummaryTableParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = SalesSummaryOracle
    apps: ClassVar[tuple[str, ...]] = ("calc", "writer")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("tables", "create", "insert-table")
    also_covers: ClassVar[tuple[str, ...]] = ("calc:formulas/aggregate/conditional-aggregate",)

    reward_imports: ClassVar[str] = (
        WriterFamily.reward_imports + "from openpyxl import load_workbook\n"
    )
    patch_imports: ClassVar[str] = (
        WriterFamily.patch_imports + "from openpyxl import load_workbook\n"
    )
    #: the params naming the files the task may change (the whole-home guard's exceptions)
    targets: ClassVar[tuple[str, ...]] = ("path",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The workbook in Calc, then the report in Writer (on top: it is what changes)."""
        return [
            StartWindow(app="calc", path=params["xlsx"]),
            StartWindow(app="writer", path=params["path"]),
        ]

    def report_facts(self, rng: random.Random) -> tuple[str, dict[str, Any]]:
        """The workbook and the report a task starts from: the context sentence and params."""
        quarter, year = rng.choice(["Q1", "Q2", "Q3", "Q4"]), rng.choice([2024, 2025])
        stem = f"{quarter.lower()}_{year}"
        xlsx, docx = (
            f"/home/user/Documents/orders_{stem}.xlsx",
            f"/home/user/Documents/sales_report_{stem}.docx",
        )
        orders = rng.randint(30, 60)
        context = (
            f"{xlsx} (sheet \u201cOrders\u201d) lists the {orders} orders of {quarter} {year}, "
            f"one per row, with Region and Amount columns. {docx} is the draft report; its "
            "\u201cRegional Summary\u201d section has an introductory paragraph and no table yet."
        )
        params = {
            "xlsx": xlsx,
            "path": docx,
            "sheet": "Orders",
            "orders": orders,
            "section": "Regional Summary",
            "quarter": quarter,
            "year": year,
        }
        return context, params

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        context, p = self.report_facts(rng)
        doc, book = p["path"].rsplit("/", 1)[-1], p["xlsx"].rsplit("/", 1)[-1]
        part, head, total = (
            quote("Regional Summary"),
            "\u201cRegion\u201d | \u201cTotal sales\u201d",
            quote("Total"),
        )
        frames = [
            f"In {doc}, add a table under the {part} heading with the header row {head}, then "
            "one row per region in alphabetical order giving the sum of that region's order "
            f"amounts in {book} (two decimals), and a last row {total} with the sum of all "
            "orders.",
            f"The {part} section of {doc} needs a table built from {book}: a header row {head}, "
            "a row for each region in alphabetical order with the sum of its order amounts "
            f"(two decimals), and a closing {total} row with the sum of all orders.",
            f"Summarise {book} by region in {doc}: under the heading {part}, add a two-column "
            f"table headed {head}, listing the regions alphabetically with their summed "
            f"amounts to two decimals and ending with a {total} row for all orders.",
            f"Put a table below the {part} heading of {doc} whose first row is {head}; each "
            f"following row gives one region of {book} (A to Z) and the total of its order "
            f"amounts with two decimals, and the last row, {total}, gives the sum over every "
            "order.",
            f"I need the regional totals of {book} in {doc}: a table in the {part} section "
            f"with the header {head}, one row per region sorted alphabetically showing its "
            f"order amounts summed (two decimals), and a final {total} row summing all orders.",
            f"Before the quarterly review, the directors want {doc} to say how every region "
            f"performed. Under {part} give them a table headed {head}: each region found in "
            f"{book}, A to Z, with what its orders came to (two decimals), and a {total} row "
            "for the whole company.",
            f"My manager noticed that {doc} has no numbers yet. Fix that under {part} with a "
            f"{head} table: regions in alphabetical order, each with its order amounts from "
            f"{book} totalled to two decimals, closing with a {total} row over all orders.",
            f"Which region brought in the most money? Readers of {doc} should be able to tell "
            f"from a table below {part}, headed {head}, that lists every region of {book} "
            f"alphabetically with its summed amounts to two decimals and ends with {total} "
            "for all orders together.",
            f"Sales asked for a per-region breakdown in the written report. The spreadsheet "
            f"{book} holds the orders; {doc} gets, beneath {part}, a table with the header "
            f"{head}, one alphabetical row per region carrying its sales to two decimals, and "
            f"a last {total} line with everything added up.",
            f"The board only reads documents, not spreadsheets, so the totals in {book} have "
            f"to appear in {doc}. Below {part}, a table ({head}) lists each region from A to Z "
            f"with the sum of its orders, rounded to two decimals, followed by {total} for "
            "every order.",
            f"Our auditors compare {doc} with {book}. Make sure the {part} section holds a "
            f"table whose first row is {head}, then one line per region alphabetically with "
            f"that region's order total at two decimals, and finally a {total} row equal to "
            "the sum of all orders.",
        ]
        return self.make_task(task_id, rng.choice(frames), context, **p)

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        regions = rng.choice(_REGION_SETS)
        month0 = {"Q1": 1, "Q2": 4, "Q3": 7, "Q4": 10}[p["quarter"]]
        rows: list[list[Any]] = [["Date", "Order ID", "Region", "Rep", "Product", "Amount"]]
        for i in range(p["orders"]):
            date = f"{p['year']}-{month0 + rng.randint(0, 2):02d}-{rng.randint(1, 28):02d}"
            rows.append(
                [
                    date,
                    f"SO-{4100 + i * 7}",
                    rng.choice(regions),
                    rng.choice(PEOPLE),
                    rng.choice(_PRODUCTS),
                    round(rng.uniform(120, 9800), 2),
                ]
            )
        rows[1:] = sorted(rows[1:], key=lambda r: r[0])
        sheet = {
            "name": p["sheet"],
            "rows": rows,
            "date_columns": [0],
            "widths": [12, 10, 14, 18, 20, 12],
        }
        title = f"Sales Report {p['quarter']} {p['year']}"
        blocks: list[dict[str, Any]] = [
            {"t": "title", "text": title},
            heading_block("Overview"),
            *body_blocks(rng, "the quarter", 2, 2),
            heading_block(p["section"]),
            para("The table below summarises the quarter's sales by region."),
            heading_block("Outlook"),
            *body_blocks(rng, "the quarter", 1, 2),
        ]
        return [
            {"kind": "xlsx", "path": p["xlsx"], "sheets": [sheet]},
            {"kind": "docx", "path": p["path"], "title": title, "blocks": blocks},
        ]

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = load_workbook(P["xlsx"])[P["sheet"]]
head = [c.value for c in ws[1]]
sums = {}
for row in ws.iter_rows(min_row=2, values_only=True):
    region = row[head.index("Region")]
    sums[region] = sums.get(region, 0.0) + row[head.index("Amount")]
doc = Document(P["path"])
intro = section_paras(doc, P["section"])[0]
table = doc.add_table(rows=1, cols=2)
table.style = "Table Grid"
table.rows[0].cells[0].text, table.rows[0].cells[1].text = "Region", "Total sales"
for region in sorted(sums):
    cells = table.add_row().cells
    cells[0].text, cells[1].text = region, f"{sums[region]:,.2f}"
cells = table.add_row().cells
cells[0].text, cells[1].text = "Total", f"{sum(sums.values()):,.2f}"
intro._p.addnext(table._tbl)  # add_table appends at the end; move it under the intro
doc.save(P["path"])
"""

    def reward_read(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
first = Document(initial_path(P["path"]))
ws = load_workbook(P["xlsx"])[P["sheet"]]
head = [str(c.value).strip().casefold() for c in ws[1]]
orders = [r for r in ws.iter_rows(min_row=2, values_only=True) if any(v is not None for v in r)]
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            _SALES_SUMMARY_TABLE_CHECKS
            + doc_guards(after='[b for b in body_view(doc) if b[0] != "t"]')
            + files_guard(*self.targets)
        )


_SUBTOPICS: tuple[str, ...] = (
    "Current state",
    "Key numbers",
    "Customer feedback",
    "Costs",
    "Staffing",
    "Tooling",
    "Schedule",
    "Risks to watch",
    "Quick wins",
    "Long-term options",
    "Decisions needed",
    "Owners",
    "Training",
    "Suppliers",
    "Metrics",
)


class MemoToSlidesParams(TaskParams):
    """What a memo-to-slides task states (its ``params``)."""

    path: str
    title: str
    deck: str
    count: int


class MemoToSlides(WriterFamily):
    id: ClassVar[str] = "memo-to-slides"
    params_type: ClassVar[type[TaskParams] | None] = MemoToSlidesParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = MemoToSlidesOracle
    apps: ClassVar[tuple[str, ...]] = ("writer", "impress")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("sharing", "export", "outline-to-presentation")
    # the deck is a new file saved as .pptx under the given name (file type, keep the format)
    also_covers: ClassVar[tuple[str, ...]] = (
        "impress:slides/manage/new-slide",
        "impress:sharing/save-export/save-pptx",
    )

    reward_imports: ClassVar[str] = (
        WriterFamily.reward_imports
        + "import os\nfrom pptx import Presentation\nfrom pptx.enum.shapes import PP_PLACEHOLDER\n"
    )
    patch_imports: ClassVar[str] = WriterFamily.patch_imports + "from pptx import Presentation\n"

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 5))
        stem = plan.file.removesuffix(".docx")
        deck = f"/home/user/Documents/{stem}_slides.pptx"
        memo = plan.file
        frames = [
            f"Make a presentation from {memo} and save it as {deck}: one slide per level-1 "
            "section of the memo, in the memo's order, each titled with the section's heading "
            "and listing that section's level-2 sub-headings, in order, as its bullet points. "
            "No other slides.",
            f"Build {deck} from the memo {memo}: a slide for each of its level-1 sections, in "
            "the memo's order, titled with the section heading and listing the section's "
            "level-2 sub-headings as bullet points in order, and no other slides.",
            f"Turn the outline of {memo} into a presentation saved as {deck}. Each level-1 "
            "heading becomes a slide title, in the memo's order; the level-2 sub-headings "
            "beneath it become that slide's bullets, in order. Nothing else goes into the deck.",
            f"I want {deck} to mirror the structure of {memo}: exactly one slide per level-1 "
            "section (same order), the section's heading as the title and its level-2 "
            "sub-headings as the bullet points, in order.",
            f"Create the presentation {deck} out of the memo {memo}, containing only one slide "
            "per level-1 section in memo order, each with the heading as its title and the "
            "section's level-2 sub-headings, in sequence, as bullets.",
            f"The memo {memo} has to be presented as slides, saved to {deck}. Its top-level "
            "sections each get exactly one slide, kept in the memo's sequence, whose title is "
            "the section heading and whose bullets are that section's level-2 headings in "
            "their original order; the deck holds nothing more.",
            f"I need a deck at {deck} that follows {memo} section by section. For every "
            "heading of level 1, a slide carries that heading as its title and lists the "
            "level-2 headings under it as bullets, same order as the memo, with no extra "
            "slides.",
            f"Save a new presentation {deck} whose slides match the level-1 headings of "
            f"{memo} one to one and in order. Below each slide title, the bullet points are "
            "the level-2 headings found in that part of the memo, kept in sequence, and there "
            "is no slide besides these.",
            f"Convert the heading structure of {memo} into slides in {deck}: level-1 headings "
            "become the titles of consecutive slides, the level-2 headings of each section its "
            "bullets in the same order. Only those slides belong in the file.",
            f"I present {memo} to the steering group tomorrow and have no slides. Save them "
            f"as {deck}: for each level-1 section of the memo, in order, one slide titled "
            "with its heading whose bullets are the level-2 sub-headings of that section, in "
            "order, and no slide besides.",
            f"Nobody reads long memos, so {memo} should also exist as a deck at {deck}. Each "
            "main section (level 1) becomes exactly one slide carrying its heading as title "
            "and its level-2 sub-headings as the bullet points, everything in the memo's "
            "order and nothing extra.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            f"{plan.path} is the memo {quote(plan.title)} with {len(plan.sections)} level-1 "
            f"sections, each split into two or three level-2 sub-sections. "
            f"{deck.rsplit('/', 1)[-1]} does not exist yet.",
            path=plan.path,
            title=plan.title,
            deck=deck,
            count=len(plan.sections),
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        plan = pick_plan(rng, p["count"])
        subs = rng.sample(_SUBTOPICS, 3 * p["count"])
        blocks: list[dict[str, Any]] = [
            {"t": "title", "text": p["title"]},
            para(f"From {plan.author} to the leadership team", "i"),
        ]
        for section in plan.sections:
            blocks += [heading_block(section), *body_blocks(rng, "the project", 1, 1)]
            for _ in range(rng.randint(2, 3)):
                blocks += [heading_block(subs.pop(), 2), *body_blocks(rng, "the project", 1, 2)]
        return [{"kind": "docx", "path": p["path"], "title": p["title"], "blocks": blocks}]

    def patch(self, p: dict[str, Any]) -> str:
        return """
outline = []
for paragraph in Document(P["path"]).paragraphs:
    if paragraph.style.name == "Heading 1":
        outline.append((paragraph.text, []))
    elif paragraph.style.name == "Heading 2" and outline:
        outline[-1][1].append(paragraph.text)
deck = Presentation()
for title, points in outline:
    slide = deck.slides.add_slide(deck.slide_layouts[1])  # "Title and Content"
    slide.shapes.title.text = title
    body = slide.placeholders[1].text_frame
    body.text = points[0]
    for point in points[1:]:
        body.add_paragraph().text = point
deck.save(P["deck"])
"""

    def reward_read(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
deck = Presentation(P["deck"]) if os.path.exists(P["deck"]) else None
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return _MEMO_TO_SLIDES_CHECKS + files_guard("deck")

    reward_helpers: ClassVar[str] = WriterFamily.reward_helpers + "\n" + _MEMO_TO_SLIDES_HELPERS
